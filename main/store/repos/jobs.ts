/**
 * The persisted job queue. A job is QUEUED until a runner claims it (RUNNING); success deletes it,
 * a retry puts it back with a later `runAfter`, and giving up leaves it FAILED for inspection.
 * At most one live (QUEUED or RUNNING) job exists per queue and key, so enqueueing is idempotent.
 */
import { Repository } from '../db.ts';
import { nowIso } from '../ids.ts';

export type JobStatus = 'QUEUED' | 'RUNNING' | 'FAILED';

export interface JobRecord {
  jobId: number;
  queue: string;
  key: string;
  /** JSON text; the queue's handler decodes it. */
  payload: string;
  status: JobStatus;
  /** Claims so far, the current one included. */
  attempts: number;
  maxAttempts: number;
  runAfter: number;
  lastError: string;
}

export interface NewJob {
  queue: string;
  key: string;
  payload: unknown;
  maxAttempts: number;
  runAfter?: number;
}

interface Row {
  job_id: number;
  queue: string;
  job_key: string;
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_after: number;
  last_error: string;
}

const toRecord = (r: Row): JobRecord => ({
  jobId: r.job_id,
  queue: r.queue,
  key: r.job_key,
  payload: r.payload,
  status: r.status,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  runAfter: r.run_after,
  lastError: r.last_error,
});

export class JobRepository extends Repository {
  private readonly listeners = new Set<(queue: string) => void>();

  private readonly insertStmt = this.db.prepare(
    `INSERT INTO jobs (queue, job_key, payload, status, max_attempts, run_after, create_time, update_time)
     VALUES (?, ?, ?, 'QUEUED', ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  private readonly dueStmt = this.db.prepare<[string, number], Row>(
    `SELECT * FROM jobs WHERE queue = ? AND status = 'QUEUED' AND run_after <= ? ORDER BY run_after, job_id LIMIT 1`,
  );
  private readonly claimStmt = this.db.prepare(
    `UPDATE jobs SET status = 'RUNNING', attempts = attempts + 1, update_time = ? WHERE job_id = ? AND status = 'QUEUED'`,
  );
  private readonly getStmt = this.db.prepare<[number], Row>('SELECT * FROM jobs WHERE job_id = ?');

  /**
   * Adds a job unless a live one with the same queue and key exists. Listeners hear of it on the
   * next turn of the event loop, so a caller inside a transaction has committed by then.
   */
  enqueue(job: NewJob): boolean {
    const now = nowIso();
    const added = this.insertStmt.run(job.queue, job.key, JSON.stringify(job.payload), job.maxAttempts, job.runAfter ?? Date.now(), now, now).changes === 1;
    if (added) setImmediate(() => this.listeners.forEach((l) => l(job.queue)));
    return added;
  }

  /** Hears of every job added by this process. */
  onEnqueue(listener: (queue: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Takes the next due job of a queue and marks it RUNNING, or returns undefined. */
  claim(queue: string, now = Date.now()): JobRecord | undefined {
    return this.db
      .transaction(() => {
        const row = this.dueStmt.get(queue, now);
        if (!row) return undefined;
        this.claimStmt.run(nowIso(), row.job_id);
        return toRecord(this.getStmt.get(row.job_id) as Row);
      })
      .immediate();
  }

  get(jobId: number): JobRecord | undefined {
    const row = this.getStmt.get(jobId);
    return row && toRecord(row);
  }

  complete(jobId: number): void {
    this.prepared('DELETE FROM jobs WHERE job_id = ?').run(jobId);
  }

  retryLater(jobId: number, runAfter: number, error: string): void {
    this.prepared(`UPDATE jobs SET status = 'QUEUED', run_after = ?, last_error = ?, update_time = ? WHERE job_id = ?`)
      .run(runAfter, error, nowIso(), jobId);
  }

  /** Puts back a job that was interrupted (shutdown): the interrupted attempt does not count. */
  release(jobId: number): void {
    this.prepared(`UPDATE jobs SET status = 'QUEUED', attempts = MAX(attempts - 1, 0), update_time = ? WHERE job_id = ? AND status = 'RUNNING'`)
      .run(nowIso(), jobId);
  }

  fail(jobId: number, error: string): void {
    this.prepared(`UPDATE jobs SET status = 'FAILED', last_error = ?, update_time = ? WHERE job_id = ?`).run(error, nowIso(), jobId);
  }

  /**
   * Jobs left RUNNING by a process that died. Only one runner works on a data directory, so at
   * start-up every RUNNING job is an orphan.
   */
  running(queue: string): JobRecord[] {
    return this.prepared<[string], Row>(`SELECT * FROM jobs WHERE queue = ? AND status = 'RUNNING' ORDER BY job_id`).all(queue).map(toRecord);
  }

  requeue(jobId: number, error: string): void {
    this.prepared(`UPDATE jobs SET status = 'QUEUED', last_error = ?, update_time = ? WHERE job_id = ?`).run(error, nowIso(), jobId);
  }

  /** When the next QUEUED job of a queue falls due, or undefined when none waits. */
  nextDue(queue: string): number | undefined {
    return this.prepared<[string], { t: number | null }>(`SELECT MIN(run_after) AS t FROM jobs WHERE queue = ? AND status = 'QUEUED'`).get(queue)?.t ?? undefined;
  }

  /** True while a QUEUED or RUNNING job exists for this queue and key. */
  isLive(queue: string, key: string): boolean {
    return this.prepared(`SELECT 1 FROM jobs WHERE queue = ? AND job_key = ? AND status IN ('QUEUED', 'RUNNING')`).get(queue, key) !== undefined;
  }

  list(queue: string): JobRecord[] {
    return this.prepared<[string], Row>('SELECT * FROM jobs WHERE queue = ? ORDER BY job_id').all(queue).map(toRecord);
  }
}
