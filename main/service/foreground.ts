/**
 * Whether the service is busy taking in bytes: the uploads' routes say so (route config
 * `bulkWrite`), and background jobs make way while they come (main/jobs/runner.ts). It goes by
 * time, not by a count of requests in flight, so a request that never ends cannot leave the
 * service busy for good.
 */
import type { Foreground } from '../jobs/runner.ts';

/** How long after the last bulk write, started or answered, the service still counts as busy. */
export const QUIET_AFTER_MS = 300;

export class BulkWrites implements Foreground {
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly quietAfterMs = QUIET_AFTER_MS) {}

  touch(now = Date.now()): void {
    this.lastAt = now;
  }

  quietAt(): number {
    return this.lastAt + this.quietAfterMs;
  }
}
