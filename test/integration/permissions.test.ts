/**
 * Every endpoint enforces permission under the user channels: a user without the permission gets
 * 102001 and nothing changes; a user with READ alone can read but not change; every route
 * publishes its permission; the access-control routes answer no token and malformed bodies cleanly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerAcl } from '../../shared/v1/access.ts';
import type { ChunkedUploadSession, Container, Document, PageOf, VersionResult } from '../../shared/v1/resources.ts';
import { Api, appApi, createTenant, data, removeDir, startServer, type Reply, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { createUsers, type TestUser } from '../helpers/users.ts';

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let area: Container;
let sub: Container;
let deletedSub: Container;
let doc: VersionResult;
let deletedDoc: Document;

const FORBIDDEN = 102001;
const bytes = (s: string) => new TextEncoder().encode(s);

type Call = [name: string, run: (api: Api) => Promise<Reply<unknown> | Response>];

function reads(): Call[] {
  return [
    ['containers/get', (a) => a.get('/v1/containers/get', { containerId: area.containerId })],
    ['containers/getPage', (a) => a.post('/v1/containers/getPage', { parentId: area.containerId })],
    ['documents/get', (a) => a.get('/v1/documents/get', { docId: doc.docId })],
    ['documents/getPage', (a) => a.post('/v1/documents/getPage', { containerId: area.containerId })],
    ['versions/getPage', (a) => a.post('/v1/versions/getPage', { docId: doc.docId })],
    ['versions/get', (a) => a.get('/v1/versions/get', { versionId: doc.versionId })],
  ];
}

function changes(): Call[] {
  return [
    ['containers/create', (a) => a.post('/v1/containers/create', { parentId: area.containerId, name: 'intruder' })],
    ['containers/update', (a) => a.post('/v1/containers/update', { containerId: sub.containerId, name: 'renamed' })],
    ['containers/delete', (a) => a.post('/v1/containers/delete', { containerId: sub.containerId })],
    ['containers/restore', (a) => a.post('/v1/containers/restore', { containerId: deletedSub.containerId })],
    ['documents/save', (a) => a.post('/v1/documents/save', { containerId: area.containerId, title: 'intruder.txt' })],
    ['documents/update', (a) => a.post('/v1/documents/update', { docId: doc.docId, title: 'renamed.txt' })],
    ['documents/delete', (a) => a.post('/v1/documents/delete', { docId: doc.docId })],
    ['documents/restore', (a) => a.post('/v1/documents/restore', { docId: deletedDoc.docId })],
    ['versions/upload (new document)', (a) => a.raw('/v1/versions/upload', { containerId: area.containerId, title: 'new.txt' }, bytes('x'))],
    ['versions/upload (new version)', (a) => a.raw('/v1/versions/upload', { docId: doc.docId }, bytes('y'))],
    ['versions/initChunkedUpload', (a) => a.post('/v1/versions/initChunkedUpload', { containerId: area.containerId, title: 'big.bin', totalSize: 4, chunkSize: 4, totalChunks: 1 })],
    ['versions/download', (a) => a.fetch('/v1/versions/download', { versionId: doc.versionId })],
    ['acl/entries/get', (a) => a.get('/v1/acl/entries/get', { containerId: area.containerId })],
    ['acl/entries/set', (a) => a.post('/v1/acl/entries/set', { containerId: area.containerId, entries: [] })],
    ['acl/inheritance/set', (a) => a.post('/v1/acl/inheritance/set', { containerId: sub.containerId, aclInheritEnabled: false })],
    ['share-grants/create (container)', (a) => a.post('/v1/share-grants/create', { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: carol.userId, permissionPreset: 'VIEW' })],
    ['share-grants/create (document)', (a) => a.post('/v1/share-grants/create', { resourceType: 'DOCUMENT', resourceId: doc.docId, granteeType: 'USER', granteeId: carol.userId, permissionPreset: 'VIEW' })],
    ['share-grants/getPage (resource)', (a) => a.post('/v1/share-grants/getPage', { resourceType: 'CONTAINER', resourceId: area.containerId })],
    ['acl/policy/create', (a) => a.post('/v1/acl/policy/create', { name: 'p', grantRole: 'MANAGER', grantees: [{ granteeType: 'EVERYONE' }] })],
    ['departments/create', (a) => a.post('/v1/departments/create', { name: 'd' })],
    ['roles/save', (a) => a.post('/v1/roles/save', { name: 'r', roleKey: 'r' })],
  ];
}

async function codeOf(r: Reply<unknown> | Response): Promise<{ status: number; code: number }> {
  if (r instanceof Response) return { status: r.status, code: ((await r.json()) as { code: number }).code };
  return { status: r.status, code: r.body.code };
}

/** Everything the calls above could change, as the application sees it. */
async function state(): Promise<unknown> {
  return {
    children: data(await app.post<PageOf<Container>>('/v1/containers/getPage', { parentId: area.containerId, includeDeleted: true })),
    documents: data(await app.post<PageOf<Document>>('/v1/documents/getPage', { containerId: area.containerId, includeDeleted: true })),
    versions: data(await app.post('/v1/versions/getPage', { docId: doc.docId })),
    acl: data(await app.get<ContainerAcl>('/v1/acl/entries/get', { containerId: area.containerId })),
    subAcl: data(await app.get<ContainerAcl>('/v1/acl/entries/get', { containerId: sub.containerId })),
    shares: data(await app.post('/v1/share-grants/getPage', { pageSize: 500 })),
    policies: data(await app.post('/v1/acl/policy/getPage', {})),
    departments: data(await app.post('/v1/departments/getPage', {})),
    roles: data(await app.post('/v1/roles/getPage', {})),
  };
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  app = await appApi(server.url, tenant);
  ({ alice, bob, carol } = await createUsers(server.dataDir, tenant.tenantId, app, ['alice', 'bob', 'carol']));
  area = data(await app.post<Container>('/v1/containers/create', { name: 'area', aclInheritEnabled: false }));
  data(await app.post('/v1/acl/entries/set', {
    containerId: area.containerId,
    entries: [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }, { principalType: 'USER', principalId: bob.userId, role: 'VIEWER' }],
  }));
  sub = data(await app.post<Container>('/v1/containers/create', { name: 'sub', parentId: area.containerId }));
  deletedSub = data(await app.post<Container>('/v1/containers/create', { name: 'deleted-sub', parentId: area.containerId }));
  data(await app.post('/v1/containers/delete', { containerId: deletedSub.containerId }));
  doc = data(await app.raw('/v1/versions/upload', { containerId: area.containerId, title: 'doc.txt' }, bytes('content'))) as VersionResult;
  deletedDoc = data(await app.post<Document>('/v1/documents/save', { containerId: area.containerId, title: 'deleted.txt' }));
  data(await app.post('/v1/documents/delete', { docId: deletedDoc.docId }));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('a user without the permission', () => {
  it('gets 102001 (HTTP 403) from every endpoint, and nothing changes', async () => {
    const before = await state();
    for (const [name, run] of [...reads(), ...changes()]) {
      expect(await codeOf(await run(carol.api)), name).toEqual({ status: 403, code: FORBIDDEN });
    }
    expect(await state()).toEqual(before);
  });

  it('with READ alone, can read but not change, download, share or manage', async () => {
    for (const [name, run] of reads()) expect((await codeOf(await run(bob.api))).code, name).toBe(0);
    const before = await state();
    for (const [name, run] of changes()) expect(await codeOf(await run(bob.api)), name).toEqual({ status: 403, code: FORBIDDEN });
    expect(await state()).toEqual(before);
  });

  it('the same calls succeed for a MANAGER of the area (administration aside)', async () => {
    const destructive = new Set(['containers/delete', 'documents/delete', 'acl/entries/set', 'acl/policy/create', 'departments/create', 'roles/save']);
    for (const [name, run] of [...reads(), ...changes().filter(([n]) => !destructive.has(n))]) {
      const res = await run(alice.api);
      expect(res instanceof Response ? res.status : res.body.code, name).toBe(res instanceof Response ? 200 : 0);
    }
  });
});

describe('chunked upload sessions', () => {
  it('belong to the user who opened them', async () => {
    const open = data(await alice.api.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { containerId: area.containerId, title: 'mine.bin', totalSize: 3, chunkSize: 3, totalChunks: 1 }));
    const others = [
      () => bob.api.raw('/v1/versions/uploadChunk', { uploadId: open.uploadId, chunkIndex: '0' }, bytes('abc')),
      () => bob.api.post('/v1/versions/completeChunkedUpload', { uploadId: open.uploadId }),
      () => bob.api.post('/v1/versions/abortChunkedUpload', { uploadId: open.uploadId }),
      () => app.post('/v1/versions/abortChunkedUpload', { uploadId: open.uploadId }),
    ];
    for (const attempt of others) expect((await attempt()).body.code).toBe(120001);
    expect(data(await alice.api.raw('/v1/versions/uploadChunk', { uploadId: open.uploadId, chunkIndex: '0' }, bytes('abc')))).toMatchObject({ uploadedChunkIndexes: [0] });
    expect(data(await alice.api.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId: open.uploadId })).sizeBytes).toBe(3);
  });
});

const ACCESS_ROUTES: [method: 'GET' | 'POST', path: string][] = [
  ['GET', '/v1/acl/entries/get'],
  ['POST', '/v1/acl/entries/set'],
  ['POST', '/v1/acl/inheritance/set'],
  ['POST', '/v1/acl/policy/create'],
  ['POST', '/v1/acl/policy/update'],
  ['GET', '/v1/acl/policy/get'],
  ['POST', '/v1/acl/policy/getPage'],
  ['POST', '/v1/acl/policy/delete'],
  ['POST', '/v1/share-grants/create'],
  ['POST', '/v1/share-grants/update'],
  ['POST', '/v1/share-grants/revoke'],
  ['GET', '/v1/share-grants/get'],
  ['POST', '/v1/share-grants/getPage'],
  ['POST', '/v1/departments/create'],
  ['POST', '/v1/departments/update'],
  ['GET', '/v1/departments/get'],
  ['POST', '/v1/departments/getPage'],
  ['POST', '/v1/departments/delete'],
  ['POST', '/v1/departments/addMembers'],
  ['POST', '/v1/departments/removeMembers'],
  ['POST', '/v1/departments/getMembers'],
  ['POST', '/v1/roles/save'],
  ['POST', '/v1/roles/update'],
  ['GET', '/v1/roles/get'],
  ['POST', '/v1/roles/getPage'],
  ['POST', '/v1/roles/delete'],
  ['POST', '/v1/roles/addMembers'],
  ['POST', '/v1/roles/removeMembers'],
  ['POST', '/v1/roles/getMembers'],
];

describe('the access-control and organisation routes', () => {
  it('refuse a request without a token with 100001', async () => {
    const anonymous = new Api(server.url);
    for (const [method, path] of ACCESS_ROUTES) {
      const res = method === 'GET' ? await anonymous.get(path) : await anonymous.post(path, {});
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 401, code: 100001 });
    }
  });

  it('answer malformed and mistyped bodies with 110002 and 110001, never 500', async () => {
    for (const [, path] of ACCESS_ROUTES.filter(([m]) => m === 'POST')) {
      const broken = await app.post(path, '{"name": ');
      expect({ path, code: broken.body.code, status: broken.status }).toEqual({ path, code: 110002, status: 400 });
      const mistyped = await app.post(path, '[1, 2]');
      expect({ path, code: mistyped.body.code }).toEqual({ path, code: 110001 });
    }
    for (const [, path] of ACCESS_ROUTES.filter(([m]) => m === 'GET')) {
      const missingQuery = await app.get(path);
      expect({ path, code: missingQuery.body.code, status: missingQuery.status }).toEqual({ path, code: 110001, status: 400 });
    }
  });

  it('are all described in /v1/openapi.json', async () => {
    const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [method, path] of ACCESS_ROUTES) expect(doc.paths[path]?.[method.toLowerCase()], path).toBeDefined();
  });
});

describe('every route publishes the permission it needs', () => {
  it('in its OpenAPI summary', async () => {
    const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { summary?: string }>> };
    const silent: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!/\b(Needs|needs|No token needed|Any caller|may read)\b/.test(op.summary ?? '')) silent.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(silent).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
  });
});
