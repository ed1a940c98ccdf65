/** POST /v1/ingest/from-url (spec 4.2; shared/v1/contract/ingest.ts), and the lifecycle of the task runner behind it. */
import { contract } from '../../../shared/v1/contract/index.ts';
import { SafeFetcher } from '../../net/fetcher.ts';
import { AllowList } from '../../net/target.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../app.ts';
import { serve } from '../serve.ts';
import { IngestService } from './service.ts';

export function ingestRoutes(app: FolioApp, deps: ServiceDeps): void {
  const fetcher = new SafeFetcher({ allow: new AllowList(deps.config.outbound.allowHosts), userAgent: 'Folio-Ingest/1' });
  const ingest = new IngestService(deps, fetcher);
  app.addHook('onReady', async () => ingest.start());
  app.addHook('onClose', async () => ingest.stop());
  serve(app, contract.ingest.fromUrl, (req) => ingest.fromUrl(callerOf(req), req.body));
}
