/**
 * Renditions: one row per version and kind. The bytes live in the rendition blob files, addressed
 * by content hash, so a row references its file by `contentHash` ('' while it has none).
 */
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

export type RenditionStatus = 'PENDING' | 'READY' | 'FAILED' | 'NOT_APPLICABLE';

export interface RenditionRecord {
  renditionId: string;
  tenantId: string;
  versionId: string;
  kind: string;
  status: RenditionStatus;
  mimeType: string;
  contentHash: string;
  sizeBytes: number;
  failReason: string;
  createBy: string;
  createTime: string;
  updateTime: string;
}

export interface RenditionState {
  status: RenditionStatus;
  mimeType: string;
  contentHash: string;
  sizeBytes: number;
  failReason: string;
}

interface Row {
  rendition_id: string;
  tenant_id: string;
  version_id: string;
  kind: string;
  status: RenditionStatus;
  mime_type: string;
  content_hash: string;
  size_bytes: number;
  fail_reason: string;
  create_by: string;
  create_time: string;
  update_time: string;
}

const toRecord = (r: Row): RenditionRecord => ({
  renditionId: r.rendition_id,
  tenantId: r.tenant_id,
  versionId: r.version_id,
  kind: r.kind,
  status: r.status,
  mimeType: r.mime_type,
  contentHash: r.content_hash,
  sizeBytes: r.size_bytes,
  failReason: r.fail_reason,
  createBy: r.create_by,
  createTime: r.create_time,
  updateTime: r.update_time,
});

/**
 * The same content in a tenant is one blob, so the lookup goes from the tenant's blob of that hash
 * to its versions and their renditions, each step through an index. Starting from the tenant's
 * renditions instead made every text job read all of them: a first sync of N files cost O(N²).
 * Any finished rendition of the same content will do, so the first found is taken: sorting them
 * all (by update time) cost the same O(N) per job where many versions share one content.
 */
export const FINISHED_FOR_SAME_CONTENT = `SELECT r.* FROM blobs b
  JOIN versions v ON v.blob_id = b.blob_id
  JOIN renditions r ON r.version_id = v.version_id
  WHERE b.tenant_id = ? AND b.content_hash = ? AND v.version_id <> ? AND v.mime_type = ? AND r.kind = ?
    AND r.status IN ('READY', 'NOT_APPLICABLE')
  LIMIT 1`;

export const VERSIONS_WITHOUT = `SELECT v.rowid AS seq, v.tenant_id, v.version_id, v.create_by FROM versions v
  WHERE v.rowid > ? AND NOT EXISTS (SELECT 1 FROM renditions r WHERE r.version_id = v.version_id AND r.kind = ?)
  ORDER BY v.rowid LIMIT ?`;

/** PENDING renditions whose job was lost (a crash between the two), by storage order from a cursor. */
export const PENDING_WITHOUT_LIVE_JOB = `SELECT r.rowid AS seq, r.tenant_id, r.version_id FROM renditions r
  WHERE r.rowid > ? AND r.kind = ? AND r.status = 'PENDING'
    AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.queue = ? AND j.job_key = r.version_id AND j.status IN ('QUEUED', 'RUNNING'))
  ORDER BY r.rowid LIMIT ?`;

export class RenditionRepository extends Repository {
  private readonly getStmt = this.db.prepare<[string, string, string], Row>(
    'SELECT * FROM renditions WHERE tenant_id = ? AND version_id = ? AND kind = ?',
  );

  get(tenantId: string, versionId: string, kind: string): RenditionRecord | undefined {
    const row = this.getStmt.get(tenantId, versionId, kind);
    return row && toRecord(row);
  }

  listForVersion(tenantId: string, versionId: string): RenditionRecord[] {
    return this.prepared<[string, string], Row>('SELECT * FROM renditions WHERE tenant_id = ? AND version_id = ? ORDER BY kind')
      .all(tenantId, versionId)
      .map(toRecord);
  }

  /** Creates a PENDING rendition unless the version already has one of this kind. */
  ensurePending(tenantId: string, versionId: string, kind: string, mimeType: string, createBy: string): void {
    const now = nowIso();
    this.prepared(
        `INSERT INTO renditions (rendition_id, tenant_id, version_id, kind, status, mime_type, create_by, create_time, update_time)
         VALUES (?, ?, ?, ?, 'PENDING', ?, ?, ?, ?) ON CONFLICT (version_id, kind) DO NOTHING`,
      )
      .run(newId('rnd'), tenantId, versionId, kind, mimeType, createBy, now, now);
  }

  /**
   * Sets the state of a version's rendition of one kind, creating the row if needed. Returns the
   * record and the content hash it held before, so the caller can drop a file nothing references.
   */
  put(tenantId: string, versionId: string, kind: string, state: RenditionState, createBy: string): { record: RenditionRecord; previousHash: string } {
    const before = this.get(tenantId, versionId, kind);
    const now = nowIso();
    if (before) {
      this.prepared(
          `UPDATE renditions SET status = ?, mime_type = ?, content_hash = ?, size_bytes = ?, fail_reason = ?, update_time = ?
           WHERE rendition_id = ?`,
        )
        .run(state.status, state.mimeType, state.contentHash, state.sizeBytes, state.failReason, now, before.renditionId);
    } else {
      this.prepared(
          `INSERT INTO renditions (rendition_id, tenant_id, version_id, kind, status, mime_type, content_hash, size_bytes, fail_reason,
             create_by, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(newId('rnd'), tenantId, versionId, kind, state.status, state.mimeType, state.contentHash, state.sizeBytes, state.failReason, createBy, now, now);
    }
    return { record: this.get(tenantId, versionId, kind) as RenditionRecord, previousHash: before?.contentHash ?? '' };
  }

  /** True when some rendition row still references these bytes. */
  contentReferenced(contentHash: string): boolean {
    return this.prepared('SELECT 1 FROM renditions WHERE content_hash = ? LIMIT 1').get(contentHash) !== undefined;
  }

  /**
   * A finished rendition of this kind for another version of the tenant with the same content
   * and MIME type: its result can be reused instead of computed again.
   */
  finishedForSameContent(tenantId: string, versionId: string, kind: string, contentHash: string, mimeType: string): RenditionRecord | undefined {
    const row = this.finishedForSameContentStmt.get(tenantId, contentHash, versionId, mimeType, kind);
    return row && toRecord(row);
  }

  private readonly finishedForSameContentStmt = this.db.prepare<[string, string, string, string, string], Row>(FINISHED_FOR_SAME_CONTENT);

  /**
   * Versions that have no rendition of this kind yet (created before the kind existed, or missed
   * by a crash), in storage order after `after` (the `seq` of the last one of the previous batch).
   * Paging by that order reads each version once; ordering by creation time sorted the whole
   * table on every batch, and blocked the start of a large store for seconds.
   */
  versionsWithout(kind: string, limit: number, after = 0): { seq: number; tenantId: string; versionId: string; createBy: string }[] {
    return this.prepared<[number, string, number], { seq: number; tenant_id: string; version_id: string; create_by: string }>(VERSIONS_WITHOUT)
      .all(after, kind, limit)
      .map((r) => ({ seq: r.seq, tenantId: r.tenant_id, versionId: r.version_id, createBy: r.create_by }));
  }


  /** Up to `limit` renditions of this kind still PENDING with no live job of `queue`, in storage order after `after`. */
  pendingWithoutLiveJob(kind: string, queue: string, limit: number, after = 0): { seq: number; tenantId: string; versionId: string }[] {
    return this.prepared<[number, string, string, number], { seq: number; tenant_id: string; version_id: string }>(PENDING_WITHOUT_LIVE_JOB)
      .all(after, kind, queue, limit)
      .map((r) => ({ seq: r.seq, tenantId: r.tenant_id, versionId: r.version_id }));
  }
}
