/** Documents. A document's current-version columns are denormalised from its newest version. */
import type { Db } from '../db.ts';
import { newId, nowIso } from '../ids.ts';
import { TreeItemRepository } from './treeItems.ts';

export type DocumentState = 'ACTIVE' | 'DELETED';

export interface DocumentRecord {
  docId: string;
  tenantId: string;
  containerId: string;
  title: string;
  documentTypeId: string;
  currentVersionId: string;
  currentVersionNo: number;
  sizeBytes: number;
  mimeType: string;
  originalFilename: string;
  contentHash: string;
  state: DocumentState;
  publishedVersionId: string;
  publishedVersionNo: number;
  publishedLabel: string;
  processingState: string;
  processingFailReason: string;
  indexStatus: string;
  indexFailReason: string;
  metadata: Record<string, unknown>;
  createBy: string;
  createTime: string;
  updateBy: string;
  updateTime: string;
  purgeAt: string;
  deletedBatch: string | null;
}

interface Row {
  doc_id: string;
  tenant_id: string;
  container_id: string;
  title: string;
  document_type_id: string;
  current_version_id: string;
  current_version_no: number;
  size_bytes: number;
  mime_type: string;
  original_filename: string;
  content_hash: string;
  state: DocumentState;
  published_version_id: string;
  published_version_no: number;
  published_label: string;
  processing_state: string;
  processing_fail_reason: string;
  index_status: string;
  index_fail_reason: string;
  metadata: string;
  create_by: string;
  create_time: string;
  update_by: string;
  update_time: string;
  purge_at: string;
  deleted_batch: string | null;
}

const toRecord = (r: Row): DocumentRecord => ({
  docId: r.doc_id,
  tenantId: r.tenant_id,
  containerId: r.container_id,
  title: r.title,
  documentTypeId: r.document_type_id,
  currentVersionId: r.current_version_id,
  currentVersionNo: r.current_version_no,
  sizeBytes: r.size_bytes,
  mimeType: r.mime_type,
  originalFilename: r.original_filename,
  contentHash: r.content_hash,
  state: r.state,
  publishedVersionId: r.published_version_id,
  publishedVersionNo: r.published_version_no,
  publishedLabel: r.published_label,
  processingState: r.processing_state,
  processingFailReason: r.processing_fail_reason,
  indexStatus: r.index_status,
  indexFailReason: r.index_fail_reason,
  metadata: JSON.parse(r.metadata) as Record<string, unknown>,
  createBy: r.create_by,
  createTime: r.create_time,
  updateBy: r.update_by,
  updateTime: r.update_time,
  purgeAt: r.purge_at,
  deletedBatch: r.deleted_batch,
});

export type NewDocument = Pick<DocumentRecord, 'tenantId' | 'containerId' | 'title' | 'documentTypeId' | 'metadata' | 'createBy'>;

export interface DocumentPatch {
  title?: string;
  containerId?: string;
  metadata?: Record<string, unknown>;
}

export interface CurrentVersion {
  versionId: string;
  versionNo: number;
  sizeBytes: number;
  mimeType: string;
  originalFilename: string;
  contentHash: string;
}

export const DOCUMENT_ORDER_COLUMNS = {
  title: 'title',
  createTime: 'create_time',
  updateTime: 'update_time',
  sizeBytes: 'size_bytes',
} as const;

export class DocumentRepository extends TreeItemRepository<Row, DocumentRecord, keyof typeof DOCUMENT_ORDER_COLUMNS> {
  constructor(db: Db) {
    super(db, { name: 'documents', idColumn: 'doc_id', parentColumn: 'container_id', stateColumn: 'state', tieBreakColumn: 'doc_id', orderColumns: DOCUMENT_ORDER_COLUMNS, toRecord });
  }

  create(input: NewDocument): DocumentRecord {
    const docId = newId('doc');
    const now = nowIso();
    this.prepared(
        `INSERT INTO documents (doc_id, tenant_id, container_id, title, document_type_id, metadata, create_by, create_time, update_by, update_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(docId, input.tenantId, input.containerId, input.title, input.documentTypeId, JSON.stringify(input.metadata), input.createBy, now, input.createBy, now);
    return this.get(input.tenantId, docId) as DocumentRecord;
  }

  update(tenantId: string, docId: string, patch: DocumentPatch, updateBy: string): DocumentRecord {
    const current = this.get(tenantId, docId);
    if (!current) throw new Error(`document ${docId} vanished inside a transaction`);
    this.prepared('UPDATE documents SET title = ?, container_id = ?, metadata = ?, update_by = ?, update_time = ? WHERE tenant_id = ? AND doc_id = ?')
      .run(
        patch.title ?? current.title,
        patch.containerId ?? current.containerId,
        JSON.stringify(patch.metadata ?? current.metadata),
        updateBy,
        nowIso(),
        tenantId,
        docId,
      );
    return this.get(tenantId, docId) as DocumentRecord;
  }

  /**
   * Makes `v` the current version of `doc` (as read in the caller's transaction), and returns the
   * document as it now is: `doc` with exactly the columns this UPDATE sets, not read back, since
   * every upload comes here (RETURNING measured slower than the lookup it would save).
   */
  setCurrentVersion(doc: DocumentRecord, v: CurrentVersion, updateBy: string): DocumentRecord {
    const updateTime = nowIso();
    const changed = this.prepared(
      `UPDATE documents SET current_version_id = ?, current_version_no = ?, size_bytes = ?, mime_type = ?, original_filename = ?,
           content_hash = ?, update_by = ?, update_time = ? WHERE tenant_id = ? AND doc_id = ?`,
    ).run(v.versionId, v.versionNo, v.sizeBytes, v.mimeType, v.originalFilename, v.contentHash, updateBy, updateTime, doc.tenantId, doc.docId).changes;
    if (changed !== 1) throw new Error(`document ${doc.docId} vanished inside a transaction`);
    return {
      ...doc,
      currentVersionId: v.versionId,
      currentVersionNo: v.versionNo,
      sizeBytes: v.sizeBytes,
      mimeType: v.mimeType,
      originalFilename: v.originalFilename,
      contentHash: v.contentHash,
      updateBy,
      updateTime,
    };
  }

  setState(tenantId: string, docId: string, state: DocumentState, purgeAt: string, deletedBatch: string | null, updateBy: string): void {
    this.setLifecycle(tenantId, docId, state, purgeAt, deletedBatch, updateBy);
  }

  inContainer(tenantId: string, containerId: string, state: DocumentState): DocumentRecord[] {
    return this.under(tenantId, containerId, state);
  }

  /** True when an active document or container in `containerId` already has this exact name. */
  nameTaken(tenantId: string, containerId: string, name: string, exceptId?: string): boolean {
    return (
      this.prepared(
          `SELECT 1 FROM documents WHERE tenant_id = ? AND container_id = ? AND title = ? AND state = 'ACTIVE' AND doc_id != ?
           UNION ALL SELECT 1 FROM containers WHERE tenant_id = ? AND parent_id = ? AND name = ? AND status = 'ACTIVE' AND container_id != ?
           LIMIT 1`,
        )
        .get(tenantId, containerId, name, exceptId ?? '', tenantId, containerId, name, exceptId ?? '') !== undefined
    );
  }
}
