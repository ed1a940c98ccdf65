/** Versions and the blob rows they reference (one blob row per tenant and content hash). */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { Version } from '../../../shared/v1/resources.ts';
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';
import { rowReader, type RowOf } from '../rows.ts';

/**
 * A version as stored: the v1 Version without what the service adds when it answers (the
 * author's display name, whether a browser shows the type inline), plus its tenant.
 */
export const VersionRecord = Type.Object({
  ...Type.Omit(Version, ['createByName', 'sourcePreviewable']).properties,
  tenantId: Type.String(),
});
export type VersionRecord = Static<typeof VersionRecord>;

type Row = RowOf<VersionRecord>;
const toRecord = rowReader(VersionRecord);

/** The store numbers the version and stamps its time; the file's attributes are kept when given. */
export type NewVersion = Omit<VersionRecord, 'versionId' | 'versionNo' | 'createTime' | 'fileMtime' | 'executable'> & Partial<Pick<VersionRecord, 'fileMtime' | 'executable'>>;

/** Which documents' versions a listing covers (VersionRepository.pageInScope). */
export interface VersionScope {
  containerIds: readonly string[];
  docIds: readonly string[];
}

export class VersionRepository extends Repository {
  private readonly getStmt = this.db.prepare<[string, string], Row>('SELECT * FROM versions WHERE tenant_id = ? AND version_id = ?');
  private readonly nextNoStmt = this.db.prepare<[string], { n: number | null }>('SELECT MAX(version_no) AS n FROM versions WHERE doc_id = ?');
  private readonly insertStmt = this.db.prepare(
    `INSERT INTO versions (version_id, tenant_id, doc_id, version_no, blob_id, content_hash, size_bytes, mime_type, original_filename,
       comment, label, create_by, create_time, file_mtime, executable) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  private readonly blobByHashStmt = this.db.prepare<[string, string], { blob_id: string }>(
    'SELECT blob_id FROM blobs WHERE tenant_id = ? AND content_hash = ?',
  );
  private readonly insertBlobStmt = this.db.prepare(
    'INSERT INTO blobs (blob_id, tenant_id, content_hash, size_bytes, create_time) VALUES (?, ?, ?, ?, ?)',
  );
  private readonly countForDocStmt = this.db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM versions WHERE tenant_id = ? AND doc_id = ?',
  );
  private readonly pageForDocStmt = this.db.prepare<[string, string, number, number], Row>(
    'SELECT * FROM versions WHERE tenant_id = ? AND doc_id = ? ORDER BY version_no DESC LIMIT ? OFFSET ?',
  );
  private readonly countForTenantStmt = this.db.prepare<[string], { n: number }>(
    `SELECT COUNT(*) AS n FROM versions v JOIN documents d ON d.doc_id = v.doc_id WHERE v.tenant_id = ? AND d.state = 'ACTIVE'`,
  );
  private readonly pageForTenantStmt = this.db.prepare<[string, number, number], Row>(
    `SELECT v.* FROM versions v JOIN documents d ON d.doc_id = v.doc_id WHERE v.tenant_id = ? AND d.state = 'ACTIVE'
     ORDER BY v.version_no DESC, v.version_id LIMIT ? OFFSET ?`,
  );
  private readonly countByContainerStmt = this.db.prepare<[string], { container_id: string; n: number }>(
    `SELECT d.container_id, COUNT(*) AS n FROM versions v JOIN documents d ON d.doc_id = v.doc_id
     WHERE v.tenant_id = ? AND d.state = 'ACTIVE' GROUP BY d.container_id`,
  );
  // The scope is a JSON array of container ids and one of document ids: two parameters whatever
  // their length, so the statement is prepared once.
  private readonly pageInScopeStmt = this.db.prepare<[string, string, string, number, number], Row>(
    `SELECT v.* FROM versions v JOIN documents d ON d.doc_id = v.doc_id WHERE v.tenant_id = ? AND d.state = 'ACTIVE'
       AND (d.container_id IN (SELECT value FROM json_each(?)) OR d.doc_id IN (SELECT value FROM json_each(?)))
     ORDER BY v.version_no DESC, v.version_id LIMIT ? OFFSET ?`,
  );
  private readonly latestChangeStmt = this.db.prepare<[string], { s: number | null }>('SELECT MAX(seq) AS s FROM changes WHERE tenant_id = ?');
  private readonly tenantCounts = new Map<string, { seq: number; total: number }>();
  private readonly containerCounts = new Map<string, { seq: number; counts: ReadonlyMap<string, number> }>();
  private readonly blobHashStmt = this.db.prepare<[string, string], { content_hash: string }>(
    'SELECT content_hash FROM blobs WHERE tenant_id = ? AND blob_id = ?',
  );
  private readonly blobUsedStmt = this.db.prepare<[string], { one: number }>('SELECT 1 AS one FROM versions WHERE blob_id = ? LIMIT 1');
  private readonly deleteBlobStmt = this.db.prepare<[string]>('DELETE FROM blobs WHERE blob_id = ?');
  private readonly contentHeldStmt = this.db.prepare<[string], { one: number }>('SELECT 1 AS one FROM blobs WHERE content_hash = ? LIMIT 1');

  /** The tenant's blob row for this content, created on first use: equal content is stored once per tenant. */
  ensureBlob(tenantId: string, contentHash: string, sizeBytes: number): string {
    const existing = this.blobByHashStmt.get(tenantId, contentHash);
    if (existing) return existing.blob_id;
    const blobId = newId('blb');
    this.insertBlobStmt.run(blobId, tenantId, contentHash, sizeBytes, nowIso());
    return blobId;
  }

  /** Appends the next version of a document: versionNo rises by one per document. */
  append(input: NewVersion): VersionRecord {
    const executable = input.executable ?? null;
    const versionNo = (this.nextNoStmt.get(input.docId)?.n ?? 0) + 1;
    const versionId = newId('ver');
    this.insertStmt.run(
      versionId,
      input.tenantId,
      input.docId,
      versionNo,
      input.blobId,
      input.contentHash,
      input.sizeBytes,
      input.mimeType,
      input.originalFilename,
      input.comment,
      input.label,
      input.createBy,
      nowIso(),
      input.fileMtime ?? null,
      executable === null ? null : executable ? 1 : 0,
    );
    return this.get(input.tenantId, versionId) as VersionRecord;
  }

  get(tenantId: string, versionId: string): VersionRecord | undefined {
    const row = this.getStmt.get(tenantId, versionId);
    return row && toRecord(row);
  }

  /** Versions of one document, newest first. */
  pageForDocument(tenantId: string, docId: string, limit: number, offset: number): { total: number; rows: VersionRecord[] } {
    return this.read(() => ({ total: this.countForDocument(tenantId, docId), rows: this.pageForDocStmt.all(tenantId, docId, limit, offset).map(toRecord) }));
  }

  countForDocument(tenantId: string, docId: string): number {
    return this.countForDocStmt.get(tenantId, docId)?.n ?? 0;
  }

  /**
   * Versions of the tenant's active documents in a scope, newest version number first: those in
   * one of `scope.containerIds`, and those of `scope.docIds`. SQLite walks the versions in page
   * order (versions_by_tenant) and stops once the page is full.
   */
  pageInScope(tenantId: string, scope: VersionScope, limit: number, offset: number): VersionRecord[] {
    return this.pageInScopeStmt.all(tenantId, JSON.stringify(scope.containerIds), JSON.stringify(scope.docIds), limit, offset).map(toRecord);
  }

  /**
   * How many versions the tenant's active documents have, by container. Kept, like the tenant's
   * count, until the tenant's change feed moves: a document moved between containers records a change too.
   */
  countsByContainer(tenantId: string): ReadonlyMap<string, number> {
    const seq = this.latestChangeStmt.get(tenantId)?.s ?? 0;
    const cached = this.containerCounts.get(tenantId);
    if (cached?.seq === seq) return cached.counts;
    const counts = new Map(this.countByContainerStmt.all(tenantId).map((r) => [r.container_id, r.n]));
    this.containerCounts.set(tenantId, { seq, counts });
    return counts;
  }

  /** Versions of a tenant's active documents, newest version number first. */
  pageForTenant(tenantId: string, limit: number, offset: number): { total: number; rows: VersionRecord[] } {
    return this.read(() => ({ total: this.countForTenant(tenantId), rows: this.pageForTenantStmt.all(tenantId, limit, offset).map(toRecord) }));
  }

  /**
   * How many versions the tenant's active documents have. Counting means a join over every
   * version, so the count is kept until the tenant's change feed moves: every change to it (a new
   * version, a document deleted or restored, with its container or alone) records a change.
   */
  private countForTenant(tenantId: string): number {
    const seq = this.latestChangeStmt.get(tenantId)?.s ?? 0;
    const cached = this.tenantCounts.get(tenantId);
    if (cached?.seq === seq) return cached.total;
    const total = this.countForTenantStmt.get(tenantId)?.n ?? 0;
    this.tenantCounts.set(tenantId, { seq, total });
    return total;
  }

  blobContentHash(tenantId: string, blobId: string): string | undefined {
    return this.blobHashStmt.get(tenantId, blobId)?.content_hash;
  }

  /**
   * Drops the tenant's blob row when no version references it, and reports whether any tenant
   * still holds the content: only then may the file go.
   */
  releaseBlob(tenantId: string, blobId: string): { contentHash: string; fileStillNeeded: boolean } | undefined {
    const contentHash = this.blobContentHash(tenantId, blobId);
    if (!contentHash) return undefined;
    if (!this.blobUsedStmt.get(blobId)) this.deleteBlobStmt.run(blobId);
    return { contentHash, fileStillNeeded: this.contentReferenced(contentHash) };
  }

  /** True when some blob row in any tenant holds this content. */
  contentReferenced(contentHash: string): boolean {
    return this.contentHeldStmt.get(contentHash) !== undefined;
  }
}
