/** The handlers of /v1/contentTypes/* (shared/v1/contract/contentModel.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

const { contentTypes: routes } = contract;

export function contentTypeRoutes(app: FolioApp, services: Services): void {
  const { contentTypes: types } = services;
  serve(app, routes.save, (req) => types.save(callerOf(req), req.body));
  serve(app, routes.get, (req) => types.get(callerOf(req), req.query.typeId));
  serve(app, routes.getPage, (req) => types.page(callerOf(req), req.body));
  serve(app, routes.update, (req) => types.update(callerOf(req), req.body));
  serve(app, routes.disable, (req) => types.setEnabled(callerOf(req), req.body.typeId, false));
  serve(app, routes.enable, (req) => types.setEnabled(callerOf(req), req.body.typeId, true));
}
