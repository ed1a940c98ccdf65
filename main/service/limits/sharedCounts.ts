/**
 * The rate limit counted across nodes: a store for @fastify/rate-limit whose counts live in the
 * service database (`rate_limits`), so every `folio serve` on one database shares one budget per
 * client (docs/architecture.md, "The rate limit across nodes").
 *
 * Writing each request's count would put a write on every read. Each node counts in memory, and
 * adds what it counted to the shared row in a batch, reading the total back:
 *   - at a key's first request of a window on this node, so the node starts from the total;
 *   - whenever `batch` requests of the key are pending here;
 *   - when the service closes (what a node counted outlives it).
 * A node's view (the total at its last batch plus its own requests since) is never above the true
 * total, so no request is refused before the limit is reached. It lags by what the other nodes
 * have not added yet, fewer than `batch` each, and by what they added since its own last batch:
 * once the total is over the limit, each node lets through at most `batch` more requests before
 * its next batch reads the total. With N nodes a client gets at most max + N × batch requests in
 * a window.
 *
 * Windows are fixed, as @fastify/rate-limit's own store has them: a key's window begins at its
 * first request, and the node that starts it names its start in the row; the others take that
 * start from the row when they add to it. The nodes' clocks must agree (NTP) to well within a window.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedCount } from '../../store/async/repos/rateLimits.ts';

/** Where the counts are shared: the service database's `rate_limits`. */
export interface CountTable {
  add(key: string, count: number, windowStart: number, endedBy: number): Promise<SharedCount>;
  prune(endedBy: number): Promise<number>;
}

/** A key's window as this node sees it. */
interface Tally {
  windowStart: number;
  /** The total as of this node's last batch, its own requests in it included. */
  shared: number;
  /** This node's requests since its last batch. */
  pending: number;
  /** How many pending requests make the next batch: `batch`, or a batch more after one failed. */
  due: number;
  /** The batch being added: the next one waits for it, so no request is added twice. */
  adding: Promise<void> | undefined;
}

export interface SharedCountsOptions {
  table: () => CountTable;
  /** How many of a key's requests a node holds before it adds them to the shared row. */
  batch: number;
  log: FastifyBaseLogger;
  now?: () => number;
}

/** The tallies kept before the ended ones are looked for: a window's worth of clients and addresses. */
const SWEEP_AT = 10_000;

/**
 * A node adds its counts every hundredth of the limit, and at least every 50 requests: the bound
 * stays within 1% of the limit per node, and a write costs a read no more than a fiftieth of one.
 */
export function batchFor(max: number): number {
  return Math.min(50, Math.max(1, Math.floor(max / 100)));
}

export class SharedCounts {
  private readonly tallies = new Map<string, Tally>();
  private readonly now: () => number;
  private sweepAt = SWEEP_AT;
  /** When this node last removed the ended windows' rows. */
  private prunedAt = 0;

  constructor(private readonly o: SharedCountsOptions) {
    this.now = o.now ?? Date.now;
  }

  /** Counts one request of `key`; resolves with the requests in its window so far and the ms left of it. */
  async incr(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const now = this.now();
    let tally = this.tallies.get(key);
    const fresh = tally === undefined || tally.windowStart + windowMs <= now;
    if (tally === undefined || fresh) {
      tally = { windowStart: now, shared: 0, pending: 0, due: this.o.batch, adding: undefined };
      this.remember(key, tally, windowMs, now);
    }
    tally.pending++;
    if (fresh || tally.pending >= tally.due) await this.addBatch(key, tally, windowMs);
    return { current: tally.shared + tally.pending, ttl: Math.max(0, tally.windowStart + windowMs - this.now()) };
  }

  /** Adds every count still pending here to the shared rows: the service is closing. */
  async flush(windowMs: number): Promise<void> {
    const now = this.now();
    const live = [...this.tallies].filter(([, t]) => t.pending > 0 && t.windowStart + windowMs > now);
    await Promise.all(live.map(([key, tally]) => this.addBatch(key, tally, windowMs)));
  }

  /** The adapter @fastify/rate-limit builds (`new store(options)`) over these counts. */
  storeClass(): FastifyRateLimitStoreCtor {
    const count = (key: string, windowMs: number) => this.incr(key, windowMs);
    return class implements FastifyRateLimitStore {
      incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
        count(key, timeWindow).then(
          (result) => callback(null, result),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      }

      child(): FastifyRateLimitStore {
        return this;
      }
    };
  }

  private addBatch(key: string, tally: Tally, windowMs: number): Promise<void> {
    const next = (tally.adding ?? Promise.resolve()).then(() => this.addPending(key, tally, windowMs));
    tally.adding = next;
    return next;
  }

  /**
   * Never fails the request: with the database out of reach the node counts alone, and tries
   * again a batch later with all it holds, not at every request.
   */
  private async addPending(key: string, tally: Tally, windowMs: number): Promise<void> {
    const count = tally.pending;
    if (count === 0) return;
    // Requests counted while the batch is on its way stay pending, for the next one.
    tally.pending -= count;
    const now = this.now();
    try {
      const total = await this.o.table().add(key, count, tally.windowStart, now - windowMs);
      tally.shared = total.count;
      tally.windowStart = total.windowStart;
      tally.due = this.o.batch;
    } catch (err) {
      tally.pending += count;
      tally.due = tally.pending + this.o.batch;
      this.o.log.warn({ err, key }, 'rate limit: the shared count could not be updated; this node counts alone until it can');
      return;
    }
    if (now - this.prunedAt >= windowMs) await this.prune(now, windowMs);
  }

  private async prune(now: number, windowMs: number): Promise<void> {
    this.prunedAt = now;
    try {
      await this.o.table().prune(now - windowMs);
    } catch (err) {
      this.o.log.warn({ err }, 'rate limit: removing ended windows failed; the next window tries again');
    }
  }

  private remember(key: string, tally: Tally, windowMs: number, now: number): void {
    this.tallies.set(key, tally);
    if (this.tallies.size < this.sweepAt) return;
    for (const [k, t] of this.tallies) if (t.windowStart + windowMs <= now) this.tallies.delete(k);
    this.sweepAt = Math.max(SWEEP_AT, 2 * this.tallies.size);
  }
}
