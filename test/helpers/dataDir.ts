/**
 * Looks inside a running server's data directory, so tests can prove what was (not) written: blob
 * files, temp files, assembly files, and rows of the real SQLite store (opened read-only).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** Every file below `dir`, as paths relative to it; an absent folder has none. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

export const blobFiles = (dataDir: string) => filesUnder(join(dataDir, 'blobs'));
export const tempFiles = (dataDir: string) => filesUnder(join(dataDir, 'tmp'));
/** The assembly files of chunked uploads (not the lists of their writers beside them). */
export const assemblyFiles = (dataDir: string) => filesUnder(join(dataDir, 'uploads')).filter((f) => f.endsWith('.part'));

/** The result of one read-only query against the store of `dataDir`. */
export function queryStore<T>(dataDir: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(dataDir, 'folio.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function countRows(dataDir: string, table: string): number {
  return queryStore<{ n: number }>(dataDir, `SELECT COUNT(*) AS n FROM ${table}`)[0]?.n ?? 0;
}
