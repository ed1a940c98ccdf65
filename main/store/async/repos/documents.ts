/**
 * Documents of the tree over either database. A document's current-version columns are
 * denormalised from its newest version. What runs per request or per upload (a document by id,
 * its insert, update and current version, whether a name is taken, a page of a container's
 * documents) is compiled once: documents/get reads a document by id on every call.
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { sql, type Kysely } from 'kysely';
import { Document } from '../../../../shared/v1/resources.ts';
import { newId, nowIso } from '../../ids.ts';
import { rowReader, type RowOf } from '../../rows.ts';
import { compiledOnce, type CompiledOnce } from '../compiledOnce.ts';
import type { StoreSchema } from '../schema.ts';
import { DeletedBatch, TreeState, type PageOrder } from './treeItems.ts';

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

const toRecord = rowReader(DocumentRecord);
const toRecords = (rows: readonly RowOf<DocumentRecord>[]): DocumentRecord[] => rows.map(toRecord);

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
type OrderKey = keyof typeof DOCUMENT_ORDER_COLUMNS;

type Q = Kysely<StoreSchema>;

const byId = compiledOnce((q: Q, tenantId: string, docId: string) => q.selectFrom('documents').selectAll().where('tenant_id', '=', tenantId).where('doc_id', '=', docId));
const insert = compiledOnce((q: Q, docId: string, tenantId: string, containerId: string, title: string, typeId: string, metadata: string, createBy: string, now: string) =>
  q
    .insertInto('documents')
    .values({
      doc_id: docId,
      tenant_id: tenantId,
      container_id: containerId,
      title,
      document_type_id: typeId,
      metadata,
      create_by: createBy,
      create_time: now,
      update_by: createBy,
      update_time: now,
    })
    .returningAll(),
);
const rewrite = compiledOnce((q: Q, tenantId: string, docId: string, title: string, containerId: string, metadata: string, updateBy: string, now: string) =>
  q
    .updateTable('documents')
    .set({ title, container_id: containerId, metadata, update_by: updateBy, update_time: now })
    .where('tenant_id', '=', tenantId)
    .where('doc_id', '=', docId)
    .returningAll(),
);
const current = compiledOnce(
  (q: Q, tenantId: string, docId: string, versionId: string, versionNo: number, sizeBytes: number, mimeType: string, filename: string, hash: string, updateBy: string, now: string) =>
    q
      .updateTable('documents')
      .set({
        current_version_id: versionId,
        current_version_no: versionNo,
        size_bytes: sizeBytes,
        mime_type: mimeType,
        original_filename: filename,
        content_hash: hash,
        update_by: updateBy,
        update_time: now,
      })
      .where('tenant_id', '=', tenantId)
      .where('doc_id', '=', docId),
);
const lifecycle = compiledOnce((q: Q, tenantId: string, docId: string, state: DocumentState, purgeAt: string, batch: string | null, updateBy: string, now: string) =>
  q
    .updateTable('documents')
    .set({ state, purge_at: purgeAt, deleted_batch: batch, update_by: updateBy, update_time: now })
    .where('tenant_id', '=', tenantId)
    .where('doc_id', '=', docId),
);
// Every new document, rename, move and restore asks it, inside its unit of work.
const nameUse = compiledOnce((q: Q, tenantId: string, containerId: string, name: string, exceptId: string) =>
  q
    .selectFrom('documents')
    .select(sql<number>`1`.as('one'))
    .where('tenant_id', '=', tenantId)
    .where('container_id', '=', containerId)
    .where('title', '=', name)
    .where('state', '=', 'ACTIVE')
    .where('doc_id', '!=', exceptId)
    .unionAll(
      q
        .selectFrom('containers')
        .select(sql<number>`1`.as('one'))
        .where('tenant_id', '=', tenantId)
        .where('parent_id', '=', containerId)
        .where('name', '=', name)
        .where('status', '=', 'ACTIVE')
        .where('container_id', '!=', exceptId),
    )
    .limit(1),
);

/** A page of a container's documents in one order: compiled once per order, of which there are sixteen. */
interface PageQueries {
  count: CompiledOnce<StoreSchema, [string, string], { n: number | string }>;
  rows: CompiledOnce<StoreSchema, [string, string, number, number], RowOf<DocumentRecord>>;
}
const pages = new Map<string, PageQueries>();

function pageQueries(includeDeleted: boolean, order: PageOrder<OrderKey>): PageQueries {
  const key = `${includeDeleted}|${order.column}|${order.asc}`;
  let queries = pages.get(key);
  if (!queries) {
    const inContainer = (q: Q, tenantId: string, containerId: string) => {
      const all = q.selectFrom('documents').where('tenant_id', '=', tenantId).where('container_id', '=', containerId);
      return includeDeleted ? all : all.where('state', '=', 'ACTIVE');
    };
    const column = DOCUMENT_ORDER_COLUMNS[order.column];
    const direction = order.asc ? 'asc' : 'desc';
    queries = {
      count: compiledOnce((q: Q, tenantId: string, containerId: string) => inContainer(q, tenantId, containerId).select((eb) => eb.fn.countAll<number | string>().as('n'))),
      rows: compiledOnce((q: Q, tenantId: string, containerId: string, limit: number, offset: number) =>
        // Rows with equal sort values keep one order: by id, last.
        inContainer(q, tenantId, containerId).selectAll().orderBy(column, direction).orderBy('doc_id', 'asc').limit(limit).offset(offset),
      ),
    };
    pages.set(key, queries);
  }
  return queries;
}

export class AsyncDocumentRepository {
  constructor(private readonly q: Q) {}

  async create(input: NewDocument): Promise<DocumentRecord> {
    const [row] = (
      await insert.run(this.q, newId('doc'), input.tenantId, input.containerId, input.title, input.documentTypeId, JSON.stringify(input.metadata), input.createBy, nowIso())
    ).rows;
    if (!row) throw new Error('a document insert returned no row');
    return toRecord(row);
  }

  /** The document, whatever its state. */
  async get(tenantId: string, docId: string): Promise<DocumentRecord | undefined> {
    const [row] = (await byId.run(this.q, tenantId, docId)).rows;
    return row && toRecord(row);
  }

  async update(tenantId: string, docId: string, patch: DocumentPatch, updateBy: string): Promise<DocumentRecord> {
    const was = await this.get(tenantId, docId);
    if (!was) throw new Error(`document ${docId} vanished inside a transaction`);
    const [row] = (
      await rewrite.run(this.q, tenantId, docId, patch.title ?? was.title, patch.containerId ?? was.containerId, JSON.stringify(patch.metadata ?? was.metadata), updateBy, nowIso())
    ).rows;
    if (!row) throw new Error(`document ${docId} vanished inside a transaction`);
    return toRecord(row);
  }

  /**
   * Makes `v` the current version of `doc` (as read in the caller's unit of work), and returns the
   * document as it now is: `doc` with exactly the columns this UPDATE sets, not read back, since
   * every upload comes here (RETURNING measured slower than the lookup it would save).
   */
  async setCurrentVersion(doc: DocumentRecord, v: CurrentVersion, updateBy: string): Promise<DocumentRecord> {
    const updateTime = nowIso();
    const { numAffectedRows } = await current.run(this.q, doc.tenantId, doc.docId, v.versionId, v.versionNo, v.sizeBytes, v.mimeType, v.originalFilename, v.contentHash, updateBy, updateTime);
    if (Number(numAffectedRows) !== 1) throw new Error(`document ${doc.docId} vanished inside a transaction`);
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

  async setState(tenantId: string, docId: string, state: DocumentState, purgeAt: string, deletedBatch: string | null, updateBy: string): Promise<void> {
    await lifecycle.run(this.q, tenantId, docId, state, purgeAt, deletedBatch, updateBy, nowIso());
  }

  async inContainer(tenantId: string, containerId: string, state: DocumentState): Promise<DocumentRecord[]> {
    return toRecords(await this.q.selectFrom('documents').selectAll().where('tenant_id', '=', tenantId).where('container_id', '=', containerId).where('state', '=', state).execute());
  }

  async inBatch(tenantId: string, batch: string): Promise<DocumentRecord[]> {
    return toRecords(await this.q.selectFrom('documents').selectAll().where('tenant_id', '=', tenantId).where('deleted_batch', '=', batch).execute());
  }

  /** True when an active document or container in `containerId` already has this exact name. */
  async nameTaken(tenantId: string, containerId: string, name: string, exceptId?: string): Promise<boolean> {
    return (await nameUse.run(this.q, tenantId, containerId, name, exceptId ?? '')).rows.length > 0;
  }

  /** A page of a container's documents, with how many there are in all. */
  async page(tenantId: string, containerId: string, includeDeleted: boolean, order: PageOrder<OrderKey>, limit: number, offset: number): Promise<{ total: number; rows: DocumentRecord[] }> {
    const queries = pageQueries(includeDeleted, order);
    const [count] = (await queries.count.run(this.q, tenantId, containerId)).rows;
    const { rows } = await queries.rows.run(this.q, tenantId, containerId, limit, offset);
    return { total: Number(count?.n ?? 0), rows: toRecords(rows) };
  }
}
