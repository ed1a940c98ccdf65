/**
 * Probes for a load balancer. /healthz: the process answers. /readyz: it can serve — its database
 * and its blob store answer, and it is not draining. Neither needs a token, neither is rate
 * limited (a balancer probes every node every few seconds), and both log at debug, not info.
 */
import Type from 'typebox';
import type { FolioApp, ServiceDeps } from '../kernel.ts';
import type { Lifecycle } from './lifecycle.ts';

const tags = ['meta'];

const Health = Type.Object({ status: Type.Literal('ok') });
const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('draining'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('failing')]),
  blobs: Type.Union([Type.Literal('ok'), Type.Literal('failing')]),
});

type Check = 'ok' | 'failing';

export function healthRoutes(app: FolioApp, { store }: ServiceDeps, lifecycle: Lifecycle): void {
  const config = { public: true, probe: true };

  app.get('/healthz', {
    config,
    schema: { tags, summary: 'The process is alive. For a load balancer; no token needed, not enveloped.', security: [], response: { 200: Health } },
  }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', {
    config,
    schema: {
      tags,
      summary: 'The node can serve: its database and blob store answer and it is not draining (503 otherwise). For a load balancer; no token needed, not enveloped.',
      security: [],
      response: { 200: Readiness, 503: Readiness },
    },
  }, async (_req, reply) => {
    const database = check(() => store.ping());
    const blobs = await checkAsync(() => store.blobs.ready());
    const status = lifecycle.draining ? 'draining' : database === 'ok' && blobs === 'ok' ? 'ready' : 'unavailable';
    return reply.code(status === 'ready' ? 200 : 503).send({ status, database, blobs });
  });
}

function check(probe: () => void): Check {
  try {
    probe();
    return 'ok';
  } catch {
    return 'failing';
  }
}

async function checkAsync(probe: () => Promise<void>): Promise<Check> {
  return probe().then(
    () => 'ok' as const,
    () => 'failing' as const,
  );
}
