/**
 * The better-sqlite3 connection as Kysely's SQLite dialect is handed it, with one prepared statement
 * kept per SQL text. The dialect prepares every query it runs, and preparing costs more than
 * running most of the store's statements (the same reason as `Repository.prepared`).
 */
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type { Db } from '../db.ts';

/** Distinct SQL texts kept at most: a query with an IN list of every length would otherwise grow it without end. */
const KEPT_STATEMENTS = 2_000;

/**
 * Kysely runs a statement by `all` or `run`, which finish before they return, so one statement can
 * serve every caller; only `.stream()` iterates, and the store's repositories never stream (on a
 * statement still being iterated better-sqlite3 throws rather than mixing two queries).
 */
export function cachingStatements(db: Db): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= KEPT_STATEMENTS) statements.clear();
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close(): void {
      db.close();
    },
  };
}
