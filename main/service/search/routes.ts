/** POST /v1/search/getPage (docs/api.md, "Search"; shared/v1/contract/search.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../app.ts';
import { serve } from '../serve.ts';
import { SearchService } from './service.ts';

export function searchRoutes(app: FolioApp, deps: ServiceDeps): void {
  const search = new SearchService(deps);
  serve(app, contract.search.getPage, (req) => search.page(callerOf(req), req.body));
}
