/** The handlers of /v1/documents/* (shared/v1/contract/documents.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

const { documents: routes } = contract;

export function documentRoutes(app: FolioApp, services: Services): void {
  const { documents } = services;
  serve(app, routes.save, (req) => documents.save(callerOf(req), req.body));
  serve(app, routes.get, { remembered: true }, (req) => documents.get(callerOf(req), req.query.docId));
  serve(app, routes.getPage, (req) => documents.page(callerOf(req), req.body));
  serve(app, routes.update, (req) => documents.update(callerOf(req), req.body));
  serve(app, routes.delete, (req) => documents.delete(callerOf(req), req.body.docId));
  serve(app, routes.restore, (req) => documents.restore(callerOf(req), req.body.docId));
}
