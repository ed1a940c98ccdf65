/**
 * The queues that one node must work once (jobs, async ingest tasks, webhook deliveries) with
 * per-row leases, on a real SQLite file and on the real PostgreSQL of scripts/cluster.sh: two
 * nodes (two databases opened on one store) claiming from one queue at once take each row exactly
 * once; a node whose lease runs out loses its row to the other, which finishes it, and the first
 * node's late outcome is refused; a node that stops gives its rows back at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner, type JobHandler } from '../../../main/jobs/runner.ts';
import { NodeLease } from '../../../main/jobs/nodeLease.ts';
import { TaskRunner, type TaskWork } from '../../../main/service/tasks/runner.ts';
import type { AsyncDatabase } from '../../../main/store/async/database.ts';
import type { Claim } from '../../../main/store/async/repos/leases.ts';
import { newDatabase } from '../../helpers/asyncDatabases.ts';
import { useCluster } from '../../helpers/clusterFixture.ts';
import { HEAVY_TEST_MS, until } from '../../helpers/wait.ts';

const dirs: string[] = [];
const cluster = useCluster(dirs);

/** A lease long enough never to run out in a test unless the test means it to. */
const LONG_MS = 10 * 60_000;
/** A lease that runs out while the test waits for it: the wait is for the other node's claim, not for the clock. */
const SHORT_MS = 1_500;

const RESULT = { docId: 'doc_1', versionId: 'ver_1', blobId: 'blb_1', versionNo: 1, contentHash: 'h', sizeBytes: 1, mimeType: 'text/plain', originalFilename: 'a.txt' };

describe.each(['sqlite', 'postgres'] as const)('queues with leases on %s', (dialect) => {
  let a: AsyncDatabase;
  let b: AsyncDatabase;
  let n = 0;
  /** A queue of the case's own, so that cases on one database do not see each other's jobs. */
  const queue = () => `q${n++}`;

  beforeAll(async () => {
    const open = await newDatabase(cluster, dialect, dirs);
    a = await open();
    b = await open();
  }, HEAVY_TEST_MS);

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const newTask = async (db: AsyncDatabase, tenantId: string) =>
    db.repos.tasks.create({ tenantId, kind: 'INGEST_FROM_URL', input: '{}', clientId: 'c', userId: null, authMode: 'APP_ONLY', createBy: 'c' });

  async function newDelivery(db: AsyncDatabase, tenantId: string): Promise<string> {
    const hook = await db.repos.webhooks.create({ tenantId, url: 'http://receiver.test/hook', events: ['document.updated'], secret: 's', description: '', createBy: 'c' });
    return db.repos.webhookDeliveries.enqueue({ webhookId: hook.webhookId, tenantId, eventType: 'document.updated', payload: '{}', nextAttemptAt: Date.now() });
  }

  it('two nodes claiming jobs at once take each job exactly once', async () => {
    const q = queue();
    for (let i = 0; i < 60; i++) await a.repos.jobs.enqueue({ queue: q, key: `k${i}`, payload: { i }, maxAttempts: 3 });
    const taken: string[] = [];
    const drain = async (db: AsyncDatabase, node: NodeLease) => {
      for (let job = await db.repos.jobs.claim(q, node.from()); job; job = await db.repos.jobs.claim(q, node.from())) {
        taken.push(job.key);
        expect(await db.repos.jobs.complete(job.jobId, { owner: node.owner, attempts: job.attempts })).toBe(true);
      }
    };
    await Promise.all([drain(a, new NodeLease('node-a', LONG_MS)), drain(b, new NodeLease('node-b', LONG_MS)), drain(a, new NodeLease('node-a2', LONG_MS)), drain(b, new NodeLease('node-b2', LONG_MS))]);
    expect(taken.sort()).toEqual(Array.from({ length: 60 }, (_, i) => `k${i}`).sort());
    expect(await a.repos.jobs.list(q)).toEqual([]);
  });

  it('two job runners, one per node, run each job exactly once', async () => {
    const q = queue();
    const runs: number[] = [];
    const handler: JobHandler<{ i: number }> = {
      queue: q,
      concurrency: 2,
      maxAttempts: 3,
      timeoutMs: 60_000,
      decode: (p) => p as { i: number },
      run: async ({ i }) => {
        runs.push(i);
        // Lets the other node's claims in between this job's claim and its completion.
        await new Promise((r) => setImmediate(r));
      },
      giveUp: () => undefined,
    };
    for (let i = 0; i < 40; i++) await a.repos.jobs.enqueue({ queue: q, key: `k${i}`, payload: { i }, maxAttempts: 3 });
    const runners = [new JobRunner(a.repos.jobs, [handler as JobHandler<unknown>], { pollMs: 50, lease: new NodeLease('node-a', LONG_MS) }), new JobRunner(b.repos.jobs, [handler as JobHandler<unknown>], { pollMs: 50, lease: new NodeLease('node-b', LONG_MS) })];
    runners.forEach((r) => r.start());
    try {
      await until('every job to be done', async () => (await a.repos.jobs.list(q)).length === 0);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    expect(runs.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it("takes a job whose node's lease ran out, and refuses that node's late outcome", async () => {
    const q = queue();
    await a.repos.jobs.enqueue({ queue: q, key: 'only', payload: {}, maxAttempts: 3 });
    const dying = new NodeLease('node-a', SHORT_MS);
    const first = await a.repos.jobs.claim(q, dying.from());
    expect(first).toMatchObject({ key: 'only', status: 'RUNNING', attempts: 1, leaseOwner: 'node-a' });
    const other = new NodeLease('node-b', LONG_MS);
    // Held: the other node finds nothing to claim until node-a's lease has run out.
    expect(await b.repos.jobs.claim(q, other.from())).toBeUndefined();
    const taken = await until("node-b's claim of the job node-a stopped renewing", () => b.repos.jobs.claim(q, other.from()));
    expect(taken).toMatchObject({ jobId: first?.jobId, attempts: 2, leaseOwner: 'node-b', lastError: expect.stringMatching(/^interrupted/) });
    const stale: Claim = { owner: 'node-a', attempts: 1 };
    expect(await a.repos.jobs.renew([{ jobId: taken.jobId, ...stale }], Date.now() + LONG_MS)).toEqual(new Set());
    expect(await a.repos.jobs.complete(taken.jobId, stale)).toBe(false);
    expect(await a.repos.jobs.retryLater(taken.jobId, stale, 0, 'late')).toBe(false);
    expect(await a.repos.jobs.fail(taken.jobId, stale, 'late')).toBe(false);
    expect(await a.repos.jobs.get(taken.jobId)).toMatchObject({ status: 'RUNNING', leaseOwner: 'node-b', attempts: 2 });
    expect(await b.repos.jobs.complete(taken.jobId, { owner: 'node-b', attempts: 2 })).toBe(true);
    expect(await a.repos.jobs.list(q)).toEqual([]);
  });

  it('two nodes claiming tasks at once take each task exactly once', async () => {
    const tenantId = `t_${dialect}_race`;
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++) ids.add((await newTask(a, tenantId)).taskId);
    const taken: string[] = [];
    const drain = async (db: AsyncDatabase, node: NodeLease) => {
      for (let task = await db.repos.tasks.claimNext(node.from()); task; task = await db.repos.tasks.claimNext(node.from())) {
        if (!ids.has(task.taskId)) continue;
        taken.push(task.taskId);
        expect(await db.repos.tasks.succeed(task.taskId, { owner: node.owner, attempts: task.attempts }, RESULT)).toBe(true);
      }
    };
    await Promise.all([drain(a, new NodeLease('node-a', LONG_MS)), drain(b, new NodeLease('node-b', LONG_MS))]);
    expect(taken.sort()).toEqual([...ids].sort());
  });

  it("takes a task whose node's lease ran out; the first node's success is refused and the second's result stands", async () => {
    const tenantId = `t_${dialect}_takeover`;
    const task = await newTask(a, tenantId);
    const first = await a.repos.tasks.claim(task.taskId, new NodeLease('node-a', SHORT_MS).from());
    expect(first).toMatchObject({ status: 'RUNNING', attempts: 1, leaseOwner: 'node-a' });
    const other = new NodeLease('node-b', LONG_MS);
    expect(await b.repos.tasks.claim(task.taskId, other.from())).toBeUndefined();
    const taken = await until("node-b's claim of the task", () => b.repos.tasks.claim(task.taskId, other.from()));
    expect(taken).toMatchObject({ attempts: 2, leaseOwner: 'node-b' });
    expect(await b.repos.tasks.succeed(task.taskId, { owner: 'node-b', attempts: 2 }, RESULT)).toBe(true);
    expect(await a.repos.tasks.succeed(task.taskId, { owner: 'node-a', attempts: 1 }, { ...RESULT, versionId: 'ver_late' })).toBe(false);
    expect(await a.repos.tasks.fail(task.taskId, { owner: 'node-a', attempts: 1 }, 1, 'late')).toBe(false);
    expect(await a.repos.tasks.get(tenantId, task.taskId)).toMatchObject({ status: 'SUCCEEDED', result: RESULT, leaseOwner: '', leaseUntil: 0 });
  });

  it('two nodes claiming webhook deliveries at once take each one exactly once, and a lease that ran out lets the other node attempt it', async () => {
    const tenantId = `t_${dialect}_hooks`;
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add(await newDelivery(a, tenantId));
    const taken: string[] = [];
    const drain = async (db: AsyncDatabase, node: NodeLease) => {
      for (let due = await db.repos.webhookDeliveries.claimDue(node.from(), 3); due.length > 0; due = await db.repos.webhookDeliveries.claimDue(node.from(), 3)) {
        for (const d of due) {
          taken.push(d.deliveryId);
          expect(d.url).toBe('http://receiver.test/hook');
          expect(await db.repos.webhookDeliveries.recordAttempt(d.deliveryId, node.owner, { status: 'SUCCEEDED', nextAttemptAt: 0, statusCode: 200, error: '' })).toBe(true);
        }
      }
    };
    await Promise.all([drain(a, new NodeLease('node-a', LONG_MS)), drain(b, new NodeLease('node-b', LONG_MS))]);
    expect(taken.sort()).toEqual([...ids].sort());

    const deliveryId = await newDelivery(a, tenantId);
    expect((await a.repos.webhookDeliveries.claimDue(new NodeLease('node-a', SHORT_MS).from(), 10)).map((d) => d.deliveryId)).toEqual([deliveryId]);
    const other = new NodeLease('node-b', LONG_MS);
    expect(await b.repos.webhookDeliveries.claimDue(other.from(), 10)).toEqual([]);
    const retaken = await until("node-b's claim of the delivery", async () => (await b.repos.webhookDeliveries.claimDue(other.from(), 10)).length > 0);
    expect(retaken).toBe(true);
    expect(await a.repos.webhookDeliveries.recordAttempt(deliveryId, 'node-a', { status: 'FAILED', nextAttemptAt: 0, statusCode: 500, error: 'late' })).toBe(false);
    expect(await b.repos.webhookDeliveries.recordAttempt(deliveryId, 'node-b', { status: 'SUCCEEDED', nextAttemptAt: 0, statusCode: 200, error: '' })).toBe(true);
    expect(await a.repos.webhookDeliveries.get(tenantId, deliveryId)).toMatchObject({ status: 'SUCCEEDED', attempts: 1, lastStatusCode: 200, leaseOwner: '' });
  });

  it('a node that stops gives its job and its task back at once, and the other node runs them', async () => {
    const q = queue();
    await a.repos.jobs.enqueue({ queue: q, key: 'held', payload: {}, maxAttempts: 3 });
    let started = false;
    const blocking: JobHandler<unknown> = {
      queue: q,
      concurrency: 1,
      maxAttempts: 3,
      timeoutMs: 60_000,
      decode: (p) => p,
      run: (_p, signal) =>
        new Promise((_resolve, reject) => {
          started = true;
          signal.addEventListener('abort', () => reject(new Error('stopped')));
        }),
      giveUp: () => undefined,
    };
    const stopping = new JobRunner(a.repos.jobs, [blocking], { pollMs: 50, lease: new NodeLease('node-a', LONG_MS) });
    stopping.start();
    await until('node-a to run the job', () => started);
    await stopping.stop();
    expect(await a.repos.jobs.list(q)).toMatchObject([{ key: 'held', status: 'QUEUED', attempts: 0, leaseOwner: '', leaseUntil: 0 }]);
    let ran = false;
    const finishing = new JobRunner(b.repos.jobs, [{ ...blocking, run: async () => void (ran = true) }], { pollMs: 50, lease: new NodeLease('node-b', LONG_MS) });
    finishing.start();
    try {
      await until('node-b to finish the job', async () => ran && (await b.repos.jobs.list(q)).length === 0);
    } finally {
      await finishing.stop();
    }

    const tenantId = `t_${dialect}_release`;
    const task = await newTask(a, tenantId);
    const hang: TaskWork = (_t, { signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
    const tasksA = new TaskRunner(a.repos, { INGEST_FROM_URL: hang }, new NodeLease('node-a', LONG_MS), { concurrency: 1, maxAttempts: 3, pollMs: 50 });
    tasksA.start();
    await until('node-a to run the task', async () => (await a.repos.tasks.get(tenantId, task.taskId))?.leaseOwner === 'node-a');
    await tasksA.stop();
    expect(await a.repos.tasks.get(tenantId, task.taskId)).toMatchObject({ status: 'PENDING', attempts: 1, leaseOwner: '', leaseUntil: 0 });
    const tasksB = new TaskRunner(b.repos, { INGEST_FROM_URL: async (t, run) => run.succeed({ ...RESULT, versionId: t.taskId }) }, new NodeLease('node-b', LONG_MS), { concurrency: 1, maxAttempts: 3, pollMs: 50 });
    tasksB.start();
    try {
      await until('node-b to finish the task', async () => (await b.repos.tasks.get(tenantId, task.taskId))?.status === 'SUCCEEDED');
    } finally {
      await tasksB.stop();
    }
    expect(await b.repos.tasks.get(tenantId, task.taskId)).toMatchObject({ attempts: 2, result: { versionId: task.taskId } });
  });
});
