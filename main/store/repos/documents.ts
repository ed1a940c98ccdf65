/** Documents. A document's current-version columns are denormalised from its newest version. */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { Document } from '../../../shared/v1/resources.ts';
import type { Db } from '../db.ts';
import { newId, nowIso } from '../ids.ts';
import { rowReader, type RowOf } from '../rows.ts';
import { DeletedBatch, TreeState } from '../async/repos/treeItems.ts';
import { TreeItemRepository } from './treeItems.ts';

export type DocumentState = TreeState;

/**
 * A document as stored: the v1 Document without the names the service looks up when it answers,
 * plus its tenant, who changed it last and its recycle-bin batch. `state` is narrowed to the two
 * the store writes, and `metadataColumns` is kept under its column's name, `metadata`.
 */
export const DocumentRecord = Type.Object({
  ...Type.Omit(Document, ['containerName', 'documentTypeName', 'createByName', 'state', 'metadataColumns']).properties,
  tenantId: Type.String(),
  state: TreeState,
  metadata: Document.properties.metadataColumns,
  updateBy: Type.String(),
  deletedBatch: DeletedBatch,
});
export type DocumentRecord = Static<typeof DocumentRecord>;

type Row = RowOf<DocumentRecord>;
const toRecord = rowReader(DocumentRecord);

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
