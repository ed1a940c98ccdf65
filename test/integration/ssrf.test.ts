/**
 * SSRF protection of ingest from URL (spec 4.2 rule 4, docs/architecture.md, "Service conventions"), against a real `folio serve`.
 * Canary servers on 127.0.0.1 and ::1 stand in for internal services; after every refused URL
 * they must have seen no connection at all. A source server is on the operator allow-list
 * (--allow-fetch-host) so that redirects can start from somewhere reachable.
 *
 * Names that must resolve to loopback use an injected resolver, in-process: `folio serve` always
 * uses the system resolver, and no flag or variable changes that.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Container } from '../../shared/v1/resources.ts';
import type { IngestResult, Task } from '../../shared/v1/ingest.ts';
import { OutboundError } from '../../main/net/errors.ts';
import { SafeFetcher } from '../../main/net/fetcher.ts';
import type { Resolver } from '../../main/net/resolver.ts';
import { DEFAULT_OUTBOUND } from '../../main/net/settings.ts';
import { AllowList } from '../../main/net/target.ts';
import type { ServiceDeps } from '../../main/service/kernel.ts';
import { DEFAULT_CONFIG } from '../../main/service/config.ts';
import { serviceDeps } from '../../main/service/services.ts';
import type { RequestContext } from '../../main/service/context.ts';
import { ServiceError } from '../../main/service/errors.ts';
import { ContainerService } from '../../main/service/containers/service.ts';
import { DocumentService } from '../../main/service/documents/service.ts';
import { IngestService } from '../../main/service/ingest/service.ts';
import { createTenant as provisionTenant } from '../../main/service/tenancy.ts';
import { openStore, type Store } from '../../main/store/index.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type ServerHandle } from '../helpers/server.ts';
import { localServer, type LocalServer } from '../helpers/localHttp.ts';

let canary: LocalServer;
let canary6: LocalServer;
let source: LocalServer;
let server: ServerHandle;
let api: Api;
let containerId: string;

const PAYLOAD = 'public content';

beforeAll(async () => {
  canary = await localServer((_req, res) => res.end('internal secret'));
  canary6 = await localServer((_req, res) => res.end('internal secret'), '::1');
  source = await localServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (to) {
      res.writeHead(302, { location: to }).end();
    } else if (chain && Number(chain[1]) > 0) {
      res.writeHead(302, { location: `/chain/${Number(chain[1]) - 1}` }).end();
    } else {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': PAYLOAD.length }).end(PAYLOAD);
    }
  });
  server = await startServer(undefined, ['--allow-fetch-host', source.hostPort]);
  api = await appApi(server.url, await createTenant(server.dataDir));
  containerId = data(await api.post<Container>('/v1/containers/create', { name: 'ssrf' })).containerId;
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  await Promise.all([canary.close(), canary6.close(), source.close()]);
});

afterEach(() => {
  expect(canary.connections, 'the internal server on 127.0.0.1 was reached').toBe(0);
  expect(canary6.connections, 'the internal server on ::1 was reached').toBe(0);
});

let n = 0;
async function ingest(url: string, extra: Record<string, unknown> = {}) {
  return api.post<IngestResult>('/v1/ingest/from-url', { containerId, title: `t${n++}`, url, ...extra });
}

async function expectRefused(url: string, code = 190001, pattern?: RegExp) {
  const res = await ingest(url);
  expect(res.body.code, `${url}: ${res.body.msg}`).toBe(code);
  expect(res.body.data).toBeNull();
  expect(res.body.success).toBe(false);
  if (pattern) expect(res.body.msg).toMatch(pattern);
  return res;
}

describe('loopback in every spelling', () => {
  const v4 = () => canary.port;
  const v6 = () => canary6.port;
  const cases: [string, () => number][] = [
    ['127.0.0.1', v4],
    ['127.1', v4],
    ['2130706433', v4],
    ['0x7f.1', v4],
    ['0177.0.0.1', v4],
    ['0x7f000001', v4],
    ['[::1]', v6],
    ['[::ffff:127.0.0.1]', v4],
    ['[::ffff:7f00:1]', v4],
    ['0.0.0.0', v4],
    ['0', v4],
    ['[::]', v6],
    ['localhost', v4],
    ['localhost.', v4],
    ['LocalHost', v4],
    ['api.localhost', v4],
  ];
  for (const [host, port] of cases) {
    it(`refuses http://${host}:PORT/ with 190001 and a 400`, async () => {
      const res = await expectRefused(`http://${host}:${port()}/secret`);
      expect(res.status).toBe(400);
    });
  }

  it('refuses them on the async path too, before any task exists', async () => {
    const big = await ingest(`http://127.1:${canary.port}/`, { declaredSizeBytes: 64 * 1024 * 1024 });
    expect(big.body.code).toBe(190001);
  });
});

describe('internal ranges', () => {
  const cases: [string, string][] = [
    ['private 10/8', 'http://10.0.0.1/'],
    ['private 172.16/12', 'http://172.16.5.4/'],
    ['private 192.168/16', 'http://192.168.1.1/'],
    ['private, octal spelling', 'http://012.0.0.1/'],
    ['link-local', 'http://169.254.1.1/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['CGNAT', 'http://100.64.0.1/'],
    ['CGNAT, integer spelling', 'http://1681915905/'],
    ['IPv6 unique-local', 'http://[fd12:3456::1]/'],
    ['IPv4-mapped private', 'http://[::ffff:10.0.0.1]/'],
    ['NAT64 of loopback', 'http://[64:ff9b::7f00:1]/'],
    ['multicast', 'http://224.0.0.1/'],
    ['broadcast', 'http://255.255.255.255/'],
  ];
  for (const [name, url] of cases) {
    it(`refuses ${name}: ${url}`, async () => {
      await expectRefused(url, 190001, /not allowed/);
    });
  }
});

describe('cloud metadata', () => {
  const cases = [
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://100.100.100.200/latest/meta-data/',
    'http://168.63.129.16/machine?comp=goalstate',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata.google.internal./computeMetadata/v1/',
    'http://METADATA.GOOGLE.INTERNAL/computeMetadata/v1/',
    'http://metadata.goog/computeMetadata/v1/',
  ];
  for (const url of cases) {
    it(`refuses ${url}`, async () => {
      await expectRefused(url, 190001);
    });
  }
});

describe('schemes and user info', () => {
  it('refuses file:, ftp:, gopher: and other non-http schemes', async () => {
    for (const url of ['file:///etc/passwd', `ftp://${source.hostPort}/x`, `gopher://${source.hostPort}/_GET%20/`, 'data:text/plain,hello', `ws://${source.hostPort}/`]) {
      await expectRefused(url, 190001, /scheme/);
    }
    expect(source.connections).toBe(0);
  });

  it('refuses user info, even for an allow-listed host', async () => {
    await expectRefused(`http://user:secret@${source.hostPort}/`, 190001, /user info/);
    await expectRefused(`http://user@${source.hostPort}/`, 190001, /user info/);
    expect(source.connections).toBe(0);
  });
});

describe('redirects', () => {
  const targets = () => [
    `http://127.0.0.1:${canary.port}/`,
    `http://0x7f.1:${canary.port}/`,
    `http://localhost:${canary.port}/`,
    `http://[::1]:${canary6.port}/`,
    `http://[::ffff:127.0.0.1]:${canary.port}/`,
    'http://169.254.169.254/latest/meta-data/',
    'file:///etc/passwd',
  ];

  it('checks every hop: a redirect to an internal address is refused', async () => {
    for (const to of targets()) {
      const before = source.requests.length;
      await expectRefused(`${source.origin}/start?to=${encodeURIComponent(to)}`, 190001);
      expect(source.requests.length, to).toBe(before + 1);
    }
  });

  it('checks hops on the async path too: the task fails with 190001', async () => {
    const to = `http://127.0.0.1:${canary.port}/`;
    const res = data(await ingest(`${source.origin}/start?to=${encodeURIComponent(to)}`, { declaredSizeBytes: 9 * 1024 * 1024 }));
    expect(res.mode).toBe('async_accepted');
    const task = await settle(res.taskId);
    expect(task).toMatchObject({ taskStatus: 'FAILED', failCode: 190001 });
  });

  it('follows at most 5 redirects: the 6th is refused and never requested', async () => {
    const ok = data(await ingest(`${source.origin}/chain/5`));
    expect(ok.mode).toBe('sync_completed');
    expect(ok.syncResult?.sizeBytes).toBe(PAYLOAD.length);

    const before = source.requests.length;
    await expectRefused(`${source.origin}/chain/6`, 190005, /redirects/);
    const seen = source.requests.slice(before).map((r) => r.path);
    expect(seen).toEqual(['/chain/6', '/chain/5', '/chain/4', '/chain/3', '/chain/2', '/chain/1']);
  });
});

async function settle(taskId: string): Promise<Task> {
  for (let i = 0; i < 100; i++) {
    const t = data(await api.get<Task>('/v1/tasks/get', { taskId }));
    if (t.taskStatus === 'SUCCEEDED' || t.taskStatus === 'FAILED') return t;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task ${taskId} did not settle`);
}

describe('names that resolve to internal addresses (injected resolver, in-process)', () => {
  const names: Record<string, string[]> = {
    'intranet.test': ['127.0.0.1'],
    'v6.intranet.test': ['::1'],
    'mixed.test': ['93.184.216.34', '127.0.0.1'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'allowed.test': ['127.0.0.1'],
  };
  const resolver: Resolver = async (host) => {
    const found = names[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found;
  };
  const spec = { method: 'GET' as const, maxRedirects: 5, maxBytes: 1024 * 1024, timeoutMs: 5000, idleTimeoutMs: 5000 };
  let fetcher: SafeFetcher;
  beforeAll(() => {
    fetcher = new SafeFetcher({ allow: new AllowList([source.hostPort, `allowed.test:${source.port}`]), resolver, userAgent: 'test' });
  });

  async function refusal(url: string): Promise<OutboundError> {
    const err = await fetcher.request(url, spec).then(
      () => null,
      (e: unknown) => e,
    );
    if (!(err instanceof OutboundError)) throw new Error(`${url} was not refused with an OutboundError: ${String(err)}`);
    return err;
  }

  it('refuses a name that resolves to loopback, at connect time', async () => {
    for (const [host, port] of [['intranet.test', canary.port], ['v6.intranet.test', canary6.port], ['mapped.test', canary.port], ['metadata.test', 80]] as const) {
      const err = await refusal(`http://${host}:${port}/secret`);
      expect(err.value.code, host).toBe(190001);
      expect(err.message).toMatch(/resolves to/);
    }
  });

  it('refuses a name when ANY of its addresses is internal', async () => {
    const err = await refusal(`http://mixed.test:${canary.port}/`);
    expect(err.message).toMatch(/127\.0\.0\.1/);
  });

  it('refuses a redirect to such a name', async () => {
    const to = `http://intranet.test:${canary.port}/`;
    const err = await refusal(`${source.origin}/start?to=${encodeURIComponent(to)}`);
    expect(err.value.code).toBe(190001);
  });

  it('connects through the resolver when the operator allow-listed the name (the control case)', async () => {
    const res = await fetcher.request(`http://allowed.test:${source.port}/plain`, spec);
    const chunks: Buffer[] = [];
    for await (const c of res.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(PAYLOAD);
  });

  it('fails an async ingest task whose URL resolves to loopback, with nothing stored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-ssrf-'));
    const store: Store = await openStore(dir);
    try {
      const tenant = await provisionTenant(store, 'inproc');
      const deps: ServiceDeps = serviceDeps(store, { ...DEFAULT_CONFIG, outbound: { ...DEFAULT_OUTBOUND, ingestSyncMaxBytes: 1024 } });
      const ctx: RequestContext = { tenantId: tenant.tenantId, clientId: tenant.clientId, mode: 'APP_ONLY', userId: null };
      const target = (await store.containers.findSystem(tenant.tenantId, 'DEFAULT'))?.containerId ?? '';
      const ingestService = new IngestService(deps, new DocumentService(deps, new ContainerService(deps)), fetcher);
      ingestService.start();

      const sync = await ingestService.fromUrl(ctx, { containerId: target, title: 'a', url: `http://intranet.test:${canary.port}/`, declaredSizeBytes: 10 }).catch((e: unknown) => e);
      expect(sync).toBeInstanceOf(ServiceError);
      expect((sync as ServiceError).value.code).toBe(190001);

      const accepted = await ingestService.fromUrl(ctx, { containerId: target, title: 'b', url: `http://intranet.test:${canary.port}/`, declaredSizeBytes: 4096 });
      expect(accepted.mode).toBe('async_accepted');
      let task = await store.tasks.get(tenant.tenantId, accepted.taskId);
      for (let i = 0; i < 50 && task?.status !== 'FAILED'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        task = await store.tasks.get(tenant.tenantId, accepted.taskId);
      }
      expect(task).toMatchObject({ status: 'FAILED', failCode: 190001 });
      expect(task?.failReason).toMatch(/resolves to 127\.0\.0\.1/);
      expect(store.versions.pageForTenant(tenant.tenantId, 10, 0).total).toBe(0);
      await ingestService.stop();
    } finally {
      store.close();
      removeDir(dir);
    }
  });
});
