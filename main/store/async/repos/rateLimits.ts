/**
 * The rate limit's counts shared by every node on the database (main/service/limits/sharedCounts.ts),
 * over either database: one row per limited key, holding its current window.
 */
import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../compiledOnce.ts';
import type { StoreSchema } from '../schema.ts';

export interface SharedCount {
  /** Requests counted in the window by every node, these included. */
  count: number;
  /** When the window began (epoch ms): a node that began its own later takes this one. */
  windowStart: number;
}

// One statement, so two nodes adding at once never lose a count: the row's lock (PostgreSQL) or
// the write lock (SQLite) orders them, and each reads back the total its own addition made.
const addCount = compiledOnce((q: Kysely<StoreSchema>, key: string, count: number, windowStart: number, endedBy: number) =>
  q
    .insertInto('rate_limits')
    .values({ limit_key: key, window_start: windowStart, count })
    .onConflict((oc) =>
      oc.column('limit_key').doUpdateSet({
        count: sql<number>`CASE WHEN rate_limits.window_start <= ${endedBy} THEN excluded.count ELSE rate_limits.count + excluded.count END`,
        window_start: sql<number>`CASE WHEN rate_limits.window_start <= ${endedBy} THEN excluded.window_start ELSE rate_limits.window_start END`,
      }),
    )
    .returning(['count', 'window_start']),
);

export class AsyncRateLimitRepository {
  constructor(private readonly q: Kysely<StoreSchema>) {}

  /**
   * Adds `count` requests to `key`'s window and returns the total. A stored window that began at or
   * before `endedBy` (now minus the window's length) is over: it starts again at `windowStart`.
   */
  async add(key: string, count: number, windowStart: number, endedBy: number): Promise<SharedCount> {
    const [row] = (await addCount.run(this.q, key, count, windowStart, endedBy)).rows;
    if (!row) throw new Error(`rate limit: adding to ${key} returned no row`);
    return { count: row.count, windowStart: row.window_start };
  }

  /** Removes the windows that began at or before `endedBy`: over, and read by no node any more. */
  async prune(endedBy: number): Promise<number> {
    const result = await this.q.deleteFrom('rate_limits').where('window_start', '<=', endedBy).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
