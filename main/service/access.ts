/**
 * Permission checks. Every endpoint asks here before it reads or writes a node.
 *
 * The service core grants the tenant's application (APP_ONLY) and its users every bit on the
 * tenant's own tree; ACL entries, policies and share grants (issue #3) narrow this down for users.
 * Other tenants' nodes never reach this point: the repositories filter by tenant.
 */
import { ALL_PERMISSIONS } from '../../shared/permissions.ts';
import type { Store } from '../store/index.ts';
import type { RequestContext } from './context.ts';
import { fail } from './errors.ts';

export class Access {
  constructor(private readonly store: Store) {}

  /** The permission mask the caller holds on a container (and on the documents inside it). */
  maskOn(ctx: RequestContext, containerId: string): number {
    if (!this.store.containers.get(ctx.tenantId, containerId)) return 0;
    return ALL_PERMISSIONS;
  }

  require(ctx: RequestContext, containerId: string, bits: number, action: string): void {
    if ((this.maskOn(ctx, containerId) & bits) !== bits) fail('FORBIDDEN', `permission denied: ${action}`, { containerId });
  }
}
