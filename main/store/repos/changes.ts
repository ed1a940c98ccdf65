/** The change feed: one row per change to a container or document, in commit order (seq). */
import type { Change, ChangeKind, ChangeOp } from '../../../shared/v1/resources.ts';
import { Repository } from '../db.ts';
import { nowIso } from '../ids.ts';

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

interface Row {
  seq: number;
  op: ChangeOp;
  kind: ChangeKind;
  node_id: string;
  parent_id: string;
  name: string;
  deleted: number;
  version_no: number;
  version_id: string;
  content_hash: string;
  size_bytes: number;
  time: string;
}

export class ChangeRepository extends Repository {

  private readonly insertStmt = this.db.prepare(
    `INSERT INTO changes (tenant_id, op, kind, node_id, parent_id, name, deleted, version_no, version_id, content_hash, size_bytes, time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  private readonly afterStmt = this.db.prepare<[string, number, number], Row>('SELECT * FROM changes WHERE tenant_id = ? AND seq > ? ORDER BY seq LIMIT ?');
  private readonly horizonStmt = this.db.prepare<[string], { pruned_through: number }>('SELECT pruned_through FROM change_horizons WHERE tenant_id = ?');
  private readonly latestStmt = this.db.prepare<[string], { s: number | null }>('SELECT MAX(seq) AS s FROM changes WHERE tenant_id = ?');

  record(c: NewChange): void {
    this.insertStmt.run(
      c.tenantId,
      c.op,
      c.kind,
      c.id,
      c.parentId,
      c.name,
      c.deleted ? 1 : 0,
      c.versionNo ?? 0,
      c.versionId ?? '',
      c.contentHash ?? '',
      c.sizeBytes ?? 0,
      nowIso(),
    );
  }

  /** Changes of a tenant with seq > afterSeq, oldest first. */
  after(tenantId: string, afterSeq: number, limit: number): Change[] {
    return this.afterStmt.all(tenantId, afterSeq, limit).map((r) => ({
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
    }));
  }

  /** The newest seq pruned from a tenant's feed (0 when nothing was): a cursor before it has lost changes. */
  horizon(tenantId: string): number {
    return this.horizonStmt.get(tenantId)?.pruned_through ?? 0;
  }

  /** The tenant's newest seq, or its horizon when nothing newer is kept. */
  latestSeq(tenantId: string): number {
    return this.latestStmt.get(tenantId)?.s ?? this.horizon(tenantId);
  }

  /** The highest seq ever issued, in any tenant; a cursor above it was not issued by this store. */
  lastIssuedSeq(): number {
    return this.prepared<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'changes'").get()?.seq ?? 0;
  }

  /** Deletes changes recorded before `timeIso`, moving each tenant's horizon past them. Returns how many went. */
  pruneOlderThan(timeIso: string): number {
    return this.db
      .transaction(() => {
        const bound = this.prepared<[string], { s: number | null }>('SELECT MAX(seq) AS s FROM changes WHERE time < ?').get(timeIso)?.s;
        if (!bound) return 0;
        this.prepared(
            `INSERT INTO change_horizons (tenant_id, pruned_through) SELECT tenant_id, MAX(seq) FROM changes WHERE seq <= ? GROUP BY tenant_id
             ON CONFLICT (tenant_id) DO UPDATE SET pruned_through = MAX(pruned_through, excluded.pruned_through)`,
          )
          .run(bound);
        return this.prepared('DELETE FROM changes WHERE seq <= ?').run(bound).changes;
      })
      .immediate();
  }
}
