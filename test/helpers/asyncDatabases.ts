/**
 * Databases for the asynchronous store's tests: a new SQLite file, or a new database on the
 * PostgreSQL of a test cluster (./cluster.ts), each opened as often as a case needs nodes.
 */
import { randomBytes } from 'node:crypto';
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
