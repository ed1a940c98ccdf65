/** The handlers of /v1/share-grants/* (shared/v1/contract/shareGrants.ts): in-site shares. */
import { contract } from '../../../shared/v1/contract/index.ts';
import { sharersOf } from '../acl/sharers.ts';
import { callerOf, type FolioApp, type AreaDeps } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

const { shareGrants: routes } = contract;

export function shareRoutes(app: FolioApp, deps: AreaDeps<'acl' | 'containers' | 'documents' | 'identity' | 'org'>, services: Services): void {
  const { shares } = services;
  serve(app, routes.create, (req) => shares.create(callerOf(req), req.body));
  serve(app, routes.update, (req) => shares.update(callerOf(req), req.body));
  serve(app, routes.revoke, (req) => shares.revoke(callerOf(req), req.body.shareGrantId));
  serve(app, routes.get, (req) => shares.get(callerOf(req), req.query.shareGrantId));
  serve(app, routes.sharers, (req) => sharersOf(deps, callerOf(req), req.body.resourceType, req.body.resourceId));
  serve(app, routes.getPage, (req) => shares.page(callerOf(req), req.body));
}
