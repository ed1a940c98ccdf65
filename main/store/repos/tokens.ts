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

/** Tokens remembered at most; past it the memory starts again, as after a write elsewhere. */
const KNOWN_TOKENS = 10_000;

export class TokenRepository extends Repository {

  private readonly findStmt = this.db.prepare<[string], TokenRow>(
    'SELECT kind, tenant_id, client_id, user_id, expires_at FROM tokens WHERE token_hash = ?',
  );
  private readonly dataVersionStmt = this.db.prepare<[], number>('PRAGMA data_version').pluck();
  /**
   * Tokens found, by hash: every request looks its token up. A token leaves when this connection
   * removes it (consume, deleteExpired), and all of them when another connection has committed
   * (PRAGMA data_version moved), since that one may have removed any. Expiry is the caller's to
   * check on each use, from expiresAt.
   */
  private readonly known = new Map<string, TokenRecord>();
  private knownAtVersion = -1;

  insert(tokenHash: string, record: TokenRecord): void {
    this.prepared('INSERT INTO tokens (token_hash, kind, tenant_id, client_id, user_id, expires_at, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(tokenHash, record.kind, record.tenantId, record.clientId, record.userId, record.expiresAt, nowIso());
  }

  find(tokenHash: string): TokenRecord | undefined {
    const version = this.dataVersionStmt.get() as number;
    if (version !== this.knownAtVersion || this.known.size >= KNOWN_TOKENS) {
      this.known.clear();
      this.knownAtVersion = version;
    }
    const known = this.known.get(tokenHash);
    if (known) return known;
    const row = this.findStmt.get(tokenHash);
    if (!row) return undefined;
    const record = { kind: row.kind, tenantId: row.tenant_id, clientId: row.client_id, userId: row.user_id, expiresAt: row.expires_at };
    this.known.set(tokenHash, record);
    return record;
  }

  /** Removes a token and reports whether it was there: a refresh token is spent exactly once. */
  consume(tokenHash: string): boolean {
    this.known.delete(tokenHash);
    return this.prepared('DELETE FROM tokens WHERE token_hash = ?').run(tokenHash).changes === 1;
  }

  deleteExpired(now: number): number {
    for (const [hash, record] of this.known) if (record.expiresAt < now) this.known.delete(hash);
    return this.prepared('DELETE FROM tokens WHERE expires_at < ?').run(now).changes;
  }
}
