/** Authorization codes of the browser sign-in (RFC 6749 §4.1), stored only as SHA-256 hashes. */
import { Repository } from '../db.ts';
import { nowIso } from '../ids.ts';

export interface AuthorizationCodeRecord {
  tenantId: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  /** The PKCE S256 challenge: base64url(SHA-256(code_verifier)). */
  codeChallenge: string;
  expiresAt: number;
}

interface CodeRow {
  tenant_id: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  code_challenge: string;
  expires_at: number;
}

export class AuthorizationCodeRepository extends Repository {
  insert(codeHash: string, r: AuthorizationCodeRecord): void {
    this.prepared('INSERT INTO authorization_codes (code_hash, tenant_id, client_id, user_id, redirect_uri, code_challenge, expires_at, create_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(codeHash, r.tenantId, r.clientId, r.userId, r.redirectUri, r.codeChallenge, r.expiresAt, nowIso());
  }

  /** Removes the code and returns what it was bound to: whatever happens next, a code works once. */
  take(codeHash: string): AuthorizationCodeRecord | undefined {
    const row = this.prepared<[string], CodeRow>('DELETE FROM authorization_codes WHERE code_hash = ? RETURNING tenant_id, client_id, user_id, redirect_uri, code_challenge, expires_at').get(codeHash);
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

  deleteExpired(now: number): number {
    return this.prepared('DELETE FROM authorization_codes WHERE expires_at < ?').run(now).changes;
  }
}
