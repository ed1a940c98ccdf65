/** Documents against a real `folio serve`: spec 4.6 and the tree operations of docs/architecture.md, "Service conventions". */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container, Document, PageOf, VersionResult } from '../../shared/v1/resources.ts';
import { expectFailure, expectValidation } from '../helpers/envelopes.ts';
import { data, removeDir, type Api, type Reply, type ServerHandle } from '../helpers/server.ts';
import { changeFeed, startTwoTenants, unique } from '../helpers/tree.ts';

const DAY_MS = 24 * 3600 * 1000;

let server: ServerHandle;
let api: Api;
let otherApi: Api;
let clientId: string;
let defaultContainer: Container;
async function folder(name = unique('folder'), parentId = '', as: Api = api): Promise<Container> {
  return data(await as.post<Container>('/v1/containers/create', { name, parentId }));
}

async function save(containerId: string, title = unique('doc.txt'), as: Api = api): Promise<Document> {
  return data(await as.post<Document>('/v1/documents/save', { containerId, title }));
}

async function getD(docId: string): Promise<Document> {
  return data(await api.get<Document>('/v1/documents/get', { docId }));
}

async function listDocs(containerId: string, extra: Record<string, unknown> = {}): Promise<PageOf<Document>> {
  return data(await api.post<PageOf<Document>>('/v1/documents/getPage', { containerId, ...extra }));
}

async function upload(docId: string, bytes: number): Promise<VersionResult> {
  return data((await api.raw('/v1/versions/upload', { docId }, new Uint8Array(bytes).fill(97))) as Reply<VersionResult>);
}

const { feedEnd, changesSince } = changeFeed(() => api);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  ({ server, clientId, api, otherApi, defaultContainer } = await startTwoTenants());
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('POST /v1/documents/save', () => {
  it('creates the document in the default container when containerId is empty', async () => {
    const empty = data(await api.post<Document>('/v1/documents/save', { containerId: '', title: unique('inbox.txt') }));
    expect(empty).toMatchObject({ containerId: defaultContainer.containerId, containerName: 'Default', state: 'ACTIVE', currentVersionNo: 0 });
    const omitted = data(await api.post<Document>('/v1/documents/save', { title: unique('inbox.txt') }));
    expect(omitted.containerId).toBe(defaultContainer.containerId);
  });

  it('creates the document in the given container, attributed to the client', async () => {
    const f = await folder();
    const d = await save(f.containerId, 'plan.md');
    expect(d).toMatchObject({ containerId: f.containerId, containerName: f.name, title: 'plan.md', documentTypeName: 'File', createBy: clientId, purgeAt: '' });
    expect(await getD(d.docId)).toEqual(d);
  });

  it('refuses a title held by an active document or container with 130001', async () => {
    const f = await folder();
    await save(f.containerId, 'taken');
    await folder('sub', f.containerId);
    expectFailure(await api.post('/v1/documents/save', { containerId: f.containerId, title: 'taken' }), 130001, 409);
    expectFailure(await api.post('/v1/documents/save', { containerId: f.containerId, title: 'sub' }), 130001, 409);
  });

  it('allows a title held only by a deleted document', async () => {
    const f = await folder();
    const old = await save(f.containerId, 'again');
    data(await api.post('/v1/documents/delete', { docId: old.docId }));
    expect((await save(f.containerId, 'again')).title).toBe('again');
  });

  it('normalises titles to NFC, so an NFD title collides with its NFC twin', async () => {
    const f = await folder();
    const d = await save(f.containerId, 'Cafe\u0301.txt');
    expect(d.title).toBe('Caf\u00e9.txt');
    expectFailure(await api.post('/v1/documents/save', { containerId: f.containerId, title: 'Caf\u00e9.txt' }), 130001, 409);
  });

  it.each([
    ['a slash', 'a/b.txt'],
    ['a control character', 'esc\u001b.txt'],
    ['"."', '.'],
    ['".."', '..'],
    ['the empty string', ''],
    ['only blanks', ' \t '],
    ['more than 255 characters', `${'t'.repeat(252)}.txt`],
  ])('refuses a title with %s as 110001 naming the field', async (_what, title) => {
    expectValidation(await api.post('/v1/documents/save', { containerId: '', title }), 'title');
  });

  it('refuses a container in the recycle bin with 130003', async () => {
    const f = await folder();
    data(await api.post('/v1/containers/delete', { containerId: f.containerId }));
    expectFailure(await api.post('/v1/documents/save', { containerId: f.containerId, title: unique('x') }), 130003, 409);
  });

  it('answers a container of another tenant, or an unknown one, with 120001', async () => {
    const foreign = await folder(unique('foreign'), '', otherApi);
    expectFailure(await api.post('/v1/documents/save', { containerId: foreign.containerId, title: unique('x') }), 120001, 404);
    expectFailure(await api.post('/v1/documents/save', { containerId: 'ctr_AAAAAAAAAAAAAAAA', title: unique('x') }), 120001, 404);
  });

  it('refuses an unknown documentTypeId, or a container type, with 110001 naming the field', async () => {
    expectValidation(await api.post('/v1/documents/save', { title: unique('x'), documentTypeId: 'ctt_nope' }), 'documentTypeId');
    expectValidation(await api.post('/v1/documents/save', { title: unique('x'), documentTypeId: defaultContainer.containerTypeId }), 'documentTypeId');
  });

  it('records a create in the change feed', async () => {
    const f = await folder();
    const cursor = await feedEnd();
    const d = await save(f.containerId, 'fed.txt');
    expect((await changesSince(cursor)).map((c) => [c.op, c.kind, c.id, c.parentId, c.name, c.deleted])).toEqual([['create', 'document', d.docId, f.containerId, 'fed.txt', false]]);
  });
});

describe('GET /v1/documents/get', () => {
  it('reflects the current version after an upload', async () => {
    const d = await save(defaultContainer.containerId, unique('sized.bin'));
    const v = await upload(d.docId, 10);
    expect(await getD(d.docId)).toMatchObject({ currentVersionId: v.versionId, currentVersionNo: 1, sizeBytes: 10, contentHash: v.contentHash });
  });

  it('answers an unknown docId with 120001 (404)', async () => {
    expectFailure(await api.get('/v1/documents/get', { docId: 'doc_AAAAAAAAAAAAAAAA' }), 120001, 404);
  });
});

describe('POST /v1/documents/getPage', () => {
  it("lists a container's documents, paged 1-based", async () => {
    const f = await folder();
    for (let i = 0; i < 23; i++) await save(f.containerId, `d${String(i).padStart(2, '0')}`);
    await folder('not a document', f.containerId);
    const first = await listDocs(f.containerId);
    expect(first.totalElements).toBe(23);
    expect(first.content).toHaveLength(20);
    expect(first.content[0]?.title).toBe('d00');
    const second = await listDocs(f.containerId, { pageNumber: 2 });
    expect(second.content.map((d) => d.title)).toEqual(['d20', 'd21', 'd22']);
  });

  it('lists the default container when containerId is empty', async () => {
    const d = await save('', unique('in default'));
    const page = await listDocs('', { pageSize: 500 });
    expect(page.content.map((x) => x.docId)).toContain(d.docId);
    expect(page.content.every((x) => x.containerId === defaultContainer.containerId)).toBe(true);
  });

  it('orders by title, createTime, updateTime and sizeBytes', async () => {
    const f = await folder();
    const b = await save(f.containerId, 'b');
    await pause(5);
    const c = await save(f.containerId, 'c');
    await pause(5);
    const a = await save(f.containerId, 'a');
    await pause(5);
    await upload(a.docId, 30);
    await pause(5);
    await upload(c.docId, 10);
    await pause(5);
    await upload(b.docId, 20);
    const titles = async (orderByColumn: string, isAsc: string) => (await listDocs(f.containerId, { orderByColumn, isAsc })).content.map((d) => d.title);
    expect(await titles('title', 'asc')).toEqual(['a', 'b', 'c']);
    expect(await titles('title', 'desc')).toEqual(['c', 'b', 'a']);
    expect(await titles('createTime', 'asc')).toEqual(['b', 'c', 'a']);
    expect(await titles('updateTime', 'asc')).toEqual(['a', 'c', 'b']);
    expect(await titles('updateTime', 'desc')).toEqual(['b', 'c', 'a']);
    expect(await titles('sizeBytes', 'asc')).toEqual(['c', 'b', 'a']);
    expect(await titles('sizeBytes', 'desc')).toEqual(['a', 'b', 'c']);
  });

  it.each(['name', 'state', 'size_bytes', 'title DESC'])('refuses orderByColumn %j with 110001 naming orderByColumn', async (orderByColumn) => {
    expectValidation(await api.post('/v1/documents/getPage', { orderByColumn }), 'orderByColumn');
  });

  it('refuses pageSize 501 with 110001 naming pageSize', async () => {
    expectValidation(await api.post('/v1/documents/getPage', { pageSize: 501 }), 'pageSize');
  });

  it('hides deleted documents unless includeDeleted is true', async () => {
    const f = await folder();
    await save(f.containerId, 'stays');
    const gone = await save(f.containerId, 'goes');
    data(await api.post('/v1/documents/delete', { docId: gone.docId }));
    expect((await listDocs(f.containerId)).content.map((d) => d.title)).toEqual(['stays']);
    expect((await listDocs(f.containerId, { includeDeleted: true })).content.map((d) => [d.title, d.state])).toEqual([
      ['goes', 'DELETED'],
      ['stays', 'ACTIVE'],
    ]);
  });

  it('lists the documents of a container in the recycle bin with includeDeleted', async () => {
    const f = await folder();
    const d = await save(f.containerId, 'binned');
    data(await api.post('/v1/containers/delete', { containerId: f.containerId }));
    expect((await listDocs(f.containerId)).totalElements).toBe(0);
    expect((await listDocs(f.containerId, { includeDeleted: true })).content.map((x) => x.docId)).toEqual([d.docId]);
  });

  it('answers an unknown containerId with 120001', async () => {
    expectFailure(await api.post('/v1/documents/getPage', { containerId: 'ctr_AAAAAAAAAAAAAAAA' }), 120001, 404);
  });
});

describe('POST /v1/documents/update', () => {
  it('renames, recorded as an update', async () => {
    const d = await save(defaultContainer.containerId, unique('old name'));
    const cursor = await feedEnd();
    const u = data(await api.post<Document>('/v1/documents/update', { docId: d.docId, title: unique('new name') }));
    expect(u.title).toMatch(/^new name/);
    expect((await changesSince(cursor)).map((c) => [c.op, c.id, c.name])).toEqual([['update', d.docId, u.title]]);
  });

  it('moves to another container, recorded as a move', async () => {
    const from = await folder();
    const to = await folder();
    const d = await save(from.containerId, 'traveller');
    const cursor = await feedEnd();
    const u = data(await api.post<Document>('/v1/documents/update', { docId: d.docId, containerId: to.containerId }));
    expect(u).toMatchObject({ containerId: to.containerId, containerName: to.name, title: 'traveller' });
    expect((await listDocs(from.containerId)).totalElements).toBe(0);
    expect((await changesSince(cursor)).map((c) => [c.op, c.id, c.parentId])).toEqual([['move', d.docId, to.containerId]]);
  });

  it('refuses a move onto a title held in the target container with 130001', async () => {
    const to = await folder();
    await save(to.containerId, 'clash');
    await folder('folder clash', to.containerId);
    const d = await save(defaultContainer.containerId, unique('mover'));
    const same = await save(defaultContainer.containerId, 'clash');
    expectFailure(await api.post('/v1/documents/update', { docId: same.docId, containerId: to.containerId }), 130001, 409);
    expectFailure(await api.post('/v1/documents/update', { docId: d.docId, containerId: to.containerId, title: 'folder clash' }), 130001, 409);
    expect((await getD(same.docId)).containerId).toBe(defaultContainer.containerId);
  });

  it('refuses a rename onto a sibling title with 130001, NFD included', async () => {
    const f = await folder();
    await save(f.containerId, 'na\u00efve');
    const d = await save(f.containerId, 'other');
    expectFailure(await api.post('/v1/documents/update', { docId: d.docId, title: 'nai\u0308ve' }), 130001, 409);
  });

  it('refuses a move into a container in the recycle bin with 130003', async () => {
    const bin = await folder();
    data(await api.post('/v1/containers/delete', { containerId: bin.containerId }));
    const d = await save(defaultContainer.containerId, unique('homeless'));
    expectFailure(await api.post('/v1/documents/update', { docId: d.docId, containerId: bin.containerId }), 130003, 409);
  });

  it('refuses an invalid title with 110001 naming the field', async () => {
    const d = await save(defaultContainer.containerId, unique('valid'));
    expectValidation(await api.post('/v1/documents/update', { docId: d.docId, title: 'no/slashes' }), 'title');
  });

  it('answers a target container of another tenant with 120001', async () => {
    const foreign = await folder(unique('foreign'), '', otherApi);
    const d = await save(defaultContainer.containerId, unique('stay home'));
    expectFailure(await api.post('/v1/documents/update', { docId: d.docId, containerId: foreign.containerId }), 120001, 404);
  });

  it('sets metadataColumns', async () => {
    const d = await save(defaultContainer.containerId, unique('tagged'));
    const u = data(await api.post<Document>('/v1/documents/update', { docId: d.docId, metadataColumns: { client: 'acme', pages: 3 } }));
    expect(u.metadataColumns).toEqual({ client: 'acme', pages: 3 });
  });
});

describe('POST /v1/documents/delete and restore', () => {
  it('moves a document to the recycle bin with purgeAt 30 days ahead', async () => {
    const d = await save(defaultContainer.containerId, unique('trash'));
    const del = data(await api.post<Document>('/v1/documents/delete', { docId: d.docId }));
    expect(del.state).toBe('DELETED');
    expect(Math.abs(Date.parse(del.purgeAt) - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
  });

  it('is harmless when repeated', async () => {
    const d = await save(defaultContainer.containerId, unique('twice'));
    const first = data(await api.post<Document>('/v1/documents/delete', { docId: d.docId }));
    const second = data(await api.post<Document>('/v1/documents/delete', { docId: d.docId }));
    expect(second).toEqual(first);
  });

  it('restores a deleted document, recorded as a restore', async () => {
    const d = await save(defaultContainer.containerId, unique('back'));
    data(await api.post('/v1/documents/delete', { docId: d.docId }));
    const cursor = await feedEnd();
    const r = data(await api.post<Document>('/v1/documents/restore', { docId: d.docId }));
    expect(r).toMatchObject({ state: 'ACTIVE', purgeAt: '' });
    expect((await changesSince(cursor)).map((c) => [c.op, c.id, c.deleted])).toEqual([['restore', d.docId, false]]);
  });

  it('refuses restoring while its container is in the recycle bin with 130003', async () => {
    const f = await folder();
    const d = await save(f.containerId, 'inside');
    data(await api.post('/v1/containers/delete', { containerId: f.containerId }));
    expectFailure(await api.post('/v1/documents/restore', { docId: d.docId }), 130003, 409);
    expect((await getD(d.docId)).state).toBe('DELETED');
  });

  it('refuses restoring when the title has been taken meanwhile with 130001', async () => {
    const f = await folder();
    const d = await save(f.containerId, 'contested');
    data(await api.post('/v1/documents/delete', { docId: d.docId }));
    await save(f.containerId, 'contested');
    expectFailure(await api.post('/v1/documents/restore', { docId: d.docId }), 130001, 409);
  });

  it('refuses restoring a document that is not deleted with 130005', async () => {
    const d = await save(defaultContainer.containerId, unique('alive'));
    expectFailure(await api.post('/v1/documents/restore', { docId: d.docId }), 130005, 409);
  });

  it('refuses changing a deleted document with 130003', async () => {
    const d = await save(defaultContainer.containerId, unique('frozen'));
    data(await api.post('/v1/documents/delete', { docId: d.docId }));
    expectFailure(await api.post('/v1/documents/update', { docId: d.docId, title: unique('thawed') }), 130003, 409);
  });

  it('answers unknown ids with 120001', async () => {
    expectFailure(await api.post('/v1/documents/delete', { docId: 'doc_AAAAAAAAAAAAAAAA' }), 120001, 404);
    expectFailure(await api.post('/v1/documents/restore', { docId: 'doc_AAAAAAAAAAAAAAAA' }), 120001, 404);
    expectFailure(await api.post('/v1/documents/update', { docId: 'doc_AAAAAAAAAAAAAAAA', title: 'x' }), 120001, 404);
  });
});
