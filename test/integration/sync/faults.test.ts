/**
 * Faults: a TCP proxy between the engine and the service (written here, on 127.0.0.1) resets
 * connections mid-request and mid-response and stalls responses, at random. The sync still
 * converges, with nothing lost and nothing duplicated; once the faults stop, a pass finds nothing
 * left to do.
 */
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FolioClient } from '../../../main/remote/client.ts';
import type { SyncSummary } from '../../../main/sync/engine.ts';
import { sandbox, sha, type Scenario } from './harness.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const { service, fresh } = sandbox();

type Fault = 'none' | 'reset-request' | 'reset-response' | 'stall';

interface ChaosProxy {
  url: string;
  stats: Record<Fault, number>;
  setEnabled: (on: boolean) => void;
  close: () => Promise<void>;
}

/** Each connection draws a fault, which strikes after a random number of bytes in its direction. */
async function startChaosProxy(target: URL, random: () => number, faultRate: number): Promise<ChaosProxy> {
  const stats: Record<Fault, number> = { none: 0, 'reset-request': 0, 'reset-response': 0, stall: 0 };
  const open = new Set<net.Socket>();
  let enabled = true;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    // Connections are kept alive and carry many requests: each new request (data from the client
    // after a response began) draws its own fault, which strikes after a random number of bytes.
    let fault: Fault = 'none';
    let strikeAfter = 0;
    let stallMs = 0;
    let sent = 0;
    let received = 0;
    let stalled = false;
    const draw = () => {
      const r = random();
      fault = !enabled || r >= faultRate ? 'none' : r < faultRate / 3 ? 'reset-request' : r < (2 * faultRate) / 3 ? 'reset-response' : 'stall';
      stats[fault]++;
      strikeAfter = Math.floor(random() * 16 * 1024);
      stallMs = 200 + Math.floor(random() * 2800);
      sent = 0;
      received = 0;
      stalled = false;
    };
    let inResponse = true;
    client.on('data', (d: Buffer) => {
      if (inResponse) {
        inResponse = false;
        draw();
      }
      sent += d.length;
      if (fault === 'reset-request' && sent > strikeAfter) {
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => {
      inResponse = true;
      received += d.length;
      if (fault === 'reset-response' && received > strikeAfter) {
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      if (fault === 'stall' && !stalled) {
        stalled = true;
        upstream.pause();
        setTimeout(() => {
          if (client.destroyed) return;
          client.write(d);
          upstream.resume();
        }, stallMs);
        return;
      }
      client.write(d);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    setEnabled: (on) => {
      enabled = on;
      if (!on) for (const s of open) s.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** Passes until in sync; a pass may end in errors (or throw, unreachable service) under faults. */
async function converge(s: Scenario, maxPasses: number): Promise<{ passes: number; failures: number }> {
  let failures = 0;
  for (let pass = 1; pass <= maxPasses; pass++) {
    let r: SyncSummary | null = null;
    try {
      r = await s.sync();
    } catch (err) {
      failures++;
      if (!(err instanceof Error)) throw err;
    }
    if (r?.converged) return { passes: pass, failures };
    if (r?.blocked) throw new Error(`blocked: ${r.blocked}`);
    if (r && r.errors.length > 0) failures++;
  }
  throw new Error(`no convergence in ${maxPasses} passes`);
}

describe('faults', () => {
  it('converges through connection resets and stalled responses, losing and duplicating nothing', { timeout: HEAVY_TEST_MS }, async () => {
    const seed = Number(process.env.FOLIO_FAULT_SEED ?? Date.now() % 100_000);
    const random = rng(seed);
    const svc = service();
    const chaos = await startChaosProxy(new URL(svc.server.url), random, 0.5);
    try {
      const client = new FolioClient({ baseUrl: chaos.url, credentials: svc.tenant, retry: { attempts: 3, baseDelayMs: 30, maxDelayMs: 300 }, idleTimeoutMs: 1_500 });
      const s = await fresh({ client, settings: { massDeleteMinimum: 1000 } });
      const expected = new Map<string, Buffer | string>();
      const local = (path: string, content: Buffer | string) => {
        s.write(path, content);
        expected.set(path, content);
      };
      const remote = async (path: string, content: Buffer | string) => {
        await s.remoteWrite(path, content);
        expected.set(path, content);
      };
      for (let i = 0; i < 120; i++) local(`up-${i % 6}/l${i}.txt`, `local ${i} ${'l'.repeat(i * 37)}`);
      for (let i = 0; i < 120; i++) await remote(`down-${i % 6}/r${i}.txt`, `remote ${i} ${'r'.repeat(i * 41)}`);
      local('big-up.bin', randomBytes(12 * 1024 * 1024));
      await remote('big-down.bin', randomBytes(10 * 1024 * 1024));

      const first = await converge(s, 40);

      // Both sides change again, faults still on.
      for (let i = 0; i < 10; i++) local(`up-${i % 6}/l${i}.txt`, `local edit ${i}`);
      for (let i = 0; i < 10; i++) await remote(`down-${i % 6}/r${i}.txt`, `remote edit ${i}`);
      s.move('up-5', 'up-renamed');
      for (const [path, content] of [...expected]) {
        if (!path.startsWith('up-5/')) continue;
        expected.delete(path);
        expected.set(path.replace('up-5/', 'up-renamed/'), content);
      }
      await s.remoteMove('down-1/r1.txt', 'down-2', 'moved.txt');
      expected.set('down-2/moved.txt', expected.get('down-1/r1.txt') as string);
      expected.delete('down-1/r1.txt');
      for (const path of ['up-0/l12.txt', 'up-0/l18.txt']) {
        s.remove(path);
        expected.delete(path);
      }
      for (const path of ['down-3/r3.txt', 'down-3/r9.txt']) {
        await s.remoteDelete(path);
        expected.delete(path);
      }
      const second = await converge(s, 40);

      chaos.setEnabled(false);
      const calm = await s.sync();
      expect(calm).toMatchObject({ converged: true, uploaded: 0, downloaded: 0, moved: 0, deleted: 0, conflicts: 0 });

      const want = Object.fromEntries([...expected].map(([p, c]) => [p, sha(c)]));
      const files = (listing: Record<string, string>) => Object.fromEntries(Object.entries(listing).filter(([k]) => !k.endsWith('/')));
      expect(files(s.localListing()), `seed ${seed}`).toEqual(want);
      expect(files(await s.remoteListing()), `seed ${seed}`).toEqual(want);
      expect(chaos.stats['reset-request'] + chaos.stats['reset-response']).toBeGreaterThan(0);
      expect(chaos.stats.stall).toBeGreaterThan(0);
      if (process.env.FOLIO_SYNC_DEBUG) console.log({ seed, first, second, stats: chaos.stats });
    } finally {
      await chaos.close();
    }
  });
});
