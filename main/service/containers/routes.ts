/** The handlers of /v1/containers/* (shared/v1/contract/containers.ts); getFormSchema is served by ../forms/routes.ts. */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

const { containers: routes } = contract;

export function containerRoutes(app: FolioApp, services: Services): void {
  const { containers } = services;
  serve(app, routes.create, (req) => containers.create(callerOf(req), req.body));
  serve(app, routes.get, (req) => containers.get(callerOf(req), req.query.containerId));
  serve(app, routes.getPage, (req) => containers.page(callerOf(req), req.body));
  serve(app, routes.update, (req) => containers.update(callerOf(req), req.body));
  serve(app, routes.delete, (req) => containers.delete(callerOf(req), req.body.containerId));
  serve(app, routes.restore, (req) => containers.restore(callerOf(req), req.body.containerId));
}
