/**
 * Opens the SQLite store and brings its schema up to date. Migrations live one per file in
 * ./migrations, named NNNN_name.ts, each exporting its SQL as `up` (./migrationFiles.ts); they run
 * in number order, once. The store reads them from the registry ./serviceMigrations.ts.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { MIGRATION_FILE, migrationsFrom, type Migration, type MigrationModule } from './migrationFiles.ts';
import { SERVICE_MIGRATIONS } from './serviceMigrations.ts';

export type Db = Database.Database;

/** Loads the migrations of a folder at run time: for migrations that no registry lists (tests). */
export async function loadMigrations(dir: string): Promise<Migration[]> {
  const modules: Record<string, MigrationModule> = {};
  for (const file of readdirSync(dir).sort()) {
    // A misnamed file is not loaded: migrationsFrom refuses it by its name.
    modules[file] = MIGRATION_FILE.test(file) ? ((await import(pathToFileURL(join(dir, file)).href)) as MigrationModule) : {};
  }
  return migrationsFrom(modules, dir);
}

export function migrate(db: Db, migrations: readonly Migration[]): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const isApplied = db.prepare<[number], { version: number }>('SELECT version FROM schema_migrations WHERE version = ?');
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of migrations) {
    // Checked inside the write transaction: a second process opening the store at once must not apply it twice.
    db.transaction(() => {
      if (isApplied.get(m.version)) return;
      db.exec(m.up);
      record.run(m.version, m.name, new Date().toISOString());
    }).immediate();
  }
}

const BUSY_TIMEOUT_MS = 5000;

/**
 * Switching a rollback-journal file to WAL upgrades a read lock to the write lock, and when another
 * connection already holds the write lock SQLite answers SQLITE_BUSY at once: it skips the busy
 * handler, which could deadlock there. So several processes opening a new store at once retry it
 * here, for as long as the busy timeout would have waited.
 */
async function switchToWal(db: Db): Promise<void> {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let delayMs = 5; ; delayMs = Math.min(delayMs * 2, 100)) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if (!(err instanceof Database.SqliteError) || err.code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw err;
    }
    await sleep(delayMs);
  }
}

/**
 * Opens (creating if needed) the database `file` in `dataDir`, in WAL mode so admin commands can write
 * while `serve` runs, and migrates it with `migrations`, or those of a folder. A migration that
 * fails closes the database and throws: nothing runs on a half-migrated schema.
 */
export async function openDatabase(dataDir: string, file = 'folio.db', migrationsOrDir: readonly Migration[] | string = SERVICE_MIGRATIONS): Promise<Db> {
  const migrations = typeof migrationsOrDir === 'string' ? await loadMigrations(migrationsOrDir) : migrationsOrDir;
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, file));
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    await switchToWal(db);
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db, migrations);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/**
 * Base of every repository. Subclasses prepare their hot statements as field initialisers, which
 * run right after this constructor has set `db`.
 */
export abstract class Repository {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(protected readonly db: Db) {}

  /**
   * Runs `fn` in one read transaction (a deferred BEGIN): every statement in it sees the same
   * committed state, so a count and the page it belongs to agree. Inside a write transaction it
   * joins that one.
   */
  protected read<T>(fn: () => T): T {
    return this.db.inTransaction ? fn() : this.db.transaction(fn).deferred();
  }

  /**
   * The statement for `sql`, prepared on first use and kept: preparing costs more than running a
   * simple statement, and the write path of an upload runs a dozen of them. Only for statements
   * run in their default mode: a mode set on a shared statement (raw, pluck) would stay set.
   */
  protected prepared<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as unknown as Database.Statement<P, R>;
  }
}
