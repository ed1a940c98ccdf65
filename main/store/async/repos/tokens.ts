/** Issued tokens, stored only as SHA-256 hashes, over either database: one set of queries for both. */
import type { Kysely } from 'kysely';
import { nowIso } from '../../ids.ts';
import { toToken, type TokenMemory, type TokenRecord } from '../../repos/tokenRecords.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { StoreSchema } from '../schema.ts';

// Every request looks its token up, and every sign-in writes two.
const insertToken = compiledOnce(
  (q: Kysely<StoreSchema>, tokenHash: string, kind: TokenRecord['kind'], tenantId: string, clientId: string, userId: string | null, expiresAt: number, createTime: string) =>
    q.insertInto('tokens').values({ token_hash: tokenHash, kind, tenant_id: tenantId, client_id: clientId, user_id: userId, expires_at: expiresAt, create_time: createTime }),
);
const findToken = compiledOnce((q: Kysely<StoreSchema>, tokenHash: string) =>
  q.selectFrom('tokens').select(['kind', 'tenant_id', 'client_id', 'user_id', 'expires_at']).where('token_hash', '=', tokenHash),
);

export class AsyncTokenRepository {
  /**
   * `memory` only where a row says when any token was changed or removed (SQLite's tokens'
   * generation, migration 0023): on PostgreSQL a token revoked on one node must fail on every other
   * one at once.
   */
  constructor(
    private readonly q: Kysely<StoreSchema>,
    private readonly memory: TokenMemory | undefined,
  ) {}

  async insert(tokenHash: string, record: TokenRecord): Promise<void> {
    await insertToken.run(this.q, tokenHash, record.kind, record.tenantId, record.clientId, record.userId, record.expiresAt, nowIso());
  }

  /**
   * The token stored under `tokenHash`. `seen`: the tokens' generation as the caller's request read
   * it (Store.marks), so the memory asks nothing more of the database on a hit.
   */
  async find(tokenHash: string, seen?: string): Promise<TokenRecord | undefined> {
    const memory = this.memory;
    if (!memory) return this.read(tokenHash);
    const at = seen ?? memory.now();
    const known = memory.get(tokenHash, at);
    if (known) return known;
    const record = await this.read(tokenHash);
    if (record) memory.remember(tokenHash, record, at);
    return record;
  }

  private async read(tokenHash: string): Promise<TokenRecord | undefined> {
    const [row] = (await findToken.run(this.q, tokenHash)).rows;
    return row && toToken(row);
  }

  /** Removes a token and reports whether it was there: a refresh token is spent exactly once, on any node. */
  async consume(tokenHash: string): Promise<boolean> {
    this.memory?.forget(tokenHash);
    const result = await this.q.deleteFrom('tokens').where('token_hash', '=', tokenHash).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  async deleteExpired(now: number): Promise<number> {
    this.memory?.forgetExpired(now);
    const result = await this.q.deleteFrom('tokens').where('expires_at', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
