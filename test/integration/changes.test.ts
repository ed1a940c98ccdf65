/** The change feed (POST /v1/changes/getPage, docs/architecture.md, "Service conventions") against a real `folio serve`. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeCursor } from '../../shared/v1/changes.ts';
import type { Change, ChangePage, Container, VersionResult } from '../../shared/v1/resources.ts';
import { Api, appApi, createTenant, data, removeDir, startServer, type ServerHandle } from '../helpers/server.ts';
import { until } from '../helpers/wait.ts';

let server: ServerHandle;
/** One tenant for most tests: each starts from latestCursor, so it sees only its own changes. */
let api: Api;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function freshTenant(name: string, on = server): Promise<Api> {
  return appApi(on.url, await createTenant(on.dataDir, name));
}

async function feed(api: Api, cursor?: string, pageSize?: number): Promise<ChangePage> {
  return data(await api.post<ChangePage>('/v1/changes/getPage', { ...(cursor === undefined ? {} : { cursor }), ...(pageSize ? { pageSize } : {}) }));
}

/** Every change after `cursor`, following nextCursor until hasMore is false. */
async function drain(api: Api, cursor?: string, pageSize = 500): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  let at = cursor;
  for (;;) {
    const page = await feed(api, at, pageSize);
    changes.push(...page.changes);
    at = page.nextCursor;
    if (!page.hasMore) return { changes, cursor: at };
  }
}

async function latest(api: Api): Promise<string> {
  return data(await api.get<ChangeCursor>('/v1/changes/latestCursor')).cursor;
}

beforeAll(async () => {
  server = await startServer();
  api = await freshTenant('main');
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('POST /v1/changes/getPage', () => {
  it('lists create, rename, move, delete, restore and new version of a document in commit order, each with the state after it', async () => {
    const start = await latest(api);
    const a = data(await api.post<Container>('/v1/containers/create', { name: 'A' }));
    const b = data(await api.post<Container>('/v1/containers/create', { name: 'B' }));
    const one = Buffer.from('first content');
    const v1 = data(await api.raw('/v1/versions/upload', { containerId: a.containerId, title: 'doc.txt' }, one)) as VersionResult;
    data(await api.post('/v1/documents/update', { docId: v1.docId, title: 'renamed.txt' }));
    data(await api.post('/v1/documents/update', { docId: v1.docId, containerId: b.containerId }));
    data(await api.post('/v1/documents/delete', { docId: v1.docId }));
    data(await api.post('/v1/documents/restore', { docId: v1.docId }));
    const two = Buffer.from('second content');
    const v2 = data(await api.raw('/v1/versions/upload', { docId: v1.docId }, two)) as VersionResult;

    const { changes } = await drain(api, start);
    const docChanges = changes.filter((c) => c.kind === 'document');
    const pick = ({ op, kind, id, parentId, name, deleted, versionNo, contentHash }: Change) => ({ op, kind, id, parentId, name, deleted, versionNo, contentHash });
    const doc = { kind: 'document', id: v1.docId };
    expect(docChanges.map(pick)).toEqual([
      { ...doc, op: 'create', parentId: a.containerId, name: 'doc.txt', deleted: false, versionNo: 0, contentHash: '' },
      { ...doc, op: 'version', parentId: a.containerId, name: 'doc.txt', deleted: false, versionNo: 1, contentHash: sha256(one) },
      { ...doc, op: 'update', parentId: a.containerId, name: 'renamed.txt', deleted: false, versionNo: 1, contentHash: sha256(one) },
      { ...doc, op: 'move', parentId: b.containerId, name: 'renamed.txt', deleted: false, versionNo: 1, contentHash: sha256(one) },
      { ...doc, op: 'delete', parentId: b.containerId, name: 'renamed.txt', deleted: true, versionNo: 1, contentHash: sha256(one) },
      { ...doc, op: 'restore', parentId: b.containerId, name: 'renamed.txt', deleted: false, versionNo: 1, contentHash: sha256(one) },
      { ...doc, op: 'version', parentId: b.containerId, name: 'renamed.txt', deleted: false, versionNo: 2, contentHash: sha256(two) },
    ]);
    expect(docChanges.at(-1)).toMatchObject({ versionId: v2.versionId, sizeBytes: two.length });
    const seqs = changes.map((c) => c.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(changes.slice(0, 2).map((c) => [c.kind, c.op, c.id])).toEqual([
      ['container', 'create', a.containerId],
      ['container', 'create', b.containerId],
    ]);
  });

  it('lists create, rename, move, delete and restore of a container, with the state after each', async () => {
    const start = await latest(api);
    const parent = data(await api.post<Container>('/v1/containers/create', { name: 'parent' }));
    const c = data(await api.post<Container>('/v1/containers/create', { name: 'child' }));
    data(await api.post('/v1/containers/update', { containerId: c.containerId, name: 'renamed' }));
    data(await api.post('/v1/containers/update', { containerId: c.containerId, parentId: parent.containerId }));
    data(await api.post('/v1/containers/delete', { containerId: c.containerId }));
    data(await api.post('/v1/containers/restore', { containerId: c.containerId }));
    const mine = (await drain(api, start)).changes.filter((x) => x.id === c.containerId);
    expect(mine.map(({ op, kind, parentId, name, deleted }) => ({ op, kind, parentId, name, deleted }))).toEqual([
      { op: 'create', kind: 'container', parentId: c.parentId, name: 'child', deleted: false },
      { op: 'update', kind: 'container', parentId: c.parentId, name: 'renamed', deleted: false },
      { op: 'move', kind: 'container', parentId: parent.containerId, name: 'renamed', deleted: false },
      { op: 'delete', kind: 'container', parentId: parent.containerId, name: 'renamed', deleted: true },
      { op: 'restore', kind: 'container', parentId: parent.containerId, name: 'renamed', deleted: false },
    ]);
  });

  it('pages with nextCursor and hasMore: pageSize 2 over 5 changes gives 2, 2, 1', async () => {
    const start = await latest(api);
    const names = ['p1', 'p2', 'p3', 'p4', 'p5'];
    for (const name of names) data(await api.post('/v1/containers/create', { name }));
    const first = await feed(api, start, 2);
    const second = await feed(api, first.nextCursor, 2);
    const third = await feed(api, second.nextCursor, 2);
    expect([first.hasMore, second.hasMore, third.hasMore]).toEqual([true, true, false]);
    expect([first, second, third].map((p) => p.changes.map((c) => c.name))).toEqual([['p1', 'p2'], ['p3', 'p4'], ['p5']]);
    const end = await feed(api, third.nextCursor, 2);
    expect(end).toMatchObject({ changes: [], hasMore: false, nextCursor: third.nextCursor });
    data(await api.post('/v1/containers/create', { name: 'p6' }));
    expect((await feed(api, third.nextCursor, 2)).changes.map((c) => c.name)).toEqual(['p6']);
  });

  it('refuses a garbage cursor with 110001', async () => {
    for (const cursor of ['garbage', 'c1.', 'c1.-1', 'c1.1.2', 'c2.5', ' c1.5', 'c1.9999999999999999']) {
      const res = await api.post('/v1/changes/getPage', { cursor });
      expect(res.status, cursor).toBe(400);
      expect(res.body.code, cursor).toBe(110001);
    }
    expect((await api.post('/v1/changes/getPage', { cursor: 42 })).body.code).toBe(110001);
  });

  it('answers a cursor ahead of anything issued with 130006', async () => {
    const res = await api.post('/v1/changes/getPage', { cursor: 'c1.999999999' });
    expect(res.status).toBe(410);
    expect(res.body.code).toBe(130006);
  });

  it("never shows another tenant's changes", async () => {
    const alpha = api;
    const beta = await freshTenant('beta');
    const secret = data(await alpha.post<Container>('/v1/containers/create', { name: 'secret' }));
    const doc = data(await alpha.raw('/v1/versions/upload', { containerId: secret.containerId, title: 'secret.txt' }, Buffer.from('s'))) as VersionResult;
    const seen = (await drain(beta)).changes;
    expect(seen.some((c) => c.id === secret.containerId || c.id === doc.docId || c.parentId === secret.containerId)).toBe(false);
    expect((await drain(alpha)).changes.some((c) => c.id === doc.docId)).toBe(true);
  });

  it('gives from latestCursor only what happens afterwards', async () => {
    data(await api.post('/v1/containers/create', { name: 'before' }));
    const cursor = await latest(api);
    expect(await feed(api, cursor)).toMatchObject({ changes: [], hasMore: false });
    data(await api.post('/v1/containers/create', { name: 'after' }));
    expect((await feed(api, cursor)).changes.map((c) => c.name)).toEqual(['after']);
  });
});

describe('change-feed retention', () => {
  let short: ServerHandle;

  beforeAll(async () => {
    short = await startServer(undefined, [], { FOLIO_CHANGE_RETENTION_MS: '2000' });
  });

  afterAll(async () => {
    await short.stop();
    removeDir(short.dataDir);
  });

  /** Waits until the feed answers `cursor` with 130006: housekeeping pruned past it. */
  async function untilExpired(api: Api, cursor: string): Promise<void> {
    await until('housekeeping to prune the changes', async () => (await api.post('/v1/changes/getPage', { cursor })).body.code === 130006);
  }

  it('answers a cursor older than the retained history with 130006, and keeps a caught-up cursor valid', async () => {
    const api = await freshTenant('pruned', short);
    data(await api.post('/v1/containers/create', { name: 'x' }));
    data(await api.post('/v1/containers/create', { name: 'y' }));
    const behind = (await feed(api, undefined, 1)).nextCursor;
    const caughtUp = (await drain(api)).cursor;
    await untilExpired(api, behind);
    const stale = await api.post('/v1/changes/getPage', { cursor: behind });
    expect(stale.status).toBe(410);
    expect((await api.post('/v1/changes/getPage', {})).body.code).toBe(130006);
    expect(await feed(api, caughtUp)).toMatchObject({ changes: [], hasMore: false });
    const fresh = await latest(api);
    expect(fresh).toBe(caughtUp);
    data(await api.post('/v1/containers/create', { name: 'z' }));
    expect((await feed(api, fresh)).changes.map((c) => c.name)).toEqual(['z']);
  });
});
