/**
 * Webhook endpoints and their delivery log (spec §6 leaves registration, delivery, retry and
 * signature open; docs/api.md describes ours: the Standard Webhooks convention).
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { ID_MAX, PageRequestFields } from './requests.ts';
import { URL_MAX } from './ingest.ts';

export const WebhookEventType = Type.Union([Type.Literal('document.updated'), Type.Literal('rendition.uploaded')]);
export type WebhookEventType = Static<typeof WebhookEventType>;

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 to 64 random bytes. */
export const WEBHOOK_SECRET_PATTERN = '^whsec_[A-Za-z0-9+/]{32,88}={0,2}$';

export const WebhookCreate = Type.Object({
  url: Type.String({ minLength: 1, maxLength: URL_MAX }),
  events: Type.Array(WebhookEventType, { minItems: 1, maxItems: 2, uniqueItems: true }),
  secret: Type.Optional(Type.String({ pattern: WEBHOOK_SECRET_PATTERN })),
  description: Type.Optional(Type.String({ maxLength: 4000 })),
});
export type WebhookCreate = Static<typeof WebhookCreate>;

const WebhookFields = {
  webhookId: Type.String(),
  url: Type.String(),
  events: Type.Array(WebhookEventType),
  description: Type.String(),
  createBy: Type.String(),
  createTime: Type.String(),
};

export const Webhook = Type.Object(WebhookFields);
export type Webhook = Static<typeof Webhook>;

/** What create returns: the endpoint and, this once only, its signing secret. */
export const WebhookCreated = Type.Object({ ...WebhookFields, secret: Type.String() });
export type WebhookCreated = Static<typeof WebhookCreated>;

export const WebhookPageRequest = Type.Object({ ...PageRequestFields });
export type WebhookPageRequest = Static<typeof WebhookPageRequest>;

export const WebhookIdBody = Type.Object({ webhookId: Type.String({ minLength: 1, maxLength: ID_MAX }) });
export type WebhookIdBody = Static<typeof WebhookIdBody>;

export const DeliveryStatus = Type.Union([Type.Literal('PENDING'), Type.Literal('SUCCEEDED'), Type.Literal('FAILED')]);
export type DeliveryStatus = Static<typeof DeliveryStatus>;

export const WebhookDelivery = Type.Object({
  /** Also the `webhook-id` header: the same on every attempt of this delivery. */
  deliveryId: Type.String(),
  webhookId: Type.String(),
  eventType: WebhookEventType,
  status: DeliveryStatus,
  attempts: Type.Integer(),
  /** When the next attempt is due (PENDING only), else empty. */
  nextAttemptTime: Type.String(),
  lastStatusCode: Type.Integer(),
  lastError: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
  deliveredTime: Type.String(),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const DeliveryPageRequest = Type.Object({
  ...PageRequestFields,
  webhookId: Type.String({ minLength: 1, maxLength: ID_MAX }),
  status: Type.Optional(DeliveryStatus),
});
export type DeliveryPageRequest = Static<typeof DeliveryPageRequest>;

/** The body of every delivery (the Standard Webhooks payload shape). */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}
