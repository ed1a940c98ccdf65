/** Numbered migrations (main/store/db.ts): order, once only, across processes, atomic, and named NNNN_name.ts. */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrate, openDatabase, type Db } from '../../../main/store/db.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const WORKER = resolve(import.meta.dirname, '../../helpers/openDatabaseAt.ts');
const REAL_MIGRATIONS = resolve(import.meta.dirname, '../../../main/store/migrations');
const SYNC_MIGRATIONS = resolve(import.meta.dirname, '../../../main/store/sync/migrations');

const dirs: string[] = [];
const dbs: Db[] = [];

afterEach(() => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'folio-migrations-'));
  dirs.push(dir);
  return dir;
}

/** A migrations folder holding the given files, each exporting `sql` as `up`. */
function migrationsDir(files: Record<string, string>): string {
  const dir = join(tempDir(), 'migrations');
  mkdirSync(dir);
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), `export const up = ${JSON.stringify(sql)};\n`);
  return dir;
}

/** Each test migration leaves a row here, so applying one twice shows as two rows. */
const LOG = 'CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY AUTOINCREMENT, migration TEXT NOT NULL);';
const logged = (name: string) => `INSERT INTO log (migration) VALUES ('${name}');`;
/** A process that opens `dataDir` with the migrations in `dir` when told to (test/helpers/openDatabaseAt.ts). */
function startWorker(dataDir: string, dir: string): { child: ChildProcess; ready: Promise<void>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, dataDir, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((res) => child.once('exit', res));
  const ready = new Promise<void>((res, rej) => {
    child.stdout?.once('data', () => res());
    void exited.then((code) => rej(new Error(`worker exited with ${code} before it was ready`)));
  });
  return { child, ready, exited };
}

function memoryDb(): Db {
  const db = new Database(':memory:');
  dbs.push(db);
  return db;
}

function logOf(db: Db): string[] {
  return db.prepare<[], { migration: string }>('SELECT migration FROM log ORDER BY seq').all().map((r) => r.migration);
}

function applied(db: Db): { version: number; name: string; applied_at: string }[] {
  return db.prepare<[], { version: number; name: string; applied_at: string }>('SELECT * FROM schema_migrations ORDER BY version').all();
}

describe('applying migrations', () => {
  it('applies them in number order, each once', async () => {
    // Written out of order on purpose: the order comes from the numbers, not from the directory.
    const dir = migrationsDir({
      '0010_third.ts': logged('0010'),
      '0002_second.ts': logged('0002'),
      '0001_first.ts': LOG + logged('0001'),
    });
    const migrations = await loadMigrations(dir);
    expect(migrations.map((m) => m.version)).toEqual([1, 2, 10]);
    const db = memoryDb();
    migrate(db, migrations);
    expect(logOf(db)).toEqual(['0001', '0002', '0010']);
    expect(applied(db).map((m) => [m.version, m.name])).toEqual([
      [1, '0001_first.ts'],
      [2, '0002_second.ts'],
      [10, '0010_third.ts'],
    ]);
  });

  it('applies nothing when the database is opened again', async () => {
    const dir = migrationsDir({ '0001_first.ts': LOG + logged('0001'), '0002_second.ts': logged('0002') });
    const data = tempDir();
    (await openDatabase(data, 'folio.db', dir)).close();
    const before = new Database(join(data, 'folio.db'));
    const firstRecord = applied(before);
    before.close();

    const again = await openDatabase(data, 'folio.db', dir);
    dbs.push(again);
    expect(logOf(again)).toEqual(['0001', '0002']);
    expect(applied(again)).toEqual(firstRecord);
  });

  it('applies only the new one when a migration is added later', async () => {
    const dir = migrationsDir({ '0001_first.ts': LOG + logged('0001') });
    const db = memoryDb();
    migrate(db, await loadMigrations(dir));
    writeFileSync(join(dir, '0002_later.ts'), `export const up = ${JSON.stringify(logged('0002'))};\n`);
    migrate(db, await loadMigrations(dir));
    expect(logOf(db)).toEqual(['0001', '0002']);
  });

  it('does not apply a migration twice when several processes open a new database file at once', async () => {
    const dir = migrationsDir({ '0001_first.ts': LOG + logged('0001'), '0002_second.ts': logged('0002') });
    const data = tempDir();
    const workers = Array.from({ length: 3 }, () => startWorker(data, dir));
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.child.stdin?.write('go\n');
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0, 0]);
    const db = new Database(join(data, 'folio.db'), { readonly: true });
    dbs.push(db);
    expect(logOf(db)).toEqual(['0001', '0002']);
    expect(applied(db).map((m) => m.version)).toEqual([1, 2]);
  }, HEAVY_TEST_MS);

  it('decides "already applied?" only once it holds the write lock', async () => {
    const dir = migrationsDir({ '0001_first.ts': LOG + logged('0001'), '0002_second.ts': logged('0002') });
    const data = tempDir();
    // Another writer holds the lock while the processes start: each of them must wait for it,
    // and whatever one saw as unapplied before waiting may be applied by the time it gets the lock.
    const holder = new Database(join(data, 'folio.db'));
    holder.pragma('journal_mode = WAL');
    migrate(holder, []);
    holder.exec('BEGIN IMMEDIATE');
    const workers = Array.from({ length: 3 }, () => startWorker(data, dir));
    try {
      await Promise.all(workers.map((w) => w.ready));
      for (const w of workers) w.child.stdin?.write('go\n');
      await sleep(1500);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0, 0]);
    const db = new Database(join(data, 'folio.db'), { readonly: true });
    dbs.push(db);
    expect(logOf(db)).toEqual(['0001', '0002']);
    expect(applied(db).map((m) => m.version)).toEqual([1, 2]);
  }, HEAVY_TEST_MS);

  it('waits, rather than failing, when another connection holds the lock as a new file switches to WAL', async () => {
    // Regression: switching a rollback-journal file to WAL upgrades a read lock, and SQLite
    // answers SQLITE_BUSY at once, without its busy handler, when another connection holds the
    // write lock. Several processes opening a fresh store met this; CI saw it as a flaky failure.
    const data = tempDir();
    const holder = new Database(join(data, 'folio.db'));
    dbs.push(holder);
    holder.exec('CREATE TABLE early (x INTEGER)');
    holder.exec('BEGIN IMMEDIATE');
    const released = sleep(300).then(() => holder.exec('ROLLBACK'));
    const db = await openDatabase(data, 'folio.db', []);
    dbs.push(db);
    await released;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('rolls a failing migration back entirely, records nothing for it, and stops there', async () => {
    const dir = migrationsDir({
      '0001_first.ts': LOG + logged('0001'),
      '0002_broken.ts': `CREATE TABLE half (x INTEGER); ${logged('0002')} INSERT INTO no_such_table VALUES (1);`,
      '0003_after.ts': logged('0003'),
    });
    const data = tempDir();
    await expect(openDatabase(data, 'folio.db', dir)).rejects.toThrow(/no_such_table/);
    const db = new Database(join(data, 'folio.db'));
    dbs.push(db);
    expect(logOf(db)).toEqual(['0001']);
    expect(applied(db).map((m) => m.version)).toEqual([1]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
  });
});

describe('migration files', () => {
  it.each(['0001-first.ts', '001_first.ts', '0001_First.ts', '0001_first.js', '0001_.ts', 'notes.md'])('refuses a file named %s', async (bad) => {
    const dir = migrationsDir({ '0002_fine.ts': LOG, [bad]: LOG });
    await expect(loadMigrations(dir)).rejects.toThrow(/NNNN_name\.ts/);
  });

  it('refuses two migrations with one number', async () => {
    const dir = migrationsDir({ '0001_a.ts': LOG, '0001_b.ts': LOG });
    await expect(loadMigrations(dir)).rejects.toThrow(/share number 1/);
  });

  it('refuses a migration that does not export its SQL as up', async () => {
    const dir = migrationsDir({});
    writeFileSync(join(dir, '0001_nothing.ts'), 'export const down = "";\n');
    await expect(loadMigrations(dir)).rejects.toThrow(/does not export its SQL/);
  });

  it.each([
    ['service', REAL_MIGRATIONS, 'folio.db'],
    ['sync state', SYNC_MIGRATIONS, 'sync.db'],
  ])("holds the project's own %s migrations to the same rule, and applies every one of them", async (_, dir, file) => {
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) expect(name).toMatch(/^\d{4}_[a-z0-9_]+\.ts$/);
    const migrations = await loadMigrations(dir);
    const db = await openDatabase(tempDir(), file, dir);
    dbs.push(db);
    expect(applied(db).map((m) => m.name)).toEqual(migrations.map((m) => m.name));
  });
});
