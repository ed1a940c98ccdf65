/**
 * Storage quotas against a real `folio serve`: set with `folio admin set-quota`, read with
 * GET /v1/tenant/usage, and checked on the declared size (direct upload, initChunkedUpload,
 * ingest) before any byte is stored, on ingest bytes as they arrive, and on the real content in
 * the finalize transaction. Every refusal is 507 + 150001 and leaves nothing behind: no version,
 * no blob file, no temp file, no upload session.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/envelope.ts';
import type { IngestResult, Task } from '../../shared/v1/ingest.ts';
import type { TenantUsage } from '../../shared/v1/limits.ts';
import type { ChunkedUploadSession, Container, VersionResult } from '../../shared/v1/resources.ts';
import { assemblyFiles } from '../helpers/dataDir.ts';
import { localServer, type LocalServer } from '../helpers/localHttp.ts';
import { appApi, createTenant, data, folio, removeDir, startServer, type Api, type Reply, type ServerHandle, type Tenant } from '../helpers/server.ts';

const QUOTA = 100_000;
const SYNC_MAX = 8 * 1024;

let server: ServerHandle;
let tenant: Tenant;
let api: Api;
let containerId: string;
let source: LocalServer;
/** Bytes /endless wrote before the service hung up. */
let endlessWritten = 0;

function bytes(size: number, seed: number): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + seed * 7 + (i >> 8)) & 255;
  return b;
}
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  source = await localServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const size = Number(url.searchParams.get('size') ?? '0');
    if (url.pathname === '/sized') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size }).end(bytes(size, 99));
    } else if (url.pathname === '/endless') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = bytes(16 * 1024, 98);
      const pump = () => {
        while (endlessWritten < 64 * 1024 * 1024) {
          endlessWritten += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    } else {
      res.writeHead(404).end();
    }
  });
  server = await startServer(undefined, ['--allow-fetch-host', source.hostPort, '--ingest-sync-max-bytes', String(SYNC_MAX)]);
  tenant = await createTenant(server.dataDir);
  api = await appApi(server.url, tenant);
  containerId = data(await api.post<Container>('/v1/containers/create', { name: 'quota' })).containerId;
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  await source.close();
});

const usage = async (as = api) => data(await as.get<TenantUsage>('/v1/tenant/usage'));
const setQuota = (bytesArg: string[], tenantId = tenant.tenantId) => folio(['admin', 'set-quota', '--data', server.dataDir, '--tenant', tenantId, ...bytesArg, '--json']);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
/** Everything a refused upload could leave behind. */
const leftovers = () => ({
  blobs: filesUnder(join(server.dataDir, 'blobs')).length,
  temp: filesUnder(join(server.dataDir, 'tmp')),
  parts: assemblyFiles(server.dataDir),
});

let n = 0;
const upload = (content: Buffer, as = api) => as.raw('/v1/versions/upload', { containerId, title: `d${n++}.bin` }, content);

/** A direct upload with no Content-Length (chunked transfer encoding): the size is known only once the bytes are in. */
async function streamedUpload(content: Buffer): Promise<Reply<VersionResult>> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < content.length; i += 8192) controller.enqueue(content.subarray(i, i + 8192));
      controller.close();
    },
  });
  const res = await fetch(`${server.url}/v1/versions/upload?${new URLSearchParams({ containerId, title: `s${n++}.bin` })}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token ?? ''}`, 'content-type': 'application/octet-stream' },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<VersionResult> };
}

function expectQuotaRefusal(reply: Reply<unknown>): void {
  expect([reply.status, reply.body.code, reply.body.success, reply.body.data], reply.body.msg).toEqual([507, 150001, false, null]);
  expect(reply.body.msg).toMatch(/^storage quota exceeded: .* in the quota of \d+ bytes \(\d+ bytes stored.*\); nothing was stored$/);
  expect(reply.headers.get('x-request-id')).toBe(reply.body.rid);
}

async function settle(taskId: string): Promise<Task> {
  for (let i = 0; i < 150; i++) {
    const t = data(await api.get<Task>('/v1/tasks/get', { taskId }));
    if (t.taskStatus === 'SUCCEEDED' || t.taskStatus === 'FAILED') return t;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task ${taskId} did not settle`);
}

describe('folio admin set-quota and GET /v1/tenant/usage', () => {
  it('starts without a quota and with nothing stored', async () => {
    expect(await usage()).toEqual({ usedBytes: 0, quotaBytes: 0, reservedBytes: 0, documentCount: 0, versionCount: 0 });
  });

  it('sets, changes and removes a quota (0 or no --bytes means none)', async () => {
    expect(JSON.parse((await setQuota(['--bytes', '5000'])).stdout)).toEqual({ tenantId: tenant.tenantId, quotaBytes: 5000, usedBytes: 0 });
    expect((await usage()).quotaBytes).toBe(5000);
    await setQuota(['--bytes', '0']);
    expect((await usage()).quotaBytes).toBe(0);
    await setQuota(['--bytes', '7']);
    await setQuota([]);
    expect((await usage()).quotaBytes).toBe(0);
  });

  it('refuses bad input: an unknown tenant (exit 1), a byte count that is not a whole number (exit 2)', async () => {
    await expect(setQuota(['--bytes', '10'], 'ten_nope')).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/tenant not found: ten_nope/) });
    for (const bad of ['-1', '1.5', 'lots', '1e6', '99999999999999999999']) {
      await expect(setQuota([`--bytes=${bad}`]), bad).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/--bytes must be a whole number/) });
    }
    expect((await usage()).quotaBytes).toBe(0);
  });

  it('counts equal content once, as it is stored once per tenant; each tenant counts its own', async () => {
    const content = bytes(10_000, 1);
    data(await upload(content));
    data(await upload(content));
    expect(await usage()).toEqual({ usedBytes: 10_000, quotaBytes: 0, reservedBytes: 0, documentCount: 2, versionCount: 2 });
    const other = await appApi(server.url, await createTenant(server.dataDir, 'other'));
    expect((await usage(other)).usedBytes).toBe(0);
    data(await other.raw('/v1/versions/upload', { title: 'same.bin' }, content));
    expect((await usage(other)).usedBytes).toBe(10_000);
    expect((await usage()).usedBytes).toBe(10_000);
  });

  it('needs a token, and shows only the caller\'s tenant', async () => {
    const anonymous = await fetch(`${server.url}/v1/tenant/usage`);
    expect([anonymous.status, ((await anonymous.json()) as Envelope<null>).code]).toEqual([401, 100001]);
  });
});

describe('direct upload (POST /v1/versions/upload)', () => {
  beforeAll(async () => {
    await setQuota(['--bytes', String(QUOTA)]);
  });

  it('refuses a Content-Length over the room left before reading a single byte of the body', async () => {
    const before = await usage();
    const room = QUOTA - before.usedBytes;
    const req = request(`${server.url}/v1/versions/upload?${new URLSearchParams({ containerId, title: 'big.bin' })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token ?? ''}`, 'content-type': 'application/octet-stream', 'content-length': String(room + 1) },
    });
    req.flushHeaders();
    // No body byte is ever sent: the answer can only come from the declared size.
    const [res] = (await once(req, 'response')) as [IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    req.destroy();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope<null>;
    expect([res.statusCode, body.code]).toEqual([507, 150001]);
    expect(body.msg).toContain(`${room + 1} bytes declared do not fit in the quota of ${QUOTA} bytes (${before.usedBytes} bytes stored)`);
    expect(await usage()).toEqual(before);
  });

  it('accepts an upload that fills the quota exactly, then refuses one more byte', async () => {
    const room = QUOTA - (await usage()).usedBytes;
    const blobsBefore = leftovers().blobs;
    data(await upload(bytes(room, 2)));
    expect((await usage()).usedBytes).toBe(QUOTA);
    const before = await usage();
    expectQuotaRefusal(await upload(bytes(1, 3)));
    expect(await usage()).toEqual(before);
    expect(leftovers()).toEqual({ blobs: blobsBefore + 1, temp: [], parts: [] });
  });

  it('checks the real size at finalize when no length was declared, and keeps nothing', async () => {
    const before = await usage();
    const blobsBefore = leftovers().blobs;
    const refused = await streamedUpload(bytes(20_000, 4));
    expectQuotaRefusal(refused);
    expect(refused.body.msg).toContain('20000 bytes of new content do not fit');
    expect(await usage()).toEqual(before);
    expect(leftovers()).toEqual({ blobs: blobsBefore, temp: [], parts: [] });
  });

  it('lets content the tenant already stores through at finalize, at no cost, even with the quota full', async () => {
    const before = await usage();
    expect(before.usedBytes).toBe(QUOTA);
    const version = data(await streamedUpload(bytes(10_000, 1)));
    expect(version.sizeBytes).toBe(10_000);
    expect(await usage()).toEqual({ ...before, documentCount: before.documentCount + 1, versionCount: before.versionCount + 1 });
  });

  it('frees room when the quota is raised', async () => {
    await setQuota(['--bytes', String(QUOTA + 5000)]);
    data(await upload(bytes(5000, 5)));
    expect((await usage()).usedBytes).toBe(QUOTA + 5000);
    expectQuotaRefusal(await upload(bytes(1, 6)));
  });
});

describe('chunked upload', () => {
  const content = bytes(30_000, 7);
  // A resumed session must name the same destination, so the title follows the idempotency key.
  const init = (body: Record<string, unknown>) =>
    api.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', {
      containerId,
      title: typeof body.idempotencyKey === 'string' ? `${body.idempotencyKey}.bin` : `c${n++}.bin`,
      totalSize: content.length,
      chunkSize: content.length,
      totalChunks: 1,
      ...body,
    });

  beforeAll(async () => {
    await setQuota(['--bytes', String((await usage()).usedBytes + 50_000)]);
  });

  it('refuses at init a totalSize over the room left, and opens no session', async () => {
    const before = await usage();
    const res = await api.post('/v1/versions/initChunkedUpload', { containerId, title: 'huge.bin', totalSize: 50_001, chunkSize: 50_001, totalChunks: 1, idempotencyKey: 'huge' });
    expectQuotaRefusal(res);
    expect(await usage()).toEqual(before);
    expect(leftovers().parts).toEqual([]);
  });

  it('reserves the declared size of an open session, so a second one that would not fit beside it is refused at init', async () => {
    const first = data(await init({ idempotencyKey: 'first' }));
    expect((await usage()).reservedBytes).toBe(30_000);
    expectQuotaRefusal(await init({ idempotencyKey: 'second' }));
    // Resuming the admitted session is not a new admission.
    expect(data(await init({ idempotencyKey: 'first' })).uploadId).toBe(first.uploadId);
    data(await api.post('/v1/versions/abortChunkedUpload', { uploadId: first.uploadId }));
    expect((await usage()).reservedBytes).toBe(0);
    const again = data(await init({ idempotencyKey: 'second' }));
    data(await api.post('/v1/versions/abortChunkedUpload', { uploadId: again.uploadId }));
  });

  it('admits exactly one of two concurrent inits that each take 60% of the room left; aborting it frees the room', async () => {
    const room = 50_000;
    await setQuota(['--bytes', String((await usage()).usedBytes + room)]);
    const size = room * 0.6;
    const concurrentInit = (key: string) => init({ idempotencyKey: key, totalSize: size, chunkSize: size });
    const replies = await Promise.all([concurrentInit('race-a'), concurrentInit('race-b')]);
    const admitted = replies.filter((r) => r.body.code === 0);
    expect(admitted).toHaveLength(1);
    expectQuotaRefusal(replies.find((r) => r.body.code !== 0) as Reply<unknown>);
    expect((await usage()).reservedBytes).toBe(size);

    data(await api.post('/v1/versions/abortChunkedUpload', { uploadId: data(admitted[0] as Reply<ChunkedUploadSession>).uploadId }));
    expect((await usage()).reservedBytes).toBe(0);
    const later = data(await concurrentInit('race-c'));
    data(await api.post('/v1/versions/abortChunkedUpload', { uploadId: later.uploadId }));
  });

  it('admits an upload of content the tenant already stores (expectedContentHash) with the quota full, and charges nothing', async () => {
    const stored = bytes(10_000, 1);
    await setQuota(['--bytes', String((await usage()).usedBytes)]);
    const before = await usage();
    expectQuotaRefusal(await init({ idempotencyKey: 'new-content' }));
    const session = data(await init({ idempotencyKey: 'known', totalSize: stored.length, chunkSize: stored.length, expectedContentHash: sha256(stored) }));
    expect((await usage()).reservedBytes).toBe(0);
    data(await api.raw('/v1/versions/uploadChunk', { uploadId: session.uploadId, chunkIndex: '0' }, stored));
    const version = data(await api.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId: session.uploadId }));
    expect(version.contentHash).toBe(sha256(stored));
    expect(await usage()).toEqual({ ...before, documentCount: before.documentCount + 1, versionCount: before.versionCount + 1 });
  });

  it('refuses at completion content that no longer fits, and ends the session and drops its bytes', async () => {
    await setQuota(['--bytes', String((await usage()).usedBytes + 40_000)]);
    const session = data(await init({ idempotencyKey: 'late' }));
    data(await api.raw('/v1/versions/uploadChunk', { uploadId: session.uploadId, chunkIndex: '0' }, content));
    expect(leftovers().parts).toHaveLength(1);
    // The operator lowers the quota while the upload is in flight.
    await setQuota(['--bytes', String((await usage()).usedBytes + 29_999)]);
    const before = await usage();
    const blobsBefore = leftovers().blobs;
    expectQuotaRefusal(await api.post('/v1/versions/completeChunkedUpload', { uploadId: session.uploadId }));
    expect(await usage()).toEqual({ ...before, reservedBytes: 0 });
    expect(leftovers()).toEqual({ blobs: blobsBefore, temp: [], parts: [] });
    expect((await api.post('/v1/versions/completeChunkedUpload', { uploadId: session.uploadId })).body.code).toBe(140001);
    // The key is free again: a new session starts.
    await setQuota(['--bytes', String((await usage()).usedBytes + 30_000)]);
    const fresh = data(await init({ idempotencyKey: 'late' }));
    expect(fresh.uploadId).not.toBe(session.uploadId);
    data(await api.raw('/v1/versions/uploadChunk', { uploadId: fresh.uploadId, chunkIndex: '0' }, content));
    expect(data(await api.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId: fresh.uploadId })).sizeBytes).toBe(30_000);
  });
});

describe('ingest from URL', () => {
  let room = 0;
  beforeAll(async () => {
    await setQuota(['--bytes', String((await usage()).usedBytes + 40_000)]);
    room = 40_000;
  });
  const ingest = (body: Record<string, unknown>) => api.post<IngestResult>('/v1/ingest/from-url', { containerId, title: `i${n++}.bin`, ...body });

  it('refuses a declaredSizeBytes over the room left before contacting the source', async () => {
    const contacted = source.requests.length;
    const before = await usage();
    const res = await ingest({ url: `${source.origin}/sized?size=100`, declaredSizeBytes: room + 1 });
    expectQuotaRefusal(res);
    expect(res.body.msg).toContain(`${room + 1} bytes declared do not fit`);
    expect(source.requests.length).toBe(contacted);
    expect(await usage()).toEqual(before);
  });

  it('refuses a Content-Length over the room left before reading the body', async () => {
    const before = await usage();
    const res = await ingest({ url: `${source.origin}/sized?size=${room + 1}` });
    expectQuotaRefusal(res);
    expect(res.body.msg).toContain(`${room + 1} bytes declared do not fit`);
    expect(await usage()).toEqual(before);
    expect(leftovers().temp).toEqual([]);
  });

  it('cuts off a body of unknown size once it passes the room left: the task fails with 150001, nothing is stored', async () => {
    const before = await usage();
    const blobsBefore = leftovers().blobs;
    const accepted = data(await ingest({ url: `${source.origin}/endless` }));
    expect(accepted.mode).toBe('async_accepted');
    const task = await settle(accepted.taskId);
    expect(task).toMatchObject({ taskStatus: 'FAILED', failCode: 150001 });
    expect(task.failReason).toMatch(/^storage quota exceeded: the content passed the 40000 bytes left in the quota/);
    // The service hung up long before the source's 64 MiB: what the source wrote past the cut-off is
    // what the loopback socket buffers took, which autotuning lets grow to many MiB under load.
    expect(endlessWritten).toBeLessThan(32 * 1024 * 1024);
    expect(await usage()).toEqual(before);
    expect(leftovers()).toEqual({ blobs: blobsBefore, temp: [], parts: [] });
  });

  it('stores what fits', async () => {
    const res = data(await ingest({ url: `${source.origin}/sized?size=${SYNC_MAX}` }));
    expect(res.mode).toBe('sync_completed');
    expect(res.syncResult?.sizeBytes).toBe(SYNC_MAX);
    expect((await usage()).usedBytes).toBe((await usage()).quotaBytes - room + SYNC_MAX);
  });
});
