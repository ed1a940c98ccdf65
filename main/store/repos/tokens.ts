/** Issued tokens, stored only as SHA-256 hashes: a leaked database yields no usable token. */
import { Repository } from '../db.ts';
import { nowIso } from '../ids.ts';

export type TokenKind = 'access' | 'refresh' | 'user' | 'user_refresh';

export interface TokenRecord {
  kind: TokenKind;
  tenantId: string;
  clientId: string;
  userId: string | null;
  expiresAt: number;
}

interface TokenRow {
  kind: TokenKind;
  tenant_id: string;
  client_id: string;
  user_id: string | null;
  expires_at: number;
}

export class TokenRepository extends Repository {

  private readonly findStmt = this.db.prepare<[string], TokenRow>(
    'SELECT kind, tenant_id, client_id, user_id, expires_at FROM tokens WHERE token_hash = ?',
  );

  insert(tokenHash: string, record: TokenRecord): void {
    this.prepared('INSERT INTO tokens (token_hash, kind, tenant_id, client_id, user_id, expires_at, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(tokenHash, record.kind, record.tenantId, record.clientId, record.userId, record.expiresAt, nowIso());
  }

  find(tokenHash: string): TokenRecord | undefined {
    const row = this.findStmt.get(tokenHash);
    return (
      row && { kind: row.kind, tenantId: row.tenant_id, clientId: row.client_id, userId: row.user_id, expiresAt: row.expires_at }
    );
  }

  /** Removes a token and reports whether it was there: a refresh token is spent exactly once. */
  consume(tokenHash: string): boolean {
    return this.prepared('DELETE FROM tokens WHERE token_hash = ?').run(tokenHash).changes === 1;
  }

  deleteExpired(now: number): number {
    return this.prepared('DELETE FROM tokens WHERE expires_at < ?').run(now).changes;
  }
}
