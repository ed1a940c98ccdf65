/** Webhook endpoints registered per tenant, over either database. The secret is kept as is: every delivery is signed with it. */
import type { Kysely } from 'kysely';
import type { WebhookEventType } from '../../../../shared/v1/webhooks.ts';
import { newId, nowIso } from '../../ids.ts';
import type { StoreSchema, WebhooksTable } from '../schema.ts';

export interface WebhookRecord {
  webhookId: string;
  tenantId: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  description: string;
  createBy: string;
  createTime: string;
}

export type NewWebhook = Omit<WebhookRecord, 'webhookId' | 'createTime'>;

const toRecord = (r: WebhooksTable): WebhookRecord => ({
  webhookId: r.webhook_id,
  tenantId: r.tenant_id,
  url: r.url,
  events: JSON.parse(r.events) as WebhookEventType[],
  secret: r.secret,
  description: r.description,
  createBy: r.create_by,
  createTime: r.create_time,
});

export class AsyncWebhookRepository {
  constructor(private readonly q: Kysely<StoreSchema>) {}

  async create(input: NewWebhook): Promise<WebhookRecord> {
    const row = await this.q
      .insertInto('webhooks')
      .values({
        webhook_id: newId('whk'),
        tenant_id: input.tenantId,
        url: input.url,
        events: JSON.stringify(input.events),
        secret: input.secret,
        description: input.description,
        create_by: input.createBy,
        create_time: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async get(tenantId: string, webhookId: string): Promise<WebhookRecord | undefined> {
    const row = await this.q.selectFrom('webhooks').selectAll().where('tenant_id', '=', tenantId).where('webhook_id', '=', webhookId).executeTakeFirst();
    return row && toRecord(row);
  }

  async page(tenantId: string, limit: number, offset: number): Promise<{ total: number; rows: WebhookRecord[] }> {
    const counted = await this.q
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    const rows = await this.q
      .selectFrom('webhooks')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('create_time')
      .orderBy('webhook_id')
      .limit(limit)
      .offset(offset)
      .execute();
    return { total: Number(counted?.n ?? 0), rows: rows.map(toRecord) };
  }

  /** Removes the endpoint and, with it, its delivery log and anything still queued for it. */
  async delete(tenantId: string, webhookId: string): Promise<boolean> {
    const result = await this.q.deleteFrom('webhooks').where('tenant_id', '=', tenantId).where('webhook_id', '=', webhookId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * The tenant's endpoints that subscribed to `eventType`. Picked from the tenant's endpoints here
   * rather than in SQL: JSON is read by json_each in SQLite and by jsonb operators in PostgreSQL,
   * and a tenant has a handful of endpoints, which the query reads by its index either way.
   */
  async subscribedTo(tenantId: string, eventType: WebhookEventType): Promise<WebhookRecord[]> {
    const rows = await this.q.selectFrom('webhooks').selectAll().where('tenant_id', '=', tenantId).orderBy('create_time').orderBy('webhook_id').execute();
    return rows.map(toRecord).filter((w) => w.events.includes(eventType));
  }
}
