/**
 * Runs persisted tasks in the background, a few at a time, on every node of a store.
 *
 * Claims: a node takes a task under its lease (main/jobs/nodeLease.ts) and renews it while the
 * task runs. A task is taken by the node that accepted it when that node has room, else by
 * whichever node looks first: each looks when one of its runs ends and every `pollMs`.
 *
 * Restart policy: a task is never lost. A run interrupted by SIGTERM puts its task back to PENDING
 * at once; a task whose node died is claimed again by any node once its lease has run out; either
 * way it runs again, from the beginning. Each start of a run counts as an attempt, and a task whose
 * runs were interrupted `maxAttempts` times is FAILED rather than retried forever. A run that
 * fails (a 404, a refused address, a ceiling) is not retried: the task is FAILED with the error's
 * code and message. Only the claim that holds a task writes its outcome: a node that lost the
 * lease (it stalled past it, and another node took the task) is refused, and the version its run
 * would have made rolls back with the refusal (`TaskRun.succeed`).
 */
import { errorValue, type FolioErrorValue } from '../../../shared/errors.ts';
import type { NodeLease } from '../../jobs/nodeLease.ts';
import { stderrLogger, type Logger } from '../../platform/log/logger.ts';
import type { TaskKind } from '../../../shared/v1/ingest.ts';
import type { VersionResult } from '../../../shared/v1/resources.ts';
import type { Claim } from '../../store/async/repos/leases.ts';
import type { TaskRecord } from '../../store/async/repos/tasks.ts';
import type { Repositories } from '../../store/repositories.ts';
import { ServiceError } from '../errors.ts';

/** What a run is handed besides its task: how it marks the task SUCCEEDED, inside the unit of work that does the work. */
export interface TaskRun {
  readonly signal: AbortSignal;
  /** Throws when this run no longer holds the task, so that the unit of work it is called in rolls back. */
  succeed(result: VersionResult): Promise<void>;
}

/** One run of a task. It calls `run.succeed` itself (in the unit of work that does the work); throwing fails the task. */
export type TaskWork = (task: TaskRecord, run: TaskRun) => Promise<void>;

export interface RunnerOptions {
  concurrency: number;
  maxAttempts: number;
  /** How often to look for tasks that another node accepted, or whose node died; by default a third of the lease. */
  pollMs?: number;
}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = { concurrency: 2, maxAttempts: 3 };

/** A run's lease was taken over: its outcome belongs to the other claim. */
class LeaseLost extends Error {}

interface ActiveRun {
  claim: Claim;
  controller: AbortController;
}

export class TaskRunner {
  private readonly running = new Map<string, ActiveRun>();
  private readonly runs = new Set<Promise<void>>();
  private started = false;
  private stopping = false;
  private poll: NodeJS.Timeout | undefined;
  private stopRenewing: (() => void) | undefined;
  private looking: Promise<void> | undefined;
  private lookAgain = false;

  constructor(
    private readonly repos: Pick<Repositories, 'tasks'>,
    private readonly handlers: Record<TaskKind, TaskWork>,
    private readonly lease: NodeLease,
    private readonly options: RunnerOptions = DEFAULT_RUNNER_OPTIONS,
    private readonly log: Logger = stderrLogger('error'),
  ) {}

  /** Starts claiming tasks: those waiting now, and those whose node died, once their leases have run out. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.stopRenewing = this.lease.renewing(() => this.renew(), this.log);
    this.poll = setInterval(() => this.look(), this.options.pollMs ?? Math.max(1, Math.floor(this.lease.ms / 3)));
    this.poll.unref();
    this.look();
  }

  /**
   * Runs a PENDING task. `firstRun` replaces the kind's handler for this run only, starting at
   * once: it holds a response that is already streaming, so it does not wait for room. Without it,
   * the task waits for this node's or another node's next look. Returns false when the runner is
   * not running (stopping, or not started); the task stays PENDING for a node that is.
   */
  submit(taskId: string, firstRun?: TaskWork): boolean {
    if (this.stopping || !this.started) return false;
    if (firstRun) this.track(this.claimAndRun(taskId, firstRun));
    else this.look();
    return true;
  }

  /** Stops claiming, cancels the runs in flight (their tasks go back to PENDING) and waits until they have let go. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.poll);
    await this.looking;
    for (const run of this.running.values()) run.controller.abort();
    await Promise.all([...this.runs]);
    this.stopRenewing?.();
  }

  /** Claims tasks while this node has room; one look at a time, another asked for meanwhile follows it. */
  private look(): void {
    if (this.stopping || !this.started) return;
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    this.looking = this.claimWhileRoom()
      .catch((err: unknown) => this.log.error({ err }, 'task runner: looking for tasks failed'))
      .finally(() => {
        this.looking = undefined;
        if (this.lookAgain) {
          this.lookAgain = false;
          this.look();
        }
      });
  }

  private async claimWhileRoom(): Promise<void> {
    while (!this.stopping && this.running.size < this.options.concurrency) {
      const task = await this.repos.tasks.claimNext(this.lease.from());
      if (!task) return;
      this.track(this.settle(task));
    }
  }

  private track(run: Promise<void>): void {
    const tracked = run.finally(() => {
      this.runs.delete(tracked);
      this.look();
    });
    this.runs.add(tracked);
  }

  /** Never rejects, as settle(). */
  private async claimAndRun(taskId: string, work: TaskWork): Promise<void> {
    let task: TaskRecord | undefined;
    try {
      task = await this.repos.tasks.claim(taskId, this.lease.from());
    } catch (err) {
      this.log.error({ err, taskId }, 'task runner: claiming a task failed');
      return;
    }
    if (task) await this.settle(task, work);
  }

  /** Renews the leases of the runs in flight here; a run whose task another node took is cancelled. */
  private async renew(): Promise<void> {
    const runs = [...this.running.entries()].map(([taskId, run]) => ({ taskId, ...run.claim }));
    if (runs.length === 0) return;
    const held = await this.repos.tasks.renew(runs, this.lease.from().until);
    for (const { taskId } of runs) if (!held.has(taskId)) this.running.get(taskId)?.controller.abort(new LeaseLost(`the lease on task ${taskId} was taken over`));
  }

  /**
   * Runs a claimed task, and never rejects: the database can fail under a run's bookkeeping (a
   * FAILED mark, a release), and a rejection nobody handles would end the process. The task then
   * stays RUNNING until its lease runs out, and runs again.
   */
  private settle(task: TaskRecord, work?: TaskWork): Promise<void> {
    return this.execute(task, work).catch((err: unknown) => this.log.error({ err, taskId: task.taskId }, 'task runner: running a task failed'));
  }

  private async execute(task: TaskRecord, work?: TaskWork): Promise<void> {
    const claim: Claim = { owner: task.leaseOwner, attempts: task.attempts };
    // Read at each call, never kept: `succeed` runs inside the finalize chain's unit of work, and
    // only the repository read there is that unit's (on SQLite, the store's one connection is the
    // unit's until it ends, and a statement outside it would wait for it for ever).
    const tasks = () => this.repos.tasks;
    if (this.stopping) {
      await tasks().release(task.taskId, claim);
      return;
    }
    if (task.attempts > this.options.maxAttempts) {
      const { code } = errorValue('INTERNAL');
      await tasks().fail(task.taskId, claim, code, `the task was interrupted ${this.options.maxAttempts} times by restarts and was given up`);
      return;
    }
    // This node's earlier claim ran out and it claimed the task again: the earlier run's outcome is refused anyway.
    this.running.get(task.taskId)?.controller.abort(new LeaseLost(`task ${task.taskId} was claimed again`));
    const controller = new AbortController();
    const active: ActiveRun = { claim, controller };
    this.running.set(task.taskId, active);
    const run: TaskRun = {
      signal: controller.signal,
      succeed: async (result) => {
        if (!(await tasks().succeed(task.taskId, claim, result))) throw new LeaseLost(`task ${task.taskId} is held by another claim`);
      },
    };
    try {
      await (work ?? this.handlers[task.kind])(task, run);
    } catch (err) {
      if (controller.signal.reason instanceof LeaseLost || err instanceof LeaseLost) return;
      if (this.stopping) {
        await tasks().release(task.taskId, claim);
      } else {
        const value = this.failureOf(err);
        await tasks().fail(task.taskId, claim, value.code, value.message);
      }
    } finally {
      if (this.running.get(task.taskId) === active) this.running.delete(task.taskId);
    }
  }

  private failureOf(err: unknown): FolioErrorValue {
    if (err instanceof ServiceError) return err.value;
    this.log.error({ err }, 'task failed unexpectedly');
    return errorValue('INTERNAL');
  }
}
