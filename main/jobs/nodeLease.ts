/**
 * This node's hold on the queue rows it works (jobs, tasks, webhook deliveries): a claim holds a
 * row for `ms`, and the node renews it every third of that while the work runs, so a node that
 * lives keeps its rows through two missed renewals, and a node that dies (kill -9, a lost host)
 * lets them go `ms` after its last renewal, when any node may claim them.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { stderrLogger, type Logger } from '../platform/log/logger.ts';
import type { Lease } from '../store/async/repos/leases.ts';

export class NodeLease {
  constructor(
    /** Names the node in `lease_owner`: host and pid for whoever reads the table, and a random part, unique per process. */
    readonly owner: string,
    readonly ms: number,
  ) {}

  static ofThisProcess(ms: number): NodeLease {
    return new NodeLease(`${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`, ms);
  }

  /** A claim's lease, from `now`. */
  from(now = Date.now()): Lease {
    return { owner: this.owner, until: now + this.ms };
  }

  /**
   * Calls `renew` every third of the lease until the returned function is called. A renewal that
   * fails is logged: the next one tries again, and the lease holds through two failures.
   */
  renewing(renew: () => Promise<void>, log: Logger = stderrLogger('error')): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      renew()
        .catch((err: unknown) => log.error({ err }, 'lease: renewing failed'))
        .finally(() => (running = false));
    }, Math.max(1, Math.floor(this.ms / 3)));
    timer.unref();
    return () => clearInterval(timer);
  }
}
