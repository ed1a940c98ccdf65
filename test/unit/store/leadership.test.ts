/**
 * The lead in the database (main/store/leadership.ts), in one process on a real SQLite file: what
 * goes wrong goes to the service's log, and a node stalled past its lease stops saying it leads.
 * Between processes, and on PostgreSQL: test/integration/cluster/leadership.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { NodeLease } from '../../../main/jobs/nodeLease.ts';
import { openAsyncSqlite, type AsyncDatabase } from '../../../main/store/async/database.ts';
import { DatabaseLeadership } from '../../../main/store/leadership.ts';
import { memoryLog } from '../../helpers/memoryLog.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';
import { until } from '../../helpers/wait.ts';

const leads: DatabaseLeadership[] = [];
const dbs: AsyncDatabase[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const lead of leads.splice(0)) await lead.release().catch(() => undefined);
  for (const db of dbs.splice(0)) await db.close();
  for (const dir of dirs.splice(0)) removeDir(dir);
});

async function store(): Promise<string> {
  const dir = tempDir('folio-leader-');
  dirs.push(dir);
  return dir;
}

/** A node on the store in `dir`, on a connection of its own, started. */
async function nodeOn(dir: string, leaseMs: number, log = memoryLog().log): Promise<{ lead: DatabaseLeadership; db: AsyncDatabase }> {
  const db = await openAsyncSqlite(dir);
  dbs.push(db);
  const lead = new DatabaseLeadership(db, NodeLease.ofThisProcess(leaseMs), log);
  leads.push(lead);
  await lead.start();
  return { lead, db };
}

/** Blocks this thread: the node's timers cannot run, as in a paused VM or a blocked event loop. */
function stall(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('the lead in the database', () => {
  it('logs to the service log the work of a new leader that fails to start, and starts the rest', async () => {
    const dir = await store();
    const first = await nodeOn(dir, 60_000);
    const { log, lines } = memoryLog();
    const second = await nodeOn(dir, 60_000, log);
    expect([first.lead.leading, second.lead.leading]).toEqual([true, false]);
    let started = false;
    second.lead.whenLeading(() => {
      throw new Error('the runner would not start');
    });
    second.lead.whenLeading(() => {
      started = true;
    });
    await first.lead.release();
    await until('the second node to lead', () => second.lead.leading);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'leadership: took the lead', owner: second.lead.owner }),
      expect.objectContaining({ level: 50, msg: 'leadership: starting the work of the leader failed', err: expect.objectContaining({ message: 'the runner would not start' }) }),
    ]);
    expect(started).toBe(true);
  });

  it('logs to the service log a try to lead that fails, and does not lead: the database is closed', async () => {
    const dir = await store();
    await nodeOn(dir, 60_000);
    const { log, lines } = memoryLog();
    const second = await nodeOn(dir, 60_000, log);
    // A real fault: the node's connection goes while it runs.
    await dbs[1]!.close();
    dbs.pop();
    await until('the failed try to be logged', () => lines.some((l) => l.msg === 'leadership: could not try to lead'));
    expect(lines.find((l) => l.level === 50)).toMatchObject({ msg: 'leadership: could not try to lead', err: { message: expect.stringMatching(/closed|destroyed/i) } });
    expect(second.lead.leading).toBe(false);
  });

  it('a leader stalled past its lease no longer says it leads, before any of its timers has run', async () => {
    const dir = await store();
    const { lead } = await nodeOn(dir, 200);
    expect(lead.leading).toBe(true);
    stall(250);
    // The renewal due during the stall has not run: the answer comes from the lease's end alone.
    expect(lead.leading).toBe(false);
  });

  it('gives the lead up at once: the row holds no lease, and another node takes it on its first try', async () => {
    const dir = await store();
    const first = await nodeOn(dir, 60 * 60_000);
    await first.lead.release();
    expect(first.lead.leading).toBe(false);
    expect((await first.db.repos.leader.holder())?.until).toBe(0);
    const second = await nodeOn(dir, 60 * 60_000);
    expect(second.lead.leading).toBe(true);
  });
});
