/** POST /v1/ingest/from-url (spec 4.2; shared/v1/contract/ingest.ts), and the lifecycle of the task runner behind it. */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

export function ingestRoutes(app: FolioApp, services: Services): void {
  const { ingest } = services;
  app.addHook('onReady', async () => ingest.start());
  app.addHook('onClose', async () => ingest.stop());
  serve(app, contract.ingest.fromUrl, (req) => ingest.fromUrl(callerOf(req), req.body));
}
