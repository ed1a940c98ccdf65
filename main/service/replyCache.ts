/**
 * A node's memory of read replies, exact by construction (docs/architecture.md, "The reply cache").
 * Every entry belongs to one generation of the database (`Database.generation`), which moves with
 * every write to a table these replies read, made by any process; an entry is served only while the
 * database is still at the generation it was read at, so a reply is never older than the last write
 * of what it says. A reply kept here reads only those tables (migration 0019 lists them). The caller's token is
 * checked before a handler runs, on every request, whether its reply is then remembered or not.
 */
import type { Database } from '../store/repositories.ts';
import type { RequestContext } from './context.ts';

/**
 * The key of a reply to the tenant's application (APP_ONLY) for `request`, or undefined for a
 * user's: what a user may read also depends on the clock (a share grant lapses at its expiresAt,
 * and nothing is written then), so no generation can tell when a user's reply went stale.
 */
export function applicationKey(ctx: RequestContext, ...request: readonly (string | number)[]): string | undefined {
  return ctx.userId === null ? JSON.stringify([ctx.tenantId, ctx.clientId, ...request]) : undefined;
}

export class ReplyCache<T> {
  /** The generation every entry was read at; a new one empties the cache. */
  private generation: string | undefined;
  private readonly replies = new Map<string, T>();

  constructor(
    private readonly database: Pick<Database, 'generation'>,
    /** How many replies it holds; past that the oldest goes first. */
    private readonly capacity: number,
  ) {}

  /**
   * The reply remembered under `key`, or the one `read` gives, remembered. The generation is read
   * before `read` starts, so whatever `read` sees is at that generation or later, and any later
   * write leaves the entry unreachable. A reply is not remembered when a request saw a newer
   * generation while `read` ran, nor when no generation can be told (a transaction is open), nor
   * without a key.
   */
  async through(key: string | undefined, read: () => Promise<T>): Promise<T> {
    if (key === undefined) return read();
    const generation = this.database.generation();
    if (generation === undefined) return read();
    if (generation !== this.generation) {
      this.replies.clear();
      this.generation = generation;
    }
    const known = this.replies.get(key);
    if (known !== undefined) return known;
    const reply = await read();
    if (this.generation === generation) this.remember(key, reply);
    return reply;
  }

  private remember(key: string, reply: T): void {
    if (this.replies.size >= this.capacity) {
      const oldest = this.replies.keys().next();
      if (!oldest.done) this.replies.delete(oldest.value);
    }
    this.replies.set(key, reply);
  }
}
