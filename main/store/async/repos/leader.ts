/**
 * The lead of the nodes on one store (main/store/leadership.ts), over either database: one row,
 * taken or renewed with one conditional upsert, so that of two nodes trying at once exactly one
 * gets it: the row's lock (PostgreSQL) or the write lock (SQLite) orders them, and the second
 * finds the first's lease, still running, in the row.
 */
import type { Kysely } from 'kysely';
import { compiledOnce } from '../compiledOnce.ts';
import type { StoreSchema } from '../schema.ts';
import type { Lease } from './leases.ts';

const ROW = 1;

const take = compiledOnce((q: Kysely<StoreSchema>, owner: string, until: number, now: number) =>
  q
    .insertInto('leader_lease')
    .values({ id: ROW, owner, lease_until: until })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({ owner: eb.ref('excluded.owner'), lease_until: eb.ref('excluded.lease_until') }))
        .where((eb) => eb.or([eb('leader_lease.owner', '=', eb.ref('excluded.owner')), eb('leader_lease.lease_until', '<', now)])),
    )
    .returning('owner'),
);

export class AsyncLeaderRepository {
  constructor(private readonly q: Kysely<StoreSchema>) {}

  /**
   * Takes the lead under `lease`, or renews it when `lease.owner` already holds it: true then.
   * False while another owner's lease runs past `now`.
   */
  async take(lease: Lease, now = Date.now()): Promise<boolean> {
    return (await take.run(this.q, lease.owner, lease.until, now)).rows.length > 0;
  }

  /** Gives the lead up at once, if `owner` holds it: the next node that tries takes it. */
  async release(owner: string): Promise<void> {
    await this.q.updateTable('leader_lease').set({ lease_until: 0 }).where('id', '=', ROW).where('owner', '=', owner).execute();
  }

  /** Who holds the lead, and until when; undefined before anybody has led. */
  async holder(): Promise<Lease | undefined> {
    const row = await this.q.selectFrom('leader_lease').select(['owner', 'lease_until']).where('id', '=', ROW).executeTakeFirst();
    return row && { owner: row.owner, until: row.lease_until };
  }
}
