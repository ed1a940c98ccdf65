/** GET /v1/versions/text (spec 4.8; shared/v1/contract/versions.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../app.ts';
import { serve } from '../serve.ts';
import { TextService } from './service.ts';

export function textRoutes(app: FolioApp, deps: ServiceDeps): void {
  const text = new TextService(deps);
  serve(app, contract.versions.text, (req) => text.get(callerOf(req), req.query));
}
