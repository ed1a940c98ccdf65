/**
 * Which of several `folio serve` nodes on one store does the work that one node does for all:
 * housekeeping (the recycle-bin purge, the sweeps of expired sessions, tokens and orphans), the job
 * queues' sweeps for missed work, and the search backfill (docs/deploy.md, "Running Folio Service
 * on several nodes"). The queues themselves (jobs, tasks, webhook deliveries) are not the leader's:
 * every node claims their rows under per-row leases (main/jobs/nodeLease.ts).
 *
 * The lead is a lease in the database (the `leader_lease` row), so that nodes on several hosts
 * sharing one database agree on it as well as processes on one data directory: a node takes it
 * when it has run out, renews it every third of the lease while it leads, and gives it up at once
 * when it stops. A node that dies (kill -9, a lost host) stops renewing; the others try every third
 * of the lease, and one of them takes over once it has run out.
 *
 * A node that stalls past its lease (a paused VM, a blocked event loop) must not go on with the
 * leader's work once another may have begun it: `leading` answers by this node's own clock, true
 * only until the lease it last wrote runs out, counted from before the write was sent, so that it
 * ends no later than the lease others read in the row. Periodic work of the leader checks it before
 * each pass (main/service/housekeeping.ts); a renewal that finds the row taken ends the lead at once.
 */
import { stderrLogger, type Logger } from '../platform/log/logger.ts';
import type { AsyncLeaderRepository } from './async/repos/leader.ts';
import type { Lease } from './async/repos/leases.ts';

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

/** A runner looks for work queued by the other processes this often. */
const SHARED_POLL_MS = 1_000;
/**
 * A node that does not lead tries at least this often, whatever the lease: a lead given up (a
 * leader stopping) is taken within this, not within a third of the lease.
 */
const RETRY_MS = 1_000;

/** The store's repositories as the lead needs them: a unit of work's, or each statement on its own. */
export interface LeaderStore {
  readonly repos: { readonly leader: AsyncLeaderRepository };
}

/** How this node leases (main/jobs/nodeLease.ts, as for the queues): its name, the lease's length, a lease from a time. */
export interface LeaseTerms {
  readonly owner: string;
  readonly ms: number;
  from(now: number): Lease;
}

export class DatabaseLeadership implements Leadership {
  readonly pollMs = SHARED_POLL_MS;
  private readonly waiting: (() => void)[] = [];
  /** When the lease this node last wrote runs out by its own clock; 0 while it does not lead. */
  private heldUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The try or renewal in flight: a slow database must not pile them up, and release() waits for it. */
  private current: Promise<void> | undefined;
  /** Draining: a node that does not lead stops trying, one that leads keeps renewing until release(). */
  private draining = false;
  private released = false;

  constructor(
    private readonly store: LeaderStore,
    private readonly lease: LeaseTerms,
    private readonly log: Logger = stderrLogger('error'),
  ) {}

  /**
   * Tries to lead at once, then, until release(), renews every third of the lease while it leads,
   * and tries again as often, or every RETRY_MS when that is sooner, while it does not.
   */
  async start(): Promise<void> {
    await this.attempt();
    this.scheduleNext();
  }

  get leading(): boolean {
    return Date.now() < this.heldUntil;
  }

  /** The node's id in the lease row. */
  get owner(): string {
    return this.lease.owner;
  }

  whenLeading(start: () => void): void {
    if (this.leading) start();
    else if (!this.draining) this.waiting.push(start);
  }

  /** Stops trying to lead (the process is draining); a lead already held is kept until release(). */
  stopTrying(): void {
    this.draining = true;
    this.waiting.length = 0;
  }

  /** Gives the lead up at once: another node may lead from now on. Call it once the leader's work has stopped. */
  async release(): Promise<void> {
    this.stopTrying();
    this.released = true;
    clearTimeout(this.timer);
    await this.current;
    if (this.heldUntil === 0) return;
    this.heldUntil = 0;
    await this.store.repos.leader.release(this.lease.owner);
    this.log.info('leadership: gave the lead up');
  }

  private scheduleNext(): void {
    if (this.released) return;
    const renewMs = Math.max(1, Math.floor(this.lease.ms / 3));
    this.timer = setTimeout(() => void this.attempt().then(() => this.scheduleNext()), this.heldUntil > 0 ? renewMs : Math.min(renewMs, RETRY_MS));
    this.timer.unref();
  }

  private attempt(): Promise<void> {
    this.current ??= this.tryLead()
      .catch((err: unknown) => this.log.error({ err }, 'leadership: could not try to lead'))
      .finally(() => (this.current = undefined));
    return this.current;
  }

  private async tryLead(): Promise<void> {
    const held = this.heldUntil > 0;
    if (this.draining && !held) return;
    const sent = Date.now();
    const took = await this.store.repos.leader.take(this.lease.from(sent), sent);
    if (!took) {
      if (held) {
        this.heldUntil = 0;
        this.log.warn({ owner: this.lease.owner }, 'leadership: lost the lead: another node took it over after this one missed its renewals');
      }
      return;
    }
    this.heldUntil = sent + this.lease.ms;
    if (held) return;
    this.log.info({ owner: this.lease.owner }, 'leadership: took the lead');
    for (const start of this.waiting.splice(0)) {
      try {
        start();
      } catch (err) {
        this.log.error({ err }, 'leadership: starting the work of the leader failed');
      }
    }
  }
}
