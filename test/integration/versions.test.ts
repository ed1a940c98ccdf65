/** Direct upload (POST /v1/versions/upload) and version listing (spec 4.14) against a real `folio serve`. */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container, Document, PageOf, Version, VersionResult } from '../../shared/v1/resources.ts';
import { blobFiles, countRows, queryStore, tempFiles } from '../helpers/dataDir.ts';
import { postRaw } from '../helpers/rawHttp.ts';
import { Api, appApi, createTenant, data, removeDir, startServer, type ServerHandle } from '../helpers/server.ts';

const MiB = 1024 * 1024;
let server: ServerHandle;
let app: Api;
let other: Api;
let token: string;
let folder: Container;
let defaultContainerId: string;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function upload(query: Record<string, string>, bytes: Uint8Array, api = app) {
  return api.raw('/v1/versions/upload', query, bytes);
}

async function uploadOk(query: Record<string, string>, bytes: Uint8Array, api = app): Promise<VersionResult> {
  return data(await upload(query, bytes, api)) as VersionResult;
}

/** What a failed request must not leave behind. */
function footprint() {
  return { versions: countRows(server.dataDir, 'versions'), blobs: blobFiles(server.dataDir).sort(), temp: tempFiles(server.dataDir) };
}

beforeAll(async () => {
  server = await startServer();
  const tenant = await createTenant(server.dataDir, 'acme');
  app = await appApi(server.url, tenant);
  token = app.token as string;
  other = await appApi(server.url, await createTenant(server.dataDir, 'other'));
  folder = data(await app.post<Container>('/v1/containers/create', { name: 'uploads' }));
  const roots = data(await app.post<PageOf<Container>>('/v1/containers/getPage', {}));
  defaultContainerId = (roots.content.find((c) => c.name === 'Default') as Container).containerId;
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('POST /v1/versions/upload', () => {
  it('creates a new document in a container from containerId + title', async () => {
    const bytes = randomBytes(1000);
    const v = await uploadOk({ containerId: folder.containerId, title: 'report.pdf' }, bytes);
    expect(v).toMatchObject({ versionNo: 1, sizeBytes: 1000, contentHash: sha256(bytes), mimeType: 'application/pdf', originalFilename: 'report.pdf' });
    const doc = data(await app.get<Document>('/v1/documents/get', { docId: v.docId }));
    expect(doc).toMatchObject({ containerId: folder.containerId, title: 'report.pdf', currentVersionId: v.versionId, currentVersionNo: 1, contentHash: sha256(bytes) });
  });

  it('adds a version to the document named by docId, with versionNo rising by one', async () => {
    const first = await uploadOk({ containerId: folder.containerId, title: 'notes.txt' }, Buffer.from('one'));
    const second = await uploadOk({ docId: first.docId, comment: 'fix' }, Buffer.from('two'));
    const third = await uploadOk({ docId: first.docId }, Buffer.from('three'));
    expect([first.versionNo, second.versionNo, third.versionNo]).toEqual([1, 2, 3]);
    expect(new Set([first.docId, second.docId, third.docId]).size).toBe(1);
    const doc = data(await app.get<Document>('/v1/documents/get', { docId: first.docId }));
    expect(doc).toMatchObject({ currentVersionNo: 3, currentVersionId: third.versionId, sizeBytes: 5 });
  });

  it('refuses docId and containerId together with 110001', async () => {
    const v = await uploadOk({ containerId: folder.containerId, title: 'both.txt' }, Buffer.from('x'));
    const before = footprint();
    const res = await upload({ docId: v.docId, containerId: folder.containerId, title: 'again' }, Buffer.from('y'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 110001, success: false, data: null });
    expect(footprint()).toEqual(before);
  });

  it("puts the file in a new document of the tenant's default container when neither docId nor containerId is given", async () => {
    const v = await uploadOk({ title: 'loose.txt' }, Buffer.from('loose'));
    const doc = data(await app.get<Document>('/v1/documents/get', { docId: v.docId }));
    expect(doc.containerId).toBe(defaultContainerId);
    expect(doc.title).toBe('loose.txt');
  });

  it('refuses a body over 32 MiB (declared by Content-Length) with 110003 and writes nothing', async () => {
    const before = footprint();
    const res = await upload({ containerId: folder.containerId, title: 'huge.bin' }, new Uint8Array(32 * MiB + 1));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 110003, success: false });
    expect(footprint()).toEqual(before);
  });

  it('refuses a streamed body that grows past 32 MiB with 110003 and leaves no temp file', async () => {
    const before = footprint();
    const pieces = Array.from({ length: 33 }, () => new Uint8Array(MiB));
    const res = await postRaw(server.url, '/v1/versions/upload', { containerId: folder.containerId, title: 'streamed.bin' }, { token, pieces });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 110003, success: false });
    expect(footprint()).toEqual(before);
  });

  // Up to 1 MiB a body is read into memory, above it streamed to a temp file: both paths.
  for (const declared of [4 * MiB, 512 * 1024]) {
    it(`leaves nothing behind and logs no internal error when the client hangs up mid-upload (${declared} bytes declared)`, async () => {
      const before = footprint();
      let stderr = '';
      const listen = (d: Buffer) => (stderr += d.toString());
      server.process.stderr?.on('data', listen);
      const url = new URL(`/v1/versions/upload?containerId=${folder.containerId}&title=cut-${declared}.bin`, server.url);
      await new Promise<void>((resolve) => {
        const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': String(declared) } });
        req.on('error', () => resolve());
        req.write(randomBytes(declared / 2), () => setTimeout(() => req.destroy(), 200));
      });
      await new Promise((r) => setTimeout(r, 300));
      server.process.stderr?.off('data', listen);
      expect(footprint()).toEqual(before);
      expect(stderr).toBe('');
    });
  }

  it('accepts exactly 32 MiB', async () => {
    const bytes = randomBytes(32 * MiB);
    const v = await uploadOk({ containerId: folder.containerId, title: 'limit.bin' }, bytes);
    expect(v.sizeBytes).toBe(32 * MiB);
    expect(v.contentHash).toBe(sha256(bytes));
  });

  it('refuses a body that is not application/octet-stream with 110004', async () => {
    const before = footprint();
    for (const type of ['application/json', 'text/plain', 'image/png', 'multipart/form-data; boundary=x']) {
      for (const body of [Buffer.from('{"a":1}'), Buffer.from([0xff, 0x00, 0x7b])]) {
        const res = await app.raw('/v1/versions/upload', { containerId: folder.containerId, title: `typed-${type.length}.txt` }, body, { 'content-type': type });
        expect(res.status, type).toBe(415);
        expect(res.body.code, type).toBe(110004);
      }
    }
    const untyped = await fetch(`${server.url}/v1/versions/upload?title=untyped.txt`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new Uint8Array([1, 2, 3]) });
    expect(untyped.status).toBe(415);
    expect(footprint()).toEqual(before);
  });

  it('refuses a metadata string that is not a JSON object with 110001', async () => {
    const before = footprint();
    for (const metadata of ['not json', '[1,2]', '"text"', '42', 'null']) {
      const res = await upload({ containerId: folder.containerId, title: 'meta.txt', metadata }, Buffer.from('m'));
      expect(res.body.code, metadata).toBe(110001);
    }
    expect(footprint()).toEqual(before);
    const v = await uploadOk({ containerId: folder.containerId, title: 'meta.txt', metadata: '{"project":"apollo"}' }, Buffer.from('m'));
    const doc = data(await app.get<Document>('/v1/documents/get', { docId: v.docId }));
    expect(doc.metadataColumns).toMatchObject({ project: 'apollo' });
  });

  it('stores equal content once per tenant: the same blobId and one blob file', async () => {
    const bytes = randomBytes(4096);
    const a = await uploadOk({ containerId: folder.containerId, title: 'twin-a.bin' }, bytes);
    const b = await uploadOk({ containerId: folder.containerId, title: 'twin-b.bin' }, bytes);
    expect(a.docId).not.toBe(b.docId);
    expect(b.blobId).toBe(a.blobId);
    expect(blobFiles(server.dataDir).filter((f) => f.endsWith(sha256(bytes)))).toHaveLength(1);
    expect(queryStore(server.dataDir, 'SELECT blob_id FROM blobs WHERE content_hash = ?', sha256(bytes))).toHaveLength(1);
  });

  it('leaves no version and no unreferenced blob file when finalize fails on a title collision (130001)', async () => {
    await uploadOk({ containerId: folder.containerId, title: 'taken.txt' }, Buffer.from('first'));
    const before = footprint();
    const fresh = randomBytes(2048);
    const res = await upload({ containerId: folder.containerId, title: 'taken.txt' }, fresh);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(130001);
    expect(footprint()).toEqual(before);
    expect(blobFiles(server.dataDir).some((f) => f.endsWith(sha256(fresh)))).toBe(false);
  });

  it("treats another tenant's document and container as unknown", async () => {
    const v = await uploadOk({ containerId: folder.containerId, title: 'private.txt' }, Buffer.from('p'));
    const before = footprint();
    expect((await upload({ docId: v.docId }, Buffer.from('intrude'), other)).body.code).toBe(120001);
    expect((await upload({ containerId: folder.containerId, title: 'x' }, Buffer.from('intrude'), other)).body.code).toBe(120001);
    expect(footprint()).toEqual(before);
  });
});

describe('POST /v1/versions/getPage', () => {
  let docId: string;
  let versions: VersionResult[];

  beforeAll(async () => {
    const first = await uploadOk({ containerId: folder.containerId, title: 'history.txt' }, Buffer.from('v1'));
    docId = first.docId;
    versions = [first];
    for (const body of ['v2', 'v3', 'v4', 'v5']) versions.push(await uploadOk({ docId }, Buffer.from(body)));
  });

  it('lists the versions of a document by versionNo descending', async () => {
    const page = data(await app.post<PageOf<Version>>('/v1/versions/getPage', { docId }));
    expect(page.totalElements).toBe(5);
    expect(page.content.map((v) => v.versionNo)).toEqual([5, 4, 3, 2, 1]);
    expect(page.content[0]).toMatchObject({ versionId: versions[4]?.versionId, docId, contentHash: sha256(Buffer.from('v5')), sizeBytes: 2 });
  });

  it('numbers pages from 1', async () => {
    const one = data(await app.post<PageOf<Version>>('/v1/versions/getPage', { docId, pageSize: 2, pageNumber: 1 }));
    const two = data(await app.post<PageOf<Version>>('/v1/versions/getPage', { docId, pageSize: 2, pageNumber: 2 }));
    const three = data(await app.post<PageOf<Version>>('/v1/versions/getPage', { docId, pageSize: 2, pageNumber: 3 }));
    expect(one.content.map((v) => v.versionNo)).toEqual([5, 4]);
    expect(two.content.map((v) => v.versionNo)).toEqual([3, 2]);
    expect(three.content.map((v) => v.versionNo)).toEqual([1]);
    expect((await app.post('/v1/versions/getPage', { docId, pageNumber: 0 })).body.code).toBe(110001);
  });

  it('without docId lists the versions of every active document the caller can enumerate, and nothing of other tenants', async () => {
    const gone = await uploadOk({ containerId: folder.containerId, title: 'deleted-later.txt' }, Buffer.from('bye'));
    const before = data(await app.post<PageOf<Version>>('/v1/versions/getPage', { pageSize: 500 }));
    expect(before.content.some((v) => v.versionId === gone.versionId)).toBe(true);
    data(await app.post('/v1/documents/delete', { docId: gone.docId }));
    const theirs = await uploadOk({ title: 'theirs.txt' }, Buffer.from('theirs'), other);

    const all = data(await app.post<PageOf<Version>>('/v1/versions/getPage', { pageSize: 500 }));
    const ids = new Set(all.content.map((v) => v.versionId));
    expect(all.totalElements).toBe(all.content.length);
    expect(all.totalElements).toBe(before.totalElements - 1);
    for (const v of versions) expect(ids.has(v.versionId)).toBe(true);
    expect(ids.has(gone.versionId)).toBe(false);
    expect(ids.has(theirs.versionId)).toBe(false);
    const nos = all.content.map((v) => v.versionNo);
    expect(nos).toEqual([...nos].sort((a, b) => b - a));

    const mine = data(await other.post<PageOf<Version>>('/v1/versions/getPage', {}));
    expect(mine.content.map((v) => v.versionId)).toEqual([theirs.versionId]);
  });

  it("refuses isAsc 'asc' with 110001", async () => {
    const res = await app.post('/v1/versions/getPage', { docId, isAsc: 'asc' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(110001);
    expect(data(await app.post<PageOf<Version>>('/v1/versions/getPage', { docId, isAsc: 'desc' })).content[0]?.versionNo).toBe(5);
  });

  it("treats an unknown document and another tenant's document as not found", async () => {
    expect((await app.post('/v1/versions/getPage', { docId: 'doc_nope' })).body.code).toBe(120001);
    expect((await other.post('/v1/versions/getPage', { docId })).body.code).toBe(120001);
  });
});
