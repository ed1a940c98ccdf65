/**
 * Rows that leave the store for good: versions pruned by a type's maxVersionCount, and deleted
 * containers and documents whose purgeAt has passed. Blob rows are released by the caller through
 * VersionRepository.releaseBlob, which knows whether the file is still needed.
 */
import { Repository } from '../db.ts';

export interface VersionRef {
  versionId: string;
  blobId: string;
}

export interface DueItem {
  tenantId: string;
  id: string;
}

export class RetentionRepository extends Repository {
  /** A document's versions, oldest first. */
  versionsOldestFirst(tenantId: string, docId: string): VersionRef[] {
    return this.db
      .prepare<[string, string], { version_id: string; blob_id: string }>(
        'SELECT version_id, blob_id FROM versions WHERE tenant_id = ? AND doc_id = ? ORDER BY version_no ASC',
      )
      .all(tenantId, docId)
      .map((r) => ({ versionId: r.version_id, blobId: r.blob_id }));
  }

  deleteVersion(tenantId: string, versionId: string): void {
    this.db.prepare('DELETE FROM versions WHERE tenant_id = ? AND version_id = ?').run(tenantId, versionId);
  }

  /** Deleted containers whose purgeAt is at or before `nowIso`, across tenants. */
  dueContainers(nowIso: string, limit: number): DueItem[] {
    return this.db
      .prepare<[string, number], { tenant_id: string; container_id: string }>(
        `SELECT tenant_id, container_id FROM containers WHERE status = 'DELETED' AND purge_at != '' AND purge_at <= ? ORDER BY purge_at LIMIT ?`,
      )
      .all(nowIso, limit)
      .map((r) => ({ tenantId: r.tenant_id, id: r.container_id }));
  }

  /** Deleted documents whose purgeAt is at or before `nowIso`, across tenants. */
  dueDocuments(nowIso: string, limit: number): DueItem[] {
    return this.db
      .prepare<[string, number], { tenant_id: string; doc_id: string }>(
        `SELECT tenant_id, doc_id FROM documents WHERE state = 'DELETED' AND purge_at != '' AND purge_at <= ? ORDER BY purge_at LIMIT ?`,
      )
      .all(nowIso, limit)
      .map((r) => ({ tenantId: r.tenant_id, id: r.doc_id }));
  }

  /** Every document in a container, whatever its state. */
  documentIdsIn(tenantId: string, containerId: string): string[] {
    return this.db
      .prepare<[string, string], { doc_id: string }>('SELECT doc_id FROM documents WHERE tenant_id = ? AND container_id = ?')
      .all(tenantId, containerId)
      .map((r) => r.doc_id);
  }

  /** Removes a document and its versions; returns the blob ids those versions referenced. */
  deleteDocument(tenantId: string, docId: string): string[] {
    const blobIds = this.db
      .prepare<[string, string], { blob_id: string }>('SELECT DISTINCT blob_id FROM versions WHERE tenant_id = ? AND doc_id = ?')
      .all(tenantId, docId)
      .map((r) => r.blob_id);
    this.db.prepare('DELETE FROM versions WHERE tenant_id = ? AND doc_id = ?').run(tenantId, docId);
    this.db.prepare('DELETE FROM documents WHERE tenant_id = ? AND doc_id = ?').run(tenantId, docId);
    return blobIds;
  }

  deleteContainer(tenantId: string, containerId: string): void {
    this.db.prepare('DELETE FROM containers WHERE tenant_id = ? AND container_id = ?').run(tenantId, containerId);
  }
}
