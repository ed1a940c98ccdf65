/**
 * Whether the service is busy taking in bytes: the uploads' routes say so (route config
 * `bulkWrite`), and background jobs make way while they come (main/jobs/runner.ts). Busy while
 * such a request is in flight, and for a short while after the last one. A request whose end is
 * never seen (a bug, a hook that did not run) cannot keep the service busy for good: past a
 * limit without any bulk request starting or ending, it counts as quiet anyway.
 */
import type { Foreground } from '../jobs/runner.ts';

/** How long after the last bulk write, started or answered, the service still counts as busy. */
export const QUIET_AFTER_MS = 300;
/** The longest the service counts as busy with requests in flight and none starting or ending. */
export const IN_FLIGHT_LIMIT_MS = 60_000;

export class BulkWrites implements Foreground {
  private lastAt = Number.NEGATIVE_INFINITY;
  private readonly inFlight = new Set<object>();

  begin(request: object, now = Date.now()): void {
    this.inFlight.add(request);
    this.lastAt = now;
  }

  /** The request was answered or abandoned; ending it twice changes nothing. */
  end(request: object, now = Date.now()): void {
    if (this.inFlight.delete(request)) this.lastAt = now;
  }

  quietAt(): number {
    return this.lastAt + (this.inFlight.size > 0 ? IN_FLIGHT_LIMIT_MS : QUIET_AFTER_MS);
  }
}
