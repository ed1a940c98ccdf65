/** POST /v1/ingest/from-url (spec 4.2), and the lifecycle of the task runner behind it. */
import { IngestRequest, IngestResult } from '../../../shared/v1/ingest.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ErrorEnvelope, ok, replies } from '../envelope.ts';

export function ingestRoutes(app: FolioApp, services: Services): void {
  const { ingest } = services;
  app.addHook('onReady', async () => ingest.start());
  app.addHook('onClose', async () => ingest.stop());

  app.post('/v1/ingest/from-url', {
    schema: {
      tags: ['ingest'],
      summary:
        'Fetch a public http(s) URL into a new version (spec 4.2). Target: docId, or containerId + title. Needs WRITE on the target. ' +
        'Known small sizes complete at once (sync_completed); large or unknown sizes return a taskId (async_accepted, see /v1/tasks/get).',
      body: IngestRequest,
      response: { ...replies(IngestResult), 502: ErrorEnvelope, 504: ErrorEnvelope },
    },
  }, async (req) => ok(req, await ingest.fromUrl(callerOf(req), req.body)));
}
