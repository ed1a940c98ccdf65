/**
 * Observation (docs/sync.md): the service side follows the change feed and walks the tree again
 * when its cursor is lost (130006); the local side is scanned, fully or where hints point, and in
 * the loop chokidar events are hints, the feed is polled, a periodic full scan is the truth, and
 * the echo of the engine's own writes starts no round.
 */
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../main/store/index.ts';
import { PairLoop, type LoopOptions, type Round } from '../../../main/sync/loop.ts';
import { FolioClient } from '../../../main/remote/client.ts';
import { emptySummary, PairSync, type SyncSummary } from '../../../main/sync/engine.ts';
import { expectInSync, sandbox, sha, type Scenario } from './harness.ts';
import { until } from './process.ts';

const { service, fresh } = sandbox();

const WALK_PATHS = ['/v1/containers/getPage', '/v1/documents/getPage'];

async function withContinuous(
  s: Scenario,
  o: Pick<LoopOptions, 'pollMs' | 'fullScanMs' | 'debounceMs'>,
  body: (passes: SyncSummary[], rounds: Round[]) => Promise<void>,
): Promise<void> {
  const passes: SyncSummary[] = [];
  const rounds: Round[] = [];
  const loop = new PairLoop(s.engine, {
    dir: s.dir,
    ...o,
    onRound: (round) => {
      rounds.push(round);
      passes.push(round.outcome.kind === 'summary' ? round.outcome.summary : { ...emptySummary(), errors: [round.outcome.reason] });
    },
  });
  await loop.ready;
  try {
    await until(() => passes.some((p) => p.converged), 'the first pass');
    await body(passes, rounds);
  } finally {
    await loop.stop();
  }
}

describe('the service side', () => {
  it('once walked, a pass reads the change feed, not the tree', async () => {
    const s = await fresh({ proxy: true });
    await s.remoteWrite('d/a.txt', 'a');
    await s.settle();
    expect(s.hits('/v1/containers/getPage')).toBeGreaterThan(0);
    s.proxy?.reset();
    await s.remoteWrite('d/b.txt', 'b');
    await s.remoteMove('d/a.txt', '', 'a.txt');
    await s.settle();
    expect(s.hits('/v1/changes/getPage')).toBeGreaterThan(0);
    for (const p of WALK_PATHS) expect(s.hits(p)).toBe(0);
    expect(s.localListing()).toEqual({ 'a.txt': sha('a'), 'd/': '', 'd/b.txt': sha('b') });
  });

  it('a lost cursor (130006: the service pruned its changes) falls back to a full walk that sees every change', async () => {
    const s = await fresh({ proxy: true });
    await s.remoteWrite('a.txt', 'a');
    await s.remoteWrite('gone.txt', 'g');
    await s.settle();
    await s.remoteMove('a.txt', '', 'renamed.txt');
    await s.remoteDelete('gone.txt');
    await s.remoteWrite('new/n.txt', 'n');
    const serviceStore = await openStore(service().server.dataDir);
    try {
      expect(await serviceStore.units.transaction((tx) => tx.changes.pruneOlderThan(new Date(Date.now() + 1000).toISOString()))).toBeGreaterThan(0);
    } finally {
      serviceStore.close();
    }
    s.proxy?.reset();
    const r = await s.settle();
    expect(r.converged).toBe(true);
    expect(s.hits('/v1/containers/getPage')).toBeGreaterThan(0);
    expect(s.localListing()).toEqual({ 'new/': '', 'new/n.txt': sha('n'), 'renamed.txt': sha('a') });
    await expectInSync(s);
  });
});

describe('the local side', () => {
  it('a hinted pass looks only where the hints point; a full pass finds the rest', async () => {
    const s = await fresh();
    s.write('a/1.txt', '1');
    s.write('b/2.txt', '2');
    await s.settle();
    s.write('a/new.txt', 'hinted');
    s.write('b/new.txt', 'not hinted');
    await s.sync({ hints: ['a'] });
    expect(Object.keys(await s.remoteListing())).toContain('a/new.txt');
    expect(Object.keys(await s.remoteListing())).not.toContain('b/new.txt');
    await s.sync();
    await expectInSync(s);
  });

  it('a hint for a folder that is new walks it whole', async () => {
    const s = await fresh();
    s.write('a/1.txt', '1');
    await s.settle();
    s.write('a/fresh/deep/x.txt', 'x');
    await s.sync({ hints: ['a/fresh/deep'] });
    await expectInSync(s);
  });

  it('a hint for a folder that was removed sees it gone', async () => {
    const s = await fresh();
    s.write('a/b/1.txt', '1');
    s.write('keep.txt', 'k');
    await s.settle();
    s.remove('a/b');
    await s.sync({ hints: ['a/b'] });
    expect(await s.remoteListing()).toEqual({ 'a/': '', 'keep.txt': sha('k') });
  });
});

describe('restarts', () => {
  const restart = (s: Scenario, onFullPass?: () => void) => new PairSync({ store: s.store, pairId: 'p1', client: new FolioClient({ baseUrl: s.proxy?.url ?? '', credentials: service().tenant }), ...(onFullPass ? { onFullPass } : {}) });
  /** As `folio sync --once` ends: the pair is recorded in sync for the next start. */
  const once = async (engine: PairSync) => {
    const summary = await engine.syncOnce();
    engine.recordInSync();
    return summary;
  };
  /** Files written a moment ago are racy (their hash is not trusted yet); a pass a little later settles them. */
  const settleUnrecorded = async (s: Scenario) => {
    await s.settle();
    await new Promise((r) => setTimeout(r, 250));
    await s.settle();
  };
  const settleQuietly = async (s: Scenario) => {
    await settleUnrecorded(s);
    s.engine.recordInSync();
  };
  const restartQuietly = async (s: Scenario) => {
    await new Promise((r) => setTimeout(r, 250));
    return once(restart(s));
  };

  it('a restart that finds nothing changed reads the feed once and looks at the folder, without planning', async () => {
    const s = await fresh({ proxy: true });
    s.write('a/1.txt', '1');
    await s.remoteWrite('b/2.txt', '2');
    await settleQuietly(s);
    s.proxy?.reset();
    let fullPasses = 0;
    const r = await restart(s, () => fullPasses++).syncOnce();
    expect(r).toMatchObject({ converged: true, rounds: 0 });
    expect([...(s.proxy?.hits.keys() ?? [])].sort()).toEqual(['/v1/auth/token', '/v1/changes/getPage']);
    // What only a full pass needs (folio sync's WAL checkpoint thread) is not started.
    expect(fullPasses).toBe(0);
  });

  it('a restart after a change on either side, or to the ignore rules, syncs in full', async () => {
    const s = await fresh({ proxy: true });
    s.write('a/1.txt', '1');
    await settleQuietly(s);
    s.write('a/2.txt', 'new here');
    expect((await restartQuietly(s)).uploaded).toBe(1);
    expect((await restartQuietly(s)).rounds).toBe(0);
    await s.remoteWrite('a/3.txt', 'new there');
    expect((await restartQuietly(s)).downloaded).toBe(1);
    await restartQuietly(s);
    expect((await restartQuietly(s)).rounds).toBe(0);
    s.write('.folioignore', '*.bak\n');
    expect((await restartQuietly(s)).uploaded).toBe(1);
    expect((await restartQuietly(s)).rounds).toBe(0);
    s.write('x.bak', 'ignored');
    expect((await restartQuietly(s)).rounds).toBe(0);
    expect(await s.remoteListing()).toEqual(Object.fromEntries(Object.entries(s.localListing()).filter(([k]) => k !== 'x.bak')));
  });

  it('is quiet only once the engine that got in sync has recorded it, not after every pass', async () => {
    const s = await fresh({ proxy: true });
    s.write('a/1.txt', '1');
    await settleUnrecorded(s);
    let fullPasses = 0;
    expect((await restart(s, () => fullPasses++).syncOnce()).rounds).toBeGreaterThan(0);
    expect(fullPasses).toBe(1);
    s.engine.recordInSync();
    expect(await restart(s).syncOnce()).toMatchObject({ converged: true, rounds: 0 });
  });

  it('a continuous runner records the pair in sync when it stops', async () => {
    const s = await fresh({ proxy: true });
    s.write('c.txt', 'c');
    // Old enough not to be racy when the first pass looks at it.
    await new Promise((r) => setTimeout(r, 250));
    await withContinuous(s, { pollMs: 600_000, fullScanMs: 600_000, debounceMs: 100 }, async () => {});
    expect(await restart(s).syncOnce()).toMatchObject({ converged: true, rounds: 0 });
  });

  it('changes elsewhere in the tenant do not stop a quiet restart', async () => {
    const s = await fresh({ proxy: true });
    s.write('a.txt', 'a');
    await settleQuietly(s);
    await service().client.createContainer({ name: `elsewhere ${Date.now()}` });
    expect(await restartQuietly(s)).toMatchObject({ converged: true, rounds: 0 });
  });
});

describe('continuous mode', () => {
  it('a local edit reaches the service through a watcher hint, long before the next poll', async () => {
    const s = await fresh();
    await withContinuous(s, { pollMs: 600_000, fullScanMs: 600_000, debounceMs: 100 }, async () => {
      s.write('hello.txt', 'hello');
      await until(async () => (await s.remoteListing())['hello.txt'] === sha('hello'), 'the upload');
      s.write('hello.txt', 'hello again');
      await until(async () => (await s.remoteListing())['hello.txt'] === sha('hello again'), 'the edit');
    });
  });

  it('a change on the service arrives by polling the change feed', async () => {
    const s = await fresh();
    await withContinuous(s, { pollMs: 300, fullScanMs: 600_000, debounceMs: 100 }, async () => {
      await s.remoteWrite('from-service.txt', 'there');
      await until(() => s.localListing()['from-service.txt'] === sha('there'), 'the download');
    });
  });

  it('a round that downloads 100 files is followed by no further round: the watcher ignores the engine\'s own writes', async () => {
    const s = await fresh();
    for (let i = 0; i < 100; i++) await s.remoteWrite(`f${String(i).padStart(3, '0')}.txt`, `file ${i}`);
    s.mkdir('sentinel');
    await withContinuous(s, { pollMs: 600_000, fullScanMs: 600_000, debounceMs: 100 }, async (passes, rounds) => {
      expect(passes[0]).toMatchObject({ downloaded: 100, converged: true });
      expect(Object.keys(s.localListing())).toHaveLength(101);
      // Written after the downloads, in a folder of its own: the watcher reports it after their echoes,
      // and its round names that folder alone.
      s.write('sentinel/after.txt', 'after');
      await until(() => rounds.some((r) => r.scope !== 'full' && r.scope.includes('sentinel')), 'the sentinel round');
      expect(rounds.map((r) => r.scope)).toEqual(['full', ['sentinel']]);
      expect(passes[1]).toMatchObject({ uploaded: 1, downloaded: 0, converged: true });
    });
  });

  it('the periodic full scan finds a local change even when no hint comes in time', async () => {
    const s = await fresh();
    await withContinuous(s, { pollMs: 600_000, fullScanMs: 500, debounceMs: 600_000 }, async () => {
      s.write('quiet.txt', 'found by the full scan');
      await until(async () => (await s.remoteListing())['quiet.txt'] === sha('found by the full scan'), 'the full scan');
    });
  });
});
