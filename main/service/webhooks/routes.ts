/**
 * The handlers of /v1/webhooks/* (shared/v1/contract/webhooks.ts), and the delivery worker's
 * lifecycle, tied to the app's (started when ready, stopped on close).
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { serve } from '../serve.ts';

const { webhooks: routes } = contract;

export function webhookRoutes(app: FolioApp, services: Services): void {
  const { webhooks, webhookWorker: worker } = services;
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());

  serve(app, routes.create, (req) => webhooks.create(callerOf(req), req.body));
  serve(app, routes.getPage, (req) => webhooks.page(callerOf(req), req.body));
  serve(app, routes.delete, async (req) => {
    await webhooks.delete(callerOf(req), req.body.webhookId);
    return { webhookId: req.body.webhookId };
  });
  serve(app, routes.deliveriesGetPage, (req) => webhooks.deliveries(callerOf(req), req.body));
}
