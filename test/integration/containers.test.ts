/** Containers against a real `folio serve`: spec 4.5 and the tree operations of docs/architecture.md, "Service conventions". */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container, Document, PageOf } from '../../shared/v1/resources.ts';
import { expectFailure, expectValidation } from '../helpers/envelopes.ts';
import { data, removeDir, type Api, type ServerHandle } from '../helpers/server.ts';
import { changeFeed, startTwoTenants, unique } from '../helpers/tree.ts';

const DAY_MS = 24 * 3600 * 1000;

let server: ServerHandle;
let api: Api;
let otherApi: Api;
let clientId: string;
let root: Container;
let defaultContainer: Container;
async function mk(name = unique('folder'), parentId = '', extra: Record<string, unknown> = {}, as: Api = api): Promise<Container> {
  return data(await as.post<Container>('/v1/containers/create', { name, parentId, ...extra }));
}

async function mkDoc(containerId: string, title = unique('doc')): Promise<Document> {
  return data(await api.post<Document>('/v1/documents/save', { containerId, title }));
}

async function getC(containerId: string): Promise<Container> {
  return data(await api.get<Container>('/v1/containers/get', { containerId }));
}

async function getD(docId: string): Promise<Document> {
  return data(await api.get<Document>('/v1/documents/get', { docId }));
}

async function children(parentId: string, extra: Record<string, unknown> = {}): Promise<PageOf<Container>> {
  return data(await api.post<PageOf<Container>>('/v1/containers/getPage', { parentId, ...extra }));
}

const { feedEnd, changesSince } = changeFeed(() => api);

function expectPurgeAtIn30Days(purgeAt: string): void {
  expect(Math.abs(Date.parse(purgeAt) - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
}

beforeAll(async () => {
  ({ server, clientId, api, otherApi, defaultContainer } = await startTwoTenants());
  root = await getC(defaultContainer.parentId);
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('POST /v1/containers/create', () => {
  it('puts a container with an empty parentId under the tenant system root', async () => {
    const c = await mk(unique('top'), '');
    expect(c.parentId).toBe(root.containerId);
    expect(c.parentName).toBe('Root');
    const omitted = data(await api.post<Container>('/v1/containers/create', { name: unique('no parent field') }));
    expect(omitted.parentId).toBe(root.containerId);
  });

  it('answers a parentId of another tenant with 120001 (404)', async () => {
    const foreign = await mk(unique('foreign'), '', {}, otherApi);
    expectFailure(await api.post('/v1/containers/create', { name: unique('x'), parentId: foreign.containerId }), 120001, 404);
  });

  it('refuses a parent that is in the recycle bin with 130003', async () => {
    const parent = await mk();
    data(await api.post('/v1/containers/delete', { containerId: parent.containerId }));
    expectFailure(await api.post('/v1/containers/create', { name: unique('x'), parentId: parent.containerId }), 130003, 409);
  });

  it('refuses a name held by an active sibling container with 130001', async () => {
    const parent = await mk();
    await mk('taken', parent.containerId);
    expectFailure(await api.post('/v1/containers/create', { name: 'taken', parentId: parent.containerId }), 130001, 409);
  });

  it('refuses a name held by an active document in the parent with 130001', async () => {
    const parent = await mk();
    await mkDoc(parent.containerId, 'report.pdf');
    expectFailure(await api.post('/v1/containers/create', { name: 'report.pdf', parentId: parent.containerId }), 130001, 409);
  });

  it('allows a name held only by a deleted sibling', async () => {
    const parent = await mk();
    const gone = await mk('recycled', parent.containerId);
    data(await api.post('/v1/containers/delete', { containerId: gone.containerId }));
    expect((await mk('recycled', parent.containerId)).name).toBe('recycled');
  });

  it('normalises names to NFC, so an NFD name collides with its NFC twin', async () => {
    const parent = await mk();
    const nfc = await mk('Caf\u00e9', parent.containerId);
    expect(nfc.name).toBe('Caf\u00e9');
    expectFailure(await api.post('/v1/containers/create', { name: 'Cafe\u0301', parentId: parent.containerId }), 130001, 409);
    const other = await mk('Re\u0301sume\u0301', parent.containerId);
    expect(other.name).toBe('R\u00e9sum\u00e9');
  });

  it.each([
    ['a slash', 'a/b'],
    ['a control character', 'bell\u0007'],
    ['a newline', 'two\nlines'],
    ['"."', '.'],
    ['".."', '..'],
    ['the empty string', ''],
    ['only blanks', '  '],
    ['more than 255 characters', 'n'.repeat(256)],
    ['a lone surrogate', 'half\ud83d'],
  ])('refuses a name with %s as 110001 naming the field', async (_what, name) => {
    expectValidation(await api.post('/v1/containers/create', { name, parentId: '' }), 'name');
  });

  it('accepts a name of exactly 255 characters', async () => {
    expect((await mk('m'.repeat(255))).name).toHaveLength(255);
  });

  it('attributes the container to the client under APP_ONLY', async () => {
    const c = await mk();
    expect(c.createBy).toBe(clientId);
    expect(c.updateBy).toBe(clientId);
  });

  it('refuses an unknown containerTypeId with 110001 naming the field', async () => {
    expectValidation(await api.post('/v1/containers/create', { name: unique('t'), containerTypeId: 'ctt_doesnotexist0000' }), 'containerTypeId');
  });

  it('refuses a document type as containerTypeId with 110001', async () => {
    const d = await mkDoc(defaultContainer.containerId);
    expectValidation(await api.post('/v1/containers/create', { name: unique('t'), containerTypeId: d.documentTypeId }), 'containerTypeId');
  });

  it("refuses another tenant's container type with 110001", async () => {
    const foreign = await mk(unique('ft'), '', {}, otherApi);
    expectValidation(await api.post('/v1/containers/create', { name: unique('t'), containerTypeId: foreign.containerTypeId }), 'containerTypeId');
  });

  it('keeps description, sortOrder and metadataColumns', async () => {
    const c = await mk(unique('described'), '', { description: 'notes', sortOrder: 7, metadataColumns: { project: 'apollo', year: 1969 } });
    expect(c).toMatchObject({ description: 'notes', sortOrder: 7, metadataColumns: { project: 'apollo', year: 1969 } });
  });

  it('refuses a sortOrder outside 32-bit integers with 110001', async () => {
    expectValidation(await api.post('/v1/containers/create', { name: unique('big'), sortOrder: 2 ** 31 }), 'sortOrder');
    expectValidation(await api.post('/v1/containers/create', { name: unique('huge'), sortOrder: 1e300 }), 'sortOrder');
  });
});

describe('GET /v1/containers/get', () => {
  it('reports parentName, containerTypeName and hasChildren', async () => {
    const parent = await mk();
    expect(parent).toMatchObject({ parentName: 'Root', containerTypeName: 'Folder', hasChildren: false, status: 'ACTIVE', purgeAt: '' });
    const child = await mk(unique('child'), parent.containerId);
    expect(child.parentName).toBe(parent.name);
    expect((await getC(parent.containerId)).hasChildren).toBe(true);
  });

  it('counts a document as a child, and ignores deleted children', async () => {
    const parent = await mk();
    const d = await mkDoc(parent.containerId);
    expect((await getC(parent.containerId)).hasChildren).toBe(true);
    data(await api.post('/v1/documents/delete', { docId: d.docId }));
    expect((await getC(parent.containerId)).hasChildren).toBe(false);
  });

  it('returns the system root with no parent', async () => {
    expect(root).toMatchObject({ name: 'Root', parentId: '', parentName: '', hasChildren: true });
  });

  it('answers an unknown id with 120001 (404)', async () => {
    expectFailure(await api.get('/v1/containers/get', { containerId: 'ctr_AAAAAAAAAAAAAAAA' }), 120001, 404);
  });
});

describe('POST /v1/containers/getPage', () => {
  it("lists the root's children when parentId is empty", async () => {
    const top = await mk(unique('listed top'));
    const page = await children('', { pageSize: 500 });
    expect(page.content.map((c) => c.containerId)).toContain(top.containerId);
    expect(page.content.every((c) => c.parentId === root.containerId)).toBe(true);
  });

  it('lists only the direct children of the given container', async () => {
    const parent = await mk();
    const a = await mk('a', parent.containerId);
    await mk('grandchild', a.containerId);
    await mk('b', parent.containerId);
    const page = await children(parent.containerId);
    expect(page.totalElements).toBe(2);
    expect(page.content.map((c) => c.name)).toEqual(['a', 'b']);
  });

  it('pages 1-based with a default pageSize of 20', async () => {
    const parent = await mk();
    for (let i = 0; i < 25; i++) await mk(`c${String(i).padStart(2, '0')}`, parent.containerId);
    const first = await children(parent.containerId);
    expect(first.totalElements).toBe(25);
    expect(first.content.map((c) => c.name)).toEqual(Array.from({ length: 20 }, (_, i) => `c${String(i).padStart(2, '0')}`));
    const second = await children(parent.containerId, { pageNumber: 2 });
    expect(second.content.map((c) => c.name)).toEqual(['c20', 'c21', 'c22', 'c23', 'c24']);
    const third = await children(parent.containerId, { pageNumber: 3, pageSize: 10 });
    expect(third.content.map((c) => c.name)).toEqual(['c20', 'c21', 'c22', 'c23', 'c24']);
    expect((await children(parent.containerId, { pageNumber: 9 })).content).toEqual([]);
  });

  it('accepts pageSize 500 and refuses 501 with 110001 naming pageSize', async () => {
    expect((await children('', { pageSize: 500 })).totalElements).toBeGreaterThan(0);
    expectValidation(await api.post('/v1/containers/getPage', { pageSize: 501 }), 'pageSize');
    expectValidation(await api.post('/v1/containers/getPage', { pageSize: 0 }), 'pageSize');
  });

  it('refuses pageNumber 0 and absurdly large page numbers with 110001 naming pageNumber', async () => {
    expectValidation(await api.post('/v1/containers/getPage', { pageNumber: 0 }), 'pageNumber');
    expectValidation(await api.post('/v1/containers/getPage', { pageNumber: 1e300 }), 'pageNumber');
  });

  it('orders by each allow-listed column, ascending or descending', async () => {
    const parent = await mk();
    // Created in this order: createTime ascending is b, c, a; sortOrder ascending is c, a, b.
    const b = await mk('b', parent.containerId, { sortOrder: 3 });
    await new Promise((r) => setTimeout(r, 5));
    const c = await mk('c', parent.containerId, { sortOrder: 1 });
    await new Promise((r) => setTimeout(r, 5));
    await mk('a', parent.containerId, { sortOrder: 2 });
    await new Promise((r) => setTimeout(r, 5));
    data(await api.post('/v1/containers/update', { containerId: c.containerId, description: 'touched' }));
    await new Promise((r) => setTimeout(r, 5));
    data(await api.post('/v1/containers/update', { containerId: b.containerId, description: 'touched last' }));
    const names = async (orderByColumn: string, isAsc: string) =>
      (await children(parent.containerId, { orderByColumn, isAsc })).content.map((x) => x.name);
    expect(await names('name', 'asc')).toEqual(['a', 'b', 'c']);
    expect(await names('name', 'desc')).toEqual(['c', 'b', 'a']);
    expect(await names('createTime', 'asc')).toEqual(['b', 'c', 'a']);
    expect(await names('createTime', 'desc')).toEqual(['a', 'c', 'b']);
    expect(await names('updateTime', 'asc')).toEqual(['a', 'c', 'b']);
    expect(await names('sortOrder', 'asc')).toEqual(['c', 'a', 'b']);
    expect(await names('sortOrder', 'desc')).toEqual(['b', 'a', 'c']);
  });

  it.each(['status', 'container_id', 'name; DROP TABLE containers', 'Name', ''])(
    'refuses orderByColumn %j with 110001 naming orderByColumn',
    async (orderByColumn) => {
      expectValidation(await api.post('/v1/containers/getPage', { orderByColumn }), 'orderByColumn');
    },
  );

  it('refuses an isAsc other than asc or desc with 110001 naming isAsc', async () => {
    expectValidation(await api.post('/v1/containers/getPage', { isAsc: 'true' }), 'isAsc');
    expectValidation(await api.post('/v1/containers/getPage', { isAsc: true }), 'isAsc');
  });

  it('hides deleted children unless includeDeleted is true', async () => {
    const parent = await mk();
    await mk('kept', parent.containerId);
    const gone = await mk('gone', parent.containerId);
    data(await api.post('/v1/containers/delete', { containerId: gone.containerId }));
    expect((await children(parent.containerId)).content.map((c) => c.name)).toEqual(['kept']);
    const all = await children(parent.containerId, { includeDeleted: true });
    expect(all.totalElements).toBe(2);
    expect(all.content.map((c) => [c.name, c.status])).toEqual([['gone', 'DELETED'], ['kept', 'ACTIVE']]);
  });

  it('answers an unknown parentId with 120001', async () => {
    expectFailure(await api.post('/v1/containers/getPage', { parentId: 'ctr_AAAAAAAAAAAAAAAA' }), 120001, 404);
  });
});

describe('POST /v1/containers/update', () => {
  it('renames, and records an update in the change feed', async () => {
    const c = await mk();
    const cursor = await feedEnd();
    const renamed = data(await api.post<Container>('/v1/containers/update', { containerId: c.containerId, name: 'renamed \u00e9' }));
    expect(renamed.name).toBe('renamed \u00e9');
    expect(renamed.updateBy).toBe(clientId);
    const changes = await changesSince(cursor);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ op: 'update', kind: 'container', id: c.containerId, name: 'renamed \u00e9', parentId: root.containerId, deleted: false });
  });

  it('moves, and records a move in the change feed', async () => {
    const from = await mk();
    const to = await mk();
    const c = await mk(unique('mover'), from.containerId);
    const cursor = await feedEnd();
    const moved = data(await api.post<Container>('/v1/containers/update', { containerId: c.containerId, parentId: to.containerId }));
    expect(moved).toMatchObject({ parentId: to.containerId, parentName: to.name, name: c.name });
    expect((await children(from.containerId)).totalElements).toBe(0);
    const changes = await changesSince(cursor);
    expect(changes.map((x) => [x.op, x.id, x.parentId])).toEqual([['move', c.containerId, to.containerId]]);
  });

  it('renames and moves in one call, checking the name in the target', async () => {
    const to = await mk();
    await mk('occupied', to.containerId);
    const c = await mk();
    expectFailure(await api.post('/v1/containers/update', { containerId: c.containerId, parentId: to.containerId, name: 'occupied' }), 130001, 409);
    const ok = data(await api.post<Container>('/v1/containers/update', { containerId: c.containerId, parentId: to.containerId, name: 'free' }));
    expect(ok).toMatchObject({ parentId: to.containerId, name: 'free' });
  });

  it('refuses a rename onto an active sibling container or document with 130001', async () => {
    const parent = await mk();
    await mk('sibling', parent.containerId);
    await mkDoc(parent.containerId, 'sibling.txt');
    const c = await mk('me', parent.containerId);
    expectFailure(await api.post('/v1/containers/update', { containerId: c.containerId, name: 'sibling' }), 130001, 409);
    expectFailure(await api.post('/v1/containers/update', { containerId: c.containerId, name: 'sibling.txt' }), 130001, 409);
    await mk('Caf\u00e9', parent.containerId);
    expectFailure(await api.post('/v1/containers/update', { containerId: c.containerId, name: 'Cafe\u0301' }), 130001, 409);
    expect((await getC(c.containerId)).name).toBe('me');
  });

  it('refuses a move onto a name held in the target with 130001', async () => {
    const to = await mk();
    await mkDoc(to.containerId, 'same');
    const c = await mk('same');
    expectFailure(await api.post('/v1/containers/update', { containerId: c.containerId, parentId: to.containerId }), 130001, 409);
    expect((await getC(c.containerId)).parentId).toBe(root.containerId);
  });

  it('allows a case-only rename', async () => {
    const c = await mk('lower case');
    expect(data(await api.post<Container>('/v1/containers/update', { containerId: c.containerId, name: 'Lower Case' })).name).toBe('Lower Case');
  });

  it('changes the description, sortOrder and metadataColumns, recorded as an update', async () => {
    const c = await mk(unique('meta'), '', { metadataColumns: { a: 1 } });
    const cursor = await feedEnd();
    const u = data(
      await api.post<Container>('/v1/containers/update', { containerId: c.containerId, description: 'new text', sortOrder: 4, metadataColumns: { b: [1, 2], c: { d: true } } }),
    );
    expect(u).toMatchObject({ description: 'new text', sortOrder: 4, metadataColumns: { b: [1, 2], c: { d: true } }, name: c.name });
    expect((await changesSince(cursor)).map((x) => x.op)).toEqual(['update']);
    const cleared = data(await api.post<Container>('/v1/containers/update', { containerId: c.containerId, description: '' }));
    expect(cleared.description).toBe('');
  });

  it('refuses a move into itself with 130002', async () => {
    const c = await mk();
    expectFailure(await api.post('/v1/containers/update', { containerId: c.containerId, parentId: c.containerId }), 130002, 409);
  });

  it('refuses a move into a descendant with 130002', async () => {
    const a = await mk();
    const b = await mk('b', a.containerId);
    const deep = await mk('deep', b.containerId);
    expectFailure(await api.post('/v1/containers/update', { containerId: a.containerId, parentId: b.containerId }), 130002, 409);
    expectFailure(await api.post('/v1/containers/update', { containerId: a.containerId, parentId: deep.containerId }), 130002, 409);
    expect((await getC(a.containerId)).parentId).toBe(root.containerId);
  });

  it('refuses renaming or moving the system root with 130004', async () => {
    const target = await mk();
    expectFailure(await api.post('/v1/containers/update', { containerId: root.containerId, name: 'Mine' }), 130004, 409);
    expectFailure(await api.post('/v1/containers/update', { containerId: root.containerId, parentId: target.containerId }), 130004, 409);
    expect((await getC(root.containerId)).name).toBe('Root');
  });

  it('refuses renaming or moving the default container with 130004', async () => {
    const target = await mk();
    expectFailure(await api.post('/v1/containers/update', { containerId: defaultContainer.containerId, name: 'Inbox' }), 130004, 409);
    expectFailure(await api.post('/v1/containers/update', { containerId: defaultContainer.containerId, parentId: target.containerId }), 130004, 409);
    const d = await getC(defaultContainer.containerId);
    expect(d).toMatchObject({ name: 'Default', parentId: root.containerId });
  });

  it('refuses a move into a container in the recycle bin with 130003', async () => {
    const bin = await mk();
    data(await api.post('/v1/containers/delete', { containerId: bin.containerId }));
    const c = await mk();
    expectFailure(await api.post('/v1/containers/update', { containerId: c.containerId, parentId: bin.containerId }), 130003, 409);
  });

  it('refuses changing a deleted container with 130003', async () => {
    const c = await mk();
    data(await api.post('/v1/containers/delete', { containerId: c.containerId }));
    expectFailure(await api.post('/v1/containers/update', { containerId: c.containerId, name: unique('nope') }), 130003, 409);
  });

  it('refuses an invalid new name with 110001 naming the field', async () => {
    const c = await mk();
    expectValidation(await api.post('/v1/containers/update', { containerId: c.containerId, name: 'a/b' }), 'name');
    expectValidation(await api.post('/v1/containers/update', { containerId: c.containerId, name: '..' }), 'name');
  });
});

describe('POST /v1/containers/delete', () => {
  it('moves the container to the recycle bin with purgeAt 30 days ahead', async () => {
    const c = await mk();
    const deleted = data(await api.post<Container>('/v1/containers/delete', { containerId: c.containerId }));
    expect(deleted.status).toBe('DELETED');
    expectPurgeAtIn30Days(deleted.purgeAt);
    expect((await getC(c.containerId)).status).toBe('DELETED');
  });

  it('cascades to descendant containers and documents, in the change feed too', async () => {
    const top = await mk();
    const mid = await mk('mid', top.containerId);
    const leaf = await mk('leaf', mid.containerId);
    const d1 = await mkDoc(top.containerId);
    const d2 = await mkDoc(leaf.containerId);
    const cursor = await feedEnd();
    const deleted = data(await api.post<Container>('/v1/containers/delete', { containerId: top.containerId }));
    for (const id of [mid.containerId, leaf.containerId]) {
      const c = await getC(id);
      expect(c.status).toBe('DELETED');
      expect(c.purgeAt).toBe(deleted.purgeAt);
    }
    for (const id of [d1.docId, d2.docId]) {
      const d = await getD(id);
      expect(d.state).toBe('DELETED');
      expect(d.purgeAt).toBe(deleted.purgeAt);
    }
    const changes = await changesSince(cursor);
    expect(changes.every((x) => x.op === 'delete' && x.deleted)).toBe(true);
    expect(new Set(changes.map((x) => x.id))).toEqual(new Set([top.containerId, mid.containerId, leaf.containerId, d1.docId, d2.docId]));
  });

  it('refuses deleting the system root or the default container with 130004', async () => {
    expectFailure(await api.post('/v1/containers/delete', { containerId: root.containerId }), 130004, 409);
    expectFailure(await api.post('/v1/containers/delete', { containerId: defaultContainer.containerId }), 130004, 409);
    expect((await getC(defaultContainer.containerId)).status).toBe('ACTIVE');
  });

  it('is harmless when repeated', async () => {
    const c = await mk();
    const first = data(await api.post<Container>('/v1/containers/delete', { containerId: c.containerId }));
    const cursor = await feedEnd();
    const second = data(await api.post<Container>('/v1/containers/delete', { containerId: c.containerId }));
    expect(second).toMatchObject({ status: 'DELETED', purgeAt: first.purgeAt, updateTime: first.updateTime });
    expect(await changesSince(cursor)).toEqual([]);
  });

  it('answers an unknown id with 120001', async () => {
    expectFailure(await api.post('/v1/containers/delete', { containerId: 'ctr_AAAAAAAAAAAAAAAA' }), 120001, 404);
  });
});

describe('POST /v1/containers/restore', () => {
  it('restores exactly what was deleted in the same batch, not what was deleted earlier', async () => {
    const top = await mk();
    const keptChild = await mk('kept child', top.containerId);
    const earlierChild = await mk('earlier child', top.containerId);
    const keptDoc = await mkDoc(keptChild.containerId);
    const earlierDoc = await mkDoc(top.containerId);
    data(await api.post('/v1/documents/delete', { docId: earlierDoc.docId }));
    data(await api.post('/v1/containers/delete', { containerId: earlierChild.containerId }));
    data(await api.post('/v1/containers/delete', { containerId: top.containerId }));

    const restored = data(await api.post<Container>('/v1/containers/restore', { containerId: top.containerId }));
    expect(restored).toMatchObject({ status: 'ACTIVE', purgeAt: '' });
    expect((await getC(keptChild.containerId)).status).toBe('ACTIVE');
    expect((await getD(keptDoc.docId)).state).toBe('ACTIVE');
    expect((await getD(keptDoc.docId)).purgeAt).toBe('');
    expect((await getC(earlierChild.containerId)).status).toBe('DELETED');
    expect((await getD(earlierDoc.docId)).state).toBe('DELETED');
  });

  it('records restores in the change feed, parents before children', async () => {
    const top = await mk();
    const child = await mk('child', top.containerId);
    const d = await mkDoc(child.containerId);
    data(await api.post('/v1/containers/delete', { containerId: top.containerId }));
    const cursor = await feedEnd();
    data(await api.post('/v1/containers/restore', { containerId: top.containerId }));
    const changes = await changesSince(cursor);
    expect(changes.map((x) => [x.op, x.id, x.deleted])).toEqual([
      ['restore', top.containerId, false],
      ['restore', child.containerId, false],
      ['restore', d.docId, false],
    ]);
  });

  it('refuses restoring under a parent that is in the recycle bin with 130003', async () => {
    const parent = await mk();
    const child = await mk('child', parent.containerId);
    data(await api.post('/v1/containers/delete', { containerId: child.containerId }));
    data(await api.post('/v1/containers/delete', { containerId: parent.containerId }));
    expectFailure(await api.post('/v1/containers/restore', { containerId: child.containerId }), 130003, 409);
    expect((await getC(child.containerId)).status).toBe('DELETED');
  });

  it('refuses restoring a descendant on its own while its deleted ancestor stays deleted with 130003', async () => {
    const parent = await mk();
    const child = await mk('child', parent.containerId);
    data(await api.post('/v1/containers/delete', { containerId: parent.containerId }));
    expectFailure(await api.post('/v1/containers/restore', { containerId: child.containerId }), 130003, 409);
  });

  it('refuses restoring when the name has been taken meanwhile with 130001', async () => {
    const parent = await mk();
    const old = await mk('contested', parent.containerId);
    data(await api.post('/v1/containers/delete', { containerId: old.containerId }));
    await mkDoc(parent.containerId, 'contested');
    expectFailure(await api.post('/v1/containers/restore', { containerId: old.containerId }), 130001, 409);
    expect((await getC(old.containerId)).status).toBe('DELETED');
  });

  it('refuses restoring a container that is not deleted with 130005', async () => {
    const c = await mk();
    expectFailure(await api.post('/v1/containers/restore', { containerId: c.containerId }), 130005, 409);
    expectFailure(await api.post('/v1/containers/restore', { containerId: root.containerId }), 130005, 409);
  });

  it('answers an unknown id with 120001', async () => {
    expectFailure(await api.post('/v1/containers/restore', { containerId: 'ctr_AAAAAAAAAAAAAAAA' }), 120001, 404);
  });
});
