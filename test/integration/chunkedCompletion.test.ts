/**
 * What a failed completeChunkedUpload leaves, against a real `folio serve` (docs/api.md, chunked
 * upload): a failure the client or an operator can clear keeps the session open with its chunks,
 * and completing again works once the cause is gone; a failure that no retry can clear ends the
 * session, drops its bytes and frees its key, and later calls give 140001. Bytes that went missing
 * from the assembly file un-store their chunks (140003), so the client re-sends them. Never 500.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rmSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkedUploadSession, Container, Document, VersionResult } from '../../shared/v1/resources.ts';
import { saveField, saveTemplate, saveType } from '../helpers/contentModel.ts';
import { assemblyFiles } from '../helpers/dataDir.ts';
import { appApi, createTenant, data, folio, removeDir, startServer, type Api, type Reply, type ServerHandle } from '../helpers/server.ts';

const CHUNK = 256 * 1024;
const DAY = 24 * 3600 * 1000;

let server: ServerHandle;
let app: Api;

beforeAll(async () => {
  server = await startServer();
  app = await appApi(server.url, await createTenant(server.dataDir, 'acme'));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

interface Upload {
  bytes: Buffer;
  /** The init body, so init can be repeated under the same key (a resume). */
  body: Record<string, unknown>;
  uploadId: string;
}

/** Opens a session of three chunks under a fresh key and sends every chunk. */
async function uploaded(target: Record<string, unknown>): Promise<Upload> {
  const bytes = randomBytes(2 * CHUNK + 1000);
  const body = { idempotencyKey: randomUUID(), totalSize: bytes.length, chunkSize: CHUNK, totalChunks: 3, ...target };
  const { uploadId } = data(await app.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', body));
  for (const i of [0, 1, 2]) data(await sendChunk(uploadId, i, bytes));
  return { bytes, body, uploadId };
}

function sendChunk(uploadId: string, index: number, bytes: Buffer): Promise<Reply<unknown>> {
  return app.raw('/v1/versions/uploadChunk', { uploadId, chunkIndex: String(index) }, bytes.subarray(index * CHUNK, (index + 1) * CHUNK));
}

function complete(uploadId: string): Promise<Reply<VersionResult>> {
  return app.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId });
}

async function resume(u: Upload): Promise<ChunkedUploadSession> {
  return data(await app.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', u.body));
}

function expectFailure(res: Reply<unknown>, code: number): void {
  expect(res.status, res.body.msg).toBeLessThan(500);
  expect(res.body).toMatchObject({ code, success: false, data: null });
}

async function folder(): Promise<Container> {
  return data(await app.post<Container>('/v1/containers/create', { name: `box-${randomUUID()}` }));
}

const hasPart = (uploadId: string) => assemblyFiles(server.dataDir).includes(`${uploadId}.part`);

describe('failures that can clear keep the session open, with its chunks', () => {
  it('the container went to the recycle bin: 130003 every time, then a version once it is restored', async () => {
    const box = await folder();
    const u = await uploaded({ containerId: box.containerId, title: 'late.bin' });
    data(await app.post('/v1/containers/delete', { containerId: box.containerId }));

    expectFailure(await complete(u.uploadId), 130003);
    expectFailure(await complete(u.uploadId), 130003);
    expect((await resume(u)).uploadedChunkIndexes).toEqual([0, 1, 2]);
    const docs = data(await app.post<{ content: Document[] }>('/v1/documents/getPage', { containerId: box.containerId, includeDeleted: true, pageSize: 500 }));
    expect(docs.content).toEqual([]);

    data(await app.post('/v1/containers/restore', { containerId: box.containerId }));
    const v = data(await complete(u.uploadId));
    expect(v.contentHash).toBe(sha256(u.bytes));
    expect(data(await app.get<Document>('/v1/documents/get', { docId: v.docId })).containerId).toBe(box.containerId);
  });

  it('the target document went to the recycle bin: 130003 every time, then a version once it is restored', async () => {
    const doc = data(await app.raw('/v1/versions/upload', { title: `doc-${randomUUID()}` }, Buffer.from('v1'))) as VersionResult;
    const u = await uploaded({ docId: doc.docId });
    data(await app.post('/v1/documents/delete', { docId: doc.docId }));

    expectFailure(await complete(u.uploadId), 130003);
    expectFailure(await complete(u.uploadId), 130003);
    data(await app.post('/v1/documents/restore', { docId: doc.docId }));
    expect(data(await complete(u.uploadId))).toMatchObject({ docId: doc.docId, versionNo: 2, contentHash: sha256(u.bytes) });
  });

  it("the document type gained a required field: 110001 every time, then a version once the type no longer asks for it", async () => {
    const field = await saveField(app, { valueType: 'STRING', required: true });
    const type = await saveType(app, { targetKind: 'DOCUMENT' });
    const u = await uploaded({ title: `typed-${randomUUID()}.bin`, documentTypeId: type.typeId });
    const template = await saveTemplate(app, [field.fieldId]);
    data(await app.post('/v1/contentTypes/update', { typeId: type.typeId, templateIds: [template.templateId] }));

    expectFailure(await complete(u.uploadId), 110001);
    expectFailure(await complete(u.uploadId), 110001);
    expect((await resume(u)).uploadedChunkIndexes).toEqual([0, 1, 2]);
    data(await app.post('/v1/contentTypes/update', { typeId: type.typeId, templateIds: [] }));
    expect(data(await complete(u.uploadId)).contentHash).toBe(sha256(u.bytes));
  });
});

describe('failures no retry can clear end the session: 140001 afterwards, bytes dropped, key free', () => {
  /** `elsewhere` retargets the new session under the freed key, for when the old target is gone. */
  async function expectEnded(u: Upload, elsewhere: Record<string, unknown> = {}): Promise<void> {
    expect(hasPart(u.uploadId)).toBe(false);
    // Every other session of this file has completed by now: an ended session reserves nothing.
    expect(data(await app.get<{ reservedBytes: number }>('/v1/tenant/usage')).reservedBytes).toBe(0);
    expectFailure(await complete(u.uploadId), 140001);
    expectFailure(await sendChunk(u.uploadId, 0, u.bytes), 140001);
    const fresh = await resume({ ...u, body: { ...u.body, ...elsewhere } });
    expect(fresh.uploadId).not.toBe(u.uploadId);
    expect(fresh.uploadedChunkIndexes).toEqual([]);
    expect(data(await app.get<{ reservedBytes: number }>('/v1/tenant/usage')).reservedBytes).toBe(u.bytes.length);
    data(await app.post('/v1/versions/abortChunkedUpload', { uploadId: fresh.uploadId }));
  }

  it('the content does not match expectedContentHash: 140002, then 140001', async () => {
    const u = await uploaded({ title: `mismatch-${randomUUID()}.bin`, expectedContentHash: sha256(Buffer.from('other')) });
    expectFailure(await complete(u.uploadId), 140002);
    await expectEnded(u);
  });

  it('the target document was purged: 120001 naming it, then 140001', async () => {
    const doc = data(await app.raw('/v1/versions/upload', { title: `doomed-${randomUUID()}` }, Buffer.from('v1'))) as VersionResult;
    const u = await uploaded({ docId: doc.docId });
    data(await app.post('/v1/documents/delete', { docId: doc.docId }));
    await folio(['admin', 'purge', '--data', server.dataDir, '--now', new Date(Date.now() + 60 * DAY).toISOString()]);

    const first = await complete(u.uploadId);
    expectFailure(first, 120001);
    expect(first.body.msg).toContain(doc.docId);
    await expectEnded(u, { docId: '', title: `elsewhere-${randomUUID()}.bin` });
  });

  it('aborted: 140001 afterwards, and aborting again changes nothing', async () => {
    const u = await uploaded({ title: `aborted-${randomUUID()}.bin` });
    data(await app.post('/v1/versions/abortChunkedUpload', { uploadId: u.uploadId }));
    data(await app.post('/v1/versions/abortChunkedUpload', { uploadId: u.uploadId }));
    await expectEnded(u);
  });
});

describe('bytes missing from the assembly file', () => {
  const partPath = (uploadId: string) => join(server.dataDir, 'uploads', `${uploadId}.part`);

  it('a lost assembly file un-stores every chunk: 140003 naming them, every time; re-sending them completes', async () => {
    const u = await uploaded({ title: `lost-${randomUUID()}.bin` });
    rmSync(partPath(u.uploadId));

    const first = await complete(u.uploadId);
    expectFailure(first, 140003);
    expect(first.body.msg).toContain('0, 1, 2');
    expectFailure(await complete(u.uploadId), 140003);
    expect((await resume(u)).uploadedChunkIndexes).toEqual([]);
    for (const i of [0, 1, 2]) data(await sendChunk(u.uploadId, i, u.bytes));
    expect(data(await complete(u.uploadId)).contentHash).toBe(sha256(u.bytes));
  });

  it('a file cut short un-stores the chunks it no longer holds in full', async () => {
    const u = await uploaded({ title: `short-${randomUUID()}.bin` });
    truncateSync(partPath(u.uploadId), CHUNK + 10);

    expectFailure(await complete(u.uploadId), 140003);
    expect((await resume(u)).uploadedChunkIndexes).toEqual([0]);
    for (const i of [1, 2]) data(await sendChunk(u.uploadId, i, u.bytes));
    expect(data(await complete(u.uploadId)).contentHash).toBe(sha256(u.bytes));
  });
});
