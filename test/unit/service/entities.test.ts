/**
 * Version, document and container are each defined once, by their v1 schema: the store's records
 * derive from it, and the service's views cut their answers by it. These tests fail when the two
 * drift apart: at compile time (`npm run typecheck` checks the expectTypeOf lines) when a record
 * no longer has exactly the schema's fields plus the store-only ones, and at run time when a record
 * read from a real SQLite store, with every optional field set and unset, maps to something the
 * schema refuses, or when a table's columns and its record's fields part.
 */
import * as Type from 'typebox/type';
import type { TObject, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { Container, Document, Version, VersionResult } from '../../../shared/v1/resources.ts';
import { describeMask } from '../../../shared/permissions.ts';
import { toContainer } from '../../../main/service/containers/view.ts';
import { toDocument } from '../../../main/service/documents/view.ts';
import { toVersion, toVersionResult } from '../../../main/service/versions/view.ts';
import { openDatabase, type Db } from '../../../main/store/db.ts';
import { MirrorRepository } from '../../../main/store/offline/mirror.ts';
import { asyncOverSqlite } from '../../../main/store/async/database.ts';
import { ContainerRecord, type AsyncContainerRepository } from '../../../main/store/async/repos/containers.ts';
import { DocumentRecord, type AsyncDocumentRepository } from '../../../main/store/async/repos/documents.ts';
import { VersionRecord, VersionRepository } from '../../../main/store/repos/versions.ts';
import { snakeCase, type RowOf } from '../../../main/store/rows.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

type TreeState = 'ACTIVE' | 'DELETED';

describe('records have exactly the schema fields plus the store-only ones', () => {
  it('VersionRecord: Version less what the service adds, plus the tenant', () => {
    expectTypeOf<VersionRecord>().branded.toEqualTypeOf<Omit<Version, 'createByName' | 'sourcePreviewable'> & { tenantId: string }>();
  });

  it('DocumentRecord: Document less looked-up names, plus tenant, last writer and recycle-bin batch', () => {
    expectTypeOf<DocumentRecord>().branded.toEqualTypeOf<
      Omit<Document, 'containerName' | 'documentTypeName' | 'createByName' | 'state' | 'metadataColumns'> & {
        tenantId: string;
        state: TreeState;
        metadata: Document['metadataColumns'];
        updateBy: string;
        deletedBatch: string | null;
      }
    >();
  });

  it('ContainerRecord: Container less what is worked out per caller, plus tenant, system kind and batch', () => {
    expectTypeOf<ContainerRecord>().branded.toEqualTypeOf<
      Omit<
        Container,
        'parentId' | 'parentName' | 'containerTypeName' | 'status' | 'createByName' | 'metadataColumns' | 'effectivePermissions' | 'hasChildren'
      > & {
        tenantId: string;
        parentId: string | null;
        status: TreeState;
        systemKind: 'ROOT' | 'DEFAULT' | null;
        metadata: Container['metadataColumns'];
        deletedBatch: string | null;
      }
    >();
  });

  it('a row has each field under its snake_case column, booleans as 0/1 and objects as JSON text', () => {
    expectTypeOf<RowOf<ContainerRecord>['acl_inherit_enabled']>().toEqualTypeOf<number>();
    expectTypeOf<RowOf<ContainerRecord>['metadata']>().toEqualTypeOf<string>();
    expectTypeOf<RowOf<ContainerRecord>['parent_id']>().toEqualTypeOf<string | null>();
    expectTypeOf<RowOf<DocumentRecord>['current_version_no']>().toEqualTypeOf<number>();
    expectTypeOf<keyof RowOf<VersionRecord>>().toEqualTypeOf<
      | 'version_id'
      | 'tenant_id'
      | 'doc_id'
      | 'version_no'
      | 'blob_id'
      | 'content_hash'
      | 'size_bytes'
      | 'mime_type'
      | 'original_filename'
      | 'comment'
      | 'label'
      | 'create_by'
      | 'create_time'
      | 'file_mtime'
      | 'executable'
    >();
  });

  it('VersionResult is the part of Version that uploads answer with', () => {
    expectTypeOf<VersionResult>().toEqualTypeOf<
      Pick<Version, 'docId' | 'versionId' | 'blobId' | 'versionNo' | 'contentHash' | 'sizeBytes' | 'mimeType' | 'originalFilename' | 'fileMtime' | 'executable'>
    >();
  });
});

let dir: string;
let db: Db;
let containers: AsyncContainerRepository;
let documents: AsyncDocumentRepository;
let versions: VersionRepository;

const TENANT = 'ten_entities';

beforeEach(async () => {
  dir = tempDir('folio-entities-');
  db = await openDatabase(dir);
  ({ containers, documents } = asyncOverSqlite(db).repos);
  versions = new VersionRepository(db);
});

afterEach(() => {
  db.close();
  removeDir(dir);
});

/**
 * The schema accepts `value`, `value` has no field the schema does not name, and every field the
 * schema requires (an optional one, such as a version's fileMtime, is absent when not known).
 */
function expectExactly(schema: TObject, value: object): void {
  expect([...Value.Errors(schema, value)].map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
  const named = Object.keys(schema.properties);
  const required = named.filter((key) => !Type.IsOptional((schema.properties as Record<string, TSchema>)[key]));
  expect(Object.keys(value).filter((key) => !named.includes(key))).toEqual([]);
  expect(required.filter((key) => !(key in value))).toEqual([]);
}

const columnsOf = (table: string): string[] =>
  db
    .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
    .all()
    .map((c) => c.name)
    .sort();

async function storedTree() {
  const root = await containers.create({
    tenantId: TENANT,
    parentId: null,
    containerTypeId: 'cty_folder',
    name: 'root',
    description: '',
    sortOrder: 0,
    metadata: {},
    aclInheritEnabled: true,
    systemKind: 'ROOT',
    createBy: 'usr_a',
  });
  const child = await containers.create({
    tenantId: TENANT,
    parentId: root.containerId,
    containerTypeId: 'cty_folder',
    name: 'Reports',
    description: 'quarterly',
    sortOrder: 7,
    metadata: { project: 'apollo', year: 2026 },
    aclInheritEnabled: false,
    systemKind: null,
    createBy: 'usr_a',
  });
  const bare = await documents.create({ tenantId: TENANT, containerId: child.containerId, title: 'empty.txt', documentTypeId: 'cty_doc', metadata: {}, createBy: 'usr_a' });
  const full = await documents.create({ tenantId: TENANT, containerId: child.containerId, title: 'plan.pdf', documentTypeId: 'cty_doc', metadata: { owner: 'b' }, createBy: 'usr_a' });
  const blobId = versions.ensureBlob(TENANT, 'a'.repeat(64), 12);
  const plain = versions.append({ tenantId: TENANT, docId: full.docId, blobId, contentHash: 'a'.repeat(64), sizeBytes: 12, mimeType: 'application/pdf', originalFilename: 'plan.pdf', comment: '', label: '', createBy: 'usr_a' });
  const described = versions.append({ tenantId: TENANT, docId: full.docId, blobId, contentHash: 'a'.repeat(64), sizeBytes: 12, mimeType: 'application/zip', originalFilename: 'plan.zip', comment: 'second draft', label: 'v2', createBy: 'usr_b' });
  await documents.setCurrentVersion(full, described, 'usr_b');
  // Published versions and processing states arrive only from a service, through the offline mirror.
  const stored = await documents.get(TENANT, full.docId);
  if (!stored) throw new Error('document vanished');
  new MirrorRepository(db).putDocument(TENANT, {
    ...stored,
    publishedVersionId: plain.versionId,
    publishedVersionNo: plain.versionNo,
    publishedLabel: 'approved',
    processingState: 'FAILED',
    processingFailReason: 'no text',
    indexStatus: 'FAILED',
    indexFailReason: 'too large',
    purgeAt: '',
  });
  await containers.setStatus(TENANT, child.containerId, 'DELETED', '2026-12-01T00:00:00.000Z', 'batch_1', 'usr_b');
  await documents.setState(TENANT, bare.docId, 'DELETED', '2026-12-01T00:00:00.000Z', 'batch_1', 'usr_b');
  const read = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('record vanished');
    return v;
  };
  return {
    containers: [read(await containers.get(TENANT, root.containerId)), read(await containers.get(TENANT, child.containerId))] as const,
    documents: [read(await documents.get(TENANT, bare.docId)), read(await documents.get(TENANT, full.docId))] as const,
    versions: [read(versions.get(TENANT, plain.versionId)), read(versions.get(TENANT, described.versionId))] as const,
  };
}

describe('records read from a real store, mapped to v1', () => {
  it('each table has exactly the columns its record names', () => {
    expect(columnsOf('versions')).toEqual(Object.keys(VersionRecord.properties).map(snakeCase).sort());
    expect(columnsOf('documents')).toEqual(Object.keys(DocumentRecord.properties).map(snakeCase).sort());
    expect(columnsOf('containers')).toEqual(Object.keys(ContainerRecord.properties).map(snakeCase).sort());
  });

  it('a record read back matches its record schema, with nulls, booleans and JSON decoded', async () => {
    const tree = await storedTree();
    for (const c of tree.containers) expectExactly(ContainerRecord, c);
    for (const d of tree.documents) expectExactly(DocumentRecord, d);
    for (const v of tree.versions) expectExactly(VersionRecord, v);
    const [root, child] = tree.containers;
    expect(root).toMatchObject({ parentId: null, systemKind: 'ROOT', aclInheritEnabled: true, deletedBatch: null, metadata: {} });
    expect(child).toMatchObject({ systemKind: null, aclInheritEnabled: false, status: 'DELETED', deletedBatch: 'batch_1', metadata: { project: 'apollo', year: 2026 } });
    const [bare, full] = tree.documents;
    expect(bare).toMatchObject({ currentVersionId: '', currentVersionNo: 0, state: 'DELETED', deletedBatch: 'batch_1' });
    expect(full).toMatchObject({ currentVersionNo: 2, publishedLabel: 'approved', processingState: 'FAILED', deletedBatch: null, metadata: { owner: 'b' } });
  });

  it('toVersion and toVersionResult give exactly their schemas, for versions with and without comment and label', async () => {
    const stored = (await storedTree()).versions;
    for (const v of stored) {
      const version = toVersion(v, 'Ann');
      expectExactly(Version, version);
      expectExactly(VersionResult, toVersionResult(v));
      expect(toVersionResult(v)).toEqual(Object.fromEntries(Object.keys(VersionResult.properties).map((k) => [k, version[k as keyof Version]])));
    }
    const plain = toVersion(stored[0], 'Ann');
    const described = toVersion(stored[1], 'Ann');
    expect(plain).toMatchObject({ comment: '', label: '', sourcePreviewable: true, createByName: 'Ann' });
    expect(described).toMatchObject({ comment: 'second draft', label: 'v2', sourcePreviewable: false });
  });

  it('toDocument gives exactly the Document schema, for a bare deleted document and a fully set one', async () => {
    for (const d of (await storedTree()).documents) {
      const doc = toDocument(d, { containerName: 'Reports', documentTypeName: 'Document', createByName: 'Ann' });
      expectExactly(Document, doc);
      expect(doc.metadataColumns).toEqual(d.metadata);
    }
  });

  it("toContainer gives exactly the Container schema: the root's null parent is '' on the wire", async () => {
    const facts = { parentName: '', containerTypeName: 'Folder', createByName: 'Ann', effectivePermissions: describeMask(0), hasChildren: false };
    const [rootRecord, childRecord] = (await storedTree()).containers;
    const root = toContainer(rootRecord, facts);
    const child = toContainer(childRecord, facts);
    expectExactly(Container, root);
    expectExactly(Container, child);
    expect(root.parentId).toBe('');
    expect(child.parentId).not.toBe('');
    expect(child).toMatchObject({ aclInheritEnabled: false, metadataColumns: { project: 'apollo', year: 2026 } });
  });

  it('a field the store adds to a record never reaches an answer', async () => {
    const [v] = (await storedTree()).versions;
    const widened = { ...v, internalNote: 'store only' };
    expect(toVersion(widened, 'Ann')).not.toHaveProperty('internalNote');
    expect(toVersionResult(widened)).not.toHaveProperty('tenantId');
  });
});
