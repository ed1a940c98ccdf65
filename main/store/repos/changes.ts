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
    return this.db
      .prepare<[string, number, number], Row>('SELECT * FROM changes WHERE tenant_id = ? AND seq > ? ORDER BY seq LIMIT ?')
      .all(tenantId, afterSeq, limit)
      .map((r) => ({
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

  /** The oldest seq still held for a tenant; a cursor before it has lost changes. */
  oldestSeq(tenantId: string): number | undefined {
    return this.db.prepare<[string], { s: number | null }>('SELECT MIN(seq) AS s FROM changes WHERE tenant_id = ?').get(tenantId)?.s ?? undefined;
  }

  latestSeq(): number {
    return this.db.prepare<[], { s: number | null }>('SELECT MAX(seq) AS s FROM changes').get()?.s ?? 0;
  }

  pruneBefore(tenantId: string, seq: number): number {
    return this.db.prepare('DELETE FROM changes WHERE tenant_id = ? AND seq < ?').run(tenantId, seq).changes;
  }
}
