/** The handlers of the change feed that sync clients poll (shared/v1/contract/changes.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../app.ts';
import { serve } from '../serve.ts';
import { ChangeFeed } from './feed.ts';

export function changeRoutes(app: FolioApp, deps: ServiceDeps): void {
  const feed = new ChangeFeed(deps);
  serve(app, contract.changes.getPage, (req) => feed.page(callerOf(req), req.body.cursor, req.body.pageSize));
  serve(app, contract.changes.latestCursor, (req) => feed.latest(callerOf(req)));
}
