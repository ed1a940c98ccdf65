/**
 * The change feed over either database: one row per change to a container or document, numbered
 * per tenant in commit order (seq). A unit of work queues its changes (`record`) and writes them as
 * its last statements before COMMIT (`writeQueued`): on SQLite the write lock already makes
 * AUTOINCREMENT order commit order; on PostgreSQL the tenant's counter row in `change_heads` hands
 * out the numbers, and its lock, held to the commit, keeps them gap-free and in commit order
 * (docs/architecture.md, "The change feed never skips a change").
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Change, ChangeKind, ChangeOp } from '../../../../shared/v1/resources.ts';
import { nowIso } from '../../ids.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { ChangesTable, Dialect, StoreSchema } from '../schema.ts';

export interface NewChange {
  tenantId: string;
  op: ChangeOp;
  kind: ChangeKind;
  id: string;
  parentId: string;
  name: string;
  deleted: boolean;
  versionNo?: number;
  versionId?: string;
  contentHash?: string;
  sizeBytes?: number;
}

type Row = Omit<ChangesTable, 'seq'> & { seq: number };

const toChange = (r: Row): Change => ({
  seq: r.seq,
  op: r.op,
  kind: r.kind,
  id: r.node_id,
  parentId: r.parent_id,
  name: r.name,
  deleted: r.deleted === 1,
  versionNo: r.version_no,
  versionId: r.version_id,
  contentHash: r.content_hash,
  sizeBytes: r.size_bytes,
  time: r.time,
});

/** The row of a change as queued: its time is when it was recorded, its seq comes at the commit. */
const toRow = (c: NewChange, time: string): Omit<ChangesTable, 'seq'> => ({
  tenant_id: c.tenantId,
  op: c.op,
  kind: c.kind,
  node_id: c.id,
  parent_id: c.parentId,
  name: c.name,
  deleted: c.deleted ? 1 : 0,
  version_no: c.versionNo ?? 0,
  version_id: c.versionId ?? '',
  content_hash: c.contentHash ?? '',
  size_bytes: c.sizeBytes ?? 0,
  time,
});

// Every write of the tree records one change, and every sync polls the feed.
const insertChange = compiledOnce(
  (q: Kysely<StoreSchema>, tenantId: string, op: ChangeOp, kind: ChangeKind, nodeId: string, parentId: string, name: string, deleted: number, versionNo: number, versionId: string, contentHash: string, sizeBytes: number, time: string) =>
    q.insertInto('changes').values({
      tenant_id: tenantId,
      op,
      kind,
      node_id: nodeId,
      parent_id: parentId,
      name,
      deleted,
      version_no: versionNo,
      version_id: versionId,
      content_hash: contentHash,
      size_bytes: sizeBytes,
      time,
    }),
);
const after = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, afterSeq: number, limit: number) =>
  q.selectFrom('changes').selectAll().where('tenant_id', '=', tenantId).where('seq', '>', afterSeq).orderBy('seq').limit(limit),
);
const horizonOf = compiledOnce((q: Kysely<StoreSchema>, tenantId: string) => q.selectFrom('change_horizons').select('pruned_through').where('tenant_id', '=', tenantId));
const latestOf = compiledOnce((q: Kysely<StoreSchema>, tenantId: string) =>
  q.selectFrom('changes').select((eb) => eb.fn.max('seq').as('s')).where('tenant_id', '=', tenantId),
);
const headOf = compiledOnce((q: Kysely<StoreSchema>, tenantId: string) => q.selectFrom('change_heads').select('seq').where('tenant_id', '=', tenantId));
const LAST_ISSUED_SQLITE: CompiledQuery<{ seq: number }> = CompiledQuery.raw("SELECT seq FROM sqlite_sequence WHERE name = 'changes'");
/**
 * Moves the tenant's counter by `count` and returns the new head: the changes take the numbers up
 * to it. The row's lock is held until the transaction ends, so a second unit of the tenant waits
 * here and then reads the committed head. The first change of a tenant creates its row.
 */
const advanceHead = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, count: number) =>
  q
    .insertInto('change_heads')
    .values({ tenant_id: tenantId, seq: count })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ seq: sql<number>`change_heads.seq + excluded.seq` }))
    .returning('seq'),
);

export class AsyncChangeRepository {
  private queued: { change: NewChange; time: string }[] = [];

  /**
   * `inUnit` is false outside a write unit of work: a change is written with the
   * writes it describes, in their transaction, or not at all.
   */
  constructor(
    private readonly q: Kysely<StoreSchema>,
    private readonly dialect: Dialect,
    private readonly inUnit: boolean,
  ) {}

  /** Queues a change; the unit of work writes it right before its COMMIT. */
  record(c: NewChange): void {
    if (!this.inUnit) throw new Error('a change is recorded inside the write unit of work that makes it');
    this.queued.push({ change: c, time: nowIso() });
  }

  /** How many changes wait for the unit's end. */
  get queuedCount(): number {
    return this.queued.length;
  }

  /** Writes the queued changes, numbered. The unit of work's last statements before its COMMIT. */
  async writeQueued(): Promise<void> {
    const queued = this.queued;
    this.queued = [];
    if (queued.length === 0) return;
    if (this.dialect === 'sqlite') {
      for (const { change: c, time } of queued) {
        const r = toRow(c, time);
        await insertChange.run(this.q, r.tenant_id, r.op, r.kind, r.node_id, r.parent_id, r.name, r.deleted, r.version_no, r.version_id, r.content_hash, r.size_bytes, r.time);
      }
      return;
    }
    const byTenant = new Map<string, { change: NewChange; time: string }[]>();
    for (const item of queued) byTenant.set(item.change.tenantId, [...(byTenant.get(item.change.tenantId) ?? []), item]);
    // Counter rows locked in one order by every unit: two units of the same two tenants never deadlock.
    for (const tenantId of [...byTenant.keys()].sort()) {
      const items = byTenant.get(tenantId) ?? [];
      const [head] = (await advanceHead.run(this.q, tenantId, items.length)).rows;
      if (!head) throw new Error(`change feed: the counter of ${tenantId} returned no row`);
      const first = head.seq - items.length + 1;
      await this.q
        .insertInto('changes')
        .values(items.map(({ change, time }, i) => ({ ...toRow(change, time), seq: first + i })))
        .execute();
    }
  }

  /** Changes of a tenant with seq > afterSeq, oldest first. */
  async after(tenantId: string, afterSeq: number, limit: number): Promise<Change[]> {
    return (await after.run(this.q, tenantId, afterSeq, limit)).rows.map(toChange);
  }

  /** The newest seq pruned from a tenant's feed (0 when nothing was): a cursor before it has lost changes. */
  async horizon(tenantId: string): Promise<number> {
    return (await horizonOf.run(this.q, tenantId)).rows[0]?.pruned_through ?? 0;
  }

  /** The tenant's newest seq, or its horizon when nothing newer is kept. */
  async latestSeq(tenantId: string): Promise<number> {
    return (await latestOf.run(this.q, tenantId)).rows[0]?.s ?? (await this.horizon(tenantId));
  }

  /**
   * The highest seq this store has issued to the tenant; a cursor above it was not issued by this
   * store. SQLite numbers every tenant's changes from one sequence, so there it is that sequence's.
   */
  async lastIssuedSeq(tenantId: string): Promise<number> {
    if (this.dialect === 'sqlite') return (await this.q.executeQuery(LAST_ISSUED_SQLITE)).rows[0]?.seq ?? 0;
    return (await headOf.run(this.q, tenantId)).rows[0]?.seq ?? 0;
  }

  /**
   * Deletes changes recorded before `timeIso`, moving each tenant's horizon past them, and returns
   * how many went. Run it in a unit of work: the horizon and the deletion commit together.
   */
  async pruneOlderThan(timeIso: string): Promise<number> {
    if (this.dialect === 'sqlite') {
      const [bound] = (await sql<{ s: number | null }>`SELECT MAX(seq) AS s FROM changes WHERE time < ${timeIso}`.execute(this.q)).rows;
      if (!bound?.s) return 0;
      await sql`INSERT INTO change_horizons (tenant_id, pruned_through) SELECT tenant_id, MAX(seq) FROM changes WHERE seq <= ${bound.s} GROUP BY tenant_id
                ON CONFLICT (tenant_id) DO UPDATE SET pruned_through = MAX(pruned_through, excluded.pruned_through)`.execute(this.q);
      return Number((await sql`DELETE FROM changes WHERE seq <= ${bound.s}`.execute(this.q)).numAffectedRows ?? 0);
    }
    // Each tenant numbers its own feed: what goes is, per tenant, everything up to its newest change
    // recorded before the bound, so a feed loses a prefix and never a change in its middle.
    const [row] = (
      await sql<{ n: number }>`
        WITH bounds AS (SELECT tenant_id, MAX(seq) AS s FROM changes WHERE time < ${timeIso} GROUP BY tenant_id),
        horizons AS (
          INSERT INTO change_horizons (tenant_id, pruned_through) SELECT tenant_id, s FROM bounds
          ON CONFLICT (tenant_id) DO UPDATE SET pruned_through = GREATEST(change_horizons.pruned_through, excluded.pruned_through)
        ),
        gone AS (DELETE FROM changes c USING bounds b WHERE c.tenant_id = b.tenant_id AND c.seq <= b.s RETURNING 1)
        SELECT COUNT(*)::int AS n FROM gone`.execute(this.q)
    ).rows;
    return row?.n ?? 0;
  }
}
