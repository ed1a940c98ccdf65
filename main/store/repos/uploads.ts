/** Chunked upload sessions and the chunks received so far. */
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

/**
 * EXPIRED sessions ended without a version (their time ran out, they were aborted, or completing
 * them failed for good; `endReason` says which) and have lost their chunks. The row stays a while
 * so late callers hear 140001, not 120001.
 */
export type UploadStatus = 'OPEN' | 'COMPLETED' | 'EXPIRED';

/** Where the finished upload goes and how the version is described; kept as JSON on the session. */
export interface UploadTarget {
  docId: string;
  containerId: string;
  title: string;
  documentTypeId: string;
  mimeType: string;
  originalFilename: string;
  comment: string;
  label: string;
  metadata: string;
  /** What the version keeps of the uploaded file; absent when the uploader did not say (and on sessions from before). */
  fileMtime?: number;
  executable?: boolean;
}

export interface UploadSessionRecord {
  uploadId: string;
  tenantId: string;
  idempotencyKey: string | null;
  createBy: string;
  target: UploadTarget;
  totalSize: number;
  chunkSize: number;
  totalChunks: number;
  expectedHash: string;
  status: UploadStatus;
  completedVersionId: string;
  expiresAt: number;
  endReason: string;
}

interface Row {
  upload_id: string;
  tenant_id: string;
  idempotency_key: string | null;
  create_by: string;
  target: string;
  total_size: number;
  chunk_size: number;
  total_chunks: number;
  expected_hash: string;
  status: UploadStatus;
  completed_version_id: string;
  expires_at: number;
  end_reason: string;
}

const toRecord = (r: Row): UploadSessionRecord => ({
  uploadId: r.upload_id,
  tenantId: r.tenant_id,
  idempotencyKey: r.idempotency_key,
  createBy: r.create_by,
  target: JSON.parse(r.target) as UploadTarget,
  totalSize: r.total_size,
  chunkSize: r.chunk_size,
  totalChunks: r.total_chunks,
  expectedHash: r.expected_hash,
  status: r.status,
  completedVersionId: r.completed_version_id,
  expiresAt: r.expires_at,
  endReason: r.end_reason,
});

export type NewUploadSession = Omit<UploadSessionRecord, 'uploadId' | 'status' | 'completedVersionId' | 'endReason'>;

const EXPIRED_REASON = 'its time ran out';

export class UploadRepository extends Repository {
  private readonly getStmt = this.db.prepare<[string, string], Row>('SELECT * FROM upload_sessions WHERE tenant_id = ? AND upload_id = ?');
  private readonly byKeyStmt = this.db.prepare<[string, string], Row>('SELECT * FROM upload_sessions WHERE tenant_id = ? AND idempotency_key = ?');
  private readonly insertStmt = this.db.prepare(
    `INSERT INTO upload_sessions (upload_id, tenant_id, idempotency_key, create_by, target, total_size, chunk_size, total_chunks,
       expected_hash, expires_at, create_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  private readonly putChunkStmt = this.db.prepare(
    'INSERT OR REPLACE INTO upload_chunks (upload_id, chunk_index, size_bytes, sha256) VALUES (?, ?, ?, ?)',
  );
  private readonly removeChunkStmt = this.db.prepare<[string, number]>('DELETE FROM upload_chunks WHERE upload_id = ? AND chunk_index = ?');
  private readonly chunkIndexesStmt = this.db.prepare<[string], { chunk_index: number }>(
    'SELECT chunk_index FROM upload_chunks WHERE upload_id = ? ORDER BY chunk_index',
  );
  private readonly extendStmt = this.db.prepare<[number, string]>('UPDATE upload_sessions SET expires_at = ? WHERE upload_id = ?');
  private readonly statusStmt = this.db.prepare<[string], { status: UploadStatus }>('SELECT status FROM upload_sessions WHERE upload_id = ?');

  create(input: NewUploadSession): UploadSessionRecord {
    const uploadId = newId('upl');
    this.insertStmt.run(
      uploadId,
      input.tenantId,
      input.idempotencyKey,
      input.createBy,
      JSON.stringify(input.target),
      input.totalSize,
      input.chunkSize,
      input.totalChunks,
      input.expectedHash,
      input.expiresAt,
      nowIso(),
    );
    return this.get(input.tenantId, uploadId) as UploadSessionRecord;
  }

  get(tenantId: string, uploadId: string): UploadSessionRecord | undefined {
    const row = this.getStmt.get(tenantId, uploadId);
    return row && toRecord(row);
  }

  findByKey(tenantId: string, idempotencyKey: string): UploadSessionRecord | undefined {
    const row = this.byKeyStmt.get(tenantId, idempotencyKey);
    return row && toRecord(row);
  }

  status(uploadId: string): UploadStatus | undefined {
    return this.statusStmt.get(uploadId)?.status;
  }

  putChunk(uploadId: string, chunkIndex: number, sizeBytes: number, sha256: string): void {
    this.putChunkStmt.run(uploadId, chunkIndex, sizeBytes, sha256);
  }

  removeChunk(uploadId: string, chunkIndex: number): void {
    this.removeChunkStmt.run(uploadId, chunkIndex);
  }

  removeChunks(uploadId: string, chunkIndexes: readonly number[]): void {
    for (const index of chunkIndexes) this.removeChunkStmt.run(uploadId, index);
  }

  chunkIndexes(uploadId: string): number[] {
    return this.chunkIndexesStmt.all(uploadId).map((r) => r.chunk_index);
  }

  markCompleted(uploadId: string, versionId: string): void {
    this.prepared("UPDATE upload_sessions SET status = 'COMPLETED', completed_version_id = ? WHERE upload_id = ?").run(versionId, uploadId);
    this.prepared('DELETE FROM upload_chunks WHERE upload_id = ?').run(uploadId);
  }

  /**
   * Ends an open session without a version: it forgets its chunks and frees its idempotency key
   * (init with the key starts a new session), and later calls on it are told `reason`.
   */
  end(uploadId: string, reason: string, now: number): void {
    this.prepared("UPDATE upload_sessions SET status = 'EXPIRED', end_reason = ?, expires_at = MIN(expires_at, ?) WHERE upload_id = ? AND status = 'OPEN'")
      .run(reason, now, uploadId);
    this.prepared('DELETE FROM upload_chunks WHERE upload_id = ?').run(uploadId);
  }

  /** Removes a session entirely, freeing its idempotency key. */
  delete(uploadId: string): void {
    this.prepared('DELETE FROM upload_sessions WHERE upload_id = ?').run(uploadId);
  }

  extend(uploadId: string, expiresAt: number): void {
    this.extendStmt.run(expiresAt, uploadId);
  }

  /** Marks open sessions whose time ran out as EXPIRED, forgets their chunks, and returns their ids. */
  expireDue(now: number): string[] {
    const ids = this.prepared<[number], { upload_id: string }>("SELECT upload_id FROM upload_sessions WHERE status = 'OPEN' AND expires_at < ?")
      .all(now)
      .map((r) => r.upload_id);
    const mark = this.prepared<[string, string]>("UPDATE upload_sessions SET status = 'EXPIRED', end_reason = ? WHERE upload_id = ?");
    const forget = this.prepared<[string]>('DELETE FROM upload_chunks WHERE upload_id = ?');
    for (const id of ids) {
      mark.run(EXPIRED_REASON, id);
      forget.run(id);
    }
    return ids;
  }

  /** Deletes EXPIRED sessions that ran out before `cutoff`. */
  deleteExpiredBefore(cutoff: number): number {
    return this.prepared<[number]>("DELETE FROM upload_sessions WHERE status = 'EXPIRED' AND expires_at < ?").run(cutoff).changes;
  }
}
