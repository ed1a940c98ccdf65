/** POST /v1/search/getPage (docs/api.md, "Search"; shared/v1/contract/search.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

export function searchRoutes(app: FolioApp, services: Services): void {
  const { search } = services;
  serve(app, contract.search.getPage, (req) => search.page(callerOf(req), req.body));
}
