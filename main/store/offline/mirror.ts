/**
 * Writes that only the desktop's mirror makes to a service store (docs/offline.md): containers,
 * documents and versions copied from the service under the service's own ids, and the re-keying
 * of an item made locally once the service has given it an id. Reads go through the ordinary
 * repositories.
 */
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';
import type { ContainerRecord } from '../async/repos/containers.ts';
import type { DocumentRecord } from '../async/repos/documents.ts';
import type { VersionRecord } from '../repos/versions.ts';

/**
 * The mirror copies what the service reports, so statuses, states and kinds stay the plain strings
 * of the service's resources rather than the repositories' narrower unions.
 */
export type MirrorContainer = Omit<ContainerRecord, 'id' | 'tenantId' | 'parentId' | 'status' | 'systemKind' | 'deletedBatch'> & {
  /** The service's integer id, kept when the mirror has no other row under it. */
  rowId: number;
  parentId: string;
  status: string;
};

export type MirrorDocument = Omit<DocumentRecord, 'tenantId' | 'state' | 'deletedBatch'> & { state: string };

export type MirrorVersion = Omit<VersionRecord, 'tenantId' | 'blobId'>;

const isUniqueViolation = (err: unknown): boolean => err instanceof Error && 'code' in err && err.code === 'SQLITE_CONSTRAINT_UNIQUE';

export class MirrorRepository extends Repository {
  /** Inserts or updates a container under its service id. */
  putContainer(tenantId: string, c: MirrorContainer): void {
    this.withFreeName(
      () => this.writeContainer(tenantId, c),
      () => this.parkHolder(tenantId, c.parentId, c.name, c.containerId),
    );
  }

  private writeContainer(tenantId: string, c: MirrorContainer): void {
    const taken = this.prepared<[number, string], { n: number }>('SELECT 1 AS n FROM containers WHERE id = ? AND container_id != ?').get(c.rowId, c.containerId);
    this.prepared(
        `INSERT INTO containers (id, container_id, tenant_id, parent_id, container_type_id, name, description, sort_order, status, metadata,
           acl_inherit_enabled, create_by, create_time, update_by, update_time, purge_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (container_id) DO UPDATE SET parent_id = excluded.parent_id, container_type_id = excluded.container_type_id,
           name = excluded.name, description = excluded.description, sort_order = excluded.sort_order, status = excluded.status,
           metadata = excluded.metadata, acl_inherit_enabled = excluded.acl_inherit_enabled, create_by = excluded.create_by,
           create_time = excluded.create_time, update_by = excluded.update_by, update_time = excluded.update_time, purge_at = excluded.purge_at`,
      )
      .run(
        taken || c.rowId <= 0 ? null : c.rowId,
        c.containerId,
        tenantId,
        c.parentId,
        c.containerTypeId,
        c.name,
        c.description,
        c.sortOrder,
        c.status,
        JSON.stringify(c.metadata),
        c.aclInheritEnabled ? 1 : 0,
        c.createBy,
        c.createTime,
        c.updateBy,
        c.updateTime,
        c.purgeAt,
      );
  }

  /** Inserts or updates a document under its service id. */
  putDocument(tenantId: string, d: MirrorDocument): void {
    this.withFreeName(
      () => this.writeDocument(tenantId, d),
      () => this.parkHolder(tenantId, d.containerId, d.title, d.docId),
    );
  }

  private writeDocument(tenantId: string, d: MirrorDocument): void {
    this.prepared(
        `INSERT INTO documents (doc_id, tenant_id, container_id, title, document_type_id, current_version_id, current_version_no, size_bytes,
           mime_type, original_filename, content_hash, state, published_version_id, published_version_no, published_label, processing_state,
           processing_fail_reason, index_status, index_fail_reason, metadata, create_by, create_time, update_by, update_time, purge_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (doc_id) DO UPDATE SET container_id = excluded.container_id, title = excluded.title, document_type_id = excluded.document_type_id,
           current_version_id = excluded.current_version_id, current_version_no = excluded.current_version_no, size_bytes = excluded.size_bytes,
           mime_type = excluded.mime_type, original_filename = excluded.original_filename, content_hash = excluded.content_hash, state = excluded.state,
           published_version_id = excluded.published_version_id, published_version_no = excluded.published_version_no,
           published_label = excluded.published_label, processing_state = excluded.processing_state,
           processing_fail_reason = excluded.processing_fail_reason, index_status = excluded.index_status, index_fail_reason = excluded.index_fail_reason,
           metadata = excluded.metadata, create_by = excluded.create_by, create_time = excluded.create_time, update_by = excluded.update_by,
           update_time = excluded.update_time, purge_at = excluded.purge_at`,
      )
      .run(
        d.docId,
        tenantId,
        d.containerId,
        d.title,
        d.documentTypeId,
        d.currentVersionId,
        d.currentVersionNo,
        d.sizeBytes,
        d.mimeType,
        d.originalFilename,
        d.contentHash,
        d.state,
        d.publishedVersionId,
        d.publishedVersionNo,
        d.publishedLabel,
        d.processingState,
        d.processingFailReason,
        d.indexStatus,
        d.indexFailReason,
        JSON.stringify(d.metadata),
        d.createBy,
        d.createTime,
        d.updateBy,
        d.updateTime,
        d.purgeAt,
      );
  }

  /**
   * A rename on the service may arrive before the rename of the item that held the name: the old
   * holder steps aside under a parked name ('.folio-parked-<id>', which no synced item can have:
   * the engine ignores '.folio-*') until its own copy arrives, or it is removed.
   */
  private withFreeName(write: () => void, park: () => void): void {
    try {
      write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      park();
      write();
    }
  }

  private parkHolder(tenantId: string, parentId: string, name: string, exceptId: string): void {
    this.prepared("UPDATE containers SET name = '.folio-parked-' || container_id WHERE tenant_id = ? AND parent_id = ? AND name = ? AND status = 'ACTIVE' AND container_id != ?")
      .run(tenantId, parentId, name, exceptId);
    this.prepared("UPDATE documents SET title = '.folio-parked-' || doc_id WHERE tenant_id = ? AND container_id = ? AND title = ? AND state = 'ACTIVE' AND doc_id != ?")
      .run(tenantId, parentId, name, exceptId);
  }

  /** The items of the mirror's own type `from` take the type the service gave it (AsyncContentTypeRepository.putMirrored). */
  retypeItems(tenantId: string, from: string, to: string): void {
    this.prepared('UPDATE containers SET container_type_id = ? WHERE tenant_id = ? AND container_type_id = ?').run(to, tenantId, from);
    this.prepared('UPDATE documents SET document_type_id = ? WHERE tenant_id = ? AND document_type_id = ?').run(to, tenantId, from);
  }

  /** A document's versions become exactly these (the service's list). */
  replaceVersions(tenantId: string, docId: string, versions: readonly MirrorVersion[]): void {
    this.prepared('DELETE FROM versions WHERE tenant_id = ? AND doc_id = ?').run(tenantId, docId);
    const insert = this.prepared(
      `INSERT INTO versions (version_id, tenant_id, doc_id, version_no, blob_id, content_hash, size_bytes, mime_type, original_filename,
         comment, label, create_by, create_time, file_mtime, executable) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const v of versions) {
      const executable = v.executable === undefined || v.executable === null ? null : v.executable ? 1 : 0;
      insert.run(v.versionId, tenantId, docId, v.versionNo, this.blobRow(tenantId, v.contentHash, v.sizeBytes), v.contentHash, v.sizeBytes, v.mimeType, v.originalFilename, v.comment, v.label, v.createBy, v.createTime, v.fileMtime ?? null, executable);
    }
  }

  /** The blob row a version needs; the bytes themselves are cached only when they are at hand. */
  private blobRow(tenantId: string, contentHash: string, sizeBytes: number): string {
    const existing = this.prepared<[string, string], { blob_id: string }>('SELECT blob_id FROM blobs WHERE tenant_id = ? AND content_hash = ?').get(tenantId, contentHash);
    if (existing) return existing.blob_id;
    const blobId = newId('blb');
    this.prepared('INSERT INTO blobs (blob_id, tenant_id, content_hash, size_bytes, create_time) VALUES (?, ?, ?, ?, ?)').run(blobId, tenantId, contentHash, sizeBytes, nowIso());
    return blobId;
  }

  private hasContainer(tenantId: string, containerId: string): boolean {
    return this.prepared('SELECT 1 FROM containers WHERE tenant_id = ? AND container_id = ?').get(tenantId, containerId) !== undefined;
  }

  private hasDocument(tenantId: string, docId: string): boolean {
    return this.prepared('SELECT 1 FROM documents WHERE tenant_id = ? AND doc_id = ?').get(tenantId, docId) !== undefined;
  }

  /**
   * A container made locally takes the id the service gave it. When the service's copy is already
   * here, the local row hands its children over and goes.
   */
  rekeyContainer(tenantId: string, from: string, to: string): void {
    this.prepared('UPDATE containers SET parent_id = ? WHERE tenant_id = ? AND parent_id = ?').run(to, tenantId, from);
    this.prepared('UPDATE documents SET container_id = ? WHERE tenant_id = ? AND container_id = ?').run(to, tenantId, from);
    if (this.hasContainer(tenantId, to)) this.prepared('DELETE FROM containers WHERE tenant_id = ? AND container_id = ?').run(tenantId, from);
    else this.prepared('UPDATE containers SET container_id = ? WHERE tenant_id = ? AND container_id = ?').run(to, tenantId, from);
  }

  rekeyDocument(tenantId: string, from: string, to: string): void {
    if (this.hasDocument(tenantId, to)) {
      this.prepared('DELETE FROM versions WHERE tenant_id = ? AND doc_id = ?').run(tenantId, from);
      this.prepared('DELETE FROM documents WHERE tenant_id = ? AND doc_id = ?').run(tenantId, from);
      return;
    }
    this.prepared('UPDATE versions SET doc_id = ? WHERE tenant_id = ? AND doc_id = ?').run(to, tenantId, from);
    this.prepared('UPDATE documents SET doc_id = ? WHERE tenant_id = ? AND doc_id = ?').run(to, tenantId, from);
  }

  /** Removes a container with everything below it: the service no longer has it. */
  removeContainer(tenantId: string, containerId: string): void {
    const ids = this.prepared<[string, string, string], { id: string }>(
        `WITH RECURSIVE sub(id) AS (
           SELECT container_id FROM containers WHERE tenant_id = ? AND container_id = ?
           UNION ALL SELECT c.container_id FROM containers c JOIN sub ON c.parent_id = sub.id WHERE c.tenant_id = ?
         ) SELECT id FROM sub`,
      )
      .all(tenantId, containerId, tenantId)
      .map((r) => r.id);
    for (const id of ids) {
      this.prepared('DELETE FROM versions WHERE tenant_id = ? AND doc_id IN (SELECT doc_id FROM documents WHERE tenant_id = ? AND container_id = ?)').run(tenantId, tenantId, id);
      this.prepared('DELETE FROM documents WHERE tenant_id = ? AND container_id = ?').run(tenantId, id);
    }
    for (const id of ids.reverse()) this.prepared('DELETE FROM containers WHERE tenant_id = ? AND container_id = ?').run(tenantId, id);
  }

  removeDocument(tenantId: string, docId: string): void {
    this.prepared('DELETE FROM versions WHERE tenant_id = ? AND doc_id = ?').run(tenantId, docId);
    this.prepared('DELETE FROM documents WHERE tenant_id = ? AND doc_id = ?').run(tenantId, docId);
  }

  /** Shows metadata queued for the service before the service has it. */
  setMetadata(tenantId: string, kind: 'container' | 'document', id: string, metadata: Record<string, unknown>): void {
    if (kind === 'container') this.prepared('UPDATE containers SET metadata = ? WHERE tenant_id = ? AND container_id = ?').run(JSON.stringify(metadata), tenantId, id);
    else this.prepared('UPDATE documents SET metadata = ? WHERE tenant_id = ? AND doc_id = ?').run(JSON.stringify(metadata), tenantId, id);
  }

  /** Every document below a container (its own and its descendants'), any state. */
  documentsBelow(tenantId: string, containerId: string): { docId: string; containerId: string; title: string; contentHash: string; state: string }[] {
    return this.prepared<[string, string, string, string], { doc_id: string; container_id: string; title: string; content_hash: string; state: string }>(
        `WITH RECURSIVE sub(id) AS (
           SELECT container_id FROM containers WHERE tenant_id = ? AND container_id = ?
           UNION ALL SELECT c.container_id FROM containers c JOIN sub ON c.parent_id = sub.id WHERE c.tenant_id = ?
         ) SELECT doc_id, container_id, title, content_hash, state FROM documents WHERE tenant_id = ? AND container_id IN (SELECT id FROM sub)`,
      )
      .all(tenantId, containerId, tenantId, tenantId)
      .map((r) => ({ docId: r.doc_id, containerId: r.container_id, title: r.title, contentHash: r.content_hash, state: r.state }));
  }
}
