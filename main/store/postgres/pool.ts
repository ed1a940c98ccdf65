/**
 * A connection pool to the PostgreSQL database of `--db postgres://USER@HOST:PORT/DATABASE`. The
 * password never comes from the URL: it is given apart (from PGPASSWORD), and a URL that holds one
 * is refused, so it cannot end up in a process list or a log line.
 */
import pg from 'pg';

/**
 * BIGINT columns hold epoch milliseconds and counts, well inside a double's exact integers; pg reads
 * int8 as a string by default, which would make the same query answer a string here and a number
 * on SQLite.
 */
const numbersForInt8: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export function postgresPool(url: string, password: string | undefined): pg.Pool {
  const at = new URL(url);
  if (at.protocol !== 'postgres:' && at.protocol !== 'postgresql:') throw new Error(`not a postgres:// URL: ${at.protocol}`);
  if (at.password) throw new Error('the database URL holds a password: give it in PGPASSWORD instead');
  // pg lets a connection string's fields override the others, so the URL is taken apart here.
  const pool = new pg.Pool({
    host: at.hostname,
    port: at.port ? Number(at.port) : 5432,
    user: decodeURIComponent(at.username),
    database: decodeURIComponent(at.pathname.slice(1)),
    password,
    types: numbersForInt8,
  });
  // An idle connection that the server ends (a restart, a failover, shutdown) is dropped by the pool,
  // and the next query opens another or fails with its own error; unheard, this event would end the process.
  pool.on('error', () => undefined);
  return pool;
}
