/**
 * The rate limit's counts across nodes (main/service/limits/sharedCounts.ts): the same cases on a
 * real SQLite file and on the real PostgreSQL of scripts/cluster.sh, each node a connection of its
 * own to the one database. The clock is the test's, so a window ends when the test says.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncDatabase } from '../../../main/store/async/database.ts';
import { SharedCounts } from '../../../main/service/limits/sharedCounts.ts';
import { newDatabase } from '../../helpers/asyncDatabases.ts';
import { useCluster } from '../../helpers/clusterFixture.ts';
import { memoryLog, type LoggedLine } from '../../helpers/memoryLog.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const WINDOW_MS = 60_000;

const dirs: string[] = [];
const cluster = useCluster(dirs);

interface Node {
  db: AsyncDatabase;
  counts: SharedCounts;
  warnings: LoggedLine[];
}

describe.each(['sqlite', 'postgres'] as const)('shared rate-limit counts on %s', (dialect) => {
  let open: () => Promise<AsyncDatabase>;
  const nodes: Node[] = [];
  let now = 1_700_000_000_000;

  beforeAll(async () => {
    open = await newDatabase(cluster, dialect, dirs);
  }, HEAVY_TEST_MS);

  afterAll(async () => {
    for (const n of nodes) await n.db.close().catch(() => undefined);
  });

  async function node(batch: number): Promise<Node> {
    const db = await open();
    const { log, lines: warnings } = memoryLog('warn');
    const n = { db, counts: new SharedCounts({ table: () => db.repos.rateLimits, batch, log, now: () => now }), warnings };
    nodes.push(n);
    return n;
  }

  const key = () => `client:cli_${randomBytes(4).toString('hex')}`;

  it('refuses a client that alternates between two nodes once the sum crosses the limit, within one batch per node', async () => {
    const max = 100;
    const batch = 5;
    const [a, b] = [await node(batch), await node(batch)];
    const client = key();
    let admitted = 0;
    let firstRefused = 0;
    for (let i = 1; i <= 3 * max; i++) {
      const { current } = await (i % 2 === 1 ? a : b).counts.incr(client, WINDOW_MS);
      if (current <= max) admitted++;
      else firstRefused ||= i;
    }
    // Each node alone would have let 100 through: 200 in all.
    expect(firstRefused).toBeGreaterThan(max);
    expect(admitted).toBeGreaterThanOrEqual(max);
    expect(admitted).toBeLessThanOrEqual(max + 2 * batch);
  });

  it('loses and doubles no count when both nodes add at once, and a node that closes adds what it held', async () => {
    const [a, b] = [await node(7), await node(7)];
    const client = key();
    await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a : b).counts.incr(client, WINDOW_MS)));
    await Promise.all([a.counts.flush(WINDOW_MS), b.counts.flush(WINDOW_MS)]);
    const c = await node(1);
    // A third node's first request reads the total: the 60 before it, and itself.
    expect((await c.counts.incr(client, WINDOW_MS)).current).toBe(61);
  });

  it("starts a new window once the row's has ended, and a node that comes later takes the row's start", async () => {
    const [a, b] = [await node(1), await node(1)];
    const client = key();
    const started = now;
    expect(await a.counts.incr(client, WINDOW_MS)).toEqual({ current: 1, ttl: WINDOW_MS });
    now += 10_000;
    // b's window would begin now; the row's began 10 s ago, and ends for both at the same moment.
    expect(await b.counts.incr(client, WINDOW_MS)).toEqual({ current: 2, ttl: WINDOW_MS - 10_000 });
    now = started + WINDOW_MS;
    expect(await b.counts.incr(client, WINDOW_MS)).toEqual({ current: 1, ttl: WINDOW_MS });
    expect(await a.counts.incr(client, WINDOW_MS)).toEqual({ current: 2, ttl: WINDOW_MS });
  });

  it('removes the rows of windows that have ended', async () => {
    const a = await node(1);
    const old = key();
    await a.counts.incr(old, WINDOW_MS);
    now += 2 * WINDOW_MS;
    await a.counts.incr(key(), WINDOW_MS);
    // That batch removed every ended window's row, the old one's among them: none is left to remove.
    expect(await a.db.repos.rateLimits.prune(now - WINDOW_MS)).toBe(0);
  });

  it('counts alone, and says so, while its database does not answer; what it held reaches the row later', async () => {
    const healthy = await node(2);
    const failing = await node(2);
    const client = key();
    await healthy.counts.incr(client, WINDOW_MS);
    // Used once first: Kysely opens a connection at its first query, and closes only one it opened.
    await failing.db.ping();
    await failing.db.close();
    expect((await failing.counts.incr(client, WINDOW_MS)).current).toBe(1);
    expect((await failing.counts.incr(client, WINDOW_MS)).current).toBe(2);
    expect(failing.warnings.map((w) => w.msg)).toContain('rate limit: the shared count could not be updated; this node counts alone until it can');
    // The other node sees only what reached the row.
    expect((await healthy.counts.incr(client, WINDOW_MS)).current).toBe(2);
  });
});
