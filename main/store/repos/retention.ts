/**
 * Rows that leave the store for good: versions pruned by a type's maxVersionCount, and deleted
 * containers and documents whose purgeAt has passed. A version leaves with its renditions and the
 * jobs about it that are not running (text extraction is keyed by version id). Blob rows are released by the
 * caller through VersionRepository.releaseBlob, which knows whether the file is still needed; the
 * caller also drops rendition files that no rendition references any more.
 */
import { Repository } from '../db.ts';

export interface VersionRef {
  versionId: string;
  blobId: string;
}

/** What purging versions left for the caller to release: blob rows, and rendition contents that may be unreferenced now. */
export interface PurgedVersions {
  blobIds: string[];
  renditionHashes: string[];
}

export interface DueItem {
  tenantId: string;
  id: string;
}

export class RetentionRepository extends Repository {
  /** A document's versions, oldest first. */
  versionsOldestFirst(tenantId: string, docId: string): VersionRef[] {
    return this.prepared<[string, string], { version_id: string; blob_id: string }>(
        'SELECT version_id, blob_id FROM versions WHERE tenant_id = ? AND doc_id = ? ORDER BY version_no ASC',
      )
      .all(tenantId, docId)
      .map((r) => ({ versionId: r.version_id, blobId: r.blob_id }));
  }

  /** Removes a version with its renditions and the jobs about it that are not running; returns the content hashes its renditions referenced. */
  deleteVersion(tenantId: string, versionId: string): string[] {
    const renditionHashes = this.forgetRenditions(tenantId, versionId);
    this.prepared('DELETE FROM versions WHERE tenant_id = ? AND version_id = ?').run(tenantId, versionId);
    return renditionHashes;
  }

  /** A job still running finds its version gone and ends; a queued or failed one would only linger. */
  private forgetRenditions(tenantId: string, versionId: string): string[] {
    const hashes = this.prepared<[string, string], { content_hash: string }>(
        "SELECT DISTINCT content_hash FROM renditions WHERE tenant_id = ? AND version_id = ? AND content_hash != ''",
      )
      .all(tenantId, versionId)
      .map((r) => r.content_hash);
    this.prepared('DELETE FROM renditions WHERE tenant_id = ? AND version_id = ?').run(tenantId, versionId);
    this.prepared("DELETE FROM jobs WHERE job_key = ? AND status != 'RUNNING'").run(versionId);
    return hashes;
  }

  /** Deleted containers whose purgeAt is at or before `nowIso`, across tenants. */
  dueContainers(nowIso: string, limit: number): DueItem[] {
    return this.prepared<[string, number], { tenant_id: string; container_id: string }>(
        `SELECT tenant_id, container_id FROM containers WHERE status = 'DELETED' AND purge_at != '' AND purge_at <= ? ORDER BY purge_at LIMIT ?`,
      )
      .all(nowIso, limit)
      .map((r) => ({ tenantId: r.tenant_id, id: r.container_id }));
  }

  /** Deleted documents whose purgeAt is at or before `nowIso`, across tenants. */
  dueDocuments(nowIso: string, limit: number): DueItem[] {
    return this.prepared<[string, number], { tenant_id: string; doc_id: string }>(
        `SELECT tenant_id, doc_id FROM documents WHERE state = 'DELETED' AND purge_at != '' AND purge_at <= ? ORDER BY purge_at LIMIT ?`,
      )
      .all(nowIso, limit)
      .map((r) => ({ tenantId: r.tenant_id, id: r.doc_id }));
  }

  /** Every document in a container, whatever its state. */
  documentIdsIn(tenantId: string, containerId: string): string[] {
    return this.prepared<[string, string], { doc_id: string }>('SELECT doc_id FROM documents WHERE tenant_id = ? AND container_id = ?')
      .all(tenantId, containerId)
      .map((r) => r.doc_id);
  }

  /** Removes a document and its versions, with their renditions and the jobs about them that are not running. */
  deleteDocument(tenantId: string, docId: string): PurgedVersions {
    const versions = this.versionsOldestFirst(tenantId, docId);
    const renditionHashes = versions.flatMap((v) => this.deleteVersion(tenantId, v.versionId));
    this.prepared('DELETE FROM documents WHERE tenant_id = ? AND doc_id = ?').run(tenantId, docId);
    return { blobIds: [...new Set(versions.map((v) => v.blobId))], renditionHashes: [...new Set(renditionHashes)] };
  }

  deleteContainer(tenantId: string, containerId: string): void {
    this.prepared('DELETE FROM containers WHERE tenant_id = ? AND container_id = ?').run(tenantId, containerId);
  }
}
