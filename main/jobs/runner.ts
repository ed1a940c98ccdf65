/**
 * Runs persisted jobs. Each queue has a handler with its own concurrency bound; a job that throws
 * is retried with exponential backoff until its attempts run out, then the handler is told to give
 * up. Every node runs a runner: a job is claimed by one node under that node's lease
 * (./nodeLease.ts), renewed while it runs. A job whose node died is claimed again by any node once
 * the lease has run out (a death counts as an attempt, so a job that kills its node cannot do so
 * forever); a job stopped by a clean shutdown is put back at once without counting the attempt. A
 * node that finds it has lost a job's lease stops the job and writes nothing of it: the job's
 * outcome belongs to the claim that holds it.
 */
import { stderrLogger, type Logger } from '../platform/log/logger.ts';
import type { AsyncJobRepository, JobRecord } from '../store/async/repos/jobs.ts';
import type { Claim } from '../store/async/repos/leases.ts';
import { NodeLease } from './nodeLease.ts';

export interface JobHandler<P> {
  readonly queue: string;
  /** How many jobs of this queue may run at once. */
  readonly concurrency: number;
  readonly maxAttempts: number;
  /** A run longer than this is aborted and fails without retry. */
  readonly timeoutMs: number;
  /** Checks a stored payload; throwing fails the job for good. */
  decode(payload: unknown): P;
  /** Does the work. Must stop promptly once `signal` aborts. Throwing asks for a retry. */
  run(payload: P, signal: AbortSignal): Promise<void>;
  /** The job will not be tried again; `reason` says why. */
  giveUp(payload: P, reason: string): void | Promise<void>;
  /**
   * Runs once on the node that leads, beside the jobs already queued (`JobRunner.sweep`): the
   * place to enqueue missed work. A long one must yield now and then and stop once `signal` aborts
   * (the runner stops).
   */
  sweep?(signal: AbortSignal): void | Promise<void>;
  /** Releases what the handler holds (threads, engines) once no job runs. */
  close?(): Promise<void>;
}

/** Thrown by a handler for a failure that another attempt cannot fix. */
export class PermanentJobError extends Error {}

/** Work that jobs should make way for: the service's requests. */
export interface Foreground {
  /** When the foreground stops counting as busy, in ms since the epoch; at or before now, it is quiet. */
  quietAt(): number;
}

export interface RunnerOptions {
  /** Longest sleep between looks at the queue when nothing wakes the runner. */
  pollMs?: number;
  /** Delay before retry number `attempt` (1-based). */
  backoffMs?: (attempt: number) => number;
  /**
   * While it is busy, jobs start at most one per `busyGapMs`: a job's bookkeeping runs on the same
   * thread as the requests, and a burst of uploads should not wait for the text of the files it
   * brings. The trickle keeps the queue moving under load that never lets up.
   */
  foreground?: Foreground;
  busyGapMs?: number;
  /** Where failures of the runner's own bookkeeping go (the service's log). */
  log?: Logger;
  /** This node's lease on the jobs it claims; by default one of DEFAULT_LEASE_MS. */
  lease?: NodeLease;
}

const DEFAULT_LEASE_MS = 20_000;

const ALWAYS_QUIET: Foreground = { quietAt: () => 0 };

const SHUTDOWN = Symbol('shutdown');
/** The job's lease was taken over by another claim: this run's outcome is not ours to write. */
const LOST = Symbol('lost');

class JobTimeout extends Error {}

export function exponentialBackoff(baseMs: number, maxMs: number): (attempt: number) => number {
  return (attempt) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

interface ActiveJob {
  queue: string;
  claim: Claim;
  controller: AbortController;
  done: Promise<void>;
}

export class JobRunner {
  private readonly handlers: ReadonlyMap<string, JobHandler<unknown>>;
  private readonly active = new Map<number, ActiveJob>();
  private readonly pollMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly foreground: Foreground;
  private readonly busyGapMs: number;
  private readonly log: Logger;
  private readonly lease: NodeLease;
  private lastStartAt = 0;
  private state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  private timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires, in ms since the epoch. */
  private wakeAt = Infinity;
  private unsubscribe: (() => void) | undefined;
  private stopRenewing: (() => void) | undefined;
  /** A look at the queue is under way; another asked for meanwhile runs once it ends. */
  private looking: Promise<void> | undefined;
  private lookAgain = false;
  private readonly sweeping = new AbortController();
  private swept: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly jobs: AsyncJobRepository,
    handlers: readonly JobHandler<unknown>[],
    options: RunnerOptions = {},
  ) {
    this.handlers = new Map(handlers.map((h) => [h.queue, h]));
    this.pollMs = options.pollMs ?? 10_000;
    this.backoffMs = options.backoffMs ?? exponentialBackoff(5_000, 10 * 60_000);
    this.foreground = options.foreground ?? ALWAYS_QUIET;
    this.busyGapMs = options.busyGapMs ?? 1_000;
    this.log = options.log ?? stderrLogger('error');
    this.lease = options.lease ?? NodeLease.ofThisProcess(DEFAULT_LEASE_MS);
  }

  /** Starts claiming jobs, and renewing the leases of those this node runs. */
  start(): void {
    if (this.state !== 'new') return;
    this.state = 'started';
    this.unsubscribe = this.jobs.onEnqueue(() => this.enqueued());
    this.stopRenewing = this.lease.renewing(() => this.renew(), this.log);
    this.pump();
  }

  /**
   * Runs the handlers' sweeps, beside the jobs: on one node, the leader. Not before the jobs: a
   * store with much missed work used to wait for all of it to be queued before the service listened.
   */
  sweep(): void {
    if (this.state !== 'started') return;
    this.swept = Promise.all(
      [...this.handlers.values()].map((h) =>
        Promise.resolve()
          .then(() => h.sweep?.(this.sweeping.signal))
          .catch((err: unknown) => {
            if (!this.sweeping.signal.aborted) this.log.error({ err, queue: h.queue }, 'job queue: sweep failed');
          }),
      ),
    );
  }

  /** Stops claiming, aborts the running jobs, puts them back in the queue, and waits until they have let go. */
  async stop(): Promise<void> {
    if (this.state !== 'started') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopping';
    clearTimeout(this.timer);
    this.unsubscribe?.();
    this.sweeping.abort();
    await this.swept;
    await this.looking;
    for (const job of this.active.values()) job.controller.abort(SHUTDOWN);
    await Promise.all([...this.active.values()].map((j) => j.done));
    this.stopRenewing?.();
    await Promise.all([...this.handlers.values()].map((h) => h.close?.()));
    this.state = 'stopped';
  }

  /** Number of jobs running now, per queue. */
  runningCount(queue: string): number {
    let n = 0;
    for (const job of this.active.values()) if (job.queue === queue) n++;
    return n;
  }

  /**
   * A job just added can start no sooner than mayStartBy(). While the foreground is busy, a timer
   * already set for then covers it: a burst of uploads, one job each, need not look at the queue
   * once per upload.
   */
  private enqueued(): void {
    const startBy = this.mayStartBy();
    if (startBy > Date.now() && this.wakeAt <= startBy) return;
    this.pump();
  }

  /** Looks at the queue now, or once the look under way has ended. */
  private pump(): void {
    if (this.state !== 'started') return;
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    this.looking = this.look().finally(() => {
      this.looking = undefined;
      if (this.lookAgain) {
        this.lookAgain = false;
        this.pump();
      }
    });
  }

  /**
   * Starts what may start and sleeps until the next look. Never rejects: a database that fails
   * (busy past its timeout, a full disk, a lost connection) is logged, and looked at again a poll later.
   */
  private async look(): Promise<void> {
    try {
      for (const handler of this.handlers.values()) {
        while (this.state === 'started' && this.runningCount(handler.queue) < handler.concurrency && this.mayStartBy() <= Date.now()) {
          const job = await this.jobs.claim(handler.queue, this.lease.from());
          if (!job) break;
          if (this.state !== 'started') {
            await this.jobs.release(job.jobId, claimOf(job));
            return;
          }
          this.lastStartAt = Date.now();
          this.launch(handler, job);
        }
      }
      await this.schedule();
    } catch (err) {
      this.log.error({ err }, 'job runner: looking for jobs failed');
      this.sleepUntil(Date.now() + this.pollMs);
    }
  }

  /** The earliest time the next job may start: now when the foreground is quiet, else after the gap. */
  private mayStartBy(): number {
    return Math.min(this.foreground.quietAt(), this.lastStartAt + this.busyGapMs);
  }

  /** Sleeps until the next job falls due, a lease runs out or the next job may start, or at most pollMs. */
  private async schedule(): Promise<void> {
    let wakeAt = Date.now() + this.pollMs;
    for (const handler of this.handlers.values()) {
      if (this.runningCount(handler.queue) >= handler.concurrency) continue;
      const due = await this.jobs.nextDue(handler.queue);
      // A lease is claimable once it has run out, the millisecond after its end.
      if (due !== undefined) wakeAt = Math.min(wakeAt, Math.max(due + 1, this.mayStartBy()));
    }
    if (this.state === 'started') this.sleepUntil(wakeAt);
  }

  private sleepUntil(wakeAt: number): void {
    clearTimeout(this.timer);
    this.wakeAt = wakeAt;
    this.timer = setTimeout(() => this.pump(), Math.max(0, wakeAt - Date.now()));
    this.timer.unref();
  }

  /** Renews the leases of the jobs running here; a job whose lease another claim took is stopped. */
  private async renew(): Promise<void> {
    const running = [...this.active.entries()].map(([jobId, job]) => ({ jobId, ...job.claim }));
    if (running.length === 0) return;
    const held = await this.jobs.renew(running, this.lease.from().until);
    for (const { jobId } of running) if (!held.has(jobId)) this.active.get(jobId)?.controller.abort(LOST);
  }

  private launch(handler: JobHandler<unknown>, job: JobRecord): void {
    // This node's earlier claim of the same job ran out and it claimed the job again: the earlier run's outcome is refused anyway.
    this.active.get(job.jobId)?.controller.abort(LOST);
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(new JobTimeout(`timed out after ${duration(handler.timeoutMs)}`)), handler.timeoutMs);
    timeout.unref();
    // Never rejects: the database can fail as the outcome is recorded, and nobody else handles it.
    const done = this.execute(handler, job, controller.signal)
      .catch((err: unknown) => this.log.error({ err, jobId: job.jobId, queue: job.queue }, 'job runner: recording a job\'s outcome failed'))
      .finally(() => {
        clearTimeout(timeout);
        if (this.active.get(job.jobId) === entry) this.active.delete(job.jobId);
        this.pump();
      });
    const entry: ActiveJob = { queue: handler.queue, claim: claimOf(job), controller, done };
    this.active.set(job.jobId, entry);
  }

  private async execute(handler: JobHandler<unknown>, job: JobRecord, signal: AbortSignal): Promise<void> {
    const claim = claimOf(job);
    if (job.attempts > job.maxAttempts) {
      const interrupted = job.attempts - 1;
      await this.giveUp(handler, job, claim, `interrupted ${interrupted} time${interrupted === 1 ? '' : 's'} without finishing`);
      return;
    }
    let payload: unknown;
    try {
      payload = handler.decode(JSON.parse(job.payload));
    } catch (err) {
      await this.jobs.fail(job.jobId, claim, `unreadable payload: ${messageOf(err)}`);
      return;
    }
    try {
      await handler.run(payload, signal);
      if (signal.reason === LOST) return;
      await this.jobs.complete(job.jobId, claim);
    } catch (err) {
      if (signal.reason === LOST) return;
      if (signal.reason === SHUTDOWN) {
        await this.jobs.release(job.jobId, claim);
        return;
      }
      const timedOut = signal.reason instanceof JobTimeout;
      const reason = timedOut ? (signal.reason as JobTimeout).message : messageOf(err);
      if (timedOut || err instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        await this.giveUp(handler, job, claim, reason, payload);
      } else {
        await this.jobs.retryLater(job.jobId, claim, Date.now() + this.backoffMs(job.attempts), reason);
      }
    }
  }

  /** The handler hears of it only when this claim still held the job: otherwise the job is another node's. */
  private async giveUp(handler: JobHandler<unknown>, job: JobRecord, claim: Claim, reason: string, decoded?: unknown): Promise<void> {
    try {
      if (!(await this.jobs.fail(job.jobId, claim, reason))) return;
      await handler.giveUp(decoded ?? handler.decode(JSON.parse(job.payload)), reason);
    } catch (err) {
      this.log.error({ err, jobId: job.jobId, queue: job.queue }, 'job runner: giving up a job failed');
    }
  }
}

function claimOf(job: JobRecord): Claim {
  return { owner: job.leaseOwner, attempts: job.attempts };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}
