/**
 * Runs persisted tasks in the background, a few at a time.
 *
 * Restart policy: a task is never lost. A run interrupted by SIGTERM puts its task back to
 * PENDING; RUNNING rows found at start (left by a crash) go back to PENDING too; then every
 * PENDING task runs again, from the beginning. Each start of a run counts as an attempt, and a
 * task whose runs were interrupted `maxAttempts` times is FAILED rather than retried forever.
 * A run that fails (a 404, a refused address, a ceiling) is not retried: the task is FAILED with
 * the error's code and message.
 *
 * Of several processes on one store, only the leader (main/store/leadership.ts) starts its runner,
 * so every RUNNING row is the leader's own or a dead leader's: re-queueing them at start is right.
 * The others accept tasks and leave them PENDING; the leader finds them by looking every `pollMs`.
 */
import PQueue from 'p-queue';
import { errorValue, type FolioErrorValue } from '../../../shared/errors.ts';
import { stderrLogger, type Logger } from '../../platform/log/logger.ts';
import type { TaskKind } from '../../../shared/v1/ingest.ts';
import type { Repos } from '../../store/repositories.ts';
import type { TaskRecord } from '../../store/repos/tasks.ts';
import { ServiceError } from '../errors.ts';

/** One run of a task. It marks the task SUCCEEDED itself (in the transaction that does the work); throwing fails it. */
export type TaskWork = (task: TaskRecord, signal: AbortSignal) => Promise<void>;

export interface RunnerOptions {
  concurrency: number;
  maxAttempts: number;
  /** How often to look for PENDING tasks that another process accepted; never when undefined. */
  pollMs?: number;
}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = { concurrency: 2, maxAttempts: 3 };

export class TaskRunner {
  private readonly queue: PQueue;
  private readonly running = new Map<string, AbortController>();
  private readonly handedOver = new Set<Promise<void>>();
  /** Tasks submitted and not yet done: a look for PENDING tasks must not queue them twice. */
  private readonly submitted = new Set<string>();
  private started = false;
  private stopping = false;
  private poll: NodeJS.Timeout | undefined;

  constructor(
    private readonly repos: Repos<'tasks'>,
    private readonly handlers: Record<TaskKind, TaskWork>,
    private readonly options: RunnerOptions = DEFAULT_RUNNER_OPTIONS,
    private readonly log: Logger = stderrLogger('error'),
  ) {
    this.queue = new PQueue({ concurrency: options.concurrency });
  }

  /** Recovers what a previous process left and queues every PENDING task. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.repos.tasks.requeueAllRunning();
    this.submitPending();
    if (this.options.pollMs !== undefined) {
      this.poll = setInterval(() => this.submitPending(), this.options.pollMs);
      this.poll.unref();
    }
  }

  private submitPending(): void {
    try {
      for (const taskId of this.repos.tasks.pendingIds()) if (!this.submitted.has(taskId)) this.submit(taskId);
    } catch (err) {
      this.log.error({ err }, 'task runner: looking for pending tasks failed');
    }
  }

  /**
   * Runs a PENDING task. `firstRun` replaces the kind's handler for this run only, starting at
   * once rather than waiting in the queue: it holds a response that is already streaming. Returns
   * false when the runner is not running (stopping, or not started: another process leads); the
   * task stays PENDING for the runner that is.
   */
  submit(taskId: string, firstRun?: TaskWork): boolean {
    if (this.stopping || !this.started) return false;
    this.submitted.add(taskId);
    if (firstRun) {
      const run = this.settle(taskId, firstRun).finally(() => this.handedOver.delete(run));
      this.handedOver.add(run);
    } else {
      void this.queue.add(() => this.settle(taskId));
    }
    return true;
  }

  /** Cancels the runs in flight (their tasks go back to PENDING) and waits until they have let go. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.poll);
    this.queue.clear();
    for (const controller of this.running.values()) controller.abort();
    await this.queue.onIdle();
    await Promise.all([...this.handedOver]);
  }

  /**
   * Runs the task, and never rejects: the database can fail under a run's bookkeeping (a claim, a
   * FAILED mark), and a rejection nobody handles would end the process. The task stays as the
   * database has it, for the next start.
   */
  private settle(taskId: string, work?: TaskWork): Promise<void> {
    return this.execute(taskId, work)
      .catch((err: unknown) => this.log.error({ err, taskId }, 'task runner: running a task failed'))
      .finally(() => this.submitted.delete(taskId));
  }

  private async execute(taskId: string, work?: TaskWork): Promise<void> {
    if (this.stopping) return;
    const task = this.repos.tasks.claim(taskId);
    if (!task) return;
    if (task.attempts > this.options.maxAttempts) {
      const { code } = errorValue('INTERNAL');
      this.repos.tasks.fail(taskId, code, `the task was interrupted ${this.options.maxAttempts} times by restarts and was given up`);
      return;
    }
    const controller = new AbortController();
    this.running.set(taskId, controller);
    try {
      await (work ?? this.handlers[task.kind])(task, controller.signal);
    } catch (err) {
      if (this.stopping) {
        this.repos.tasks.requeue(taskId);
      } else {
        const value = this.failureOf(err);
        this.repos.tasks.fail(taskId, value.code, value.message);
      }
    } finally {
      this.running.delete(taskId);
    }
  }

  private failureOf(err: unknown): FolioErrorValue {
    if (err instanceof ServiceError) return err.value;
    this.log.error({ err }, 'task failed unexpectedly');
    return errorValue('INTERNAL');
  }
}
