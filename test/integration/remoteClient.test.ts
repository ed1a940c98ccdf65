/** The typed /v1 client (main/remote) against a real `folio serve`, through a fault-injecting proxy. */
import { contract } from '../../shared/v1/contract/index.ts';
import { randomBytes, createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliCompress, createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../shared/errors.ts';
import { FolioClient } from '../../main/remote/client.ts';
import { FolioApiError, ServiceUnreachable } from '../../main/remote/errors.ts';
import { downloadVersion, FileChanged, uploadFile } from '../../main/remote/transfer.ts';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy.ts';
import { createTenant, createUser, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../helpers/server.ts';

let server: ServerHandle;
let proxy: FaultProxy;
let tenant: Tenant;
let work: string;
let client: FolioClient;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  proxy = await startFaultProxy(server.url);
  work = tempDir('folio-remote-');
  client = new FolioClient({ baseUrl: proxy.url, credentials: tenant, retry: { baseDelayMs: 10 } });
});

afterAll(async () => {
  await proxy.close();
  await server.stop();
  removeDir(server.dataDir);
  removeDir(work);
});

describe('FolioClient', () => {
  it('logs in with client credentials and unwraps envelopes', async () => {
    const c = await client.createContainer({ name: 'from client' });
    expect(c.createBy).toBe(tenant.clientId);
  });

  it('acts as a user through the strong channel', async () => {
    const userId = await createUser(server.dataDir, tenant.tenantId, 'bob');
    const asBob = new FolioClient({ baseUrl: server.url, credentials: { ...tenant, user: { userName: 'bob', password: 'correct horse' } } });
    expect((await asBob.createContainer({ name: 'bob made this' })).createBy).toBe(userId);
  });

  it('retries transient failures with backoff', async () => {
    proxy.failNext('/v1/containers/create', 2, 503);
    const before = proxy.hits.get('/v1/containers/create') ?? 0;
    await client.createContainer({ name: 'after two 503s' });
    expect((proxy.hits.get('/v1/containers/create') ?? 0) - before).toBe(3);
  });

  it('waits out a rate limit without using up its attempts', async () => {
    const patient = new FolioClient({ baseUrl: proxy.url, credentials: tenant, retry: { baseDelayMs: 10, maxDelayMs: 20 } });
    await patient.createContainer({ name: 'before the limit' });
    proxy.failNext('/v1/containers/create', 8, 429, 160001);
    const before = proxy.hits.get('/v1/containers/create') ?? 0;
    expect((await patient.createContainer({ name: 'after eight 429s' })).name).toBe('after eight 429s');
    expect((proxy.hits.get('/v1/containers/create') ?? 0) - before).toBe(9);
  });

  it('retries a dropped connection', async () => {
    proxy.failNext('/v1/containers/create', 1, 0);
    expect((await client.createContainer({ name: 'after a reset' })).name).toBe('after a reset');
  });

  it('does not retry a business error', async () => {
    await client.createContainer({ name: 'twice' });
    const before = proxy.hits.get('/v1/containers/create') ?? 0;
    await expect(client.createContainer({ name: 'twice' })).rejects.toMatchObject({ code: 130001 });
    expect((proxy.hits.get('/v1/containers/create') ?? 0) - before).toBe(1);
  });

  it('logs in again when its token is rejected', async () => {
    const fresh = new FolioClient({ baseUrl: proxy.url, credentials: tenant, retry: { baseDelayMs: 10 } });
    await fresh.createContainer({ name: 'warm up' });
    const logins = proxy.hits.get('/v1/auth/token') ?? 0;
    proxy.failNext('/v1/containers/create', 1, 401, 100001);
    expect((await fresh.createContainer({ name: 'after 401' })).name).toBe('after 401');
    expect((proxy.hits.get('/v1/auth/token') ?? 0) - logins).toBe(1);
  });
});

describe('JSON calls through a compressing proxy', () => {
  it.each([
    ['gzip', createGzip],
    ['br', createBrotliCompress],
  ])('asks for compressed replies and reads them (%s)', async (encoding, compress) => {
    const asked: IncomingHttpHeaders[] = [];
    // A real proxy in front of the real service, compressing every reply as a reverse proxy may.
    const squeezing = createServer((req, res) => {
      asked.push(req.headers);
      const upstream = request(`${server.url}${req.url ?? '/'}`, { method: req.method, headers: { ...req.headers, host: new URL(server.url).host } }, (reply) => {
        const headers = { ...reply.headers, 'content-encoding': encoding };
        delete headers['content-length'];
        res.writeHead(reply.statusCode ?? 502, headers);
        void pipeline(reply, compress(), res);
      });
      void pipeline(req, upstream);
    });
    squeezing.listen(0, '127.0.0.1');
    await once(squeezing, 'listening');
    try {
      const through = new FolioClient({ baseUrl: `http://127.0.0.1:${(squeezing.address() as AddressInfo).port}`, credentials: tenant, retry: { attempts: 1 } });
      const made = await through.createContainer({ name: `compressed ${encoding}` });
      expect((await through.getContainer(made.containerId)).name).toBe(`compressed ${encoding}`);
      await expect(through.getContainer('cnt_none')).rejects.toMatchObject({ code: ErrorCodes.NOT_FOUND.code });
      expect(asked.map((h) => h['accept-encoding'])).toEqual(asked.map(() => expect.stringContaining(encoding)));
    } finally {
      squeezing.close();
      squeezing.closeAllConnections();
    }
  });
});

describe('uploads', () => {
  it('uploads a small file in one request', async () => {
    const path = join(work, 'small.txt');
    writeFileSync(path, 'hello folio');
    const v = await uploadFile(client, path, { title: 'small.txt' });
    expect(v.contentHash).toBe(sha(Buffer.from('hello folio')));
    expect(v.mimeType).toBe('text/plain');
  });

  // A small upload goes through undici (FolioClient.postBytes), not got: the same retry rules hold there.
  it('retries a small upload after dropped connections and a 503, and each lands once', async () => {
    const folder = await client.createContainer({ name: 'direct retries' });
    const first = join(work, 'after-resets.txt');
    const second = join(work, 'after-503.txt');
    writeFileSync(first, 'sent three times');
    writeFileSync(second, 'sent twice');
    const before = proxy.hits.get('/v1/versions/upload') ?? 0;
    proxy.failNext('/v1/versions/upload', 2, 0);
    const v = await uploadFile(client, first, { containerId: folder.containerId, title: 'after-resets.txt' });
    expect(v.contentHash).toBe(sha(Buffer.from('sent three times')));
    expect((proxy.hits.get('/v1/versions/upload') ?? 0) - before).toBe(3);
    proxy.failNext('/v1/versions/upload', 1, 503);
    await uploadFile(client, second, { containerId: folder.containerId, title: 'after-503.txt' });
    expect((proxy.hits.get('/v1/versions/upload') ?? 0) - before).toBe(5);
    expect((await client.children(folder.containerId)).documents.map((d) => d.title).sort()).toEqual(['after-503.txt', 'after-resets.txt']);
  });

  it('does not retry a small upload the service refused for a business reason', async () => {
    const path = join(work, 'refused.txt');
    writeFileSync(path, 'no such folder');
    const before = proxy.hits.get('/v1/versions/upload') ?? 0;
    await expect(uploadFile(client, path, { containerId: 'no-such-container', title: 'refused.txt' })).rejects.toBeInstanceOf(FolioApiError);
    expect((proxy.hits.get('/v1/versions/upload') ?? 0) - before).toBe(1);
  });

  it('reports the service unreachable once every attempt of a small upload lost its connection', async () => {
    const impatient = new FolioClient({ baseUrl: proxy.url, credentials: tenant, retry: { attempts: 3, baseDelayMs: 5 } });
    const path = join(work, 'unreachable.txt');
    writeFileSync(path, 'never arrives');
    await impatient.whoAmI();
    const before = proxy.hits.get('/v1/versions/upload') ?? 0;
    proxy.failNext('/v1/versions/upload', 3, 0);
    await expect(uploadFile(impatient, path, { title: 'unreachable.txt' })).rejects.toBeInstanceOf(ServiceUnreachable);
    expect((proxy.hits.get('/v1/versions/upload') ?? 0) - before).toBe(3);
  });

  it('uploads a large file in chunks, concurrently, with progress', async () => {
    const bytes = randomBytes(1024 * 1024 + 123);
    const path = join(work, 'large.bin');
    writeFileSync(path, bytes);
    const seen: number[] = [];
    const v = await uploadFile(client, path, { title: 'large.bin' }, { chunkSize: 256 * 1024, directThreshold: 0, concurrency: 3, onProgress: (s) => seen.push(s) });
    expect(v.contentHash).toBe(sha(bytes));
    expect(v.sizeBytes).toBe(bytes.length);
    expect(seen.at(-1)).toBe(bytes.length);
  });

  it('resumes an interrupted upload, sending only the missing chunks', async () => {
    const bytes = randomBytes(4 * 256 * 1024);
    const path = join(work, 'resume.bin');
    writeFileSync(path, bytes);
    const key = 'pair-1/node-9/' + sha(bytes);
    const session = await client.v1(contract.versions.initChunkedUpload, { title: 'resume.bin', idempotencyKey: key, expectedContentHash: sha(bytes), totalSize: bytes.length, chunkSize: 256 * 1024, totalChunks: 4 });
    for (const index of [0, 2]) {
      await fetch(`${server.url}/v1/versions/uploadChunk?uploadId=${session.uploadId}&chunkIndex=${index}`, {
        method: 'POST',
        headers: { ...(await client.authHeaders()), 'content-type': 'application/octet-stream' },
        body: bytes.subarray(index * 256 * 1024, (index + 1) * 256 * 1024),
      });
    }
    const before = proxy.hits.get('/v1/versions/uploadChunk') ?? 0;
    const v = await uploadFile(client, path, { title: 'resume.bin' }, { chunkSize: 256 * 1024, directThreshold: 0, idempotencyKey: key });
    expect(v.contentHash).toBe(sha(bytes));
    expect((proxy.hits.get('/v1/versions/uploadChunk') ?? 0) - before).toBe(2);
    const again = await uploadFile(client, path, { title: 'resume.bin' }, { chunkSize: 256 * 1024, directThreshold: 0, idempotencyKey: key });
    expect(again.versionId).toBe(v.versionId);
  });

  it('trusts a known hash only as far as the service confirms it: a stale one ends in FileChanged, and nothing lands', async () => {
    const scanned = randomBytes(3 * 256 * 1024);
    const now = randomBytes(3 * 256 * 1024);
    const path = join(work, 'stale.bin');
    writeFileSync(path, now);
    const folder = await client.createContainer({ name: 'stale known hash' });
    const upload = uploadFile(client, path, { containerId: folder.containerId, title: 'stale.bin' }, { chunkSize: 256 * 1024, directThreshold: 0, knownHash: sha(scanned) });
    await expect(upload).rejects.toBeInstanceOf(FileChanged);
    expect((await client.children(folder.containerId)).documents).toEqual([]);
    const v = await uploadFile(client, path, { containerId: folder.containerId, title: 'stale.bin' }, { chunkSize: 256 * 1024, directThreshold: 0, knownHash: sha(now) });
    expect(v.contentHash).toBe(sha(now));
  });

  it('survives a failing chunk request by retrying it', async () => {
    const bytes = randomBytes(3 * 256 * 1024);
    const path = join(work, 'flaky.bin');
    writeFileSync(path, bytes);
    proxy.failNext('/v1/versions/uploadChunk', 2, 502);
    const v = await uploadFile(client, path, { title: 'flaky.bin' }, { chunkSize: 256 * 1024, directThreshold: 0 });
    expect(v.contentHash).toBe(sha(bytes));
  });
});

describe('downloads', () => {
  it('downloads through a temp file, resuming from partial bytes with Range', async () => {
    const bytes = randomBytes(600_000);
    const src = join(work, 'dl-src.bin');
    writeFileSync(src, bytes);
    const v = await uploadFile(client, src, { title: 'dl.bin' });
    const part = join(work, '.dl.part');
    writeFileSync(part, bytes.subarray(0, 250_000));
    const dest = join(work, 'dl.bin');
    await downloadVersion(client, v.versionId, v.contentHash, v.sizeBytes, dest, { partPath: part });
    expect(sha(readFileSync(dest))).toBe(v.contentHash);
    const last = proxy.headers.filter((h) => h.path === '/v1/versions/download').at(-1);
    expect(last?.headers.range).toBe('bytes=250000-');
  });

  it("a small download's failure to write is the disk's: it fails as it is, without a retry or an escape from the body's events", async () => {
    const src = join(work, 'full.txt');
    writeFileSync(src, 'bytes for a full disk');
    const v = await uploadFile(client, src, { title: 'full.txt' });
    const before = proxy.headers.filter((h) => h.path === '/v1/versions/download').length;
    // Every write to /dev/full fails with ENOSPC.
    await expect(downloadVersion(client, v.versionId, v.contentHash, v.sizeBytes, join(work, 'full-dest.txt'), { partPath: '/dev/full' })).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(proxy.headers.filter((h) => h.path === '/v1/versions/download').length - before).toBe(1);
  });

  it('refuses content whose hash does not match, leaving nothing in place', async () => {
    const src = join(work, 'x.txt');
    writeFileSync(src, 'x content');
    const v = await uploadFile(client, src, { title: 'x.txt' });
    const dest = join(work, 'x-dest.txt');
    await expect(downloadVersion(client, v.versionId, 'f'.repeat(64), v.sizeBytes, dest, { partPath: join(work, '.x.part') })).rejects.toThrow(/hash/);
    expect(() => readFileSync(dest)).toThrow();
  });
});

describe('rate limits: one reading of a 429 on all three paths', () => {
  interface Retried {
    failure: unknown;
    delayMs: number;
  }

  /** A client that reports what it retries, and the 429 envelope with Retry-After: 1 on the next request to `path`. */
  function limitedOnce(path: string): { patient: FolioClient; retried: Retried[] } {
    const retried: Retried[] = [];
    const patient = new FolioClient({ baseUrl: proxy.url, credentials: tenant, retry: { baseDelayMs: 10 }, onRetry: (failure, delayMs) => retried.push({ failure, delayMs }) });
    proxy.failNext(path, 1, 429, 160001, { 'retry-after': '1' });
    return { patient, retried };
  }

  /** The 429 carried code 160001 and the request id, and the request came again no sooner than Retry-After said. */
  function expectWaitedOut(path: string, retried: Retried[]): void {
    const fault = proxy.injected.filter((f) => f.path === path).at(-1);
    expect(retried).toHaveLength(1);
    expect(retried[0]?.failure).toBeInstanceOf(FolioApiError);
    expect(retried[0]?.failure).toMatchObject({ code: 160001, rid: fault?.rid, httpStatus: 429, retryAfterMs: 1000 });
    expect(retried[0]?.delayMs).toBe(1000);
    const again = proxy.headers.filter((h) => h.path === path).at(-1);
    // Timers may fire up to a millisecond early.
    expect((again?.at ?? 0) - (fault?.at ?? 0)).toBeGreaterThanOrEqual(999);
  }

  it('a download', async () => {
    const src = join(work, 'limited-src.bin');
    const bytes = randomBytes(10_000);
    writeFileSync(src, bytes);
    const v = await uploadFile(client, src, { title: 'limited.bin' });
    const { patient, retried } = limitedOnce('/v1/versions/download');
    const dest = join(work, 'limited.bin');
    await downloadVersion(patient, v.versionId, v.contentHash, v.sizeBytes, dest, { partPath: join(work, '.limited.part') });
    expect(readFileSync(dest).equals(bytes)).toBe(true);
    expectWaitedOut('/v1/versions/download', retried);
  });

  it('an upload of bytes (undici)', async () => {
    const src = join(work, 'limited-upload.txt');
    writeFileSync(src, 'sent after a 429');
    const { patient, retried } = limitedOnce('/v1/versions/upload');
    expect((await uploadFile(patient, src, { title: 'limited-upload.txt' })).contentHash).toBe(sha(Buffer.from('sent after a 429')));
    expectWaitedOut('/v1/versions/upload', retried);
  });

  it('a JSON call (node:http)', async () => {
    const { patient, retried } = limitedOnce('/v1/containers/create');
    expect((await patient.createContainer({ name: 'after a 429' })).name).toBe('after a 429');
    expectWaitedOut('/v1/containers/create', retried);
  });

  it('a download the service refuses for a business reason carries its code and request id, and is not tried again', async () => {
    const before = proxy.hits.get('/v1/versions/download') ?? 0;
    const err = await downloadVersion(client, 'ver_unknown', 'f'.repeat(64), 1, join(work, 'unknown.bin'), { partPath: join(work, '.unknown.part') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FolioApiError);
    expect(err).toMatchObject({ code: 120001, httpStatus: 404, rid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((proxy.hits.get('/v1/versions/download') ?? 0) - before).toBe(1);
  });
});
