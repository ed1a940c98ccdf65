/**
 * What the queues' claims share (jobs, tasks, webhook deliveries): a node claims a row for a while
 * and renews its claim while it works; once the claim has run out, any node may claim the row again.
 * The claim itself is dialect-specific: PostgreSQL picks the row with `FOR UPDATE SKIP LOCKED`, so
 * that nodes claiming at once each take a different row without waiting for each other; SQLite's
 * one writer makes the `UPDATE … RETURNING` atomic as it is.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Dialect, StoreSchema } from '../schema.ts';

/** A node's hold on rows: who (the node's id), and until when (epoch ms). */
export interface Lease {
  owner: string;
  until: number;
}

/**
 * One claim of a row: the owner and the attempt it claimed. A node whose claim was taken over
 * after it ran out (by another node, or by itself in a later claim) no longer matches both, so its
 * late outcome is refused.
 */
export interface Claim {
  owner: string;
  attempts: number;
}

/** The row-picking subquery of a claim: on PostgreSQL, it locks the rows it picks and skips those another claim holds. */
export function pickedForClaim<DB, TB extends keyof DB, O>(dialect: Dialect, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * Ends every lease on a queue's rows at once, so that the next claim takes them: only for a process
 * that knows it is alone on the store, whose leases all belong to processes that ended. The number of rows.
 */
export async function endEveryLease(q: Kysely<StoreSchema>, table: 'jobs' | 'tasks' | 'webhook_deliveries'): Promise<number> {
  const result = await q.updateTable(table).set({ lease_until: 0 }).where('lease_until', '>', 0).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
