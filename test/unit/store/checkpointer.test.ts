/** WAL checkpoints on a thread of their own (main/store/checkpointer.ts), on a real SQLite file. */
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkpointer, FALLBACK_AUTOCHECKPOINT_PAGES } from '../../../main/store/checkpointer.ts';
import { openDatabase, type Db } from '../../../main/store/db.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';
import { until as waitUntil } from '../../helpers/wait.ts';

const dirs: string[] = [];
const dbs: Db[] = [];

afterEach(() => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) removeDir(dir);
});

async function freshDb(): Promise<{ db: Db; file: string }> {
  const dir = tempDir('folio-checkpoint-');
  dirs.push(dir);
  const db = await openDatabase(dir, 'folio.db', []);
  dbs.push(db);
  db.exec('CREATE TABLE filler (body BLOB NOT NULL)');
  return { db, file: join(dir, 'folio.db') };
}

const until = (check: () => boolean): Promise<boolean> => waitUntil('the checkpoint thread', check);

const autocheckpoint = (db: Db) => db.pragma('wal_autocheckpoint', { simple: true });

describe('Checkpointer', () => {
  it('copies what the main connection commits into the database file, from its own thread', async () => {
    const { db, file } = await freshDb();
    const checkpoints = Checkpointer.start(db, 50);
    const before = statSync(file).size;
    // About 600 pages: under SQLite's own threshold, so only the thread can have moved them.
    const insert = db.prepare('INSERT INTO filler (body) VALUES (?)');
    for (let i = 0; i < 300; i++) db.transaction(() => insert.run(Buffer.alloc(8192, i % 256))).immediate();
    await until(() => statSync(file).size >= before + 300 * 8192);
    await checkpoints.stop();
  });

  it("raises the main connection's own threshold while it runs, and restores it when it stops", async () => {
    const { db } = await freshDb();
    expect(autocheckpoint(db)).toBe(1000);
    const checkpoints = Checkpointer.start(db, 50);
    expect(autocheckpoint(db)).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
    await checkpoints.stop();
    expect(autocheckpoint(db)).toBe(1000);
  });

  it('hands checkpoints back to the main connection when its thread dies, and still stops cleanly', async () => {
    const { db, file } = await freshDb();
    // The thread opens the store by its name, which is gone: it dies at once.
    rmSync(file);
    const checkpoints = Checkpointer.start(db, 50);
    await until(() => autocheckpoint(db) === 1000);
    await checkpoints.stop();
  });
});
