/**
 * How far V8 lets the heap grow past what survived its last full collection. By default it
 * chooses a factor of up to 4 from how fast it collects against how fast the program allocates,
 * and a sync pass allocates fast: a first sync of 100,000 files lets the old generation reach
 * several times its live set before collecting it (docs/sync-performance.md, "Memory, session 13").
 * A fixed, lower factor holds that peak down at the cost of more frequent full collections; the
 * figure is the one measured there against CPU and RSS.
 */
import { setFlagsFromString } from 'node:v8';

/** Percent the old generation may grow past its live set before the next full collection. */
export const SYNC_HEAP_GROWING_PERCENT = 50;

/** Applies to the whole process from the next collection on: for processes that run sync passes. */
export function boundHeapGrowth(percent = SYNC_HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
