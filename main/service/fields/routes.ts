/** The handlers of /v1/fieldDefinitions/* and /v1/termSets/* (shared/v1/contract/contentModel.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

export function fieldRoutes(app: FolioApp, services: Services): void {
  const { fields, termSets } = services;
  serve(app, contract.fieldDefinitions.get, (req) => fields.get(callerOf(req), req.query.fieldId));
  serve(app, contract.fieldDefinitions.save, (req) => fields.save(callerOf(req), req.body));
  serve(app, contract.fieldDefinitions.getPage, (req) => fields.page(callerOf(req), req.body));
  serve(app, contract.termSets.save, (req) => termSets.save(callerOf(req), req.body));
  serve(app, contract.termSets.get, (req) => termSets.get(callerOf(req), req.query.termSetId));
}
