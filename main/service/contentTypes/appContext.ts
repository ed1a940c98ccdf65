/**
 * Changes to the content model need an API-client token context (spec 4.10, §5 rule 7): the
 * application acting as itself. A user channel in effect (X-Svc-User-Token, or a weak channel on a
 * client allowed to act as users) is refused with 102002; a weak channel that silently degraded to
 * APP_ONLY is the application itself, and passes.
 */
import type { RequestContext } from '../context.ts';
import { fail } from '../errors.ts';

export function requireAppContext(ctx: RequestContext, action: string): void {
  if (ctx.mode !== 'APP_ONLY') fail('APP_CONTEXT_REQUIRED', `${action} requires an API-client token context, without a user channel`, { mode: ctx.mode });
}
