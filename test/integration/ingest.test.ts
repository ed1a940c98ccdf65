/**
 * POST /v1/ingest/from-url (spec 4.2) against a real `folio serve`: the target forms, the sync and
 * async paths, the finalize chain, the document.updated event, the size ceiling and the time-out.
 * The sources are real HTTP servers on 127.0.0.1, on the operator allow-list.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestResult, Task } from '../../shared/v1/ingest.ts';
import type { Container, Document } from '../../shared/v1/resources.ts';
import type { WebhookCreated } from '../../shared/v1/webhooks.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type ServerHandle } from '../helpers/server.ts';
import { localServer, type LocalServer } from '../helpers/localHttp.ts';

const SYNC_MAX = 64 * 1024;
const CEILING = 1024 * 1024;
const TIMEOUT_MS = 1500;

let source: LocalServer;
let receiver: LocalServer;
/** An allow-listed port where nothing listens. */
let deadPort: number;
let server: ServerHandle;
let api: Api;
let containerId: string;
let secret: string;
/** Bytes /endless managed to write before the service hung up. */
let endlessWritten = 0;

function bytes(size: number, seed = 0): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + seed) & 255;
  return b;
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  source = await localServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const size = Number(url.searchParams.get('size') ?? '0');
    switch (url.pathname) {
      case '/hello.txt':
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': 12 }).end('hello ingest');
        return;
      case '/sized':
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size }).end(bytes(size));
        return;
      case '/chunked': {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        const body = bytes(size);
        for (let i = 0; i < size; i += 16 * 1024) res.write(body.subarray(i, i + 16 * 1024));
        res.end();
        return;
      }
      case '/endless': {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = bytes(64 * 1024);
        const pump = () => {
          while (endlessWritten < 64 * CEILING) {
            endlessWritten += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => res.removeAllListeners('drain'));
        pump();
        return;
      }
      case '/stall':
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 100 });
        res.write('only the first bytes');
        return;
      case '/silent':
        return;
      default:
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no such file');
    }
  });
  receiver = await localServer((_req, res) => res.writeHead(204).end());
  const dead = await localServer(() => {});
  deadPort = dead.port;
  await dead.close();
  server = await startServer(undefined, [
    '--allow-fetch-host', `127.0.0.1:${deadPort}`,
    '--allow-fetch-host', source.hostPort,
    '--allow-fetch-host', receiver.hostPort,
    '--ingest-sync-max-bytes', String(SYNC_MAX),
    '--ingest-max-bytes', String(CEILING),
    '--ingest-timeout-ms', String(TIMEOUT_MS),
  ]);
  api = await appApi(server.url, await createTenant(server.dataDir));
  containerId = data(await api.post<Container>('/v1/containers/create', { name: 'ingest' })).containerId;
  const hook = data(await api.post<WebhookCreated>('/v1/webhooks/create', { url: `${receiver.origin}/hook`, events: ['document.updated'] }));
  secret = hook.secret;
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  await Promise.all([source.close(), receiver.close()]);
});

let n = 0;
const title = () => `doc-${n++}`;
const ingest = (body: Record<string, unknown>) => api.post<IngestResult>('/v1/ingest/from-url', body);

async function settle(taskId: string): Promise<Task> {
  for (let i = 0; i < 150; i++) {
    const t = data(await api.get<Task>('/v1/tasks/get', { taskId }));
    if (t.taskStatus === 'SUCCEEDED' || t.taskStatus === 'FAILED') return t;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task ${taskId} did not settle`);
}

async function download(versionId: string): Promise<Buffer> {
  const res = await api.fetch('/v1/versions/download', { versionId });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('the target: exactly one of docId, or containerId + title (rule 1)', () => {
  it('refuses every other combination with 110001, before fetching anything', async () => {
    const url = `${source.origin}/hello.txt`;
    const doc = data(await ingest({ containerId, title: title(), url })).syncResult?.docId ?? '';
    const before = source.requests.length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url }, /target is missing/],
      [{ url, containerId }, /target is missing/],
      [{ url, title: 'x' }, /target is missing/],
      [{ url, docId: doc, containerId }, /not both/],
      [{ url, docId: doc, containerId, title: 'x' }, /not both/],
      [{ url, docId: doc, title: 'x' }, /not both/],
      [{ url, docId: doc, documentTypeId: 'dt' }, /not both/],
      [{ url, containerId: '', title: '' }, /target is missing/],
    ];
    for (const [body, msg] of cases) {
      const res = await ingest(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(110001);
      expect(res.body.msg).toMatch(msg);
    }
    expect(source.requests.length).toBe(before);
  });

  it('validates the body', async () => {
    for (const body of [{ containerId, title: 'x' }, { containerId, title: 'x', url: 42 }, { containerId, title: 'x', url: `${source.origin}/hello.txt`, declaredSizeBytes: -1 }, { containerId, title: 'x', url: `${source.origin}/hello.txt`, declaredSizeBytes: 1.5 }]) {
      const res = await ingest(body);
      expect(res.body.code, JSON.stringify(body)).toBe(110001);
    }
    const meta = await ingest({ containerId, title: 'x', url: `${source.origin}/hello.txt`, metadata: '[1]' });
    expect(meta.body.code).toBe(110001);
  });

  it('treats unknown ids as not found', async () => {
    expect((await ingest({ docId: 'doc_nope', url: `${source.origin}/hello.txt` })).body.code).toBe(120001);
    expect((await ingest({ containerId: 'ctr_nope', title: 'x', url: `${source.origin}/hello.txt` })).body.code).toBe(120001);
  });
});

describe('sync path (rule 2)', () => {
  it('completes a small file with a Content-Length within the request, through the finalize chain', async () => {
    const t = title();
    const res = data(await ingest({ containerId, title: t, url: `${source.origin}/hello.txt`, comment: 'fetched', metadata: '{"source":"web"}' }));
    expect(res.mode).toBe('sync_completed');
    expect(res.taskId).toBe('');
    const v = res.syncResult;
    expect(v).toMatchObject({ versionNo: 1, sizeBytes: 12, contentHash: sha256('hello ingest'), mimeType: 'text/plain', originalFilename: t });
    expect((await download(v?.versionId ?? '')).toString()).toBe('hello ingest');
    const doc = data(await api.get<Document>('/v1/documents/get', { docId: v?.docId ?? '' }));
    expect(doc).toMatchObject({ title: t, containerId, currentVersionNo: 1, sizeBytes: 12 });
    expect(doc.metadataColumns).toMatchObject({ source: 'web' });
  });

  it('adds a version to an existing document (docId form)', async () => {
    const first = data(await ingest({ containerId, title: title(), url: `${source.origin}/hello.txt` })).syncResult;
    const second = data(await ingest({ docId: first?.docId, url: `${source.origin}/sized?size=1000`, mimeType: 'application/x-test' })).syncResult;
    expect(second).toMatchObject({ docId: first?.docId, versionNo: 2, sizeBytes: 1000, mimeType: 'application/x-test' });
    expect(sha256(await download(second?.versionId ?? ''))).toBe(sha256(bytes(1000)));
  });

  it('takes the sync path for a small declared size even without a Content-Length', async () => {
    const res = data(await ingest({ containerId, title: title(), url: `${source.origin}/chunked?size=5000`, declaredSizeBytes: 5000 }));
    expect(res.mode).toBe('sync_completed');
    expect(res.syncResult?.mimeType).toBe('application/pdf');
    expect(sha256(await download(res.syncResult?.versionId ?? ''))).toBe(sha256(bytes(5000)));
  });
});

describe('async path (rule 3)', () => {
  it('accepts an unknown size as a task, completes it, and announces it with a signed document.updated', async () => {
    const size = 300 * 1024;
    const res = data(await ingest({ containerId, title: title(), url: `${source.origin}/chunked?size=${size}` }));
    expect(res.mode).toBe('async_accepted');
    expect(res.syncResult).toBeNull();
    expect(res.taskId).toMatch(/^tsk_/);
    expect(['PENDING', 'RUNNING', 'SUCCEEDED']).toContain(res.taskStatus);

    const task = await settle(res.taskId);
    expect(task).toMatchObject({ taskStatus: 'SUCCEEDED', taskType: 'INGEST_FROM_URL', failCode: 0, failReason: '', attempts: 1 });
    expect(task.result).toMatchObject({ versionNo: 1, sizeBytes: size, contentHash: sha256(bytes(size)) });
    expect(sha256(await download(task.result?.versionId ?? ''))).toBe(sha256(bytes(size)));

    const delivery = await receiver.waitFor((r) => r.body.includes(res.taskId));
    const headers = { 'webhook-id': String(delivery.headers['webhook-id']), 'webhook-timestamp': String(delivery.headers['webhook-timestamp']), 'webhook-signature': String(delivery.headers['webhook-signature']) };
    const payload = new Verifier(secret).verify(delivery.body, headers) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe('document.updated');
    expect(payload.data).toEqual({ docId: task.result?.docId, versionId: task.result?.versionId, versionNo: 1, contentHash: task.result?.contentHash, taskId: res.taskId });
  });

  it('hands an open response to the task: a large Content-Length is fetched once', async () => {
    const size = 200 * 1024;
    const before = source.requests.length;
    const res = data(await ingest({ containerId, title: title(), url: `${source.origin}/sized?size=${size}` }));
    expect(res.mode).toBe('async_accepted');
    const task = await settle(res.taskId);
    expect(task.taskStatus).toBe('SUCCEEDED');
    expect(task.result?.sizeBytes).toBe(size);
    expect(source.requests.length - before).toBe(1);
  });

  it('takes the async path for a large declared size', async () => {
    const size = 100 * 1024;
    const res = data(await ingest({ containerId, title: title(), url: `${source.origin}/sized?size=${size}`, declaredSizeBytes: size }));
    expect(res.mode).toBe('async_accepted');
    expect((await settle(res.taskId)).result?.contentHash).toBe(sha256(bytes(size)));
  });

  it('reports a failed fetch on the task, with its code', async () => {
    const res = data(await ingest({ containerId, title: title(), url: `${source.origin}/missing`, declaredSizeBytes: 2 * SYNC_MAX }));
    expect(res.mode).toBe('async_accepted');
    expect(await settle(res.taskId)).toMatchObject({ taskStatus: 'FAILED', failCode: 190002, result: null });
  });
});

describe('size ceiling', () => {
  it('refuses a declared size above the ceiling without a request', async () => {
    const before = source.connections;
    const res = await ingest({ containerId, title: title(), url: `${source.origin}/sized?size=10`, declaredSizeBytes: CEILING + 1 });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(190003);
    expect(source.connections).toBe(before);
  });

  it('refuses a Content-Length above the ceiling before reading the body', async () => {
    const res = await ingest({ containerId, title: title(), url: `${source.origin}/sized?size=${CEILING + 1}` });
    expect(res.body.code).toBe(190003);
    expect(res.body.msg).toMatch(String(CEILING));
  });

  it('cuts off a body that grows past the ceiling, mid-stream, and stores nothing', async () => {
    endlessWritten = 0;
    const res = data(await ingest({ containerId, title: title(), url: `${source.origin}/endless` }));
    expect(res.mode).toBe('async_accepted');
    const task = await settle(res.taskId);
    expect(task).toMatchObject({ taskStatus: 'FAILED', failCode: 190003 });
    expect(endlessWritten).toBeLessThan(16 * CEILING);
    expect(readdirSync(join(server.dataDir, 'tmp'))).toEqual([]);
  });

  it('refuses more bytes than declared', async () => {
    const res = await ingest({ containerId, title: title(), url: `${source.origin}/sized?size=100`, declaredSizeBytes: 99 });
    expect(res.body.code).toBe(190003);
  });
});

describe('time-out and upstream errors', () => {
  it('gives up on a body that stalls past the time-out (sync)', async () => {
    const started = Date.now();
    const res = await ingest({ containerId, title: title(), url: `${source.origin}/stall`, declaredSizeBytes: 100 });
    expect(res.status).toBe(504);
    expect(res.body.code).toBe(190004);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
  });

  it('gives up on a server that never answers (async)', async () => {
    const res = data(await ingest({ containerId, title: title(), url: `${source.origin}/silent`, declaredSizeBytes: 2 * SYNC_MAX }));
    expect(await settle(res.taskId)).toMatchObject({ taskStatus: 'FAILED', failCode: 190004 });
  });

  it('turns a 404 into a clean 190002 naming the status, and creates nothing', async () => {
    const t = title();
    const res = await ingest({ containerId, title: t, url: `${source.origin}/missing` });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 190002, data: null, success: false });
    expect(res.body.msg).toMatch(/HTTP 404/);
    const page = data(await api.post<{ content: Document[] }>('/v1/documents/getPage', { containerId, pageSize: 500 }));
    expect(page.content.map((d) => d.title)).not.toContain(t);
  });

  it('turns an unreachable port into a clean 190002', async () => {
    const res = await ingest({ containerId, title: title(), url: `http://127.0.0.1:${deadPort}/x` });
    expect(res.body.code).toBe(190002);
    expect(res.body.msg).toMatch(/ECONNREFUSED/);
  });
});
