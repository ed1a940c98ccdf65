/**
 * Probes for a load balancer. /healthz: the process answers. /readyz: it can serve — its database
 * and its blob store answer, and it is not draining. Neither needs a token, neither is rate
 * limited (a balancer probes every node every few seconds), and both log at debug, not info.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import type { Readiness } from '../../../shared/v1/health.ts';
import type { FolioApp, AreaDeps } from '../kernel.ts';
import { serve } from '../serve.ts';
import type { Lifecycle } from './lifecycle.ts';

type Check = Readiness['database'];

export function healthRoutes(app: FolioApp, { repos }: AreaDeps<'blobs'>, lifecycle: Lifecycle): void {
  serve(app, contract.meta.healthz, { probe: true }, () => ({ status: 'ok' as const }));
  serve(app, contract.meta.readyz, { probe: true }, async (_req, reply) => {
    const database = await check(async () => repos.ping());
    const blobs = await check(() => repos.blobs.ready());
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
