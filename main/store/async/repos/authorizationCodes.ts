/** Authorization codes of the browser sign-in (RFC 6749 §4.1), stored only as SHA-256 hashes, over either database. */
import type { Kysely } from 'kysely';
import { nowIso } from '../../ids.ts';
import type { StoreSchema } from '../schema.ts';

export interface AuthorizationCodeRecord {
  tenantId: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  /** The PKCE S256 challenge: base64url(SHA-256(code_verifier)). */
  codeChallenge: string;
  expiresAt: number;
}

export class AsyncAuthorizationCodeRepository {
  constructor(private readonly q: Kysely<StoreSchema>) {}

  async insert(codeHash: string, r: AuthorizationCodeRecord): Promise<void> {
    await this.q
      .insertInto('authorization_codes')
      .values({
        code_hash: codeHash,
        tenant_id: r.tenantId,
        client_id: r.clientId,
        user_id: r.userId,
        redirect_uri: r.redirectUri,
        code_challenge: r.codeChallenge,
        expires_at: r.expiresAt,
        create_time: nowIso(),
      })
      .execute();
  }

  /**
   * Removes the code and returns what it was bound to: whatever happens next, a code works once.
   * One statement (DELETE … RETURNING) on both databases, so two nodes cannot both take it.
   */
  async take(codeHash: string): Promise<AuthorizationCodeRecord | undefined> {
    const row = await this.q
      .deleteFrom('authorization_codes')
      .where('code_hash', '=', codeHash)
      .returning(['tenant_id', 'client_id', 'user_id', 'redirect_uri', 'code_challenge', 'expires_at'])
      .executeTakeFirst();
    return (
      row && {
        tenantId: row.tenant_id,
        clientId: row.client_id,
        userId: row.user_id,
        redirectUri: row.redirect_uri,
        codeChallenge: row.code_challenge,
        expiresAt: row.expires_at,
      }
    );
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.q.deleteFrom('authorization_codes').where('expires_at', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
