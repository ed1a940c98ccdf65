/**
 * Whether the service is busy taking in bytes: the uploads' routes say so (route config
 * `bulkWrite`), and background jobs make way while they come (main/jobs/runner.ts). Busy while
 * such a request is in flight, and for a short while after the last one. A request whose end is
 * never seen (a bug, a hook that did not run) cannot keep the service busy for good: past a
 * limit without any bulk request starting or ending, it counts as quiet anyway.
 */
import type { Foreground } from '../jobs/runner.ts';
import type { FolioApp } from './kernel.ts';

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

/**
 * Gives the routes that bring bytes in the hooks that tell `bulkWrites` of their requests: hooks
 * of those routes only, where hooks of the app would run on every request. Call it before the
 * routes are added.
 */
export function trackBulkWrites(app: FolioApp, bulkWrites: BulkWrites): void {
  const begin = (req: object, _reply: unknown, done: () => void): void => {
    bulkWrites.begin(req);
    done();
  };
  const end = (req: object, _reply: unknown, done: () => void): void => {
    bulkWrites.end(req);
    done();
  };
  const abandoned = (req: object, done: () => void): void => {
    bulkWrites.end(req);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.bulkWrite !== true) return;
    route.onRequest = [...listOf(route.onRequest), begin];
    route.onResponse = [...listOf(route.onResponse), end];
    route.onRequestAbort = [...listOf(route.onRequestAbort), abandoned];
  });
}

function listOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
