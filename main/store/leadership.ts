/**
 * Which of several `folio serve` processes on one data directory does the work that one process
 * does for all: housekeeping (the recycle-bin purge, the sweeps of expired sessions, tokens and
 * orphans), the job queues' sweeps for missed work, and the search backfill (docs/deploy.md,
 * "Running Folio Service on several nodes"). The queues themselves (jobs, tasks, webhook
 * deliveries) are not the leader's: every process claims their rows under per-row leases
 * (main/jobs/nodeLease.ts).
 *
 * The leader is the process that holds an exclusive lock on DATA/leader.lock, taken with SQLite's
 * own file locking (an open `BEGIN EXCLUSIVE` on a file of its own). The operating system drops
 * the lock when the process ends in any way, kill -9 included, so the lead ends with its holder;
 * the others try again every `retryMs` and one of them takes over.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { stderrLogger, type Logger } from '../platform/log/logger.ts';

export interface Leadership {
  /** True while this process leads. */
  readonly leading: boolean;
  /**
   * How often a runner should look for work that other processes queued: they cannot wake it.
   * Undefined when no other process can queue any.
   */
  readonly pollMs: number | undefined;
  /** Runs `start` once this process leads: at once when it already does. */
  whenLeading(start: () => void): void;
}

/** The one process on its data directory (the desktop's embedded server, in-process tests). */
export const SOLE_NODE: Leadership = {
  leading: true,
  pollMs: undefined,
  whenLeading: (start) => start(),
};

const LOCK_FILE = 'leader.lock';
const RETRY_MS = 1_000;
/** A runner looks for work queued by the other processes this often. */
const SHARED_POLL_MS = 1_000;

export class LeaderLock implements Leadership {
  readonly pollMs = SHARED_POLL_MS;
  private readonly db: Database.Database;
  private readonly waiting: (() => void)[] = [];
  private held = false;
  private timer: NodeJS.Timeout | undefined;

  /**
   * Opens the lock file and tries to lead at once; a process that cannot tries again every
   * `retryMs`. What goes wrong on the way is told to `log`, the service's.
   */
  constructor(
    dataDir: string,
    private readonly log: Logger = stderrLogger('error'),
    retryMs = RETRY_MS,
  ) {
    this.db = new Database(join(dataDir, LOCK_FILE));
    // Busy means "someone else leads": never wait for the lock inside a call.
    this.db.pragma('busy_timeout = 0');
    if (!this.tryLead()) {
      this.timer = setInterval(() => {
        try {
          this.tryLead();
        } catch (err) {
          this.log.error({ err }, 'leader lock: could not try to lead');
        }
      }, retryMs);
      this.timer.unref();
    }
  }

  get leading(): boolean {
    return this.held;
  }

  whenLeading(start: () => void): void {
    if (this.held) start();
    else if (this.db.open) this.waiting.push(start);
  }

  /** Stops trying to lead (the process is draining); a lock already held stays held until close(). */
  stopTrying(): void {
    clearInterval(this.timer);
    this.waiting.length = 0;
  }

  /** Lets go of the lock: another process may lead from now on. Call it once the runners have stopped. */
  close(): void {
    this.stopTrying();
    this.held = false;
    if (this.db.open) this.db.close();
  }

  private tryLead(): boolean {
    try {
      this.db.exec('BEGIN EXCLUSIVE');
    } catch (err) {
      if (err instanceof Database.SqliteError && (err.code === 'SQLITE_BUSY' || err.code === 'SQLITE_LOCKED')) return false;
      throw err;
    }
    this.held = true;
    clearInterval(this.timer);
    for (const start of this.waiting.splice(0)) {
      try {
        start();
      } catch (err) {
        this.log.error({ err }, 'leader lock: starting the work of the leader failed');
      }
    }
    return true;
  }
}
