/**
 * Metadata validation against a real `folio serve`: container and document metadataColumns, and
 * the `metadata` string of uploads, are checked against the fields of the item's type (inherited
 * templates included); a failure is 110001 naming the field, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentType, FieldDefinition, TermSet } from '../../shared/v1/contentModel.ts';
import type { ChunkedUploadSession, Container, Document, PageOf } from '../../shared/v1/resources.ts';
import { saveField, saveTemplate, saveType, unique, upload, userApi } from '../helpers/contentModel.ts';
import { appApi, createTenant, createUser, data, removeDir, startServer, type Api, type Reply, type ServerHandle, type Tenant } from '../helpers/server.ts';

let server: ServerHandle;
let app: Api;
let aliceId: string;
let foreignUserId: string;
const f: Record<string, FieldDefinition> = {};
let containerType: ContentType;
let docType: ContentType;
let childDocType: ContentType;
let root: Container;

/** A valid value for every field of the template. */
let valid: Record<string, unknown>;

beforeAll(async () => {
  server = await startServer();
  const tenant = await createTenant(server.dataDir);
  app = await appApi(server.url, tenant);
  aliceId = (await userApi(app, server.dataDir, tenant.tenantId, 'alice')).userId;
  const otherTenant: Tenant = await createTenant(server.dataDir, 'other');
  foreignUserId = await createUser(server.dataDir, otherTenant.tenantId, 'olga');

  const regions = data(await app.post<TermSet>('/v1/termSets/save', { code: unique('reg'), name: 'Regions', terms: [{ value: 'eu' }, { value: 'us', deprecated: true }] }));
  f.ref = await saveField(app, { attributeKey: unique('ref'), displayName: 'Reference', valueType: 'STRING', required: true, validationRule: '{"pattern":"^[A-Z]{3}-\\\\d+$"}' });
  f.amount = await saveField(app, { attributeKey: unique('amount'), displayName: 'Amount', valueType: 'DECIMAL', validationRule: '{"min":0}' });
  f.count = await saveField(app, { attributeKey: unique('count'), displayName: 'Count', valueType: 'INTEGER' });
  f.urgent = await saveField(app, { attributeKey: unique('urgent'), displayName: 'Urgent', valueType: 'BOOLEAN' });
  f.due = await saveField(app, { attributeKey: unique('due'), displayName: 'Due', valueType: 'DATE' });
  f.at = await saveField(app, { attributeKey: unique('at'), displayName: 'At', valueType: 'DATETIME' });
  f.level = await saveField(app, { attributeKey: unique('level'), displayName: 'Level', valueType: 'OPTION', optionsList: [{ value: 'low' }, { value: 'high' }] });
  f.region = await saveField(app, { attributeKey: unique('region'), displayName: 'Region', valueType: 'OPTION', optionSourceType: 'TERM_SET', optionSourceId: regions.termSetId });
  f.owner = await saveField(app, { attributeKey: unique('owner'), displayName: 'Owner', valueType: 'USER' });
  f.labels = await saveField(app, { attributeKey: unique('labels'), displayName: 'Labels', valueType: 'STRING', cardinality: 'MULTI', validationRule: '{"maxItems":2}' });
  f.pages = await saveField(app, { attributeKey: unique('pages'), displayName: 'Pages', valueType: 'INTEGER', applicableTargets: ['DOCUMENT'] });
  const template = await saveTemplate(app, Object.values(f).map((x) => x.fieldId));
  containerType = await saveType(app, { targetKind: 'CONTAINER', templateIds: [template.templateId] });
  docType = await saveType(app, { targetKind: 'DOCUMENT', templateIds: [template.templateId] });
  childDocType = await saveType(app, { targetKind: 'DOCUMENT', parentTypeId: docType.typeId });
  root = data(await app.post<Container>('/v1/containers/create', { name: unique('root') }));

  valid = {
    [k('ref')]: 'ABC-42',
    [k('amount')]: 12.5,
    [k('count')]: 3,
    [k('urgent')]: false,
    [k('due')]: '2024-02-29',
    [k('at')]: '2024-05-01T10:00:00.123+02:00',
    [k('level')]: 'high',
    [k('region')]: 'us',
    [k('owner')]: aliceId,
    [k('labels')]: ['a', 'b'],
  };
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

function k(name: string): string {
  return f[name]?.attributeKey as string;
}

function expectFieldError(res: Reply<unknown>, key: string): void {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ code: 110001, success: false, data: null });
  expect(res.body.msg).toContain(`'${key}'`);
}

async function createContainer(metadataColumns: Record<string, unknown>, name = unique('c')): Promise<Reply<Container>> {
  return app.post<Container>('/v1/containers/create', { parentId: root.containerId, name, containerTypeId: containerType.typeId, metadataColumns });
}

async function childNames(): Promise<string[]> {
  return data(await app.post<PageOf<Container>>('/v1/containers/getPage', { parentId: root.containerId, pageSize: 500 })).content.map((c) => c.name);
}

/** Wrong values, each with the field it breaks. */
function wrongValues(): [string, unknown][] {
  return [
    ['ref', 'abc-42'],
    ['ref', 42],
    ['amount', -0.01],
    ['amount', '5'],
    ['count', 1.5],
    ['count', [1]],
    ['urgent', 'yes'],
    ['due', '2023-02-29'],
    ['due', '2024-5-1'],
    ['at', '2024-05-01T10:00:00'],
    ['at', '2024-05-01T25:00:00Z'],
    ['level', 'medium'],
    ['region', 'mars'],
    ['owner', 'usr_nobody'],
    ['owner', foreignUserId],
    ['labels', ['a', 'a']],
    ['labels', ['a', 'b', 'c']],
    ['labels', 'a'],
    ['labels', [1]],
  ];
}

describe('containers: metadataColumns on create and update', () => {
  it('accepts valid values, deprecated options, and unknown keys as legacy values', async () => {
    const c = data(await createContainer({ ...valid, freeform: { kept: true } }));
    expect(c.metadataColumns).toEqual({ ...valid, freeform: { kept: true } });
  });

  it('refuses each wrong value with 110001 naming the field, and creates nothing', async () => {
    for (const [name, value] of wrongValues()) {
      const title = unique('bad');
      const res = await createContainer({ ...valid, [k(name)]: value }, title);
      expectFieldError(res, k(name));
      expect(await childNames()).not.toContain(title);
    }
  });

  it('requires the required fields', async () => {
    const withoutRef = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k('ref')));
    for (const missing of [withoutRef, { ...valid, [k('ref')]: null }, { ...valid, [k('ref')]: '' }]) {
      const res = await createContainer(missing);
      expectFieldError(res, k('ref'));
      expect(res.body.msg).toContain('Reference');
      expect(res.body.msg).toContain('required');
    }
  });

  it('ignores fields that do not apply to containers', async () => {
    const c = data(await createContainer({ ...valid, [k('pages')]: 'not a number' }));
    expect(c.metadataColumns[k('pages')]).toBe('not a number');
  });

  it('checks the new metadata on update, which replaces the old', async () => {
    const c = data(await createContainer(valid));
    expectFieldError(await app.post('/v1/containers/update', { containerId: c.containerId, metadataColumns: { ...valid, [k('count')]: 'x' } }), k('count'));
    expectFieldError(await app.post('/v1/containers/update', { containerId: c.containerId, metadataColumns: { [k('count')]: 4 } }), k('ref'));
    const after = data(await app.get<Container>('/v1/containers/get', { containerId: c.containerId }));
    expect(after.metadataColumns).toEqual(valid);
    const renamed = data(await app.post<Container>('/v1/containers/update', { containerId: c.containerId, name: unique('renamed') }));
    expect(renamed.metadataColumns).toEqual(valid);
    const changed = data(await app.post<Container>('/v1/containers/update', { containerId: c.containerId, metadataColumns: { ...valid, [k('count')]: 9 } }));
    expect(changed.metadataColumns[k('count')]).toBe(9);
  });

  it('leaves containers of a type without templates free', async () => {
    const c = data(await app.post<Container>('/v1/containers/create', { name: unique('free'), metadataColumns: { [k('count')]: 'anything' } }));
    expect(c.metadataColumns[k('count')]).toBe('anything');
  });

  it('stops checking a field once it is disabled', async () => {
    const strict = await saveField(app, { valueType: 'INTEGER', required: true });
    const type = await saveType(app, { targetKind: 'CONTAINER', templateIds: [(await saveTemplate(app, [strict.fieldId])).templateId] });
    const create = (metadataColumns: Record<string, unknown>) => app.post<Container>('/v1/containers/create', { name: unique('d'), containerTypeId: type.typeId, metadataColumns });
    expectFieldError(await create({}), strict.attributeKey);
    await app.post('/v1/fieldDefinitions/save', { fieldId: strict.fieldId, status: 'DISABLED' });
    expect(data(await create({ [strict.attributeKey]: 'text' })).metadataColumns[strict.attributeKey]).toBe('text');
  });
});

describe('documents: metadataColumns on save and update', () => {
  it('checks documents/save, fields for documents included', async () => {
    const save = (metadataColumns: Record<string, unknown>, documentTypeId = docType.typeId, title = unique('d.txt')) =>
      app.post<Document>('/v1/documents/save', { containerId: root.containerId, title, documentTypeId, metadataColumns });
    expect(data(await save({ ...valid, [k('pages')]: 10 })).metadataColumns[k('pages')]).toBe(10);
    expectFieldError(await save({ ...valid, [k('pages')]: 'ten' }), k('pages'));
    expectFieldError(await save({ [k('count')]: 1 }), k('ref'));
    expectFieldError(await save({ ...valid, [k('level')]: 'LOW' }), k('level'));
  });

  it("applies the parent type's templates to a child type", async () => {
    const title = unique('child.txt');
    const res = await app.post('/v1/documents/save', { containerId: root.containerId, title, documentTypeId: childDocType.typeId, metadataColumns: {} });
    expectFieldError(res, k('ref'));
    const docs = data(await app.post<PageOf<Document>>('/v1/documents/getPage', { containerId: root.containerId, pageSize: 500 }));
    expect(docs.content.map((d) => d.title)).not.toContain(title);
    const ok = data(await app.post<Document>('/v1/documents/save', { containerId: root.containerId, title, documentTypeId: childDocType.typeId, metadataColumns: valid }));
    expect(ok.documentTypeId).toBe(childDocType.typeId);
  });

  it('checks documents/update', async () => {
    const d = data(await app.post<Document>('/v1/documents/save', { containerId: root.containerId, title: unique('u.txt'), documentTypeId: docType.typeId, metadataColumns: valid }));
    expectFieldError(await app.post('/v1/documents/update', { docId: d.docId, metadataColumns: { ...valid, [k('urgent')]: 1 } }), k('urgent'));
    expect(data(await app.get<Document>('/v1/documents/get', { docId: d.docId })).metadataColumns).toEqual(valid);
    const u = data(await app.post<Document>('/v1/documents/update', { docId: d.docId, metadataColumns: { ...valid, [k('urgent')]: true } }));
    expect(u.metadataColumns[k('urgent')]).toBe(true);
  });
});

describe('the metadata string of uploads', () => {
  it('checks the whole metadata of a new document, and stores nothing when it fails', async () => {
    const title = unique('up.txt');
    const query = { containerId: root.containerId, title, documentTypeId: docType.typeId };
    const bad = await upload(app, { ...query, metadata: JSON.stringify({ [k('count')]: 2 }) }, 'bytes');
    expectFieldError(bad, k('ref'));
    const docs = data(await app.post<PageOf<Document>>('/v1/documents/getPage', { containerId: root.containerId, pageSize: 500 }));
    expect(docs.content.map((d) => d.title)).not.toContain(title);
    const good = data(await upload(app, { ...query, metadata: JSON.stringify(valid) }, 'bytes'));
    expect(data(await app.get<Document>('/v1/documents/get', { docId: good.docId })).metadataColumns).toEqual(valid);
  });

  it('checks only the given keys when merging into an existing document', async () => {
    const first = data(await upload(app, { containerId: root.containerId, title: unique('merge.txt'), documentTypeId: docType.typeId, metadata: JSON.stringify(valid) }, 'v1'));
    expectFieldError(await upload(app, { docId: first.docId, metadata: JSON.stringify({ [k('due')]: 'tomorrow' }) }, 'v2'), k('due'));
    const second = data(await upload(app, { docId: first.docId, metadata: JSON.stringify({ [k('due')]: '2025-01-31' }) }, 'v2'));
    expect(second.versionNo).toBe(2);
    expect(data(await app.get<Document>('/v1/documents/get', { docId: first.docId })).metadataColumns).toEqual({ ...valid, [k('due')]: '2025-01-31' });
  });

  it('checks initChunkedUpload before any session exists', async () => {
    const body = { containerId: root.containerId, title: unique('chunked.bin'), documentTypeId: docType.typeId, totalSize: 4, chunkSize: 4, totalChunks: 1, idempotencyKey: unique('key') };
    expectFieldError(await app.post('/v1/versions/initChunkedUpload', { ...body, metadata: JSON.stringify({ ...valid, [k('amount')]: 'lots' }) }), k('amount'));
    const session = data(await app.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { ...body, metadata: JSON.stringify(valid) }));
    expect(session.uploadedChunkIndexes).toEqual([]);
  });
});
