/**
 * Webhook endpoints per tenant, and turning service events into persisted deliveries.
 *
 * Endpoints are the application's business: every route needs an APP_ONLY context (a call through
 * a user channel gets 102002). The URL passes the same checks as an ingest URL when registered,
 * and again, address by address, on every delivery.
 */
import type { ServiceEvent } from '../../../shared/v1/events.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import type { DeliveryPageRequest, Webhook, WebhookCreate, WebhookCreated, WebhookDelivery, WebhookPageRequest, WebhookPayload } from '../../../shared/v1/webhooks.ts';
import type { SafeFetcher } from '../../net/fetcher.ts';
import type { DeliveryRecord } from '../../store/async/repos/webhookDeliveries.ts';
import type { WebhookRecord } from '../../store/async/repos/webhooks.ts';
import type { AreaDeps } from '../kernel.ts';
import { actorOf, type RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { asServiceError } from '../ingest/errors.ts';
import { pageWindow } from '../paging.ts';
import { newSecret } from './signature.ts';
import { DeliveryWorker } from './worker.ts';

/**
 * The webhooks of one app: the endpoint service, and a delivery worker fed by the app's events.
 * The worker is not started here; the caller ties start and stop to its own lifecycle.
 */
export function connectWebhooks(deps: AreaDeps<'webhookDeliveries' | 'webhooks'>, fetcher: SafeFetcher): { webhooks: WebhookService; worker: DeliveryWorker } {
  const webhooks = new WebhookService(deps, fetcher);
  const worker = new DeliveryWorker(deps.repos, fetcher, deps.config.outbound, deps.lease, deps.log);
  deps.events.subscribe((event) => {
    webhooks.enqueue(event).then(
      (queued) => {
        if (queued > 0) worker.kick();
      },
      (err: unknown) => deps.log.error({ err, event: event.type }, 'webhooks: queueing the deliveries of an event failed'),
    );
  });
  return { webhooks, worker };
}

export class WebhookService {
  constructor(
    private readonly deps: AreaDeps<'webhookDeliveries' | 'webhooks'>,
    private readonly fetcher: SafeFetcher,
  ) {}

  async create(ctx: RequestContext, input: WebhookCreate): Promise<WebhookCreated> {
    requireApp(ctx);
    try {
      this.fetcher.check(input.url);
    } catch (err) {
      throw asServiceError(err);
    }
    const record = await this.deps.repos.webhooks.create({
      tenantId: ctx.tenantId,
      url: new URL(input.url).href,
      events: input.events,
      secret: input.secret ?? newSecret(),
      description: input.description ?? '',
      createBy: actorOf(ctx),
    });
    return { ...toWebhook(record), secret: record.secret };
  }

  async page(ctx: RequestContext, input: WebhookPageRequest): Promise<PageOf<Webhook>> {
    requireApp(ctx);
    const w = pageWindow(input, ['createTime'], 'createTime');
    const { total, rows } = await this.deps.repos.webhooks.page(ctx.tenantId, w.limit, w.offset);
    return { totalElements: total, content: rows.map(toWebhook) };
  }

  async delete(ctx: RequestContext, webhookId: string): Promise<void> {
    requireApp(ctx);
    if (!(await this.deps.repos.webhooks.delete(ctx.tenantId, webhookId))) notFound('webhook', webhookId);
  }

  /** The delivery log of one endpoint, newest first. */
  async deliveries(ctx: RequestContext, input: DeliveryPageRequest): Promise<PageOf<WebhookDelivery>> {
    requireApp(ctx);
    const w = pageWindow(input, ['createTime'], 'createTime', false);
    if (w.order.asc) fail('VALIDATION', 'deliveries are listed newest first', { field: 'isAsc' });
    if (!(await this.deps.repos.webhooks.get(ctx.tenantId, input.webhookId))) notFound('webhook', input.webhookId);
    const { total, rows } = await this.deps.repos.webhookDeliveries.page(ctx.tenantId, input.webhookId, input.status, w.limit, w.offset);
    return { totalElements: total, content: rows.map(toDelivery) };
  }

  /** Queues one delivery per endpoint of the event's tenant that subscribed to it; returns how many. */
  async enqueue(event: ServiceEvent): Promise<number> {
    const endpoints = await this.deps.repos.webhooks.subscribedTo(event.tenantId, event.type);
    if (endpoints.length === 0) return 0;
    const payload: WebhookPayload = { type: event.type, timestamp: new Date().toISOString(), data: { ...event.data } };
    const body = JSON.stringify(payload);
    const now = Date.now();
    await this.deps.repos.units.transaction(async (tx) => {
      for (const endpoint of endpoints) {
        await tx.webhookDeliveries.enqueue({ webhookId: endpoint.webhookId, tenantId: event.tenantId, eventType: event.type, payload: body, nextAttemptAt: now });
      }
    });
    return endpoints.length;
  }
}

function requireApp(ctx: RequestContext): void {
  if (ctx.mode !== 'APP_ONLY') fail('APP_CONTEXT_REQUIRED', 'webhooks are managed by the application: call without a user channel');
}

function toWebhook(r: WebhookRecord): Webhook {
  return { webhookId: r.webhookId, url: r.url, events: r.events, description: r.description, createBy: r.createBy, createTime: r.createTime };
}

function toDelivery(d: DeliveryRecord): WebhookDelivery {
  return {
    deliveryId: d.deliveryId,
    webhookId: d.webhookId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptTime: d.status === 'PENDING' ? new Date(d.nextAttemptAt).toISOString() : '',
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createTime: d.createTime,
    updateTime: d.updateTime,
    deliveredTime: d.deliveredTime,
  };
}
