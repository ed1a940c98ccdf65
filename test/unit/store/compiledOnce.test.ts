/**
 * compiledOnce (main/store/async/compiledOnce.ts) compiles a query once and runs it with each call's
 * values, keeping the query's own constants; a query that does not place every argument is refused.
 */
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../../main/store/async/compiledOnce.ts';
import { cachingStatements } from '../../../main/store/async/statementCache.ts';
import { openDatabase } from '../../../main/store/db.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

interface Schema {
  items: { id: number; name: string; tenant: string };
}

describe('compiledOnce', () => {
  const dir = tempDir('folio-compiled-');
  let q: Kysely<Schema>;

  beforeAll(async () => {
    const db = await openDatabase(dir, 'items.db', []);
    db.exec("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, tenant TEXT NOT NULL); INSERT INTO items (name, tenant) VALUES ('a', 't1'), ('b', 't1'), ('c', 't2')");
    q = new Kysely<Schema>({ dialect: new SqliteDialect({ database: cachingStatements(db) }) });
  });

  afterAll(async () => {
    await q.destroy();
    removeDir(dir);
  });

  it("runs with each call's values, and the query's own constants", async () => {
    const firstOf = compiledOnce((k: Kysely<Schema>, tenant: string, after: number) =>
      k.selectFrom('items').select('name').where('tenant', '=', tenant).where('id', '>', after).orderBy('id').limit(1),
    );
    expect((await firstOf.run(q, 't1', 0)).rows).toEqual([{ name: 'a' }]);
    expect((await firstOf.run(q, 't1', 1)).rows).toEqual([{ name: 'b' }]);
    expect((await firstOf.run(q, 't2', 0)).rows).toEqual([{ name: 'c' }]);
    expect((await firstOf.run(q, 't2', 3)).rows).toEqual([]);
  });

  it('refuses a query that does not place every argument', async () => {
    const dropsOne = compiledOnce((k: Kysely<Schema>, tenant: string, _unused: string) => k.selectFrom('items').select('name').where('tenant', '=', tenant));
    await expect(dropsOne.run(q, 't1', 'x')).rejects.toThrow('compiledOnce: the query places 1 of its 2 arguments');
  });
});
