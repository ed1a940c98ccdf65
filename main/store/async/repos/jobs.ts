/**
 * The persisted job queue, over either database. A job is QUEUED until a node claims it (RUNNING,
 * with a lease); success deletes it, a retry puts it back with a later `runAfter`, and giving up
 * leaves it FAILED for inspection. At most one live (QUEUED or RUNNING) job exists per queue and
 * key, so enqueueing is idempotent. A RUNNING job whose lease ran out (its node died or stalled)
 * is claimable again by any node; every outcome is written only by the claim that holds it.
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { nowIso } from '../../ids.ts';
import type { Dialect, JobStatus, StoreSchema } from '../schema.ts';
import { type Claim, endEveryLease, type Lease, pickedForClaim } from './leases.ts';

export type { JobStatus } from '../schema.ts';

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
  /** The node holding a RUNNING job, and until when (epoch ms). */
  leaseOwner: string;
  leaseUntil: number;
}

export interface NewJob {
  queue: string;
  key: string;
  payload: unknown;
  maxAttempts: number;
  runAfter?: number;
}

/** Where a job's enqueueing is heard once it has committed: the runners of this process. */
export interface JobBell {
  /** Rings the listeners of this process once the write that queued on `queue` has committed. */
  ring(queue: string): void;
  listen(listener: (queue: string) => void): () => void;
}

const INTERRUPTED = 'interrupted: the node running it stopped before it finished';

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
  lease_owner: string;
  lease_until: number;
}

const COLUMNS = ['job_id', 'queue', 'job_key', 'payload', 'status', 'attempts', 'max_attempts', 'run_after', 'last_error', 'lease_owner', 'lease_until'] as const;

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
  leaseOwner: r.lease_owner,
  leaseUntil: r.lease_until,
});

export class AsyncJobRepository {
  constructor(
    private readonly q: Kysely<StoreSchema>,
    private readonly dialect: Dialect,
    private readonly bell: JobBell,
  ) {}

  /** Adds a job unless a live one with the same queue and key exists. This process's runners hear of it once it has committed. */
  async enqueue(job: NewJob): Promise<boolean> {
    const now = nowIso();
    const result = await this.q
      .insertInto('jobs')
      .values({ queue: job.queue, job_key: job.key, payload: JSON.stringify(job.payload), status: 'QUEUED', max_attempts: job.maxAttempts, run_after: job.runAfter ?? Date.now(), create_time: now, update_time: now })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    const added = Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    if (added) this.bell.ring(job.queue);
    return added;
  }

  /** Hears of every job this process queues, once its write has committed. */
  onEnqueue(listener: (queue: string) => void): () => void {
    return this.bell.listen(listener);
  }

  /**
   * Takes a job of `queue` that is RUNNING under a lease that ran out by `now` (the oldest lease
   * first: interrupted work resumes before new work starts), else the next QUEUED job that is due:
   * RUNNING under `lease`, one more attempt. Undefined when none is there to take.
   *
   * Two statements, each one probe of an index in its own order, rather than one over both kinds:
   * SQLite answers an OR of the two with both indexes and a sort of every job they match, so each
   * claim read the whole backlog (a first sync of 100,000 files drained at 30 jobs a second).
   */
  async claim(queue: string, lease: Lease, now = Date.now()): Promise<JobRecord | undefined> {
    const interrupted = this.q
      .selectFrom('jobs')
      .select('job_id')
      .where('queue', '=', queue)
      .where('status', '=', 'RUNNING')
      .where('lease_until', '<', now)
      .orderBy('lease_until')
      .orderBy('job_id')
      .limit(1);
    const queued = this.q
      .selectFrom('jobs')
      .select('job_id')
      .where('queue', '=', queue)
      .where('status', '=', 'QUEUED')
      .where('run_after', '<=', now)
      .orderBy('run_after')
      .orderBy('job_id')
      .limit(1);
    return (await this.take(interrupted, lease)) ?? (await this.take(queued, lease));
  }

  /** Extends the lease of each of `claims` still held; returns the ids of those that were (the rest were taken over). */
  async renew(claims: ReadonlyArray<{ jobId: number } & Claim>, until: number): Promise<Set<number>> {
    const held = new Set<number>();
    for (const c of claims) {
      const result = await this.held(c.jobId, c).set({ lease_until: until }).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) held.add(c.jobId);
    }
    return held;
  }

  get(jobId: number): Promise<JobRecord | undefined> {
    return this.q.selectFrom('jobs').select(COLUMNS).where('job_id', '=', jobId).executeTakeFirst().then((r) => r && toRecord(r));
  }

  /** The job is done: it goes. False when `claim` no longer holds it. */
  async complete(jobId: number, claim: Claim): Promise<boolean> {
    const result = await this.q
      .deleteFrom('jobs')
      .where('job_id', '=', jobId)
      .where('status', '=', 'RUNNING')
      .where('lease_owner', '=', claim.owner)
      .where('attempts', '=', claim.attempts)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Back in line until `runAfter`, with the error of the attempt. False when `claim` no longer holds it. */
  async retryLater(jobId: number, claim: Claim, runAfter: number, error: string): Promise<boolean> {
    return this.settle(jobId, claim, { status: 'QUEUED', run_after: runAfter, last_error: error });
  }

  /** Ends every lease on the rows at once (leases.ts, `endEveryLease`). */
  endEveryLease(): Promise<number> {
    return endEveryLease(this.q, 'jobs');
  }

  /** Puts back a job that was interrupted (shutdown): the interrupted attempt does not count. */
  async release(jobId: number, claim: Claim): Promise<boolean> {
    return this.settle(jobId, claim, { status: 'QUEUED', attempts: Math.max(claim.attempts - 1, 0) });
  }

  /** Given up: FAILED with its reason. False when `claim` no longer holds it. */
  async fail(jobId: number, claim: Claim, error: string): Promise<boolean> {
    return this.settle(jobId, claim, { status: 'FAILED', last_error: error });
  }

  /**
   * When the runner of `queue` should look next: the earliest time a QUEUED job falls due or a
   * RUNNING job's lease runs out; undefined when neither can happen. Each minimum is the first
   * entry of an index.
   */
  async nextDue(queue: string): Promise<number | undefined> {
    const earliest = (status: 'QUEUED' | 'RUNNING', column: 'run_after' | 'lease_until') =>
      this.q
        .selectFrom('jobs')
        .select((eb) => eb.fn.min<number | null>(column).as('t'))
        .where('queue', '=', queue)
        .where('status', '=', status)
        .executeTakeFirst()
        .then((row) => row?.t ?? undefined);
    const times = [await earliest('QUEUED', 'run_after'), await earliest('RUNNING', 'lease_until')].filter((t) => t !== undefined);
    return times.length === 0 ? undefined : Math.min(...times);
  }

  /** True while a QUEUED or RUNNING job exists for this queue and key. */
  async isLive(queue: string, key: string): Promise<boolean> {
    const row = await this.q.selectFrom('jobs').select('job_id').where('queue', '=', queue).where('job_key', '=', key).where('status', 'in', ['QUEUED', 'RUNNING']).executeTakeFirst();
    return row !== undefined;
  }

  /** The jobs of a queue, oldest first. */
  async list(queue: string): Promise<JobRecord[]> {
    const rows = await this.q.selectFrom('jobs').select(COLUMNS).where('queue', '=', queue).orderBy('job_id').execute();
    return rows.map(toRecord);
  }

  /** Takes the job `picked` selects, if another claim has not taken it first. */
  private async take(picked: SelectQueryBuilder<StoreSchema, 'jobs', { job_id: number }>, lease: Lease): Promise<JobRecord | undefined> {
    const row = await this.q
      .updateTable('jobs')
      .set({
        status: 'RUNNING',
        attempts: sql<number>`attempts + 1`,
        // A RUNNING job taken over was interrupted: its last attempt says so.
        last_error: sql<string>`CASE WHEN status = 'RUNNING' THEN ${INTERRUPTED} ELSE last_error END`,
        lease_owner: lease.owner,
        lease_until: lease.until,
        update_time: nowIso(),
      })
      .where('job_id', '=', pickedForClaim(this.dialect, picked))
      .returning(COLUMNS)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  private held(jobId: number, claim: Claim) {
    return this.q
      .updateTable('jobs')
      .where('job_id', '=', jobId)
      .where('status', '=', 'RUNNING')
      .where('lease_owner', '=', claim.owner)
      .where('attempts', '=', claim.attempts);
  }

  private async settle(jobId: number, claim: Claim, outcome: { status: JobStatus; run_after?: number; last_error?: string; attempts?: number }): Promise<boolean> {
    const result = await this.held(jobId, claim)
      .set({ ...outcome, lease_owner: '', lease_until: 0, update_time: nowIso() })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
