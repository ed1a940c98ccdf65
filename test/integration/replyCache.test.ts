/**
 * The reply cache of documents/get and versions/getPage (docs/architecture.md, "The reply cache")
 * is never stale: after each kind of write that changes what these replies say, made through this
 * node, through a second `folio serve` on the same data directory, or straight into the database
 * by another process, the next read answers the new state. Each test reads first, so the reply is
 * remembered before the write.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentType } from '../../shared/v1/contentModel.ts';
import type { Container, Document, PageOf, Version, VersionResult } from '../../shared/v1/resources.ts';
import { appApi, createTenant, data, removeDir, startServer, tempDir, type Api, type Reply, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { createUsers, type TestUser } from '../helpers/users.ts';
import { contract } from '../../shared/v1/contract/index.ts';
import { replies } from '../../main/service/envelope.ts';

const FORBIDDEN = 102001;

let first: ServerHandle;
let second: ServerHandle;
let tenant: Tenant;
let app: Api;
let viaSecond: Api;
let alice: TestUser;
let counter = 0;

const unique = (prefix: string): string => `${prefix}-${++counter}`;

async function folder(api: Api = app, extra: Record<string, unknown> = {}): Promise<Container> {
  return data(await api.post<Container>('/v1/containers/create', { name: unique('folder'), ...extra }));
}

async function upload(docId: string, text: string, api: Api = app): Promise<VersionResult> {
  return data((await api.raw('/v1/versions/upload', { docId }, new TextEncoder().encode(text))) as Reply<VersionResult>);
}

async function newDocument(containerId: string, api: Api = app, extra: Record<string, unknown> = {}): Promise<Document> {
  const d = data(await api.post<Document>('/v1/documents/save', { containerId, title: unique('doc.txt'), ...extra }));
  await upload(d.docId, 'one', api);
  return d;
}

async function getDoc(docId: string, api: Api = app): Promise<Document> {
  return data(await api.get<Document>('/v1/documents/get', { docId }));
}

async function versions(docId: string, api: Api = app): Promise<PageOf<Version>> {
  return data(await api.post<PageOf<Version>>('/v1/versions/getPage', { docId, pageSize: 20 }));
}

/** Writes to the service's database as another process would, outside any `folio serve`. */
function writeDirectly(sql: string, ...params: string[]): void {
  const db = new Database(join(first.dataDir, 'folio.db'));
  try {
    db.pragma('busy_timeout = 5000');
    expect(db.prepare(sql).run(...params).changes).toBe(1);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  const dataDir = tempDir();
  first = await startServer(dataDir);
  tenant = await createTenant(dataDir);
  second = await startServer(dataDir);
  app = await appApi(first.url, tenant);
  viaSecond = await appApi(second.url, tenant);
  ({ alice } = await createUsers(dataDir, tenant.tenantId, app, ['alice']));
});

afterAll(async () => {
  await Promise.all([first.stop(), second.stop()]);
  removeDir(first.dataDir);
});

describe('a remembered reply after a write through the same node', () => {
  it('documents/get answers a rename, a move and new metadata', async () => {
    const [a, b] = [await folder(), await folder()];
    const d = await newDocument(a.containerId);
    expect(await getDoc(d.docId)).toMatchObject({ title: d.title, containerId: a.containerId });
    data(await app.post('/v1/documents/update', { docId: d.docId, title: 'renamed.txt', metadataColumns: { stage: 'draft' } }));
    expect(await getDoc(d.docId)).toMatchObject({ title: 'renamed.txt', metadataColumns: { stage: 'draft' } });
    data(await app.post('/v1/documents/update', { docId: d.docId, containerId: b.containerId }));
    expect(await getDoc(d.docId)).toMatchObject({ containerId: b.containerId, containerName: b.name });
  });

  it("documents/get answers its container's new name", async () => {
    const c = await folder();
    const d = await newDocument(c.containerId);
    expect((await getDoc(d.docId)).containerName).toBe(c.name);
    data(await app.post('/v1/containers/update', { containerId: c.containerId, name: 'Renamed folder' }));
    expect((await getDoc(d.docId)).containerName).toBe('Renamed folder');
  });

  it("documents/get answers its content type's new name", async () => {
    const type = data(await app.post<ContentType>('/v1/contentTypes/save', { targetKind: 'DOCUMENT', code: unique('contract'), name: 'Contract' }));
    const d = await newDocument((await folder()).containerId, app, { documentTypeId: type.typeId });
    expect((await getDoc(d.docId)).documentTypeName).toBe('Contract');
    data(await app.post('/v1/contentTypes/update', { typeId: type.typeId, name: 'Agreement' }));
    expect((await getDoc(d.docId)).documentTypeName).toBe('Agreement');
  });

  it('documents/get and versions/getPage answer a new version, a restored one, a deletion and a restore', async () => {
    const d = await newDocument((await folder()).containerId);
    expect((await getDoc(d.docId)).currentVersionNo).toBe(1);
    const firstPage = await versions(d.docId);
    expect(firstPage.totalElements).toBe(1);
    const v2 = await upload(d.docId, 'two');
    expect((await getDoc(d.docId)).currentVersionId).toBe(v2.versionId);
    expect((await versions(d.docId)).content.map((v) => v.versionNo)).toEqual([2, 1]);
    data(await app.post('/v1/versions/restore', { versionId: firstPage.content[0]?.versionId }));
    expect((await versions(d.docId)).content.map((v) => v.versionNo)).toEqual([3, 2, 1]);
    data(await app.post('/v1/documents/delete', { docId: d.docId }));
    expect((await getDoc(d.docId)).state).toBe('DELETED');
    data(await app.post('/v1/documents/restore', { docId: d.docId }));
    expect((await getDoc(d.docId)).state).toBe('ACTIVE');
  });

  it("a user's read answers an ACL entry taken away, on the next request", async () => {
    const c = await folder(app, { aclInheritEnabled: false });
    data(await app.post('/v1/acl/entries/set', { containerId: c.containerId, entries: [{ principalType: 'USER', principalId: alice.userId, role: 'VIEWER' }] }));
    const d = await newDocument(c.containerId);
    expect((await getDoc(d.docId, alice.api)).docId).toBe(d.docId);
    expect((await versions(d.docId, alice.api)).totalElements).toBe(1);
    data(await app.post('/v1/acl/entries/set', { containerId: c.containerId, entries: [] }));
    expect((await alice.api.get('/v1/documents/get', { docId: d.docId })).body.code).toBe(FORBIDDEN);
    expect((await alice.api.post('/v1/versions/getPage', { docId: d.docId })).body.code).toBe(FORBIDDEN);
  });
});

describe('a remembered reply after a write elsewhere', () => {
  it('documents/get and versions/getPage answer what another folio serve on the same data directory wrote', async () => {
    // Read through the second node, written through the first: the first is the leader, whose
    // background work (text extraction of the new version) writes, while the second only reads.
    const d = await newDocument((await folder()).containerId);
    expect((await getDoc(d.docId, viaSecond)).title).toBe(d.title);
    expect((await versions(d.docId, viaSecond)).totalElements).toBe(1);
    data(await app.post('/v1/documents/update', { docId: d.docId, title: 'from the other node.txt' }));
    expect((await getDoc(d.docId, viaSecond)).title).toBe('from the other node.txt');
    const v2 = await upload(d.docId, 'two');
    expect((await getDoc(d.docId, viaSecond)).currentVersionId).toBe(v2.versionId);
    expect((await versions(d.docId, viaSecond)).content.map((v) => v.versionId)[0]).toBe(v2.versionId);
  });

  it("documents/get and versions/getPage answer an author's new name written by another process", async () => {
    const c = await folder(app, { aclInheritEnabled: false });
    data(await app.post('/v1/acl/entries/set', { containerId: c.containerId, entries: [{ principalType: 'USER', principalId: alice.userId, role: 'EDITOR' }] }));
    const d = await newDocument(c.containerId, alice.api);
    expect((await getDoc(d.docId)).createByName).toBe('alice');
    expect((await versions(d.docId)).content[0]?.createByName).toBe('alice');
    writeDirectly('UPDATE users SET name = ? WHERE user_id = ?', 'alice renamed', alice.userId);
    expect((await getDoc(d.docId)).createByName).toBe('alice renamed');
    expect((await versions(d.docId)).content[0]?.createByName).toBe('alice renamed');
    writeDirectly('UPDATE users SET name = ? WHERE user_id = ?', 'alice', alice.userId);
  });
});

/**
 * Writes an envelope as the route's response schema does: a Fastify instance whose routes answer
 * what they are sent, serialised by the 200 response schema of documents/get and versions/getPage.
 */
async function schemaWriter(): Promise<(path: string, envelope: unknown) => Promise<string>> {
  const writer = Fastify();
  for (const route of [contract.documents.get, contract.versions.getPage]) {
    writer.post(route.path, { schema: { response: { 200: replies(route.reply.data)[200] } } }, async (req) => req.body);
  }
  await writer.ready();
  return async (path, envelope) => (await writer.inject({ method: 'POST', url: path, payload: envelope as object })).payload;
}

describe('the bytes of a remembered reply', () => {
  it("are the route's response schema's, on the read that remembers it and on the reads it answers", async () => {
    const d = await newDocument((await folder()).containerId);
    data(await app.post('/v1/documents/update', { docId: d.docId, metadataColumns: { stage: 'draft', pages: 3 } }));
    await upload(d.docId, 'two');
    const write = await schemaWriter();
    const reads: Record<string, () => Promise<Response>> = {
      [contract.documents.get.path]: () => app.fetch(contract.documents.get.path, { docId: d.docId }),
      [contract.versions.getPage.path]: () =>
        fetch(app.base + contract.versions.getPage.path, {
          method: 'POST',
          headers: { authorization: `Bearer ${app.token ?? ''}`, 'content-type': 'application/json' },
          body: JSON.stringify({ docId: d.docId, pageSize: 20 }),
        }),
    };
    for (const [path, read] of Object.entries(reads)) {
      const bodies: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await read();
        const body = await res.text();
        const envelope = JSON.parse(body) as { rid: string; code: number };
        expect(envelope.code, path).toBe(0);
        expect(res.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
        expect(res.headers.get('x-request-id'), path).toBe(envelope.rid);
        expect(body, path).toBe(await write(path, envelope));
        bodies.push(body.replace(/"ts":\d+,"rid":"[^"]+"/, ''));
      }
      expect(new Set(bodies).size, path).toBe(1);
    }
  });
});
