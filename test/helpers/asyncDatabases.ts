/**
 * Databases for the asynchronous store's tests: a new SQLite file, or a new database on the
 * PostgreSQL of a test cluster (./cluster.ts), each opened as often as a case needs nodes.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openAsyncPostgres, openAsyncSqlite, type AsyncDatabase, type Dialect } from '../../main/store/async/database.ts';
import type { TestCluster } from './cluster.ts';
import { tempDir } from './server.ts';

/** A client on the cluster's own database, for what the store does not offer: creating databases, reading the schema. */
export async function adminClient<T>(cluster: TestCluster, fn: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const at = new URL(cluster.db);
  const client = new pg.Client({
    host: at.hostname,
    port: Number(at.port),
    user: at.username,
    database: database ?? at.pathname.slice(1),
    password: cluster.env.PGPASSWORD,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database on the cluster, by its URL (no password in it). */
export async function newPostgresDatabase(cluster: TestCluster): Promise<{ url: string; name: string }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminClient(cluster, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(cluster.db);
  url.pathname = `/${name}`;
  return { url: url.href, name };
}

/**
 * Opens one database of the dialect; each call of the result is another connection (another node)
 * to it. A SQLite file's directory is added to `dirs`, for the caller to remove.
 */
export async function newDatabase(cluster: TestCluster, dialect: Dialect, dirs: string[]): Promise<() => Promise<AsyncDatabase>> {
  if (dialect === 'sqlite') {
    const dir = tempDir('folio-async-');
    dirs.push(dir);
    return () => openAsyncSqlite(dir);
  }
  const { url } = await newPostgresDatabase(cluster);
  return () => openAsyncPostgres(url, cluster.env.PGPASSWORD);
}

/** One statement for `TwoNodes.rawEach`: its SQL with `?` placeholders, then its arguments. */
export type RawStatement = readonly [string, ...unknown[]];

/** Two nodes on one new database, and a way in beside them. */
export interface TwoNodes {
  db: AsyncDatabase;
  /** A second node on the same database. */
  other: AsyncDatabase;
  /** The SQLite file's directory; undefined on PostgreSQL. */
  sqliteDir: string | undefined;
  /** The PostgreSQL database's name; '' on SQLite. */
  postgresName: string;
  /**
   * Runs one statement (`?` placeholders) on a connection of its own, as another process would:
   * rows of tables the store does not write yet, and the schema's own rows. Its rows when it reads.
   * SQLite's foreign keys are enforced, as the store's own connection enforces them.
   */
  raw<T>(text: string, ...args: unknown[]): Promise<T[]>;
  /** Runs statements in order on one connection of its own, as `raw` does one. */
  rawEach(statements: readonly RawStatement[]): Promise<void>;
  close(): Promise<void>;
}

/** `?` placeholders as PostgreSQL's `$n`. */
const numbered = (text: string): string => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

function sqliteStatements(dir: string, statements: readonly RawStatement[]): unknown[] {
  const conn = new Database(join(dir, 'folio.db'));
  conn.pragma('foreign_keys = ON');
  try {
    let rows: unknown[] = [];
    for (const [text, ...args] of statements) {
      const statement = conn.prepare(text);
      if (statement.reader) rows = statement.all(...args);
      else {
        statement.run(...args);
        rows = [];
      }
    }
    return rows;
  } finally {
    conn.close();
  }
}

/**
 * A new database of the dialect opened as two nodes (two connections to one SQLite file, two pools
 * on one PostgreSQL database). A SQLite file's directory is added to `dirs`, for the caller to remove.
 */
export async function twoNodes(cluster: TestCluster, dialect: Dialect, dirs: string[]): Promise<TwoNodes> {
  let sqliteDir: string | undefined;
  let postgresName = '';
  let open: () => Promise<AsyncDatabase>;
  if (dialect === 'sqlite') {
    open = await newDatabase(cluster, dialect, dirs);
    sqliteDir = dirs.at(-1);
  } else {
    const { url, name } = await newPostgresDatabase(cluster);
    postgresName = name;
    open = () => openAsyncPostgres(url, cluster.env.PGPASSWORD);
  }
  const db = await open();
  const other = await open();
  const run = async (statements: readonly RawStatement[]): Promise<unknown[]> => {
    if (sqliteDir) return sqliteStatements(sqliteDir, statements);
    return adminClient(
      cluster,
      async (c) => {
        let rows: unknown[] = [];
        for (const [text, ...args] of statements) rows = (await c.query(numbered(text), args)).rows;
        return rows;
      },
      postgresName,
    );
  };
  return {
    db,
    other,
    sqliteDir,
    postgresName,
    raw: async <T>(text: string, ...args: unknown[]) => (await run([[text, ...args]])) as T[],
    rawEach: async (statements) => {
      await run(statements);
    },
    close: async () => {
      await db.close();
      await other.close();
    },
  };
}

/**
 * Backends of this database waiting for a lock, as `holder` sees them now: inside a transaction
 * PostgreSQL shows the pg_stat_activity of its first look until told to look again.
 */
export async function lockWaiters(holder: pg.Client): Promise<number> {
  await holder.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await holder.query<{ n: number }>("SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
  return rows[0]!.n;
}
