/** /v1/webhooks/*: register, list and delete endpoints, read the delivery log. */
import { Page } from '../resources.ts';
import { DeliveryPageRequest, Webhook, WebhookCreate, WebhookCreated, WebhookDelivery, WebhookIdBody, WebhookPageRequest } from '../webhooks.ts';
import { route } from './route.ts';

const tags = ['webhooks'];
const APP_ONLY = 'Needs an API-client token context (APP_ONLY).';

export const webhooks = {
  create: route({
    method: 'POST',
    path: '/v1/webhooks/create',
    tags,
    summary: `Register an endpoint for document.updated and/or rendition.uploaded. Returns the signing secret, this once only. ${APP_ONLY}`,
    body: WebhookCreate,
    reply: { kind: 'envelope', data: WebhookCreated },
  }),
  getPage: route({
    method: 'POST',
    path: '/v1/webhooks/getPage',
    tags,
    summary: `The tenant's endpoints, oldest first (secrets are never listed). ${APP_ONLY}`,
    body: WebhookPageRequest,
    reply: { kind: 'envelope', data: Page(Webhook) },
  }),
  delete: route({
    method: 'POST',
    path: '/v1/webhooks/delete',
    tags,
    summary: `Remove an endpoint, its delivery log and its queued deliveries. ${APP_ONLY}`,
    body: WebhookIdBody,
    reply: { kind: 'envelope', data: WebhookIdBody },
  }),
  deliveriesGetPage: route({
    method: 'POST',
    path: '/v1/webhooks/deliveries/getPage',
    tags,
    summary: `An endpoint's delivery log, newest first, optionally by status. ${APP_ONLY}`,
    body: DeliveryPageRequest,
    reply: { kind: 'envelope', data: Page(WebhookDelivery) },
  }),
} as const;
