/** The handlers of the change feed that sync clients poll (shared/v1/contract/changes.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

export function changeRoutes(app: FolioApp, services: Services): void {
  const { changes: feed } = services;
  serve(app, contract.changes.getPage, (req) => feed.page(callerOf(req), req.body.cursor, req.body.pageSize));
  serve(app, contract.changes.latestCursor, (req) => feed.latest(callerOf(req)));
}
