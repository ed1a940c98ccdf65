/**
 * The checkpoint thread (./checkpointer.ts): its own connection to the store, copying the WAL's
 * committed pages into the database file every few hundred milliseconds, fsyncs included, so the
 * main thread's commits only append to the WAL.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

export interface CheckpointWorkerData {
  file: string;
  intervalMs: number;
}

/** What the thread tells the main thread: only a failure other than a busy database. */
export interface CheckpointReport {
  error: string;
}

const port = parentPort;
if (!port) throw new Error('checkpointWorker.ts runs as a worker thread');
const { file, intervalMs } = workerData as CheckpointWorkerData;

const db = new Database(file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');

function checkpoint(): void {
  try {
    // PASSIVE never waits: pages a reader still needs stay in the WAL until the next round.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    if (err instanceof Database.SqliteError && err.code === 'SQLITE_BUSY') return;
    port?.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies CheckpointReport);
  }
}

const timer = setInterval(checkpoint, intervalMs);
port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  port.close();
});
