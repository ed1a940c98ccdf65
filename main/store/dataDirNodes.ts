/**
 * Whether a `folio serve` is alone on its data directory. Every process holds a shared lock on
 * DATA/nodes.lock for as long as it lives, taken with SQLite's own file locking (an open read
 * transaction on a file of its own); the operating system drops it when the process ends in any
 * way, kill -9 included. A process that starts first tries for the exclusive lock: it gets it only
 * when no other process is on the directory, and then does what only a process alone may do (take
 * back the leases of the processes that died, main/service/takeBackLeases.ts) before it shares the
 * lock like the rest. No process can begin work under a shared lock meanwhile, so nothing it
 * claims is taken back.
 *
 * This knows only of processes on one host and one data directory: nodes on several hosts share a
 * database, not this file, and leave their dead leases to run out.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';

const LOCK_FILE = 'nodes.lock';
/** How long a starting process waits for another's exclusive time (a few UPDATEs) before it gives up. */
const SHARE_WAIT_MS = 60_000;

export class DataDirNodes {
  private constructor(
    private readonly db: Database.Database,
    /** Whether this process found itself alone on the directory when it joined. */
    readonly wasAlone: boolean,
  ) {}

  /**
   * Joins the processes on `dataDir`: runs `whileAlone` first, holding the exclusive lock, when no
   * other process is on it; then holds the shared lock until leave().
   */
  static async join(dataDir: string, whileAlone: () => Promise<void>): Promise<DataDirNodes> {
    const db = new Database(join(dataDir, LOCK_FILE));
    try {
      db.pragma('busy_timeout = 0');
      const alone = tryExclusive(db);
      if (alone) {
        try {
          // A table to read: a read of an empty file would take no lock.
          db.exec('CREATE TABLE IF NOT EXISTS nodes (n INTEGER)');
          await whileAlone();
        } finally {
          db.exec('COMMIT');
        }
      }
      db.pragma(`busy_timeout = ${SHARE_WAIT_MS}`);
      db.exec('BEGIN');
      db.prepare('SELECT count(*) FROM sqlite_schema').get();
      return new DataDirNodes(db, alone);
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /** Lets go of the lock: call it last, once this process has given back its leases. */
  leave(): void {
    if (this.db.open) this.db.close();
  }
}

function tryExclusive(db: Database.Database): boolean {
  try {
    db.exec('BEGIN EXCLUSIVE');
    return true;
  } catch (err) {
    if (err instanceof Database.SqliteError && (err.code === 'SQLITE_BUSY' || err.code === 'SQLITE_LOCKED')) return false;
    throw err;
  }
}
