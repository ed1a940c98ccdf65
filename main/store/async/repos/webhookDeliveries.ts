/**
 * Webhook deliveries, over either database: one row per event and endpoint, kept as the exact
 * body to send, with the time of the next attempt. A node claims due deliveries for one attempt
 * each under its lease; a delivery whose lease ran out (its node died mid-attempt) is due again
 * for any node, so a crash means one more attempt, never a lost delivery. An attempt's outcome is
 * written only by the node holding the lease.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DeliveryStatus, WebhookEventType } from '../../../../shared/v1/webhooks.ts';
import { newId, nowIso } from '../../ids.ts';
import type { Dialect, StoreSchema, WebhookDeliveriesTable } from '../schema.ts';
import { endEveryLease, type Lease, pickedForClaim } from './leases.ts';

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
  /** The node making an attempt now, and until when it holds the delivery (epoch ms). */
  leaseOwner: string;
  leaseUntil: number;
}

/** A claimed delivery with what sending it needs. */
export interface DueDelivery extends DeliveryRecord {
  url: string;
  secret: string;
}

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

type Row = Selectable<WebhookDeliveriesTable>;

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
  leaseOwner: r.lease_owner,
  leaseUntil: r.lease_until,
});

export class AsyncWebhookDeliveryRepository {
  constructor(
    private readonly q: Kysely<StoreSchema>,
    private readonly dialect: Dialect,
  ) {}

  async enqueue(input: NewDelivery): Promise<string> {
    const deliveryId = newId('msg');
    const now = nowIso();
    await this.q
      .insertInto('webhook_deliveries')
      .values({
        delivery_id: deliveryId,
        webhook_id: input.webhookId,
        tenant_id: input.tenantId,
        event_type: input.eventType,
        payload: input.payload,
        status: 'PENDING',
        next_attempt_at: input.nextAttemptAt,
        create_time: now,
        update_time: now,
      })
      .execute();
    return deliveryId;
  }

  async get(tenantId: string, deliveryId: string): Promise<DeliveryRecord | undefined> {
    const row = await this.q.selectFrom('webhook_deliveries').selectAll().where('tenant_id', '=', tenantId).where('delivery_id', '=', deliveryId).executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * Claims up to `limit` deliveries due by `now` and held by no live lease, earliest first, for one
   * attempt each under `lease`; each with its endpoint's URL and secret (a delivery whose endpoint
   * was deleted meanwhile is gone with it).
   */
  async claimDue(lease: Lease, limit: number, now = Date.now()): Promise<DueDelivery[]> {
    const picked = pickedForClaim(
      this.dialect,
      this.q
        .selectFrom('webhook_deliveries as due')
        .select('due.delivery_id')
        .where('due.status', '=', 'PENDING')
        .where('due.next_attempt_at', '<=', now)
        .where('due.lease_until', '<', now)
        .orderBy('due.next_attempt_at')
        .orderBy('due.delivery_id')
        .limit(limit),
    );
    const rows = await this.q
      .updateTable('webhook_deliveries')
      .set({ lease_owner: lease.owner, lease_until: lease.until })
      .where('delivery_id', 'in', picked)
      .returningAll()
      .execute();
    if (rows.length === 0) return [];
    const endpoints = await this.q
      .selectFrom('webhooks')
      .select(['webhook_id', 'url', 'secret'])
      .where('webhook_id', 'in', [...new Set(rows.map((r) => r.webhook_id))])
      .execute();
    const byId = new Map(endpoints.map((e) => [e.webhook_id, e]));
    return rows
      .sort((a, b) => a.next_attempt_at - b.next_attempt_at || (a.delivery_id < b.delivery_id ? -1 : 1))
      .flatMap((r) => {
        const endpoint = byId.get(r.webhook_id);
        return endpoint ? [{ ...toRecord(r), url: endpoint.url, secret: endpoint.secret }] : [];
      });
  }

  /** Extends the lease on each of `deliveryIds` that `owner` still holds; returns those it does. */
  async renew(deliveryIds: readonly string[], owner: string, until: number): Promise<Set<string>> {
    if (deliveryIds.length === 0) return new Set();
    const rows = await this.held(deliveryIds, owner).set({ lease_until: until }).returning('delivery_id').execute();
    return new Set(rows.map((r) => r.delivery_id));
  }

  /** Ends every lease on the rows at once (leases.ts, `endEveryLease`). */
  endEveryLease(): Promise<number> {
    return endEveryLease(this.q, 'webhook_deliveries');
  }

  /** Gives back a lease without counting an attempt (the attempt was cut short by a shutdown): due again at once. */
  async release(deliveryId: string, owner: string): Promise<boolean> {
    const result = await this.held([deliveryId], owner).set({ lease_owner: '', lease_until: 0 }).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records an attempt made under `owner`'s lease, and lets go of it. False when that lease no longer holds the delivery. */
  async recordAttempt(deliveryId: string, owner: string, outcome: AttemptOutcome): Promise<boolean> {
    const now = nowIso();
    const result = await this.held([deliveryId], owner)
      .set((eb) => ({
        status: outcome.status,
        attempts: eb('attempts', '+', 1),
        next_attempt_at: outcome.nextAttemptAt,
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        update_time: now,
        ...(outcome.status === 'SUCCEEDED' ? { delivered_time: now } : {}),
        lease_owner: '',
        lease_until: 0,
      }))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** When the earliest PENDING delivery is due (its lease, if one holds it, run out), or null when none is pending. */
  async nextDueAt(): Promise<number | null> {
    const row = await this.q
      .selectFrom('webhook_deliveries')
      .select((eb) =>
        eb.fn.min<number | null>(eb.case().when('lease_until', '>', eb.ref('next_attempt_at')).then(eb.ref('lease_until')).else(eb.ref('next_attempt_at')).end()).as('t'),
      )
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return row?.t ?? null;
  }

  async page(tenantId: string, webhookId: string, status: DeliveryStatus | undefined, limit: number, offset: number): Promise<{ total: number; rows: DeliveryRecord[] }> {
    let filtered = this.q.selectFrom('webhook_deliveries').where('tenant_id', '=', tenantId).where('webhook_id', '=', webhookId);
    if (status) filtered = filtered.where('status', '=', status);
    const counted = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await filtered.selectAll().orderBy('create_time', 'desc').orderBy('delivery_id', 'desc').limit(limit).offset(offset).execute();
    return { total: Number(counted?.n ?? 0), rows: rows.map(toRecord) };
  }

  private held(deliveryIds: readonly string[], owner: string) {
    return this.q.updateTable('webhook_deliveries').where('delivery_id', 'in', deliveryIds).where('status', '=', 'PENDING').where('lease_owner', '=', owner).where('lease_until', '>', 0);
  }
}
