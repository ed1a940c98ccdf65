/**
 * Opens the SQLite store and brings its schema up to date. Migrations live one per file in
 * ./migrations, named NNNN_name.ts, each exporting its SQL as `up`; they run in number order, once.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type Db = Database.Database;

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.ts$/;

export interface Migration {
  version: number;
  name: string;
  up: string;
}

/**
 * Every file in `dir` must be a migration: a misnamed file would otherwise be skipped in silence
 * and its schema change would never reach any database.
 */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for (const file of readdirSync(dir)) {
    const match = MIGRATION_FILE.exec(file);
    if (!match?.[1]) throw new Error(`${join(dir, file)}: migration files are named NNNN_name.ts (name in a-z, 0-9, _)`);
    const version = Number(match[1]);
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { up?: unknown };
    if (typeof mod.up !== 'string') throw new Error(`migration ${file} does not export its SQL as 'up'`);
    const twin = migrations.find((m) => m.version === version);
    if (twin) throw new Error(`migrations ${twin.name} and ${file} share number ${version}`);
    migrations.push({ version, name: file, up: mod.up });
  }
  return migrations.sort((a, b) => a.version - b.version);
}

export function migrate(db: Db, migrations: Migration[]): void {
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

/**
 * Opens (creating if needed) the database `file` in `dataDir`, in WAL mode so admin commands can write
 * while `serve` runs, and migrates it. A migration that fails closes the database and throws:
 * nothing runs on a half-migrated schema.
 */
export async function openDatabase(dataDir: string, file = 'folio.db', migrationsDir = MIGRATIONS_DIR): Promise<Db> {
  const migrations = await loadMigrations(migrationsDir);
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, file));
  try {
    // First, so that switching a fresh file to WAL waits for a process doing the same instead of failing.
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
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
  constructor(protected readonly db: Db) {}
}
