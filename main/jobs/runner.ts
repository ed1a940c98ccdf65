/**
 * Runs persisted jobs. Each queue has a handler with its own concurrency bound; a job that throws
 * is retried with exponential backoff until its attempts run out, then the handler is told to give
 * up. Jobs survive restarts: a job left RUNNING by a crash is queued again at start-up (a crash
 * counts as an attempt, so a job that kills the process cannot do so forever), and a job stopped by
 * a clean shutdown is put back without counting the attempt.
 */
import { stderrLogger, type Logger } from '../platform/log/logger.ts';
import type { JobRecord, JobRepository } from '../store/repos/jobs.ts';

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
   * Runs once when the runner starts, beside the jobs already queued: the place to enqueue missed
   * work. A long one must yield now and then and stop once `signal` aborts (the runner stops).
   */
  start?(signal: AbortSignal): void | Promise<void>;
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
}

const ALWAYS_QUIET: Foreground = { quietAt: () => 0 };

const SHUTDOWN = Symbol('shutdown');

class JobTimeout extends Error {}

export function exponentialBackoff(baseMs: number, maxMs: number): (attempt: number) => number {
  return (attempt) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

interface ActiveJob {
  queue: string;
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
  private lastStartAt = 0;
  private state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  private timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires, in ms since the epoch. */
  private wakeAt = Infinity;
  private unsubscribe: (() => void) | undefined;
  private readonly starting = new AbortController();
  private started: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly jobs: JobRepository,
    handlers: readonly JobHandler<unknown>[],
    options: RunnerOptions = {},
  ) {
    this.handlers = new Map(handlers.map((h) => [h.queue, h]));
    this.pollMs = options.pollMs ?? 10_000;
    this.backoffMs = options.backoffMs ?? exponentialBackoff(5_000, 10 * 60_000);
    this.foreground = options.foreground ?? ALWAYS_QUIET;
    this.busyGapMs = options.busyGapMs ?? 1_000;
    this.log = options.log ?? stderrLogger('error');
  }

  start(): void {
    if (this.state !== 'new') return;
    this.state = 'started';
    for (const handler of this.handlers.values()) this.recover(handler);
    this.unsubscribe = this.jobs.onEnqueue(() => this.enqueued());
    this.pump();
    // Beside the jobs, not before them: a store with much missed work used to wait for all of it
    // to be queued before the service would even listen.
    this.started = Promise.all(
      [...this.handlers.values()].map((h) =>
        Promise.resolve()
          .then(() => h.start?.(this.starting.signal))
          .catch((err: unknown) => {
            if (!this.starting.signal.aborted) this.log.error({ err, queue: h.queue }, 'job queue: start-up failed');
          }),
      ),
    );
  }

  /** Aborts the running jobs, puts them back in the queue, and waits until they have let go. */
  async stop(): Promise<void> {
    if (this.state !== 'started') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopping';
    clearTimeout(this.timer);
    this.unsubscribe?.();
    this.starting.abort();
    await this.started;
    for (const job of this.active.values()) job.controller.abort(SHUTDOWN);
    await Promise.all([...this.active.values()].map((j) => j.done));
    await Promise.all([...this.handlers.values()].map((h) => h.close?.()));
    this.state = 'stopped';
  }

  /** Number of jobs running now, per queue. */
  runningCount(queue: string): number {
    let n = 0;
    for (const job of this.active.values()) if (job.queue === queue) n++;
    return n;
  }

  private recover(handler: JobHandler<unknown>): void {
    for (const job of this.jobs.running(handler.queue)) {
      if (job.attempts >= job.maxAttempts) {
        void this.giveUp(handler, job, `interrupted ${job.attempts} time${job.attempts === 1 ? '' : 's'} without finishing`);
      } else {
        this.jobs.requeue(job.jobId, 'interrupted: the service stopped while the job ran');
      }
    }
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

  /**
   * Starts what may start and sleeps until the next look. Called from timers and from a job's end,
   * where a throw would end the process: a database that fails (busy past its timeout, a full
   * disk) is logged, and looked at again a poll later.
   */
  private pump(): void {
    if (this.state !== 'started') return;
    try {
      for (const handler of this.handlers.values()) {
        while (this.runningCount(handler.queue) < handler.concurrency && this.mayStartBy() <= Date.now()) {
          const job = this.jobs.claim(handler.queue);
          if (!job) break;
          this.lastStartAt = Date.now();
          this.launch(handler, job);
        }
      }
      this.schedule();
    } catch (err) {
      this.log.error({ err }, 'job runner: looking for jobs failed');
      this.sleepUntil(Date.now() + this.pollMs);
    }
  }

  /** The earliest time the next job may start: now when the foreground is quiet, else after the gap. */
  private mayStartBy(): number {
    return Math.min(this.foreground.quietAt(), this.lastStartAt + this.busyGapMs);
  }

  /** Sleeps until the next retry falls due or the next job may start, or at most pollMs. */
  private schedule(): void {
    clearTimeout(this.timer);
    let wakeAt = Date.now() + this.pollMs;
    for (const handler of this.handlers.values()) {
      if (this.runningCount(handler.queue) >= handler.concurrency) continue;
      const due = this.jobs.nextDue(handler.queue);
      if (due !== undefined) wakeAt = Math.min(wakeAt, Math.max(due, this.mayStartBy()));
    }
    this.sleepUntil(wakeAt);
  }

  private sleepUntil(wakeAt: number): void {
    clearTimeout(this.timer);
    this.wakeAt = wakeAt;
    this.timer = setTimeout(() => this.pump(), Math.max(0, wakeAt - Date.now()));
    this.timer.unref();
  }

  private launch(handler: JobHandler<unknown>, job: JobRecord): void {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(new JobTimeout(`timed out after ${duration(handler.timeoutMs)}`)), handler.timeoutMs);
    timeout.unref();
    // Never rejects: the database can fail as the outcome is recorded, and nobody else handles it.
    const done = this.execute(handler, job, controller.signal)
      .catch((err: unknown) => this.log.error({ err, jobId: job.jobId, queue: job.queue }, 'job runner: recording a job\'s outcome failed'))
      .finally(() => {
        clearTimeout(timeout);
        this.active.delete(job.jobId);
        this.pump();
      });
    this.active.set(job.jobId, { queue: handler.queue, controller, done });
  }

  private async execute(handler: JobHandler<unknown>, job: JobRecord, signal: AbortSignal): Promise<void> {
    let payload: unknown;
    try {
      payload = handler.decode(JSON.parse(job.payload));
    } catch (err) {
      this.jobs.fail(job.jobId, `unreadable payload: ${messageOf(err)}`);
      return;
    }
    try {
      await handler.run(payload, signal);
      this.jobs.complete(job.jobId);
    } catch (err) {
      if (signal.reason === SHUTDOWN) {
        this.jobs.release(job.jobId);
        return;
      }
      const timedOut = signal.reason instanceof JobTimeout;
      const reason = timedOut ? (signal.reason as JobTimeout).message : messageOf(err);
      if (timedOut || err instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        await this.giveUp(handler, job, reason, payload);
      } else {
        this.jobs.retryLater(job.jobId, Date.now() + this.backoffMs(job.attempts), reason);
      }
    }
  }

  /** Never rejects: recovery calls it without waiting, where a rejection would go unhandled. */
  private async giveUp(handler: JobHandler<unknown>, job: JobRecord, reason: string, decoded?: unknown): Promise<void> {
    try {
      this.jobs.fail(job.jobId, reason);
      await handler.giveUp(decoded ?? handler.decode(JSON.parse(job.payload)), reason);
    } catch (err) {
      this.log.error({ err, jobId: job.jobId, queue: job.queue }, 'job runner: giving up a job failed');
    }
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}
