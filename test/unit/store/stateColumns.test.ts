/**
 * Sync migration 0004: a pair's state leaves the "<kind>: <message>" string for two columns, and
 * every spelling the engine and the desktop wrote arrives as the state it meant.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/store/db.ts';
import { SYNC_MIGRATIONS } from '../../../main/store/sync/syncMigrations.ts';

const upTo = (version: number) => SYNC_MIGRATIONS.filter((m) => m.version <= version);

describe('sync migration 0004 (state columns)', () => {
  it('moves each old state string to its kind and message', () => {
    const db = new Database(':memory:');
    migrate(db, upTo(3));
    const put = db.prepare("INSERT INTO pairs (pair_id, server_url, container_id, dir, state, state_reason, create_time) VALUES (?, 'http://s', 'c', ?, ?, ?, 'now')");
    const rows: [string, string, string][] = [
      ['active', 'ACTIVE', ''],
      ['paused-by-engine', 'PAUSED', 'paused: paused by the user'],
      ['paused-by-desktop', 'PAUSED', 'paused'],
      ['confirmed', 'ACTIVE', 'deletes-confirmed: deletes confirmed'],
      ['mass', 'GUARD', 'mass-delete: 15 of 20 files would be deleted; confirm to go ahead'],
      ['root', 'GUARD', 'root-missing: the folder /x is missing (an unmounted disk?); nothing is deleted until it is back'],
      ['remote', 'GUARD', 'remote-root-missing: the service folder of this pair is gone'],
      ['odd-guard', 'GUARD', 'something unforeseen'],
      ['error', 'ERROR', 'boom'],
    ];
    for (const [id, state, reason] of rows) put.run(id, `/dir/${id}`, state, reason);
    migrate(db, SYNC_MIGRATIONS);
    const after = Object.fromEntries(
      db.prepare<[], { pair_id: string; state_kind: string; state_message: string }>('SELECT pair_id, state_kind, state_message FROM pairs').all().map((r) => [r.pair_id, [r.state_kind, r.state_message]]),
    );
    expect(after).toEqual({
      active: ['active', ''],
      'paused-by-engine': ['paused', ''],
      'paused-by-desktop': ['paused', ''],
      confirmed: ['deletes-confirmed', ''],
      mass: ['mass-delete', '15 of 20 files would be deleted; confirm to go ahead'],
      root: ['root-missing', 'the folder /x is missing (an unmounted disk?); nothing is deleted until it is back'],
      remote: ['remote-root-missing', 'the service folder of this pair is gone'],
      'odd-guard': ['mass-delete', 'something unforeseen'],
      error: ['active', ''],
    });
    const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('pairs')").all().map((c) => c.name);
    expect(columns).not.toContain('state');
    expect(columns).not.toContain('state_reason');
    db.close();
  });

  it('refuses a kind the union does not have', () => {
    const db = new Database(':memory:');
    migrate(db, SYNC_MIGRATIONS);
    const put = db.prepare("INSERT INTO pairs (pair_id, server_url, container_id, dir, state_kind, create_time) VALUES ('p', 'http://s', 'c', '/d', ?, 'now')");
    expect(() => put.run('GUARD')).toThrow(/CHECK constraint failed/);
    db.close();
  });
});
