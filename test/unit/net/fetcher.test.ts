/** The SafeFetcher's time-outs, cut-offs and cancellation, against real servers on 127.0.0.1. */
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError } from '../../../main/net/errors.ts';
import { SafeFetcher, type RequestSpec } from '../../../main/net/fetcher.ts';
import { AllowList } from '../../../main/net/target.ts';
import { localServer, type LocalServer } from '../../helpers/localHttp.ts';

let server: LocalServer;
let fetcher: SafeFetcher;
const spec: RequestSpec = { method: 'GET', maxRedirects: 5, maxBytes: 1024 * 1024, timeoutMs: 10_000, idleTimeoutMs: 10_000 };

beforeAll(async () => {
  server = await localServer((req, res) => {
    switch (req.url) {
      case '/stall':
        res.writeHead(200, { 'content-length': 100 });
        res.write('0123456789');
        return;
      case '/trickle': {
        res.writeHead(200);
        const timer = setInterval(() => res.write('.'), 50);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/truncated':
        res.writeHead(200, { 'content-length': 100 });
        res.write('0123456789', () => res.socket?.destroy());
        return;
      case '/moved':
        res.writeHead(301, { location: 'here/../ok' }).end();
        return;
      case '/ok':
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('fine');
        return;
      default:
        res.writeHead(404).end();
    }
  });
  fetcher = new SafeFetcher({ allow: new AllowList([server.hostPort]), userAgent: 'test' });
});

afterAll(() => server.close());

async function read(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

async function failure(p: Promise<unknown>): Promise<OutboundError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

describe('SafeFetcher', () => {
  it('gives up on a silent socket after the idle time-out', async () => {
    const started = Date.now();
    const res = await fetcher.request(`${server.origin}/stall`, { ...spec, idleTimeoutMs: 200 });
    const err = await failure(read(res.body));
    expect(err.value.code).toBe(190004);
    expect(err.message).toMatch(/no data for 200 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up at the deadline even while bytes keep trickling in', async () => {
    const res = await fetcher.request(`${server.origin}/trickle`, { ...spec, timeoutMs: 500, idleTimeoutMs: 200 });
    const err = await failure(read(res.body));
    expect(err.value.code).toBe(190004);
    expect(err.message).toMatch(/within 500 ms/);
  });

  it('reports a body cut short by the server', async () => {
    const res = await fetcher.request(`${server.origin}/truncated`, spec);
    const err = await failure(read(res.body));
    expect(err.value.code).toBe(190002);
  });

  it('cuts off a body past maxBytes', async () => {
    const res = await fetcher.request(`${server.origin}/trickle`, { ...spec, maxBytes: 5 });
    const err = await failure(read(res.body));
    expect(err.value.code).toBe(190003);
  });

  it('stops when the caller cancels', async () => {
    const controller = new AbortController();
    const res = await fetcher.request(`${server.origin}/stall`, { ...spec, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const err = await failure(read(res.body));
    expect(err.message).toMatch(/cancelled/);
  });

  it('a body cancelled before anyone reads it errors quietly, and tells its reader why once read', async () => {
    // A SIGTERM cancels an ingest task between its fetch's answer and the first read of the body:
    // the body's 'error' event had no listener then, and `folio serve` died of it with exit 1.
    const unhandled: unknown[] = [];
    const onUncaught = (err: unknown) => unhandled.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const controller = new AbortController();
      const res = await fetcher.request(`${server.origin}/stall`, { ...spec, signal: controller.signal });
      controller.abort();
      // destroy() emits its 'error' on the next ticks; a few turns of the event loop cover them.
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(res.body.destroyed).toBe(true);
      expect(unhandled).toEqual([]);
      const err = await failure(read(res.body));
      expect(err.message).toMatch(/cancelled/);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('resolves relative redirects, and reports the final URL and the Content-Type as served', async () => {
    const res = await fetcher.request(`${server.origin}/moved`, spec);
    expect(res).toMatchObject({ status: 200, url: `${server.origin}/ok`, contentType: 'text/plain; charset=utf-8' });
    expect(await read(res.body)).toBe('fine');
  });

  it('returns a redirect as it is when told to follow none', async () => {
    const res = await fetcher.request(`${server.origin}/moved`, { ...spec, method: 'POST', body: Buffer.from('{}'), maxRedirects: 0 });
    res.body.destroy();
    expect(res.status).toBe(301);
  });
});
