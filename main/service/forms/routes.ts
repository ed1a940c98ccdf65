/** The handlers of /v1/templates/* and GET /v1/containers/getFormSchema (spec 4.3; shared/v1/contract). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp, type AreaDeps } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';
import { containerFormSchema } from './formSchema.ts';

export function formRoutes(app: FolioApp, deps: AreaDeps<'containers' | 'contentTypes' | 'fieldDefinitions' | 'identity' | 'templates' | 'termSets'>, services: Services): void {
  const { templates } = services;
  serve(app, contract.templates.save, (req) => templates.save(callerOf(req), req.body));
  serve(app, contract.templates.get, (req) => templates.get(callerOf(req), req.query.templateId));
  serve(app, contract.templates.getPage, (req) => templates.page(callerOf(req), req.body));
  serve(app, contract.containers.getFormSchema, (req) => containerFormSchema(deps, callerOf(req), req.query.containerId));
}
