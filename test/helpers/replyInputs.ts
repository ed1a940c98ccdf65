/**
 * The tables whose writes move the reply cache's generation on SQLite: those the triggers updating
 * `reply_generation` are on (migration 0019), read from the schema so that the tests follow it.
 * PostgreSQL's triggers (0011_reply_generation) must cover the same tables, tenant by tenant.
 */
import type { Db } from '../../main/store/db.ts';

export function sqliteReplyInputs(db: Db): string[] {
  const rows = db.prepare<[], { tbl_name: string }>("SELECT DISTINCT tbl_name FROM sqlite_schema WHERE type = 'trigger' AND sql LIKE '%UPDATE reply_generation%'").all();
  return rows.map((r) => r.tbl_name).sort();
}
