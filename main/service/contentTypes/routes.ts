/** The handlers of /v1/contentTypes/* (shared/v1/contract/contentModel.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../app.ts';
import { serve } from '../serve.ts';
import { ContentTypeService } from './service.ts';

const { contentTypes: routes } = contract;

export function contentTypeRoutes(app: FolioApp, deps: ServiceDeps): void {
  const types = new ContentTypeService(deps);
  serve(app, routes.save, (req) => types.save(callerOf(req), req.body));
  serve(app, routes.get, (req) => types.get(callerOf(req), req.query.typeId));
  serve(app, routes.getPage, (req) => types.page(callerOf(req), req.body));
  serve(app, routes.update, (req) => types.update(callerOf(req), req.body));
  serve(app, routes.disable, (req) => types.setEnabled(callerOf(req), req.body.typeId, false));
  serve(app, routes.enable, (req) => types.setEnabled(callerOf(req), req.body.typeId, true));
}
