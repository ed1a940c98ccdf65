/**
 * The generation a tenant's remembered replies belong to (docs/architecture.md, "The reply cache"):
 * on SQLite the one row that every write of a reply's input moves, whichever tenant's (migration
 * 0019: SQLite's one write lock queues those writes anyway); on PostgreSQL the tenant's own row
 * (0011_reply_generation), which only writes of that tenant's inputs move, so that tenants' writes
 * never wait for each other's. Either way one read by key, compiled once: it runs per request.
 */
import type { Kysely } from 'kysely';
import { compiledOnce } from '../compiledOnce.ts';
import type { Dialect, StoreSchema } from '../schema.ts';

const oneRow = compiledOnce((q: Kysely<StoreSchema>) => q.selectFrom('reply_generation').select('n').where('id', '=', 1));
const tenantRow = compiledOnce((q: Kysely<StoreSchema>, tenantId: string) => q.selectFrom('reply_generations').select('n').where('tenant_id', '=', tenantId));

export class AsyncReplyGenerationRepository {
  constructor(
    private readonly q: Kysely<StoreSchema>,
    private readonly dialect: Dialect,
  ) {}

  /** The generation of `tenantId`'s replies: 0 on PostgreSQL until a write of its inputs commits. */
  async of(tenantId: string): Promise<number> {
    if (this.dialect === 'sqlite') return (await oneRow.run(this.q)).rows[0]?.n ?? 0;
    return (await tenantRow.run(this.q, tenantId)).rows[0]?.n ?? 0;
  }
}
