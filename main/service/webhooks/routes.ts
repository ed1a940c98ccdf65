/**
 * /v1/webhooks/*: register, list and delete endpoints, read the delivery log; and the delivery
 * worker's lifecycle, tied to the app's (started when ready, stopped on close).
 */
import { Page } from '../../../shared/v1/resources.ts';
import { DeliveryPageRequest, Webhook, WebhookCreate, WebhookCreated, WebhookDelivery, WebhookIdBody, WebhookPageRequest } from '../../../shared/v1/webhooks.ts';
import { callerOf, type FolioApp } from '../kernel.ts';
import type { Services } from '../services.ts';
import { ok, replies } from '../envelope.ts';

const tags = ['webhooks'];

export function webhookRoutes(app: FolioApp, services: Services): void {
  const { webhooks, webhookWorker: worker } = services;
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());

  app.post('/v1/webhooks/create', {
    schema: {
      tags,
      summary: 'Register an endpoint for document.updated and/or rendition.uploaded. Returns the signing secret, this once only. Needs an API-client token context (APP_ONLY).',
      body: WebhookCreate,
      response: replies(WebhookCreated),
    },
  }, async (req) => ok(req, webhooks.create(callerOf(req), req.body)));

  app.post('/v1/webhooks/getPage', {
    schema: { tags, summary: "The tenant's endpoints, oldest first (secrets are never listed). Needs an API-client token context (APP_ONLY).", body: WebhookPageRequest, response: replies(Page(Webhook)) },
  }, async (req) => ok(req, webhooks.page(callerOf(req), req.body)));

  app.post('/v1/webhooks/delete', {
    schema: { tags, summary: 'Remove an endpoint, its delivery log and its queued deliveries. Needs an API-client token context (APP_ONLY).', body: WebhookIdBody, response: replies(WebhookIdBody) },
  }, async (req) => {
    webhooks.delete(callerOf(req), req.body.webhookId);
    return ok(req, { webhookId: req.body.webhookId });
  });

  app.post('/v1/webhooks/deliveries/getPage', {
    schema: { tags, summary: "An endpoint's delivery log, newest first, optionally by status. Needs an API-client token context (APP_ONLY).", body: DeliveryPageRequest, response: replies(Page(WebhookDelivery)) },
  }, async (req) => ok(req, webhooks.deliveries(callerOf(req), req.body)));
}
