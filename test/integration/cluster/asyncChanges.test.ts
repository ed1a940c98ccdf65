/**
 * The change feed on the asynchronous store (main/store/async/repos/changes.ts), on a real SQLite
 * file and on the real PostgreSQL of scripts/cluster.sh: a unit of work's changes are written with
 * it or not at all, numbered per tenant in commit order; and the test, two nodes committing
 * at once while a reader pages the feed, the reader ending with every committed change exactly once.
 */
import { setImmediate } from 'node:timers';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncDatabase } from '../../../main/store/async/database.ts';
import type { Change } from '../../../shared/v1/resources.ts';
import { adminClient, lockWaiters, newPostgresDatabase } from '../../helpers/asyncDatabases.ts';
import type { ChangeWriterJob } from '../../helpers/changeWriter.ts';
import { useCluster } from '../../helpers/clusterFixture.ts';
import { tempDir } from '../../helpers/server.ts';
import { HEAVY_TEST_MS, until } from '../../helpers/wait.ts';
import { openAsyncPostgres, openAsyncSqlite } from '../../../main/store/async/database.ts';

const dirs: string[] = [];
const cluster = useCluster(dirs);

const THREAD_BOOT = new URL('../../../main/platform/threadBoot.mjs', import.meta.url);
const WRITER = new URL('../../helpers/changeWriter.ts', import.meta.url);

/** Runs a writer node on a thread of its own; resolves with the names of the changes it committed. */
function writerNode(job: ChangeWriterJob): Promise<string[]> {
  const worker = new Worker(THREAD_BOOT, { workerData: { entry: WRITER.href, job } });
  return new Promise((resolve, reject) => {
    worker.once('message', (names: string[]) => resolve(names));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`writer ${job.node} exited (${code}) without an answer`)));
  });
}

const change = (tenantId: string, name: string) => ({ tenantId, op: 'update' as const, kind: 'container' as const, id: name, parentId: '', name, deleted: false });

describe.each(['sqlite', 'postgres'] as const)('the change feed on %s', (dialect) => {
  let db: AsyncDatabase;
  /** A second node on the same database. */
  let other: AsyncDatabase;
  /** Where a writer thread finds the database. */
  let where: Pick<ChangeWriterJob, 'sqliteDir' | 'postgresUrl' | 'password'>;
  let postgresName = '';
  let n = 0;
  const newTenant = () => `ten_${dialect}_${n++}`;

  beforeAll(async () => {
    if (dialect === 'sqlite') {
      const dir = tempDir('folio-async-');
      dirs.push(dir);
      where = { sqliteDir: dir };
      db = await openAsyncSqlite(dir);
      other = await openAsyncSqlite(dir);
    } else {
      const { url, name } = await newPostgresDatabase(cluster);
      postgresName = name;
      where = { postgresUrl: url, password: cluster.env.PGPASSWORD };
      db = await openAsyncPostgres(url, cluster.env.PGPASSWORD);
      other = await openAsyncPostgres(url, cluster.env.PGPASSWORD);
    }
  }, HEAVY_TEST_MS);

  afterAll(async () => {
    await db?.close();
    await other?.close();
  });

  const names = (changes: readonly Change[]) => changes.map((c) => c.name);

  it("writes a unit's changes at its commit, in the order recorded, each tenant's feed apart", async () => {
    const a = newTenant();
    const b = newTenant();
    await db.transaction(async (tx) => {
      tx.changes.record(change(a, 'a1'));
      tx.changes.record(change(b, 'b1'));
      tx.changes.record({ ...change(a, 'a2'), kind: 'document', op: 'version', deleted: true, versionNo: 3, versionId: 'ver_3', contentHash: 'h', sizeBytes: 12 });
      // Not yet written: the unit writes its queue as its last statements.
      expect(await tx.changes.after(a, 0, 10)).toEqual([]);
    });
    const feed = await other.repos.changes.after(a, 0, 10);
    expect(names(feed)).toEqual(['a1', 'a2']);
    expect(feed[1]).toMatchObject({ kind: 'document', op: 'version', id: 'a2', deleted: true, versionNo: 3, versionId: 'ver_3', contentHash: 'h', sizeBytes: 12 });
    expect(feed[0]).toMatchObject({ kind: 'container', op: 'update', parentId: '', deleted: false, versionNo: 0, versionId: '', contentHash: '', sizeBytes: 0 });
    expect(feed[0]!.seq).toBeLessThan(feed[1]!.seq);
    expect(names(await other.repos.changes.after(b, 0, 10))).toEqual(['b1']);
    expect(await other.repos.changes.latestSeq(a)).toBe(feed[1]!.seq);
    expect(await other.repos.changes.lastIssuedSeq(a)).toBeGreaterThanOrEqual(feed[1]!.seq);
    expect(await other.repos.changes.after(a, feed[0]!.seq, 10)).toEqual([feed[1]]);
    expect(await other.repos.changes.after(a, 0, 1)).toEqual([feed[0]]);
  });

  it('writes none of the changes of a unit that rolls back, and numbers the next commit right after the last', async () => {
    const a = newTenant();
    await db.transaction(async (tx) => tx.changes.record(change(a, 'kept')));
    await expect(
      db.transaction(async (tx) => {
        tx.changes.record(change(a, 'lost'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await other.transaction(async (tx) => tx.changes.record(change(a, 'next')));
    const feed = await db.repos.changes.after(a, 0, 10);
    expect(names(feed)).toEqual(['kept', 'next']);
    expect(feed[1]!.seq).toBe(feed[0]!.seq + 1);
  });

  it('records a change only inside a write unit of work', async () => {
    const a = newTenant();
    expect(() => db.repos.changes.record(change(a, 'alone'))).toThrow('inside the write unit of work');
    await expect(db.read(async (tx) => tx.changes.record(change(a, 'read')))).rejects.toThrow('inside the write unit of work');
    expect(await db.repos.changes.after(a, 0, 10)).toEqual([]);
    expect(await db.repos.changes.latestSeq(a)).toBe(0);
  });

  it("prunes each tenant's feed up to its newest change before the bound, and moves its horizon there", async () => {
    const a = newTenant();
    const b = newTenant();
    await db.transaction(async (tx) => {
      tx.changes.record(change(a, 'a1'));
      tx.changes.record(change(b, 'b1'));
    });
    const [a1] = await db.repos.changes.after(a, 0, 1);
    const [b1] = await db.repos.changes.after(b, 0, 1);
    // Every change recorded until now has a time at or before this bound's: the next one is after it.
    const bound = await until('a time after the first changes', () => {
      const now = new Date().toISOString();
      return now > a1!.time && now > b1!.time && now;
    });
    await until('a change recorded after the bound', async () => {
      await db.transaction(async (tx) => tx.changes.record(change(a, 'a2')));
      const last = (await db.repos.changes.after(a, 0, 100)).at(-1);
      return last && last.time > bound;
    });
    expect(await other.transaction((tx) => tx.changes.pruneOlderThan('2000-01-01T00:00:00.000Z'))).toBe(0);
    const pruned = await other.transaction((tx) => tx.changes.pruneOlderThan(bound));
    expect(pruned).toBeGreaterThanOrEqual(2);
    expect(await db.repos.changes.horizon(a)).toBe(a1!.seq);
    expect(await db.repos.changes.horizon(b)).toBe(b1!.seq);
    expect(names(await db.repos.changes.after(a, 0, 100)).every((name) => name === 'a2')).toBe(true);
    expect(await db.repos.changes.after(b, 0, 100)).toEqual([]);
    // Nothing newer kept: the latest seq is the horizon.
    expect(await db.repos.changes.latestSeq(b)).toBe(b1!.seq);
  });

  it('two nodes committing at once while a reader pages the feed: the reader sees every committed change exactly once, in seq order', async () => {
    const tenantId = newTenant();
    const writers = Promise.all([writerNode({ node: 'n1', tenantId, units: 150, ...where }), writerNode({ node: 'n2', tenantId, units: 150, ...where })]);
    let done = false;
    const finished = writers.finally(() => {
      done = true;
    });
    const seen: Change[] = [];
    let cursor = 0;
    // Pages of a few rows while the writers run, then until a page after their end comes back empty.
    for (;;) {
      const ended = done;
      const page = await other.repos.changes.after(tenantId, cursor, 7);
      seen.push(...page);
      cursor = page.at(-1)?.seq ?? cursor;
      if (ended && page.length === 0) break;
      // On SQLite every read answers with a settled promise: without a turn of the event loop the
      // writers' answers would never be heard.
      await new Promise(setImmediate);
    }
    const committed = (await finished).flat();
    expect(committed.length).toBeGreaterThan(300);
    const truth = await db.repos.changes.after(tenantId, 0, 10_000);
    expect(names(seen).sort()).toEqual([...committed].sort());
    expect(seen).toEqual(truth);
    expect(new Set(seen.map((c) => c.seq)).size).toBe(seen.length);
    if (dialect === 'postgres') expect(seen.map((c) => c.seq)).toEqual(seen.map((_, i) => i + 1));
  }, HEAVY_TEST_MS);

  it.runIf(dialect === 'postgres')("holds a tenant's counter until the commit: a second node's unit waits for the first, whose numbers it then follows", async () => {
    const tenantId = newTenant();
    await db.transaction(async (tx) => tx.changes.record(change(tenantId, 'first')));
    const [first] = await db.repos.changes.after(tenantId, 0, 1);
    await adminClient(
      cluster,
      async (holder) => {
        // A node between its counter's UPDATE and its COMMIT, as a writer is.
        await holder.query('BEGIN');
        await holder.query('UPDATE change_heads SET seq = seq WHERE tenant_id = $1', [tenantId]);
        const waiting = other.transaction(async (tx) => tx.changes.record(change(tenantId, 'second'))).then(() => 'committed' as const);
        const blocked = until('the second node waiting for the counter row', async () => {
          return (await lockWaiters(holder)) > 0;
        }).then(() => 'waiting' as const);
        expect(await Promise.race([waiting, blocked])).toBe('waiting');
        expect(await db.repos.changes.after(tenantId, first!.seq, 10)).toEqual([]);
        await holder.query('COMMIT');
        expect(await waiting).toBe('committed');
      },
      postgresName,
    );
    const feed = await db.repos.changes.after(tenantId, 0, 10);
    expect(feed.map((c) => [c.name, c.seq])).toEqual([
      ['first', first!.seq],
      ['second', first!.seq + 1],
    ]);
    expect(await db.repos.changes.lastIssuedSeq(tenantId)).toBe(first!.seq + 1);
  });
});
