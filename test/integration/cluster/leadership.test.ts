/**
 * The lead of the nodes on one store, held in the database (main/store/leadership.ts), on a real
 * SQLite file and on the real PostgreSQL of scripts/cluster.sh, between real processes
 * (test/helpers/leaderNode.ts): of two nodes exactly one leads; when the leader is killed with
 * SIGKILL the other takes over once the lease has run out; SIGTERM hands the lead over at once; a
 * leader stopped (SIGSTOP) past its lease loses the lead to the other, and says so when it runs again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openAsyncPostgres, openAsyncSqlite, type AsyncDatabase, type Dialect } from '../../../main/store/async/database.ts';
import { newPostgresDatabase } from '../../helpers/asyncDatabases.ts';
import { useCluster } from '../../helpers/clusterFixture.ts';
import { tempDir } from '../../helpers/server.ts';
import { exited, HEAVY_TEST_MS, until } from '../../helpers/wait.ts';

const NODE = resolve(import.meta.dirname, '../../helpers/leaderNode.ts');
/** A lease that runs out while the test waits for the other node's takeover: the wait is for that, not for the clock. */
const SHORT_MS = 1_500;
/** A lease that cannot run out before the wait's guard (GUARD_MS): a takeover within it is the release's doing. */
const LONG_MS = 60 * 60_000;

const dirs: string[] = [];
const cluster = useCluster(dirs);
const nodes: ChildProcess[] = [];

afterEach(async () => {
  for (const child of nodes.splice(0)) {
    // A stopped node too: SIGKILL ends it where SIGTERM would wait for it to run again.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  }
});

/** A node process and all it printed so far. */
class LeaderNode {
  private out = '';
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (d: Buffer) => (this.out += d.toString()));
    this.exit = exited(child);
  }

  /** Waits until the node has printed a line that matches `pattern`. */
  async printed(pattern: RegExp, what: string): Promise<void> {
    await until(what, () => {
      if (pattern.test(this.out)) return true;
      if (this.child.exitCode !== null) throw new Error(`the node exited (${this.child.exitCode}) before ${what}: ${this.out}`);
      return false;
    });
  }

  /** Whether its first try made it the leader. */
  async firstTry(): Promise<boolean> {
    await this.printed(/^leading (true|false)$/m, 'the first try to lead');
    return /^leading true$/m.test(this.out);
  }
}

describe.each(['sqlite', 'postgres'] as const)('the lead in the database on %s', (dialect: Dialect) => {
  /** Where the nodes of a case meet: each case has a store of its own. */
  let where: () => Promise<string>;
  const dbs: AsyncDatabase[] = [];

  beforeAll(() => {
    where = async () => {
      if (dialect === 'postgres') return (await newPostgresDatabase(cluster)).url;
      const dir = tempDir('folio-lead-');
      dirs.push(dir);
      return dir;
    };
  });

  afterAll(async () => {
    for (const db of dbs) await db.close();
  });

  function startNode(at: string, leaseMs: number): LeaderNode {
    const child = spawn(process.execPath, ['--import', 'tsx', NODE, dialect, at, String(leaseMs)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...cluster.env },
    });
    nodes.push(child);
    return new LeaderNode(child);
  }

  /** The store as the test reads it, beside the nodes. */
  async function open(at: string): Promise<AsyncDatabase> {
    const db = dialect === 'sqlite' ? await openAsyncSqlite(at) : await openAsyncPostgres(at, cluster.env.PGPASSWORD);
    dbs.push(db);
    return db;
  }

  /** Two nodes on a new store, the first started (and leading) before the second. */
  async function twoNodes(leaseMs: number): Promise<{ leader: LeaderNode; other: LeaderNode; db: AsyncDatabase }> {
    const at = await where();
    const leader = startNode(at, leaseMs);
    expect(await leader.firstTry()).toBe(true);
    const other = startNode(at, leaseMs);
    expect(await other.firstTry()).toBe(false);
    return { leader, other, db: await open(at) };
  }

  it('of two nodes started at once, exactly one leads', async () => {
    const at = await where();
    const both = [startNode(at, LONG_MS), startNode(at, LONG_MS)];
    const led = await Promise.all(both.map((n) => n.firstTry()));
    expect(led.filter(Boolean)).toHaveLength(1);
  }, HEAVY_TEST_MS);

  it('when the leader is killed with SIGKILL, the other takes over once the lease has run out', async () => {
    const { leader, other, db } = await twoNodes(SHORT_MS);
    const held = await db.repos.leader.holder();
    leader.child.kill('SIGKILL');
    await leader.exit;
    await other.printed(/"msg":"leadership: took the lead"/, 'the other node to take over');
    const taken = await db.repos.leader.holder();
    expect(taken?.owner).not.toBe(held?.owner);
    // Not before the dead leader's lease had run out.
    expect(taken!.until - SHORT_MS).toBeGreaterThanOrEqual(held!.until);
  }, HEAVY_TEST_MS);

  it('SIGTERM hands the lead over at once, long before its lease would run out', async () => {
    const { leader, other, db } = await twoNodes(LONG_MS);
    leader.child.kill('SIGTERM');
    await leader.printed(/^released$/m, 'the leader to give the lead up');
    expect(await leader.exit).toEqual({ code: 0, signal: null });
    await other.printed(/"msg":"leadership: took the lead"/, 'the other node to take over');
    expect((await db.repos.leader.holder())?.until).toBeGreaterThan(Date.now());
  }, HEAVY_TEST_MS);

  it('a leader stopped past its lease loses the lead to the other, and says so once it runs again', async () => {
    const { leader, other } = await twoNodes(SHORT_MS);
    leader.child.kill('SIGSTOP');
    await other.printed(/"msg":"leadership: took the lead"/, 'the other node to take over');
    leader.child.kill('SIGCONT');
    await leader.printed(/"msg":"leadership: lost the lead/, 'the stalled leader to find the lead taken');
  }, HEAVY_TEST_MS);
});
