/**
 * Run as its own process by the leadership tests: one node of a store trying to lead it, as
 * `folio serve` does (main/store/leadership.ts), with nothing else in the way. It prints its log
 * lines (JSON) on stdout, then `leading true|false` once its first try is over; on SIGTERM it
 * gives the lead up, prints `released` and exits 0.
 * argv: sqlite DATA_DIR LEASE_MS | postgres URL LEASE_MS (the password in PGPASSWORD).
 */
import pino from 'pino';
import { NodeLease } from '../../main/jobs/nodeLease.ts';
import { openAsyncPostgres, openAsyncSqlite } from '../../main/store/async/database.ts';
import { DatabaseLeadership } from '../../main/store/leadership.ts';

const [dialect, where, leaseMs] = process.argv.slice(2);
if ((dialect !== 'sqlite' && dialect !== 'postgres') || !where || !leaseMs) throw new Error('usage: leaderNode sqlite|postgres DATA_DIR|URL LEASE_MS');
const db = dialect === 'sqlite' ? await openAsyncSqlite(where) : await openAsyncPostgres(where, process.env.PGPASSWORD);
const log = pino({ level: 'info' }, pino.destination({ dest: 1, sync: true }));
const lead = new DatabaseLeadership(db, NodeLease.ofThisProcess(Number(leaseMs)), log);
process.once('SIGTERM', () => {
  void lead
    .release()
    .then(() => db.close())
    .then(() => {
      process.stdout.write('released\n');
      process.exit(0);
    });
});
await lead.start();
process.stdout.write(`leading ${lead.leading}\n`);
// The event loop would otherwise end with nothing left but the lead's unref'd timer.
setInterval(() => undefined, 1 << 30);
