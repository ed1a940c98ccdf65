/** The persisted job runner over a real SQLite store. (Two nodes on one queue: test/integration/cluster/queueLeases.test.ts.) */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobRunner, PermanentJobError, type JobHandler, type RunnerOptions } from '../../../main/jobs/runner.ts';
import { openStore, type Store } from '../../../main/store/index.ts';
import { NodeLease } from '../../../main/jobs/nodeLease.ts';
import { asyncOverSqlite } from '../../../main/store/async/database.ts';
import { memoryLog } from '../../helpers/memoryLog.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';
import { until as waitUntil } from '../../helpers/wait.ts';

interface Payload {
  n: number;
}

let dir: string;
let store: Store;
const runners: JobRunner[] = [];

beforeEach(async () => {
  dir = tempDir('folio-jobs-');
  store = await openStore(dir);
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  store.close();
  removeDir(dir);
});

function handler(overrides: Partial<JobHandler<Payload>> = {}): JobHandler<Payload> & { done: number[]; gaveUp: [number, string][] } {
  const done: number[] = [];
  const gaveUp: [number, string][] = [];
  return {
    queue: 'q',
    concurrency: 1,
    maxAttempts: 3,
    timeoutMs: 5_000,
    decode: (p) => {
      if (typeof (p as Payload).n !== 'number') throw new Error('no n');
      return p as Payload;
    },
    run: async (p) => {
      done.push(p.n);
    },
    giveUp: (p, reason) => {
      gaveUp.push([p.n, reason]);
    },
    ...overrides,
    done,
    gaveUp,
  };
}

function start(h: JobHandler<Payload>, options: RunnerOptions = {}): JobRunner {
  const runner = new JobRunner(store.jobs, [h as JobHandler<unknown>], { pollMs: 20, backoffMs: () => 30, ...options });
  runners.push(runner);
  runner.start();
  return runner;
}

/**
 * Waits until `check` holds. `withinMs` is part of what a test asserts (it ran at once, not after
 * the 60 s gap of its setting); without it the wait has only test/helpers/wait.ts's guard.
 */
async function until(check: () => boolean | Promise<boolean>, withinMs?: number): Promise<void> {
  if (withinMs === undefined) {
    await waitUntil('the jobs', check);
    return;
  }
  const end = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const enqueue = (n: number, key = `k${n}`) => store.jobs.enqueue({ queue: 'q', key, payload: { n }, maxAttempts: 3 });
const jobs = () => store.jobs.list('q');

describe('JobRunner', () => {
  it('runs queued jobs in order and removes them when done', async () => {
    const h = handler();
    start(h);
    for (const n of [1, 2, 3]) await enqueue(n);
    await until(() => h.done.length === 3);
    expect(h.done).toEqual([1, 2, 3]);
    await until(async () => (await jobs()).length === 0);
  });

  it('keeps one live job per key', async () => {
    expect(await enqueue(1, 'same')).toBe(true);
    expect(await enqueue(2, 'same')).toBe(false);
    expect((await jobs()).map((j) => j.payload)).toEqual(['{"n":1}']);
  });

  it('retries a failing job with backoff, then succeeds', async () => {
    let calls = 0;
    const h = handler({
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('disk busy');
      },
    });
    await enqueue(7);
    start(h);
    await until(() => calls === 2);
    await until(async () => (await jobs()).length === 0);
    expect(h.gaveUp).toEqual([]);
  });

  it('gives up after maxAttempts and keeps the job as FAILED', async () => {
    const h = handler({ run: async () => Promise.reject(new Error('always broken')) });
    await enqueue(9);
    start(h);
    await until(() => h.gaveUp.length === 1);
    expect(h.gaveUp).toEqual([[9, 'always broken']]);
    expect(await jobs()).toMatchObject([{ status: 'FAILED', attempts: 3, lastError: 'always broken', leaseOwner: '', leaseUntil: 0 }]);
  });

  it('does not retry a permanent failure', async () => {
    let calls = 0;
    const h = handler({
      run: async () => {
        calls++;
        throw new PermanentJobError('cannot ever work');
      },
    });
    await enqueue(1);
    start(h);
    await until(() => h.gaveUp.length === 1);
    expect(calls).toBe(1);
  });

  it('fails a job with an unreadable payload without running it', async () => {
    const h = handler();
    await store.jobs.enqueue({ queue: 'q', key: 'bad', payload: { nothing: true }, maxAttempts: 3 });
    start(h);
    await until(async () => (await jobs())[0]?.status === 'FAILED');
    expect(h.done).toEqual([]);
    expect((await jobs())[0]?.lastError).toMatch(/^unreadable payload/);
  });

  it('never runs more jobs at once than the concurrency bound', async () => {
    let now = 0;
    let peak = 0;
    const h = handler({
      concurrency: 2,
      run: async () => {
        peak = Math.max(peak, ++now);
        await new Promise((r) => setTimeout(r, 30));
        now--;
      },
    });
    for (let n = 0; n < 6; n++) await enqueue(n);
    start(h);
    await until(async () => (await jobs()).length === 0);
    expect(peak).toBe(2);
  });

  it('aborts a run past its time-out and gives up without retrying', async () => {
    let aborted = false;
    const h = handler({
      timeoutMs: 50,
      run: (_p, signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('stopped'));
          }),
        ),
    });
    await enqueue(1);
    start(h);
    await until(() => h.gaveUp.length === 1);
    expect(aborted).toBe(true);
    expect(h.gaveUp[0]?.[1]).toBe('timed out after 50 ms');
    expect((await jobs())[0]?.attempts).toBe(1);
  });

  it('stop() interrupts a running job and puts it back; the next runner finishes it', async () => {
    const blocking = handler({ run: (_p, signal) => new Promise((_r, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))) });
    await enqueue(5);
    const first = start(blocking);
    await until(() => first.runningCount('q') === 1);
    await first.stop();
    expect(await jobs()).toMatchObject([{ status: 'QUEUED', attempts: 0, leaseOwner: '', leaseUntil: 0 }]);
    expect(blocking.gaveUp).toEqual([]);

    const h = handler();
    start(h);
    await until(() => h.done.length === 1);
    expect(h.done).toEqual([5]);
  });

  it('takes over a job whose node died once its lease has run out, and gives up on one that used all its attempts', async () => {
    await enqueue(1);
    await store.jobs.enqueue({ queue: 'q', key: 'k2', payload: { n: 2 }, maxAttempts: 1 });
    // What a killed node leaves behind: claimed under a lease it no longer renews, never finished.
    const dead = new NodeLease('dead-node', 300);
    expect((await store.jobs.claim('q', dead.from()))?.key).toBe('k1');
    expect((await store.jobs.claim('q', dead.from()))?.key).toBe('k2');
    const h = handler();
    start(h);
    await until(() => h.done.length === 1);
    expect(h.done).toEqual([1]);
    expect(h.gaveUp).toEqual([[2, 'interrupted 1 time without finishing']]);
    expect(await jobs()).toMatchObject([{ key: 'k2', status: 'FAILED', attempts: 2 }]);
  });

  it("runs a handler's sweep beside the queued jobs, and stop() ends it", async () => {
    let startSignal: AbortSignal | undefined;
    const h = handler({
      // A sweep that would run until the runner stops, like a long backfill.
      sweep: (signal) =>
        new Promise<void>((resolve) => {
          startSignal = signal;
          signal.addEventListener('abort', () => resolve());
        }),
    });
    await enqueue(1);
    const runner = start(h);
    runner.sweep();
    await until(() => h.done.length === 1);
    expect(startSignal?.aborted).toBe(false);
    await runner.stop();
    expect(startSignal?.aborted).toBe(true);
  });

  describe('beside a busy foreground', () => {
    /** A foreground that is busy until told otherwise. */
    function busyUntilQuiet(): { quietAt: () => number; quiet: () => void } {
      let quietAt = Number.POSITIVE_INFINITY;
      return { quietAt: () => quietAt, quiet: () => (quietAt = 0) };
    }

    it('starts one job at once, then at most one per gap, and never starves the queue', async () => {
      const started: number[] = [];
      const h = handler({ concurrency: 4, run: async () => void started.push(Date.now()) });
      for (let n = 0; n < 4; n++) await enqueue(n);
      start(h, { foreground: busyUntilQuiet(), busyGapMs: 150 });
      await until(() => started.length === 4);
      const gaps = started.slice(1).map((t, i) => t - (started[i] as number));
      // Timers may fire a little early, never much: what matters is one per gap, not four at once.
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(140);
    });

    it('runs the rest at once, up to the concurrency bound, as soon as the foreground is quiet', async () => {
      const foreground = busyUntilQuiet();
      const h = handler({ concurrency: 4 });
      for (let n = 0; n < 6; n++) await enqueue(n);
      start(h, { foreground, busyGapMs: 60_000 });
      await until(() => h.done.length === 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(h.done).toEqual([0]);
      foreground.quiet();
      await store.jobs.enqueue({ queue: 'q', key: 'wake', payload: { n: 6 }, maxAttempts: 3 });
      await until(() => h.done.length === 7, 2_000);
    });

    it('a burst of jobs added while it is busy does not look at the queue once per job, and all of them run once it is quiet', async () => {
      const foreground = busyUntilQuiet();
      const h = handler({ concurrency: 4 });
      // A gap longer than the test: the only looks are those the burst itself causes, however slow the machine.
      start(h, { foreground, busyGapMs: 60_000, pollMs: 60_000 });
      await enqueue(0);
      await until(() => h.done.length === 1);
      let looks = 0;
      const nextDue = store.jobs.nextDue.bind(store.jobs);
      store.jobs.nextDue = (queue) => {
        looks++;
        return nextDue(queue);
      };
      for (let n = 1; n <= 50; n++) await enqueue(n);
      // Whatever the enqueues set going has run by the end of the next turns of the event loop.
      for (let turn = 0; turn < 5; turn++) await new Promise((r) => setImmediate(r));
      // At most two: the first job's end sets a look going that may still be under way when the spy
      // is in place (a claim is two statements), and a job added during a look makes it look once
      // more. A runner that looks once per job makes 50.
      expect(looks).toBeLessThanOrEqual(2);
      foreground.quiet();
      // The next job added once the foreground is quiet starts at once, and the waiting ones with it.
      await enqueue(51);
      await until(() => h.done.length === 52, 3_000);
    });

    it('wakes by itself when the foreground falls quiet, with no new job to wake it', async () => {
      let quietAt = Date.now() + 200;
      const h = handler({ concurrency: 4 });
      for (let n = 0; n < 3; n++) await enqueue(n);
      start(h, { foreground: { quietAt: () => quietAt }, busyGapMs: 60_000, pollMs: 60_000 });
      await until(() => h.done.length === 3, 2_000);
      expect(Date.now()).toBeGreaterThanOrEqual(quietAt - 5);
      quietAt = 0;
    });
  });
});

describe('when its database fails', () => {
  it('logs a job it could not claim, and goes on: the database is read-only', async () => {
    await store.jobs.enqueue({ queue: 'q', key: 'k1', payload: { n: 1 }, maxAttempts: 1 });
    // Claimed by a node that died: its lease has run out, and the job used its one attempt.
    expect((await store.jobs.claim('q', { owner: 'dead-node', until: Date.now() - 1 }))?.key).toBe('k1');
    // A real fault: the runner's connection can read but not write, as on a disk remounted read-only.
    const readOnly = new Database(join(dir, 'folio.db'), { readonly: true });
    const { log, lines } = memoryLog();
    const h = handler();
    const runner = new JobRunner(asyncOverSqlite(readOnly).repos.jobs, [h as JobHandler<unknown>], { pollMs: 20, log });
    runners.push(runner);
    // Unhandled, a failed claim would end the process.
    runner.start();
    await until(() => lines.some((l) => l.msg === 'job runner: looking for jobs failed'));
    expect(lines.find((l) => l.msg === 'job runner: looking for jobs failed')).toMatchObject({ err: { message: expect.stringMatching(/readonly/) } });
    expect(h.gaveUp).toEqual([]);
    await runner.stop();
    readOnly.close();
  });

  it('logs a job whose outcome it could not record, and goes on: the database closed under it', async () => {
    let finish = (): void => undefined;
    const h = handler({ run: () => new Promise<void>((resolve) => (finish = resolve)) });
    const { log, lines } = memoryLog();
    await enqueue(1);
    const runner = start(h, { log });
    await until(() => runner.runningCount('q') === 1);
    store.close();
    // Unhandled, the failure to delete the finished job ended the process.
    finish();
    await until(() => lines.some((l) => l.msg === "job runner: recording a job's outcome failed"));
    expect(lines.find((l) => l.msg === "job runner: recording a job's outcome failed")).toMatchObject({ queue: 'q', err: { message: expect.stringMatching(/not open/) } });
  });
});
