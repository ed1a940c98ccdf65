/**
 * Rate limits per API client against a real `folio serve` (--rate-limit, --rate-window-ms): the
 * request after the limit gets HTTP 429 with Retry-After and the envelope (160001); all tokens of
 * one client share one budget, another client of the same tenant has its own, and requests
 * without a valid token are counted per IP address, before authentication. Two `folio serve` on
 * one data directory share one budget per client.
 */
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../shared/errors.ts';
import type { Envelope } from '../../shared/envelope.ts';
import { batchFor } from '../../main/service/limits/sharedCounts.ts';
import { Api, appApi, createTenant, data, folio, removeDir, startServer, tempDir, type Reply, type ServerHandle, type Tenant } from '../helpers/server.ts';

const LIMIT = 5;
/** Started together: each start pays for loading the service, and they do not share state. */
let strict: ServerHandle;
let shortWindow: ServerHandle;
let byDefault: ServerHandle;
let disabled: ServerHandle;

beforeAll(async () => {
  [strict, shortWindow, byDefault, disabled] = await Promise.all([
    startServer(undefined, ['--rate-limit', String(LIMIT), '--rate-window-ms', '60000']),
    startServer(undefined, ['--rate-limit', '2', '--rate-window-ms', '1500']),
    startServer(undefined, []),
    startServer(undefined, ['--rate-limit', '0', '--rate-window-ms', '60000']),
  ]);
});

afterAll(async () => {
  for (const s of [strict, shortWindow, byDefault, disabled]) {
    await s?.stop();
    if (s) removeDir(s.dataDir);
  }
});

async function secondClient(dataDir: string, tenantId: string): Promise<Tenant> {
  const { stdout } = await folio(['admin', 'create-client', '--data', dataDir, '--tenant', tenantId, '--json']);
  return { tenantId, ...(JSON.parse(stdout) as { clientId: string; clientSecret: string }) };
}

const usage = (api: Api) => api.get('/v1/tenant/usage');

function expectAllowed(reply: Reply<unknown>, remaining: number): void {
  expect([reply.status, reply.body.code], reply.body.msg).toEqual([200, 0]);
  expect(reply.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
  expect(reply.headers.get('x-ratelimit-remaining')).toBe(String(remaining));
}

function expectLimited(reply: { status: number; headers: Headers; body: Envelope<unknown> }, windowSeconds: number): void {
  expect([reply.status, reply.body.code, reply.body.success, reply.body.data]).toEqual([429, 160001, false, null]);
  expect(reply.body.msg).toMatch(/^too many requests: at most \d+ in \d+ ms for this client; retry in .+$/);
  expect(reply.headers.get('x-request-id')).toBe(reply.body.rid);
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('with --rate-limit 5 per minute', () => {
  let server: ServerHandle;
  let a1: Api;
  let a2: Api;
  let b: Api;

  beforeAll(async () => {
    server = strict;
    const tenant = await createTenant(server.dataDir);
    const other = await secondClient(server.dataDir, tenant.tenantId);
    // Three token requests: without a token yet, they count against 127.0.0.1 (3 of 5).
    a1 = await appApi(server.url, tenant);
    a2 = await appApi(server.url, tenant);
    b = await appApi(server.url, other);
  });

  it('answers the request after the limit with 429, Retry-After and the envelope; every token of the client shares the budget', async () => {
    expectAllowed(await usage(a1), 4);
    expectAllowed(await usage(a1), 3);
    expectAllowed(await usage(a1), 2);
    expectAllowed(await usage(a2), 1);
    expectAllowed(await usage(a2), 0);
    expectLimited(await usage(a2), 60);
    expectLimited(await usage(a1), 60);
    // A refused request does not reach the route: a write is refused just the same.
    expectLimited(await a1.post('/v1/containers/create', { name: 'not made' }), 60);
  });

  it('leaves another client of the same tenant unaffected', async () => {
    for (let remaining = LIMIT - 1; remaining >= 0; remaining--) expectAllowed(await usage(b), remaining);
    expectLimited(await usage(b), 60);
  });

  it('counts requests without a valid token per IP address, before authentication', async () => {
    const anonymous = new Api(server.url);
    const first = await anonymous.get('/v1/tenant/usage');
    expect([first.status, first.body.code]).toEqual([401, 100001]);
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    const forged = new Api(server.url, 'fat_not-a-real-token');
    expect((await forged.get('/v1/tenant/usage')).body.code).toBe(100001);
    expectLimited(await anonymous.get('/v1/tenant/usage'), 60);
    expectLimited(await forged.get('/v1/tenant/usage'), 60);
    const token = await anonymous.post('/v1/auth/token', { clientId: 'x', clientSecret: 'y' });
    expectLimited(token, 60);
    // The clients keep their own budgets: the IP's being spent changes nothing for them.
    expectLimited(await usage(b), 60);
  });
});

describe('two folio serve on one data directory', () => {
  /** A node adds its counts to the shared row every batchFor(MAX) = 2 requests of a client. */
  const MAX = 200;
  const dataDir = tempDir();
  const nodes: ServerHandle[] = [];

  beforeAll(async () => {
    // One after the other: the first creates and migrates the database.
    for (let i = 0; i < 2; i++) nodes.push(await startServer(dataDir, ['--rate-limit', String(MAX), '--rate-window-ms', '60000']));
  });

  afterAll(async () => {
    for (const n of nodes) await n.stop();
    removeDir(dataDir);
  });

  it('refuses a client alternating between them once the sum of its requests crosses the limit, not at twice the limit', async () => {
    const viaFirst = await appApi(nodes[0]!.url, await createTenant(dataDir));
    const viaSecond = new Api(nodes[1]!.url, viaFirst.token);
    let admitted = 0;
    for (let i = 0; i < MAX + 40; i++) {
      const reply = await usage(i % 2 === 0 ? viaFirst : viaSecond);
      if (reply.status === 200) {
        admitted++;
        continue;
      }
      expect(reply.body.code).toBe(ErrorCodes.RATE_LIMITED.code);
      expectLimited(reply, 60);
    }
    // Counted per node, each would have let MAX through: 2 × MAX in all.
    expect(admitted).toBeGreaterThanOrEqual(MAX);
    expect(admitted).toBeLessThanOrEqual(MAX + nodes.length * batchFor(MAX));
  });
});

describe('the window', () => {
  it('lets the client in again once Retry-After has passed', async () => {
    const server = shortWindow;
    const api = await appApi(server.url, await createTenant(server.dataDir));
    data(await usage(api));
    data(await usage(api));
    const limited = await usage(api);
    expectLimited(limited, 2);
    await sleep(Number(limited.headers.get('retry-after')) * 1000);
    expect(data(await usage(api))).toBeDefined();
  });
});

describe('settings', () => {
  it('is on by default, generously (6000 per minute)', async () => {
    const server = byDefault;
    const api = await appApi(server.url, await createTenant(server.dataDir));
    const reply = await usage(api);
    expect(reply.headers.get('x-ratelimit-limit')).toBe('6000');
    expect(reply.headers.get('x-ratelimit-remaining')).toBe('5999');
  });

  it('is off with --rate-limit 0', async () => {
    const server = disabled;
    const api = await appApi(server.url, await createTenant(server.dataDir));
    for (let i = 0; i < 3 * LIMIT; i++) {
      const reply = await usage(api);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });

  it('refuses bad flags with exit code 2, before touching the data directory', async () => {
    const dir = tempDir();
    removeDir(dir);
    const cases = [['--rate-limit', '-1'], ['--rate-limit', 'lots'], ['--rate-limit', '1.5'], ['--rate-window-ms', '0'], ['--rate-window-ms', 'soon']] as const;
    await Promise.all(
      cases.map(([flag, value]) =>
        expect(folio(['serve', '--data', dir, '--port', '0', `${flag}=${value}`]), `${flag} ${value}`).rejects.toMatchObject({
          code: 2,
          stderr: expect.stringMatching(new RegExp(`${flag} must be an integer`)),
        }),
      ),
    );
    expect(existsSync(dir)).toBe(false);
  });
});
