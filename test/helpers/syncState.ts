/** Reading a sync state directory's database (sync.db) from the outside, as a test checks what a process left. */
import Database from 'better-sqlite3';
import { join } from 'node:path';

/** The pair's in-sync mark (quiet restarts, docs/sync.md), or '' when none is recorded. */
export function inSyncMark(stateDir: string): string {
  const db = new Database(join(stateDir, 'sync.db'), { readonly: true });
  try {
    return (db.prepare('SELECT in_sync_with FROM pairs').pluck().get() as string | undefined) ?? '';
  } finally {
    db.close();
  }
}

/** Rows of `table` committed to disk now: what another process would read, whatever is still uncommitted here. */
export function committedRows(stateDir: string, table: 'intents' | 'outbox' | 'desktop_settings'): number {
  const db = new Database(join(stateDir, 'sync.db'), { readonly: true });
  try {
    return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  } finally {
    db.close();
  }
}
