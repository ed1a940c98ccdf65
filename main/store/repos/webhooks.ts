/** Webhook endpoints registered per tenant. The secret is kept as is: every delivery is signed with it. */
import type { WebhookEventType } from '../../../shared/v1/webhooks.ts';
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

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

interface Row {
  webhook_id: string;
  tenant_id: string;
  url: string;
  events: string;
  secret: string;
  description: string;
  create_by: string;
  create_time: string;
}

const toRecord = (r: Row): WebhookRecord => ({
  webhookId: r.webhook_id,
  tenantId: r.tenant_id,
  url: r.url,
  events: JSON.parse(r.events) as WebhookEventType[],
  secret: r.secret,
  description: r.description,
  createBy: r.create_by,
  createTime: r.create_time,
});

export type NewWebhook = Omit<WebhookRecord, 'webhookId' | 'createTime'>;

export class WebhookRepository extends Repository {
  private readonly subscribedStmt = this.db.prepare<[string, string], Row>(
    'SELECT * FROM webhooks WHERE tenant_id = ? AND EXISTS (SELECT 1 FROM json_each(webhooks.events) WHERE value = ?)',
  );

  create(input: NewWebhook): WebhookRecord {
    const webhookId = newId('whk');
    this.prepared('INSERT INTO webhooks (webhook_id, tenant_id, url, events, secret, description, create_by, create_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(webhookId, input.tenantId, input.url, JSON.stringify(input.events), input.secret, input.description, input.createBy, nowIso());
    return this.get(input.tenantId, webhookId) as WebhookRecord;
  }

  get(tenantId: string, webhookId: string): WebhookRecord | undefined {
    const row = this.prepared<[string, string], Row>('SELECT * FROM webhooks WHERE tenant_id = ? AND webhook_id = ?').get(tenantId, webhookId);
    return row && toRecord(row);
  }

  page(tenantId: string, limit: number, offset: number): { total: number; rows: WebhookRecord[] } {
    const total = this.prepared<[string], { n: number }>('SELECT count(*) AS n FROM webhooks WHERE tenant_id = ?').get(tenantId)?.n ?? 0;
    const rows = this.prepared<[string, number, number], Row>('SELECT * FROM webhooks WHERE tenant_id = ? ORDER BY create_time, webhook_id LIMIT ? OFFSET ?')
      .all(tenantId, limit, offset);
    return { total, rows: rows.map(toRecord) };
  }

  /** Removes the endpoint and, with it, its delivery log and anything still queued for it. */
  delete(tenantId: string, webhookId: string): boolean {
    return this.prepared('DELETE FROM webhooks WHERE tenant_id = ? AND webhook_id = ?').run(tenantId, webhookId).changes === 1;
  }

  subscribedTo(tenantId: string, eventType: WebhookEventType): WebhookRecord[] {
    return this.subscribedStmt.all(tenantId, eventType).map(toRecord);
  }
}
