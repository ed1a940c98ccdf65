/**
 * Moves WAL checkpoints off the main thread. SQLite checkpoints on the committing connection once
 * the WAL passes 1,000 pages: the commit that crosses the line copies the pages into the database
 * file and fsyncs both files, on the thread that serves requests. Under a burst of uploads that
 * was a tenth of the service's main thread (docs/sync-performance.md). A worker thread with its own
 * connection checkpoints instead; the main connection keeps a far higher threshold, so the WAL
 * stays bounded should the thread fall behind or die.
 */
import type { Worker } from 'node:worker_threads';
import { startWorkerThread, type WorkerEntry } from '../platform/workerThread.ts';
import type { CheckpointReport, CheckpointWorkerData } from './checkpointWorker.ts';
import type { Db } from './db.ts';

const ENTRY: WorkerEntry = { source: new URL('./checkpointWorker.ts', import.meta.url), bundled: new URL('./checkpointWorker.js', import.meta.url) };

/** SQLite's own default, which the main connection goes back to when the thread stops. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/** The main connection's threshold while the thread runs: about 64 MiB of 4 KiB pages. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 16_000;

export class Checkpointer {
  private readonly exited: Promise<void>;

  private constructor(
    private readonly db: Db,
    private readonly worker: Worker,
  ) {
    this.exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  }

  /** Starts checkpointing `db`'s file every `intervalMs` from a worker thread. */
  static start(db: Db, intervalMs = 250): Checkpointer {
    const worker = startWorkerThread(ENTRY, { workerData: { file: db.name, intervalMs } satisfies CheckpointWorkerData });
    worker.on('message', (report: CheckpointReport) => console.error(`checkpoint thread: ${report.error}`));
    worker.on('error', (err) => {
      console.error('checkpoint thread died; the main connection checkpoints from now on:', err);
      db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
    });
    db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    return new Checkpointer(db, worker);
  }

  /** Stops the thread and hands checkpoints back to the main connection. */
  async stop(): Promise<void> {
    this.worker.postMessage('stop');
    await this.exited;
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  }
}
