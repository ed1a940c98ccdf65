/**
 * Run as its own process by the migration tests, so that several processes open the same database
 * at once. It loads everything it needs, prints `ready`, and opens the database when a line
 * arrives on stdin. argv: DATA_DIR MIGRATIONS_DIR
 */
import { once } from 'node:events';
import { loadMigrations, openDatabase } from '../../main/store/db.ts';

const [dataDir, migrationsDir] = process.argv.slice(2);
if (!dataDir || !migrationsDir) throw new Error('usage: openDatabaseAt DATA_DIR MIGRATIONS_DIR');
// Loaded before the start signal, so the module cache makes every process equally quick after it.
await loadMigrations(migrationsDir);
process.stdout.write('ready\n');
await once(process.stdin, 'data');
const db = await openDatabase(dataDir, 'folio.db', migrationsDir);
db.close();
process.stdin.destroy();
