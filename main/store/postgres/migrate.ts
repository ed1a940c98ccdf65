/**
 * Brings a PostgreSQL database's schema up to date: each migration in its own transaction, recorded
 * in schema_migrations within it, in number order, once.
 */
import type pg from 'pg';
import type { Migration } from '../migrationFiles.ts';

/**
 * Every node that starts on a new database migrates it. The transaction-level advisory lock makes
 * the second wait for the first and then find the migration recorded: the check and the migration
 * are one critical section, and the lock ends with the transaction, also when a node dies in it.
 */
const MIGRATION_LOCK = "hashtext('folio.schema_migrations')";

export async function migratePostgres(pool: pg.Pool, migrations: readonly Migration[]): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    for (const m of migrations) {
      await client.query('BEGIN');
      try {
        await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
        await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
        const applied = await client.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
        if (applied.rowCount === 0) {
          await client.query(m.up);
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, new Date().toISOString()]);
        }
        await client.query('COMMIT');
      } catch (err) {
        // The migration's own error is the one to report; a connection that cannot even roll back is dropped, not pooled.
        await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
          broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
        });
        throw err;
      }
    }
  } finally {
    client.release(broken);
  }
}
