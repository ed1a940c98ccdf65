/** Issued tokens, stored only as SHA-256 hashes, over either database: one set of queries for both. */
import type { Kysely } from 'kysely';
import { nowIso } from '../../ids.ts';
import { toToken, type TokenMemory, type TokenRecord } from '../../repos/tokenRecords.ts';
import type { StoreSchema } from '../schema.ts';

export class AsyncTokenRepository {
  /**
   * `memory` only where the database says when another connection has committed (SQLite): on
   * PostgreSQL a token revoked on one node must fail on every other one at once.
   */
  constructor(
    private readonly q: Kysely<StoreSchema>,
    private readonly memory: TokenMemory | undefined,
  ) {}

  async insert(tokenHash: string, record: TokenRecord): Promise<void> {
    await this.q
      .insertInto('tokens')
      .values({
        token_hash: tokenHash,
        kind: record.kind,
        tenant_id: record.tenantId,
        client_id: record.clientId,
        user_id: record.userId,
        expires_at: record.expiresAt,
        create_time: nowIso(),
      })
      .execute();
  }

  async find(tokenHash: string): Promise<TokenRecord | undefined> {
    const known = this.memory?.get(tokenHash);
    if (known) return known;
    const row = await this.q
      .selectFrom('tokens')
      .select(['kind', 'tenant_id', 'client_id', 'user_id', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const record = toToken(row);
    this.memory?.remember(tokenHash, record);
    return record;
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
