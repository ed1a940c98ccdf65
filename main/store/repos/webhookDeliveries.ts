/**
 * Webhook deliveries: one row per event and endpoint, kept as the exact body to send, with the
 * time of the next attempt. A restarted service picks up every PENDING row whose time has come.
 */
import type { DeliveryStatus, WebhookEventType } from '../../../shared/v1/webhooks.ts';
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

export interface DeliveryRecord {
  deliveryId: string;
  webhookId: string;
  tenantId: string;
  eventType: WebhookEventType;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  /** Epoch milliseconds. */
  nextAttemptAt: number;
  lastStatusCode: number;
  lastError: string;
  createTime: string;
  updateTime: string;
  deliveredTime: string;
}

/** A due delivery with what sending it needs. */
export interface DueDelivery extends DeliveryRecord {
  url: string;
  secret: string;
}

interface Row {
  delivery_id: string;
  webhook_id: string;
  tenant_id: string;
  event_type: WebhookEventType;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number;
  last_status_code: number;
  last_error: string;
  create_time: string;
  update_time: string;
  delivered_time: string;
}

const toRecord = (r: Row): DeliveryRecord => ({
  deliveryId: r.delivery_id,
  webhookId: r.webhook_id,
  tenantId: r.tenant_id,
  eventType: r.event_type,
  payload: r.payload,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  createTime: r.create_time,
  updateTime: r.update_time,
  deliveredTime: r.delivered_time,
});

export interface NewDelivery {
  webhookId: string;
  tenantId: string;
  eventType: WebhookEventType;
  payload: string;
  nextAttemptAt: number;
}

/** What one attempt came to: delivered, to be tried again at `nextAttemptAt`, or given up. */
export interface AttemptOutcome {
  status: DeliveryStatus;
  nextAttemptAt: number;
  statusCode: number;
  error: string;
}

export class WebhookDeliveryRepository extends Repository {
  private readonly dueStmt = this.db.prepare<[number, number], Row & { url: string; secret: string }>(
    `SELECT d.*, w.url, w.secret FROM webhook_deliveries d JOIN webhooks w ON w.webhook_id = d.webhook_id
     WHERE d.status = 'PENDING' AND d.next_attempt_at <= ? ORDER BY d.next_attempt_at, d.delivery_id LIMIT ?`,
  );

  enqueue(input: NewDelivery): string {
    const deliveryId = newId('msg');
    const now = nowIso();
    this.prepared(
        `INSERT INTO webhook_deliveries (delivery_id, webhook_id, tenant_id, event_type, payload, status, next_attempt_at, create_time, update_time)
         VALUES (?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)`,
      )
      .run(deliveryId, input.webhookId, input.tenantId, input.eventType, input.payload, input.nextAttemptAt, now, now);
    return deliveryId;
  }

  get(tenantId: string, deliveryId: string): DeliveryRecord | undefined {
    const row = this.prepared<[string, string], Row>('SELECT * FROM webhook_deliveries WHERE tenant_id = ? AND delivery_id = ?').get(tenantId, deliveryId);
    return row && toRecord(row);
  }

  due(now: number, limit: number): DueDelivery[] {
    return this.dueStmt.all(now, limit).map((r) => ({ ...toRecord(r), url: r.url, secret: r.secret }));
  }

  /**
   * Takes a due delivery for one attempt by pushing its next attempt to `until`: if the process
   * dies mid-attempt, the delivery is due again then. False if someone else took it first.
   */
  lease(deliveryId: string, dueAt: number, until: number): boolean {
    return (
      this.prepared("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE delivery_id = ? AND status = 'PENDING' AND next_attempt_at = ?")
        .run(until, deliveryId, dueAt).changes === 1
    );
  }

  /** Gives back a lease without counting an attempt (the attempt was cut short by a shutdown). */
  release(deliveryId: string, dueAt: number): void {
    this.prepared("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE delivery_id = ? AND status = 'PENDING'").run(dueAt, deliveryId);
  }

  recordAttempt(deliveryId: string, outcome: AttemptOutcome): void {
    const now = nowIso();
    this.prepared(
        `UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, next_attempt_at = ?, last_status_code = ?, last_error = ?,
           update_time = ?, delivered_time = CASE WHEN ? = 'SUCCEEDED' THEN ? ELSE delivered_time END
         WHERE delivery_id = ?`,
      )
      .run(outcome.status, outcome.nextAttemptAt, outcome.statusCode, outcome.error, now, outcome.status, now, deliveryId);
  }

  /** When the earliest PENDING delivery is due, or null when none is pending. */
  nextDueAt(): number | null {
    return this.prepared<[], { t: number | null }>("SELECT min(next_attempt_at) AS t FROM webhook_deliveries WHERE status = 'PENDING'").get()?.t ?? null;
  }

  page(tenantId: string, webhookId: string, status: DeliveryStatus | undefined, limit: number, offset: number): { total: number; rows: DeliveryRecord[] } {
    const where = `tenant_id = ? AND webhook_id = ?${status ? ' AND status = ?' : ''}`;
    const params: (string | number)[] = status ? [tenantId, webhookId, status] : [tenantId, webhookId];
    const total = this.prepared<(string | number)[], { n: number }>(`SELECT count(*) AS n FROM webhook_deliveries WHERE ${where}`).get(...params)?.n ?? 0;
    const rows = this.prepared<(string | number)[], Row>(`SELECT * FROM webhook_deliveries WHERE ${where} ORDER BY create_time DESC, delivery_id DESC LIMIT ? OFFSET ?`)
      .all(...params, limit, offset);
    return { total, rows: rows.map(toRecord) };
  }
}
