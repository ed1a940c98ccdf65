/**
 * The loop's choice of what a round scans locally, on virtual time, with a scripted watcher and an
 * engine that records each round's scope. The rule under test: while the folder is still changing,
 * a round that the poll starts reads the service's feed only, so a burst of deletes reaches the
 * engine as one scan, which the mass-delete guard sees whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PairSync, SyncSummary } from '../../../main/sync/engine.ts';
import { PairLoop, SETTLE_MAX_MS, type WatchHandlers } from '../../../main/sync/loop.ts';
import { SimClock } from '../../sim/clock.ts';

const DIR = '/pair';
const POLL_MS = 1_000;
const DEBOUNCE_MS = 300;

type Scope = 'full' | string[];

/** Just what the loop calls on its engine; each round's scope is recorded. */
function recordingEngine(scopes: Scope[]): PairSync {
  const engine = {
    ownWrites: { isEcho: () => false },
    stop: () => undefined,
    recordInSync: () => undefined,
    syncOnce: async (o: { hints?: Set<string> }): Promise<SyncSummary> => {
      scopes.push(o.hints ? [...o.hints].sort() : 'full');
      return { converged: true } as SyncSummary;
    },
  };
  return engine as unknown as PairSync;
}

let loop: PairLoop | null = null;
afterEach(async () => {
  await loop?.stop();
  loop = null;
});

async function started(): Promise<{ clock: SimClock; scopes: Scope[]; event: (path: string) => void }> {
  const clock = new SimClock();
  const scopes: Scope[] = [];
  let handlers: WatchHandlers | null = null;
  loop = new PairLoop(recordingEngine(scopes), {
    dir: DIR,
    pollMs: POLL_MS,
    fullScanMs: 3_600_000,
    debounceMs: DEBOUNCE_MS,
    clock,
    watch: (_dir, _ignored, h) => {
      handlers = h;
      return { close: async () => undefined };
    },
  });
  handlers!.onReady();
  await loop.ready;
  await loop.idle();
  expect(scopes).toEqual(['full']);
  return { clock, scopes, event: (path) => handlers!.onEvent('unlink', `${DIR}/${path}`, undefined) };
}

/** Moves virtual time on, then lets the round it started run. */
async function after(clock: SimClock, ms: number): Promise<void> {
  clock.advance(ms);
  await loop!.idle();
}

describe('the loop while the folder is changing', () => {
  it('a poll in the middle of a burst reads the feed only; the quiet time scans the whole burst at once', async () => {
    const { clock, scopes, event } = await started();
    await after(clock, POLL_MS - 150);
    event('a/f0.txt');
    event('a/f1.txt');
    await after(clock, 150); // the poll falls due while the watcher's quiet time has not passed
    event('b/f2.txt');
    await after(clock, DEBOUNCE_MS);
    expect(scopes.slice(1)).toEqual([[], ['a', 'b']]);
  });

  it('a folder that never goes quiet is scanned all the same once it has changed for SETTLE_MAX_MS', async () => {
    const { clock, scopes, event } = await started();
    for (let t = 0; t < SETTLE_MAX_MS + POLL_MS; t += DEBOUNCE_MS / 2) {
      event('log/app.log');
      await after(clock, DEBOUNCE_MS / 2);
    }
    expect(scopes.slice(1).some((s) => s !== 'full' && s.includes('log'))).toBe(true);
  });

  it('a full scan asked for mid-burst waits for the quiet time and is not lost', async () => {
    const { clock, scopes, event } = await started();
    event('a/f0.txt');
    loop!.syncNow();
    await loop!.idle();
    await after(clock, DEBOUNCE_MS);
    expect(scopes.slice(1)).toEqual([[], 'full']);
  });
});
