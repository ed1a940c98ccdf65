/**
 * A node that writes the change feed, as a worker thread with its own connection (SQLite) or pool
 * (PostgreSQL): it commits `units` units of work, each recording one to three changes of `tenantId`
 * named `<node>-<unit>-<n>`, and rolls back every fifth after recording its changes. It answers with
 * the names of the changes that committed. On SQLite a thread of its own is what lets two nodes
 * wait for the write lock at once, as two processes do.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openAsyncPostgres, openAsyncSqlite, type AsyncDatabase } from '../../main/store/async/database.ts';

export interface ChangeWriterJob {
  node: string;
  tenantId: string;
  units: number;
  /** A SQLite data directory, or a PostgreSQL URL. */
  sqliteDir?: string;
  postgresUrl?: string;
  password?: string;
}

class RolledBack extends Error {}

async function write(job: ChangeWriterJob): Promise<string[]> {
  const db: AsyncDatabase = job.sqliteDir ? await openAsyncSqlite(job.sqliteDir) : await openAsyncPostgres(job.postgresUrl ?? '', job.password);
  const committed: string[] = [];
  try {
    for (let u = 0; u < job.units; u++) {
      const names = Array.from({ length: 1 + (u % 3) }, (_, n) => `${job.node}-${u}-${n}`);
      try {
        await db.transaction(async (tx) => {
          for (const name of names) tx.changes.record({ tenantId: job.tenantId, op: 'update', kind: 'document', id: name, parentId: 'p', name, deleted: false });
          if (u % 5 === 4) throw new RolledBack();
        });
        committed.push(...names);
      } catch (err) {
        if (!(err instanceof RolledBack)) throw err;
      }
    }
  } finally {
    await db.close();
  }
  return committed;
}

const job = (workerData as { job: ChangeWriterJob }).job;
parentPort?.postMessage(await write(job));
