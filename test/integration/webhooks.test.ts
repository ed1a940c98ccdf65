/**
 * Webhooks against a real `folio serve`: registration, Standard Webhooks signatures, retries with
 * backoff under one webhook-id, giving up, redirects not followed, surviving a restart; and, in
 * process, the SSRF guard at delivery time, rendition.uploaded, and an attempt the database fails
 * to record.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IngestResult } from '../../shared/v1/ingest.ts';
import type { PageOf, TokenResult } from '../../shared/v1/resources.ts';
import type { Webhook, WebhookCreated, WebhookDelivery } from '../../shared/v1/webhooks.ts';
import { SafeFetcher } from '../../main/net/fetcher.ts';
import { DEFAULT_OUTBOUND } from '../../main/net/settings.ts';
import { AllowList } from '../../main/net/target.ts';
import type { ServiceDeps } from '../../main/service/kernel.ts';
import { DEFAULT_CONFIG } from '../../main/service/config.ts';
import { serviceDeps } from '../../main/service/services.ts';
import { connectWebhooks } from '../../main/service/webhooks/service.ts';
import { openStore } from '../../main/store/index.ts';
import { appApi, createTenant, createUser, data, removeDir, startServer, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { localServer, type LocalServer, type RecordedRequest } from '../helpers/localHttp.ts';
import { memoryLog } from '../helpers/memoryLog.ts';
import { HEAVY_TEST_MS, until as waitUntil } from '../helpers/wait.ts';

const RETRY_BASE_MS = 200;
const MAX_ATTEMPTS = 4;

let source: LocalServer;
let good: LocalServer;
let flaky: LocalServer;
let failing: LocalServer;
let gated: LocalServer;
let canary: LocalServer;
let silent: LocalServer;
let gateOpen = false;
let server: ServerHandle;
let tenant: Tenant;
let api: Api;
let flags: string[];

beforeAll(async () => {
  source = await localServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(2048)));
  good = await localServer((_req, res) => res.writeHead(204).end());
  flaky = await localServer((_req, res, index) => res.writeHead(index < 2 ? 500 : 200).end());
  failing = await localServer((_req, res) => res.writeHead(307, { location: `${good.origin}/moved` }).end());
  gated = await localServer((_req, res) => res.writeHead(gateOpen ? 200 : 503).end());
  canary = await localServer((_req, res) => res.end());
  silent = await localServer(() => {});
  flags = [
    ...[source, good, flaky, failing, gated, silent].flatMap((s) => ['--allow-fetch-host', s.hostPort]),
    '--ingest-sync-max-bytes', '1024',
    '--webhook-retry-base-ms', String(RETRY_BASE_MS),
    '--webhook-max-attempts', String(MAX_ATTEMPTS),
  ];
  server = await startServer(undefined, flags);
  tenant = await createTenant(server.dataDir);
  api = await appApi(server.url, tenant);
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  await Promise.all([source, good, flaky, failing, gated, canary, silent].map((s) => s.close()));
});

afterEach(async () => {
  for (const w of data(await api.post<PageOf<Webhook>>('/v1/webhooks/getPage', { pageSize: 500 })).content) {
    data(await api.post('/v1/webhooks/delete', { webhookId: w.webhookId }));
  }
});

const register = async (url: string, extra: Record<string, unknown> = {}) =>
  data(await api.post<WebhookCreated>('/v1/webhooks/create', { url, events: ['document.updated'], ...extra }));

let n = 0;
async function deliveries(webhookId: string): Promise<WebhookDelivery[]> {
  return data(await api.post<PageOf<WebhookDelivery>>('/v1/webhooks/deliveries/getPage', { webhookId })).content;
}

/** Reads until `done` holds of what was read, and returns it: see test/helpers/wait.ts. */
function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  return waitUntil('a webhook delivery', async () => {
    const v = await read();
    return done(v) && { v };
  }).then(({ v }) => v);
}

function verify(secret: string, r: RecordedRequest): { type: string; timestamp: string; data: Record<string, unknown> } {
  const headers = { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) };
  return new Verifier(secret).verify(r.body, headers) as { type: string; timestamp: string; data: Record<string, unknown> };
}

let containerId = '';
beforeAll(async () => {
  containerId = data(await api.post<{ containerId: string }>('/v1/containers/create', { name: 'hooks' })).containerId;
});
const ingestBody = () => ({ containerId, title: `d${n++}`, url: `${source.origin}/f`, declaredSizeBytes: 2048 });
async function publishDocumentUpdated(): Promise<string> {
  const res = data(await api.post<IngestResult>('/v1/ingest/from-url', ingestBody()));
  expect(res.mode).toBe('async_accepted');
  return res.taskId;
}

describe('registration', () => {
  it('creates an endpoint, returns its secret once, lists it without the secret, deletes it', async () => {
    const created = await register(`${good.origin}/a`, { events: ['document.updated', 'rendition.uploaded'], description: 'ci' });
    expect(created.webhookId).toMatch(/^whk_/);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({ url: `${good.origin}/a`, events: ['document.updated', 'rendition.uploaded'], description: 'ci', createBy: tenant.clientId });
    const page = data(await api.post<PageOf<Webhook>>('/v1/webhooks/getPage', {}));
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).not.toHaveProperty('secret');
    expect(data(await api.post('/v1/webhooks/delete', { webhookId: created.webhookId }))).toEqual({ webhookId: created.webhookId });
    expect((await api.post('/v1/webhooks/delete', { webhookId: created.webhookId })).body.code).toBe(120001);
    expect((await api.post('/v1/webhooks/deliveries/getPage', { webhookId: created.webhookId })).body.code).toBe(120001);
  });

  it('keeps a secret the caller chose', async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect((await register(`${good.origin}/b`, { secret })).secret).toBe(secret);
  });

  it('refuses bad input', async () => {
    for (const body of [
      { url: `${good.origin}/c`, events: [] },
      { url: `${good.origin}/c`, events: ['document.deleted'] },
      { url: `${good.origin}/c`, events: ['document.updated', 'document.updated'] },
      { url: `${good.origin}/c`, events: ['document.updated'], secret: 'plain' },
      { events: ['document.updated'] },
    ]) {
      expect((await api.post('/v1/webhooks/create', body)).body.code, JSON.stringify(body)).toBe(110001);
    }
  });

  it('refuses an endpoint on an internal address, with the SSRF codes of ingest', async () => {
    for (const url of [`http://127.0.0.1:${canary.port}/`, `http://0x7f.1:${canary.port}/`, 'http://169.254.169.254/', 'http://metadata.google.internal/', `http://localhost:${canary.port}/`, 'file:///etc/passwd', `http://u:p@${good.hostPort}/`]) {
      const res = await api.post('/v1/webhooks/create', { url, events: ['document.updated'] });
      expect(res.body.code, url).toBe(190001);
    }
    expect(canary.connections).toBe(0);
  });

  it('is the application\'s business: a user channel gets 102002', async () => {
    await createUser(server.dataDir, tenant.tenantId, 'walt');
    const session = data(await api.post<TokenResult>('/v1/auth/userSession', { userName: 'walt', password: 'correct horse' }));
    const asUser = api.with({ 'X-Svc-User-Token': session.accessToken });
    expect((await asUser.post('/v1/webhooks/create', { url: `${good.origin}/u`, events: ['document.updated'] })).body.code).toBe(102002);
    expect((await asUser.post('/v1/webhooks/getPage', {})).body.code).toBe(102002);
  });

  it("hides other tenants' endpoints", async () => {
    const mine = await register(`${good.origin}/mine`);
    const other = await appApi(server.url, await createTenant(server.dataDir, 'other'));
    expect(data(await other.post<PageOf<Webhook>>('/v1/webhooks/getPage', {})).totalElements).toBe(0);
    expect((await other.post('/v1/webhooks/delete', { webhookId: mine.webhookId })).body.code).toBe(120001);
    expect((await other.post('/v1/webhooks/deliveries/getPage', { webhookId: mine.webhookId })).body.code).toBe(120001);
  });
});

describe('delivery', () => {
  it('signs per Standard Webhooks: webhook-id, webhook-timestamp, v1 HMAC-SHA256 of id.timestamp.body', async () => {
    const hook = await register(`${good.origin}/signed`);
    const taskId = await publishDocumentUpdated();
    const req = await good.waitFor((r) => r.path === '/signed' && r.body.includes(taskId));
    const payload = verify(hook.secret, req);
    expect(payload.type).toBe('document.updated');
    expect(payload.data).toMatchObject({ taskId, versionNo: 1 });
    expect(req.headers['content-type']).toBe('application/json');
    const key = Buffer.from(hook.secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`${String(req.headers['webhook-id'])}.${String(req.headers['webhook-timestamp'])}.${req.body}`).digest('base64');
    expect(req.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(() => new Verifier(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(req.body, { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) })).toThrow();

    const [logged] = await until(() => deliveries(hook.webhookId), (d) => d[0]?.status === 'SUCCEEDED');
    expect(logged).toMatchObject({ deliveryId: req.headers['webhook-id'], eventType: 'document.updated', attempts: 1, lastStatusCode: 204, lastError: '', nextAttemptTime: '' });
    expect(logged?.deliveredTime).not.toBe('');
  });

  it('retries with backoff: a receiver failing twice gets the event 3 times, with the same webhook-id', async () => {
    const hook = await register(`${flaky.origin}/flaky`);
    const taskId = await publishDocumentUpdated();
    await until(async () => flaky.requests.filter((r) => r.complete && r.body.includes(taskId)).length, (count) => count >= 3);
    const got = flaky.requests.slice(0, 3);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [a, b, c] = got.map((r) => r.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(RETRY_BASE_MS - 20);
    expect(c - b).toBeGreaterThanOrEqual(3 * RETRY_BASE_MS - 20);
    for (const r of got) expect(verify(hook.secret, r).data).toMatchObject({ taskId });
    const [logged] = await until(() => deliveries(hook.webhookId), (d) => d[0]?.status === 'SUCCEEDED');
    expect(logged).toMatchObject({ attempts: 3, lastStatusCode: 200, deliveryId: got[0]?.headers['webhook-id'] });
    await new Promise((r) => setTimeout(r, 3 * RETRY_BASE_MS));
    expect(flaky.requests.length).toBe(3);
  });

  it('gives up after the last attempt, counting a redirect as a failure and not following it', async () => {
    const hook = await register(`${failing.origin}/moving`);
    await publishDocumentUpdated();
    const [logged] = await until(() => deliveries(hook.webhookId), (d) => d[0]?.status === 'FAILED');
    expect(logged).toMatchObject({ attempts: MAX_ATTEMPTS, lastStatusCode: 307, nextAttemptTime: '' });
    expect(logged?.lastError).toMatch(/HTTP 307/);
    expect(failing.requests.length).toBe(MAX_ATTEMPTS);
    expect(good.requests.filter((r) => r.path === '/moved')).toEqual([]);
    const failed = data(await api.post<PageOf<WebhookDelivery>>('/v1/webhooks/deliveries/getPage', { webhookId: hook.webhookId, status: 'FAILED' }));
    expect(failed.totalElements).toBe(1);
  });

  // Restarts the server: the timeout is a guard (test/helpers/wait.ts).
  it('stops cleanly on SIGTERM with an attempt in flight, and gives the attempt back uncounted', { timeout: HEAVY_TEST_MS }, async () => {
    const hook = await register(`${silent.origin}/silent`);
    await publishDocumentUpdated();
    await until(async () => silent.requests.length, (count) => count >= 1);
    const stoppedAt = Date.now();
    expect(await server.stop()).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    const store = await openStore(server.dataDir);
    const [pending] = (await store.webhookDeliveries.page(tenant.tenantId, hook.webhookId, undefined, 10, 0)).rows;
    store.close();
    expect(pending).toMatchObject({ status: 'PENDING', attempts: 0, leaseOwner: '', leaseUntil: 0 });
    expect(pending?.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    server = await startServer(server.dataDir, flags);
    api = await appApi(server.url, tenant);
  });

  // Restarts the server: the timeout is a guard (test/helpers/wait.ts).
  it('resumes pending deliveries after a restart, from the persisted next-attempt time', { timeout: HEAVY_TEST_MS }, async () => {
    gateOpen = false;
    const hook = await register(`${gated.origin}/gated`);
    await publishDocumentUpdated();
    await until(async () => gated.requests.length, (count) => count >= 1);
    expect(await server.stop()).toBe(0);
    const store = await openStore(server.dataDir);
    const [pending] = (await store.webhookDeliveries.page(tenant.tenantId, hook.webhookId, undefined, 10, 0)).rows;
    store.close();
    expect(pending).toMatchObject({ status: 'PENDING', lastStatusCode: 503 });
    expect(pending?.attempts).toBeGreaterThanOrEqual(1);
    expect(pending?.nextAttemptAt).toBeGreaterThan(0);
    const before = gated.requests.length;

    gateOpen = true;
    server = await startServer(server.dataDir, flags);
    api = await appApi(server.url, tenant);
    const [logged] = await until(() => deliveries(hook.webhookId), (d) => d[0]?.status === 'SUCCEEDED');
    expect(logged).toMatchObject({ deliveryId: pending?.deliveryId, attempts: (pending?.attempts ?? 0) + 1, lastStatusCode: 200 });
    expect(gated.requests.length).toBe(before + 1);
    expect(new Set(gated.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([pending?.deliveryId]));
  });
});

describe('in process: the SSRF guard at delivery time, and rendition.uploaded', () => {
  it('refuses a delivery whose name resolves to loopback, without retrying, and delivers rendition.uploaded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-hooks-'));
    const store = await openStore(dir);
    const deps: ServiceDeps = serviceDeps(store, { ...DEFAULT_CONFIG, outbound: { ...DEFAULT_OUTBOUND, webhookRetryBaseMs: 50 } });
    const fetcher = new SafeFetcher({
      allow: new AllowList([good.hostPort]),
      resolver: async (host) => (host === 'hooks.intranet.test' ? ['127.0.0.1'] : []),
      userAgent: 'test',
    });
    const { worker } = connectWebhooks(deps, fetcher);
    worker.start();
    try {
      const internal = await store.webhooks.create({ tenantId: 't1', url: `http://hooks.intranet.test:${canary.port}/`, events: ['rendition.uploaded'], secret: `whsec_${Buffer.alloc(32, 3).toString('base64')}`, description: '', createBy: 'c' });
      const open = await store.webhooks.create({ tenantId: 't1', url: `${good.origin}/renditions`, events: ['rendition.uploaded'], secret: `whsec_${Buffer.alloc(32, 4).toString('base64')}`, description: '', createBy: 'c' });
      deps.events.publish({ type: 'rendition.uploaded', tenantId: 't1', data: { versionId: 'ver_1', kind: 'PREVIEW', renditionId: 'rnd_1', status: 'READY' } });
      deps.events.publish({ type: 'document.updated', tenantId: 't1', data: { docId: 'd', versionId: 'v', versionNo: 1, contentHash: 'h', taskId: 't' } });

      const req = await good.waitFor((r) => r.path === '/renditions');
      expect(verify(open.secret, req)).toMatchObject({ type: 'rendition.uploaded', data: { versionId: 'ver_1', kind: 'PREVIEW', renditionId: 'rnd_1', status: 'READY' } });

      const refused = await until(async () => (await store.webhookDeliveries.page('t1', internal.webhookId, undefined, 10, 0)).rows, (rows) => rows[0]?.status === 'FAILED');
      expect(refused[0]).toMatchObject({ attempts: 1, lastStatusCode: 0 });
      expect(refused[0]?.lastError).toMatch(/resolves to 127\.0\.0\.1/);
      expect(canary.connections).toBe(0);
      expect((await store.webhookDeliveries.page('t1', open.webhookId, undefined, 10, 0)).total).toBe(1);
    } finally {
      await worker.stop();
      store.close();
      removeDir(dir);
    }
  });
});

describe('in process: an attempt the database fails to record', () => {
  it('is logged, and the process goes on: the lease runs out and the delivery is tried again', async () => {
    const held: ServerResponse[] = [];
    const receiver = await localServer((_req, res) => held.push(res));
    const dir = mkdtempSync(join(tmpdir(), 'folio-hooks-'));
    const store = await openStore(dir);
    const { log, lines } = memoryLog();
    const deps = serviceDeps(store, DEFAULT_CONFIG, undefined, log);
    const { worker } = connectWebhooks(deps, new SafeFetcher({ allow: new AllowList([receiver.hostPort]), userAgent: 'test' }));
    worker.start();
    try {
      await store.webhooks.create({ tenantId: 't1', url: `${receiver.origin}/hook`, events: ['document.updated'], secret: `whsec_${Buffer.alloc(32, 5).toString('base64')}`, description: '', createBy: 'c' });
      deps.events.publish({ type: 'document.updated', tenantId: 't1', data: { docId: 'd', versionId: 'v', versionNo: 1, contentHash: 'h', taskId: 't' } });
      await receiver.waitFor((r) => r.path === '/hook');
      // A real fault: the database is closed while the attempt is on its way. Unhandled, the
      // failure to record it ended the process.
      store.close();
      held[0]?.writeHead(200).end();
      const failed = await until(
        async () => lines.filter((l) => l.msg === 'webhook delivery: recording an attempt failed'),
        (found) => found.length > 0,
      );
      expect(failed[0]).toMatchObject({ deliveryId: expect.stringMatching(/^msg_/), err: { message: expect.stringMatching(/not open/) } });
    } finally {
      await worker.stop();
      await receiver.close();
      removeDir(dir);
    }
  });
});
