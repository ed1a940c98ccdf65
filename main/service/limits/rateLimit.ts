/**
 * Rate limits per API client (spec §8 leaves them open; docs/api.md#limits publishes ours), with
 * @fastify/rate-limit: a fixed window of `windowMs`, at most `max` requests in it per key.
 *
 * The key is the API client of the bearer token, so all tokens of one client share one budget
 * and two clients of one tenant have one each. A request without a valid access token is
 * counted against its IP address. The limit runs before authentication, so requests that fail
 * authentication (token guessing) are limited too.
 *
 * The counts are shared by every node on the service database (./sharedCounts.ts): with several
 * `folio serve` behind a balancer, a client has one budget, not one per node.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { errorValue } from '../../../shared/errors.ts';
import type { Callers } from '../auth/callers.ts';
import type { Repos } from '../../store/repositories.ts';
import type { FolioApp } from '../kernel.ts';
import { ServiceError } from '../errors.ts';
import type { RateLimitSettings } from './settings.ts';
import { batchFor, SharedCounts } from './sharedCounts.ts';

const BEARER = /^Bearer (\S+)$/;

/**
 * Installs the limit as an onRequest hook. Call it before the hook that authenticates, so it
 * runs first; it sets X-Request-Id itself, because a refusal ends the request before that hook.
 */
export async function installRateLimit(app: FolioApp, repos: Repos<'rateLimits'>, callers: Callers, settings: RateLimitSettings): Promise<void> {
  if (settings.max === 0) return;
  const counts = new SharedCounts({ table: () => repos.rateLimits, batch: batchFor(settings.max), log: app.log });
  // Before the database closes: what this node counted still reaches the others.
  app.addHook('onClose', () => counts.flush(settings.windowMs));
  await app.register(rateLimit, {
    store: counts.storeClass(),
    global: false,
    max: settings.max,
    timeWindow: settings.windowMs,
    keyGenerator: (req) => limitKey(callers, req),
    errorResponseBuilder: (_req, context) =>
      new ServiceError(
        errorValue('RATE_LIMITED', `too many requests: at most ${settings.max} in ${settings.windowMs} ms for this client; retry in ${context.after}`, {
          retryAfter: context.after,
        }),
      ),
  });
  const limit = app.rateLimit();
  app.addHook('onRequest', async function (req, reply) {
    reply.header('X-Request-Id', req.id);
    if (req.routeOptions.config.probe) return;
    await limit.call(this, req, reply);
  });
}

/** `client:<clientId>` for a live access token, else `ip:<address>`. The caller's hook finds the token again without a second lookup. */
async function limitKey(callers: Callers, req: FastifyRequest): Promise<string> {
  const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
  const record = token ? await callers.of(req).token(token) : undefined;
  if (record && record.kind === 'access' && record.expiresAt >= Date.now()) return `client:${record.clientId}`;
  return `ip:${req.ip}`;
}
