/**
 * Probes for a load balancer. /healthz: the process answers. /readyz: it can serve — its database
 * and its blob store answer, and it is not draining; the blob store's answer is kept two seconds
 * (./cachedCheck.ts). Neither needs a token, neither is rate limited (a balancer probes every node
 * every few seconds), and both log at debug, not info.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import type { Readiness } from '../../../shared/v1/health.ts';
import type { FolioApp, AreaDeps } from '../kernel.ts';
import { serve } from '../serve.ts';
import { CachedCheck, type Check } from './cachedCheck.ts';
import type { Lifecycle } from './lifecycle.ts';

/** How long a bucket's answer stands: a HEAD per node every two seconds at most, whoever probes. */
const BLOBS_CHECK_TTL_MS = 2_000;

export function healthRoutes(app: FolioApp, { repos }: AreaDeps<'blobs'>, lifecycle: Lifecycle): void {
  const blobsCheck = new CachedCheck(() => repos.blobs.ready(), BLOBS_CHECK_TTL_MS);
  serve(app, contract.meta.healthz, { probe: true }, () => ({ status: 'ok' as const }));
  serve(app, contract.meta.readyz, { probe: true }, async (_req, reply) => {
    // The database is local (SQLite), so asking it each time costs nothing worth keeping.
    const database = await check(async () => repos.ping());
    const blobs = await blobsCheck.answer();
    const status: Readiness['status'] = lifecycle.draining ? 'draining' : database === 'ok' && blobs === 'ok' ? 'ready' : 'unavailable';
    void reply.code(status === 'ready' ? 200 : 503);
    return { status, database, blobs };
  });
}

function check(probe: () => Promise<void>): Promise<Check> {
  return probe().then(
    () => 'ok' as const,
    () => 'failing' as const,
  );
}
