/**
 * Starts a worker thread of our own code. From the sources (tsx, vitest) a thread does not inherit
 * the TypeScript loader, so ./threadBoot.mjs registers it and then loads the TypeScript entry. In
 * the bundle (dist/node, scripts/build-main.mjs) each worker is an entry of its own, beside the
 * module that starts it. A caller names both, each as a `new URL('./…', import.meta.url)` literal,
 * which test/integration/bundle.test.ts checks against the bundle.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export interface WorkerEntry {
  /** The entry's TypeScript file. */
  source: URL;
  /** The same entry in the bundle: `<name>.js`. */
  bundled: URL;
}

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const BOOT = new URL('./threadBoot.mjs', import.meta.url);

/** `workerData` reaches the thread as it is, with `entry` added for threadBoot.mjs. */
export function startWorkerThread(entry: WorkerEntry, options: WorkerOptions & { workerData?: Record<string, unknown> } = {}): Worker {
  const workerData = { ...options.workerData, entry: entry.source.href };
  return new Worker(FROM_SOURCE ? BOOT : entry.bundled, { ...options, workerData });
}
