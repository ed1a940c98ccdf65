/** Chunked uploads with resume (spec 4.11, docs/architecture.md, "Service conventions") against a real `folio serve`. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkedUploadSession, Container, Document, PageOf, VersionResult } from '../../shared/v1/resources.ts';
import { assemblyFiles, blobFiles, countRows } from '../helpers/dataDir.ts';
import { postRaw } from '../helpers/rawHttp.ts';
import { Api, appApi, createTenant, data, removeDir, startServer, type Reply, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { HEAVY_TEST_MS, until } from '../helpers/wait.ts';

const KiB = 1024;
const MiB = 1024 * KiB;
const CHUNK = 256 * KiB;

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let other: Api;
let folder: Container;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

interface Plan {
  bytes: Buffer;
  chunkSize: number;
  totalChunks: number;
}

function plan(totalSize: number, chunkSize = CHUNK): Plan {
  return { bytes: randomBytes(totalSize), chunkSize, totalChunks: Math.max(1, Math.ceil(totalSize / chunkSize)) };
}

function chunkOf(p: Plan, index: number): Buffer {
  return p.bytes.subarray(index * p.chunkSize, Math.min(p.bytes.length, (index + 1) * p.chunkSize));
}

function init(p: Plan, extra: Record<string, unknown> = {}, api = app): Promise<Reply<ChunkedUploadSession>> {
  return api.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', {
    containerId: folder.containerId,
    title: `file-${randomUUID()}.bin`,
    totalSize: p.bytes.length,
    chunkSize: p.chunkSize,
    totalChunks: p.totalChunks,
    ...extra,
  });
}

async function initOk(p: Plan, extra: Record<string, unknown> = {}): Promise<ChunkedUploadSession> {
  return data(await init(p, extra));
}

async function sendChunk(uploadId: string, index: number, bytes: Uint8Array, headers: Record<string, string> = {}, api = app): Promise<Reply<ChunkedUploadSession>> {
  return (await api.raw('/v1/versions/uploadChunk', { uploadId, chunkIndex: String(index) }, bytes, headers)) as Reply<ChunkedUploadSession>;
}

/** Opens a session under a fresh idempotency key, and returns a way to read back the chunks it has stored. */
async function keyed(p: Plan): Promise<{ session: ChunkedUploadSession; stored: () => Promise<number[]> }> {
  const extra = { idempotencyKey: randomUUID(), title: `keyed-${randomUUID()}.bin` };
  const session = await initOk(p, extra);
  return { session, stored: async () => (await initOk(p, extra)).uploadedChunkIndexes };
}

async function sendAll(p: Plan, uploadId: string, order = [...Array(p.totalChunks).keys()]): Promise<void> {
  for (const i of order) data(await sendChunk(uploadId, i, chunkOf(p, i)));
}

function complete(uploadId: string, api = app): Promise<Reply<VersionResult>> {
  return api.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId });
}

async function downloaded(versionId: string): Promise<Buffer> {
  const res = await app.fetch('/v1/versions/download', { versionId });
  return Buffer.from(await res.arrayBuffer());
}

function footprint() {
  return {
    versions: countRows(server.dataDir, 'versions'),
    documents: countRows(server.dataDir, 'documents'),
    blobs: blobFiles(server.dataDir).sort(),
  };
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir, 'acme');
  app = await appApi(server.url, tenant);
  other = await appApi(server.url, await createTenant(server.dataDir, 'other'));
  folder = data(await app.post<Container>('/v1/containers/create', { name: 'chunked' }));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('POST /v1/versions/initChunkedUpload and friends', () => {
  it('numbers chunks from 0 and assembles them into a version with the right hash', async () => {
    const p = plan(600 * KiB);
    const s = await initOk(p, { title: 'three.bin' });
    expect(s.uploadedChunkIndexes).toEqual([]);
    expect(s.totalChunks).toBe(3);
    await sendAll(p, s.uploadId);
    const v = data(await complete(s.uploadId));
    expect(v).toMatchObject({ versionNo: 1, sizeBytes: 600 * KiB, contentHash: sha256(p.bytes) });
    expect((await downloaded(v.versionId)).equals(p.bytes)).toBe(true);
    expect(assemblyFiles(server.dataDir)).not.toContain(`${s.uploadId}.part`);
  });

  it('treats a re-sent chunk as harmless', async () => {
    const p = plan(600 * KiB);
    const s = await initOk(p);
    await sendAll(p, s.uploadId, [0, 1, 1, 2, 0]);
    const again = data(await sendChunk(s.uploadId, 1, chunkOf(p, 1)));
    expect(again.uploadedChunkIndexes).toEqual([0, 1, 2]);
    expect(data(await complete(s.uploadId)).contentHash).toBe(sha256(p.bytes));
  });

  it('resumes the same session when init is repeated with the same idempotencyKey, listing the chunks stored', async () => {
    const p = plan(1 * MiB);
    const key = randomUUID();
    const first = await initOk(p, { idempotencyKey: key, title: 'resume.bin' });
    await sendAll(p, first.uploadId, [0]);
    const lastChunk = data(await sendChunk(first.uploadId, 2, chunkOf(p, 2)));
    await new Promise((r) => setTimeout(r, 10));
    const resumed = await initOk(p, { idempotencyKey: key, title: 'resume.bin' });
    expect(resumed.uploadId).toBe(first.uploadId);
    expect(resumed.uploadedChunkIndexes).toEqual([0, 2]);
    expect(Date.parse(resumed.expiresAt)).toBeGreaterThan(Date.parse(lastChunk.expiresAt));
    await sendAll(p, resumed.uploadId, [1, 3]);
    expect(data(await complete(first.uploadId)).contentHash).toBe(sha256(p.bytes));
  });

  it('returns alreadyCompletedVersionId for the key of a completed upload, and creates nothing', async () => {
    const p = plan(300 * KiB);
    const key = randomUUID();
    const s = await initOk(p, { idempotencyKey: key, title: 'done.bin' });
    await sendAll(p, s.uploadId);
    const v = data(await complete(s.uploadId));
    const before = { ...footprint(), sessions: countRows(server.dataDir, 'upload_sessions'), parts: assemblyFiles(server.dataDir) };
    const again = await initOk(p, { idempotencyKey: key, title: 'done.bin' });
    expect(again).toMatchObject({ uploadId: s.uploadId, alreadyCompletedVersionId: v.versionId, uploadedChunkIndexes: [] });
    expect({ ...footprint(), sessions: countRows(server.dataDir, 'upload_sessions'), parts: assemblyFiles(server.dataDir) }).toEqual(before);
  });

  it('creates nothing when the content does not match expectedContentHash (140002), and drops the assembled bytes', async () => {
    const p = plan(600 * KiB);
    const before = footprint();
    const s = await initOk(p, { expectedContentHash: sha256(Buffer.from('something else')), title: 'mismatch.bin' });
    await sendAll(p, s.uploadId);
    expect(assemblyFiles(server.dataDir)).toContain(`${s.uploadId}.part`);
    const res = await complete(s.uploadId);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 140002, success: false, data: null });
    expect(footprint()).toEqual(before);
    expect(assemblyFiles(server.dataDir)).not.toContain(`${s.uploadId}.part`);
    const docs = data(await app.post<PageOf<Document>>('/v1/documents/getPage', { containerId: folder.containerId, pageSize: 500 }));
    expect(docs.content.some((d) => d.title === 'mismatch.bin')).toBe(false);
  });

  it('accepts a matching expectedContentHash, in either case and with a sha256: prefix', async () => {
    const p = plan(300 * KiB);
    const s = await initOk(p, { expectedContentHash: `sha256:${sha256(p.bytes).toUpperCase()}` });
    await sendAll(p, s.uploadId);
    expect(data(await complete(s.uploadId)).contentHash).toBe(sha256(p.bytes));
  });

  it("puts the file in a new document of the tenant's default container when docId and containerId are both empty", async () => {
    const p = plan(10 * KiB);
    const s = await initOk(p, { containerId: '', docId: '', title: 'default.bin' });
    await sendAll(p, s.uploadId);
    const v = data(await complete(s.uploadId));
    const doc = data(await app.get<Document>('/v1/documents/get', { docId: v.docId }));
    expect(doc.containerName).toBe('Default');
    expect(doc.title).toBe('default.bin');
  });

  it('adds a version to an existing document given docId', async () => {
    const first = data(await app.raw('/v1/versions/upload', { containerId: folder.containerId, title: 'grows.bin' }, Buffer.from('v1'))) as VersionResult;
    const p = plan(300 * KiB);
    const s = await initOk(p, { containerId: undefined, title: undefined, docId: first.docId });
    await sendAll(p, s.uploadId);
    expect(data(await complete(s.uploadId))).toMatchObject({ docId: first.docId, versionNo: 2, contentHash: sha256(p.bytes) });
  });

  it('refuses inconsistent geometry with 110001 and opens no session', async () => {
    const sessions = countRows(server.dataDir, 'upload_sessions');
    const cases: [string, Record<string, number>][] = [
      ['totalChunks != ceil(totalSize/chunkSize)', { totalSize: 600 * KiB, chunkSize: CHUNK, totalChunks: 2 }],
      ['too many chunks', { totalSize: 600 * KiB, chunkSize: CHUNK, totalChunks: 4 }],
      ['negative totalSize', { totalSize: -1, chunkSize: CHUNK, totalChunks: 1 }],
      ['negative chunkSize', { totalSize: 100, chunkSize: -CHUNK, totalChunks: 1 }],
      ['zero chunkSize', { totalSize: 100, chunkSize: 0, totalChunks: 1 }],
      ['negative totalChunks', { totalSize: 100, chunkSize: CHUNK, totalChunks: -1 }],
      ['chunkSize above 64 MiB', { totalSize: 65 * MiB, chunkSize: 64 * MiB + 1, totalChunks: 1 }],
      ['chunkSize below 256 KiB with more than one chunk', { totalSize: 200 * KiB, chunkSize: 100 * KiB, totalChunks: 2 }],
    ];
    for (const [why, geometry] of cases) {
      const res = await app.post('/v1/versions/initChunkedUpload', { containerId: folder.containerId, title: 'geo.bin', ...geometry });
      expect(res.status, why).toBe(400);
      expect(res.body.code, why).toBe(110001);
    }
    const floats = await app.post('/v1/versions/initChunkedUpload', { title: 'geo.bin', totalSize: 1.5, chunkSize: CHUNK, totalChunks: 1 });
    expect(floats.body.code).toBe(110001);
    expect(countRows(server.dataDir, 'upload_sessions')).toBe(sessions);
    const small = await initOk(plan(100 * KiB, 100 * KiB), { title: 'small-single.bin' });
    expect(small.totalChunks).toBe(1);
  });

  it('refuses a chunk index out of range with 110001', async () => {
    const p = plan(600 * KiB);
    const s = await initOk(p);
    for (const index of [-1, 3, 1000]) {
      const res = await sendChunk(s.uploadId, index, chunkOf(p, 0));
      expect(res.status, String(index)).toBe(400);
      expect(res.body.code, String(index)).toBe(110001);
    }
    const notANumber = await app.raw('/v1/versions/uploadChunk', { uploadId: s.uploadId, chunkIndex: 'x' }, chunkOf(p, 0));
    expect(notANumber.body.code).toBe(110001);
  });

  it('refuses a chunk that is shorter than its slot with 140004 and does not count it', async () => {
    const p = plan(600 * KiB);
    const { session: s, stored } = await keyed(p);
    const res = await sendChunk(s.uploadId, 0, chunkOf(p, 0).subarray(1));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(140004);
    const last = await sendChunk(s.uploadId, 2, chunkOf(p, 1));
    expect(last.body.code).toBe(140004);
    expect(await stored()).toEqual([]);
    expect(data(await sendChunk(s.uploadId, 1, chunkOf(p, 1))).uploadedChunkIndexes).toEqual([1]);
  });

  it('refuses a chunk that is longer than its slot with 140004 and does not count it', async () => {
    const p = plan(600 * KiB);
    const { session: s, stored } = await keyed(p);
    const res = await sendChunk(s.uploadId, 2, Buffer.concat([chunkOf(p, 2), Buffer.from('!')]));
    expect(res.body.code).toBe(140004);
    expect(await stored()).toEqual([]);
  });

  it('refuses a streamed chunk (no Content-Length) whose bytes do not fill its slot exactly, with 140004', async () => {
    const p = plan(600 * KiB);
    const { session: s, stored } = await keyed(p);
    const token = app.token as string;
    const q = { uploadId: s.uploadId, chunkIndex: '1' };
    const short = await postRaw(server.url, '/v1/versions/uploadChunk', q, { token, pieces: [chunkOf(p, 1).subarray(0, 1000)] });
    expect(short.body.code).toBe(140004);
    const long = await postRaw(server.url, '/v1/versions/uploadChunk', q, { token, pieces: [chunkOf(p, 1), randomBytes(64 * KiB)] });
    expect(long.body.code).toBe(140004);
    expect(await stored()).toEqual([]);
    const exact = await postRaw(server.url, '/v1/versions/uploadChunk', q, { token, pieces: [chunkOf(p, 1).subarray(0, 1000), chunkOf(p, 1).subarray(1000)] });
    expect(exact.body.code).toBe(0);
    expect((exact.body.data as ChunkedUploadSession).uploadedChunkIndexes).toEqual([1]);
  });

  it('refuses a Content-Length that differs from the slot with 140004, before reading the body', async () => {
    const p = plan(600 * KiB);
    const { session: s, stored } = await keyed(p);
    const res = await postRaw(server.url, '/v1/versions/uploadChunk', { uploadId: s.uploadId, chunkIndex: '0' }, {
      token: app.token as string,
      pieces: [chunkOf(p, 0).subarray(0, 10)],
      contentLength: 10,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(140004);
    expect(await stored()).toEqual([]);
  });

  it('does not count a chunk whose client hangs up halfway, and logs no internal error', async () => {
    const p = plan(600 * KiB);
    const { session: s, stored } = await keyed(p);
    let stderr = '';
    const listen = (d: Buffer) => (stderr += d.toString());
    server.process.stderr?.on('data', listen);
    const url = new URL(`/v1/versions/uploadChunk?uploadId=${s.uploadId}&chunkIndex=0`, server.url);
    await new Promise<void>((resolve) => {
      const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/octet-stream', 'content-length': String(CHUNK) } });
      req.on('error', () => resolve());
      req.write(chunkOf(p, 0).subarray(0, CHUNK / 2), () => setTimeout(() => req.destroy(), 200));
    });
    await new Promise((r) => setTimeout(r, 300));
    server.process.stderr?.off('data', listen);
    expect(await stored()).toEqual([]);
    expect(stderr).toBe('');
    await sendAll(p, s.uploadId);
    expect(data(await complete(s.uploadId)).contentHash).toBe(sha256(p.bytes));
  });

  it('keeps a stored chunk when a re-send of it fails', async () => {
    const p = plan(600 * KiB);
    const s = await initOk(p);
    await sendAll(p, s.uploadId, [0, 1, 2]);
    expect((await sendChunk(s.uploadId, 1, chunkOf(p, 1).subarray(5))).body.code).toBe(140004);
    expect(data(await complete(s.uploadId)).contentHash).toBe(sha256(p.bytes));
  });

  it('refuses a chunk whose bytes do not match X-Chunk-Sha256 with 140005, and accepts a matching one', async () => {
    const p = plan(600 * KiB);
    const { session: s, stored } = await keyed(p);
    const bad = await sendChunk(s.uploadId, 0, chunkOf(p, 0), { 'x-chunk-sha256': sha256(chunkOf(p, 1)) });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe(140005);
    expect(await stored()).toEqual([]);
    const malformed = await sendChunk(s.uploadId, 0, chunkOf(p, 0), { 'x-chunk-sha256': 'abc' });
    expect(malformed.body.code).toBe(110001);
    const good = await sendChunk(s.uploadId, 0, chunkOf(p, 0), { 'x-chunk-sha256': sha256(chunkOf(p, 0)) });
    expect(data(good).uploadedChunkIndexes).toEqual([0]);
  });

  it('refuses to complete with missing chunks (140003), naming them', async () => {
    const p = plan(5 * CHUNK + 1);
    const s = await initOk(p);
    await sendAll(p, s.uploadId, [0, 2, 5]);
    const res = await complete(s.uploadId);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(140003);
    expect(res.body.msg).toContain('1, 3, 4');
    await sendAll(p, s.uploadId, [1, 3, 4]);
    expect(data(await complete(s.uploadId)).contentHash).toBe(sha256(p.bytes));
  });

  it('returns the same version when completed twice, also at the same time', async () => {
    const p = plan(600 * KiB);
    const s = await initOk(p);
    await sendAll(p, s.uploadId);
    const [a, b] = await Promise.all([complete(s.uploadId), complete(s.uploadId)]);
    const c = await complete(s.uploadId);
    expect(data(b).versionId).toBe(data(a).versionId);
    expect(data(c).versionId).toBe(data(a).versionId);
    const versions = data(await app.post<PageOf<unknown>>('/v1/versions/getPage', { docId: data(a).docId }));
    expect(versions.totalElements).toBe(1);
  });

  it('refuses chunks for a completed session with 140001', async () => {
    const p = plan(10 * KiB);
    const s = await initOk(p);
    await sendAll(p, s.uploadId);
    data(await complete(s.uploadId));
    expect((await sendChunk(s.uploadId, 0, chunkOf(p, 0))).body.code).toBe(140001);
  });

  it('frees the idempotency key on abort, and drops the assembled bytes', async () => {
    const p = plan(600 * KiB);
    const key = randomUUID();
    const s = await initOk(p, { idempotencyKey: key });
    await sendAll(p, s.uploadId, [0]);
    expect(assemblyFiles(server.dataDir)).toContain(`${s.uploadId}.part`);
    data(await app.post('/v1/versions/abortChunkedUpload', { uploadId: s.uploadId }));
    expect(assemblyFiles(server.dataDir)).not.toContain(`${s.uploadId}.part`);
    expect((await sendChunk(s.uploadId, 1, chunkOf(p, 1))).body.code).not.toBe(0);
    const fresh = await initOk(p, { idempotencyKey: key });
    expect(fresh.uploadId).not.toBe(s.uploadId);
    expect(fresh.uploadedChunkIndexes).toEqual([]);
  });

  it('refuses the same idempotencyKey with different sizes with 140006', async () => {
    const p = plan(600 * KiB);
    const key = randomUUID();
    const s = await initOk(p, { idempotencyKey: key, title: 'keyed.bin' });
    const bigger = await init(plan(700 * KiB), { idempotencyKey: key, title: 'keyed.bin' });
    expect(bigger.status).toBe(409);
    expect(bigger.body.code).toBe(140006);
    const otherChunking = await init(plan(600 * KiB, 300 * KiB), { idempotencyKey: key, title: 'keyed.bin' });
    expect(otherChunking.body.code).toBe(140006);
    expect((await initOk(p, { idempotencyKey: key, title: 'keyed.bin' })).uploadId).toBe(s.uploadId);
  });

  it('refuses the same idempotencyKey for a different destination with 140006', async () => {
    const p = plan(600 * KiB);
    const key = randomUUID();
    await initOk(p, { idempotencyKey: key, title: 'here.bin' });
    expect((await init(p, { idempotencyKey: key, title: 'there.bin' })).body.code).toBe(140006);
  });

  it('assembles chunks sent concurrently and out of order', async () => {
    const p = plan(12 * CHUNK + 12345);
    const s = await initOk(p);
    const order = [...Array(p.totalChunks).keys()].sort(() => Math.random() - 0.5);
    const replies = await Promise.all(order.map((i) => sendChunk(s.uploadId, i, chunkOf(p, i))));
    for (const r of replies) expect(r.body.code).toBe(0);
    const v = data(await complete(s.uploadId));
    expect(v.contentHash).toBe(sha256(p.bytes));
    expect((await downloaded(v.versionId)).equals(p.bytes)).toBe(true);
  });

  it('uploads a 0-byte file', async () => {
    const p = plan(0);
    const s = await initOk(p, { title: 'empty.bin' });
    expect(s.totalChunks).toBe(1);
    data(await sendChunk(s.uploadId, 0, new Uint8Array(0)));
    const v = data(await complete(s.uploadId));
    expect(v).toMatchObject({ sizeBytes: 0, contentHash: sha256(new Uint8Array(0)) });
    expect((await downloaded(v.versionId)).length).toBe(0);
  });

  it('keeps the chunks when completing fails on a title collision, so completing again after the conflict is gone works', async () => {
    const p = plan(600 * KiB);
    const s = await initOk(p, { title: 'contested.bin' });
    await sendAll(p, s.uploadId);
    const squatter = data(await app.raw('/v1/versions/upload', { containerId: folder.containerId, title: 'contested.bin' }, Buffer.from('first'))) as VersionResult;
    const before = footprint();
    const res = await complete(s.uploadId);
    expect(res.body.code).toBe(130001);
    expect(footprint()).toEqual(before);
    expect(blobFiles(server.dataDir).some((f) => f.endsWith(sha256(p.bytes)))).toBe(false);
    data(await app.post('/v1/documents/delete', { docId: squatter.docId }));
    const v = data(await complete(s.uploadId));
    expect(v.contentHash).toBe(sha256(p.bytes));
    expect((await downloaded(v.versionId)).equals(p.bytes)).toBe(true);
  });

  it("treats another tenant's upload session as unknown", async () => {
    const p = plan(10 * KiB);
    const s = await initOk(p);
    expect((await sendChunk(s.uploadId, 0, chunkOf(p, 0), {}, other)).body.code).toBe(120001);
    expect((await complete(s.uploadId, other)).body.code).toBe(120001);
    expect((await other.post('/v1/versions/abortChunkedUpload', { uploadId: s.uploadId })).body.code).toBe(120001);
    await sendAll(p, s.uploadId);
    expect(data(await complete(s.uploadId)).contentHash).toBe(sha256(p.bytes));
  });
});

describe('chunked uploads across a restart', () => {
  // Restarts the server: the timeout is a guard (test/helpers/wait.ts).
  it('resumes after the server restarts, and the hash of the assembled file is still right', { timeout: HEAVY_TEST_MS }, async () => {
    const dataDir = server.dataDir;
    const p = plan(8 * CHUNK + 99);
    const key = randomUUID();
    const s = await initOk(p, { idempotencyKey: key, title: 'restart.bin' });
    await sendAll(p, s.uploadId, [0, 1, 2, 5]);
    await server.stop();
    server = await startServer(dataDir);
    app = await appApi(server.url, tenant);
    const resumed = await initOk(p, { idempotencyKey: key, title: 'restart.bin' });
    expect(resumed.uploadId).toBe(s.uploadId);
    expect(resumed.uploadedChunkIndexes).toEqual([0, 1, 2, 5]);
    await sendAll(p, s.uploadId, [3, 4, 6, 7, 8]);
    expect(data(await complete(s.uploadId)).contentHash).toBe(sha256(p.bytes));
  });
});

describe('expiry of upload sessions', () => {
  let short: ServerHandle;
  let api: Api;

  beforeAll(async () => {
    short = await startServer(undefined, [], { FOLIO_UPLOAD_TTL_MS: '1500' });
    const t = await createTenant(short.dataDir, 'brief');
    api = await appApi(short.url, t);
  });

  afterAll(async () => {
    await short.stop();
    removeDir(short.dataDir);
  });

  it('answers 140001 once a session has expired, and the sweep removes its bytes', async () => {
    const p = plan(600 * KiB);
    const key = randomUUID();
    const s = data(await init(p, { containerId: '', title: 'expires.bin', idempotencyKey: key }, api));
    data(await sendChunk(s.uploadId, 0, chunkOf(p, 0), {}, api));
    expect(assemblyFiles(short.dataDir)).toContain(`${s.uploadId}.part`);
    await new Promise((r) => setTimeout(r, 1700));
    const late = await sendChunk(s.uploadId, 1, chunkOf(p, 1), {}, api);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe(140001);
    expect((await complete(s.uploadId, api)).body.code).toBe(140001);
    await until('the sweep to remove the assembly file', () => !assemblyFiles(short.dataDir).includes(`${s.uploadId}.part`));
    expect((await complete(s.uploadId, api)).body.code).toBe(140001);
    const fresh = data(await init(p, { containerId: '', title: 'expires.bin', idempotencyKey: key }, api));
    expect(fresh.uploadId).not.toBe(s.uploadId);
    expect(fresh.uploadedChunkIndexes).toEqual([]);
  });

  it('keeps a session alive while chunks keep arriving', async () => {
    const p = plan(4 * CHUNK);
    const s = data(await init(p, { containerId: '', title: 'busy.bin' }, api));
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 600));
      data(await sendChunk(s.uploadId, i, chunkOf(p, i), {}, api));
    }
    expect(data(await complete(s.uploadId, api)).contentHash).toBe(sha256(p.bytes));
  });
});
