/** Issued tokens as the store hands them out, and the memory of those found lately. */

export type TokenKind = 'access' | 'refresh' | 'user' | 'user_refresh';

export interface TokenRecord {
  kind: TokenKind;
  tenantId: string;
  clientId: string;
  userId: string | null;
  expiresAt: number;
}

export interface TokenRow {
  kind: TokenKind;
  tenant_id: string;
  client_id: string;
  user_id: string | null;
  expires_at: number;
}

export const toToken = (row: TokenRow): TokenRecord => ({
  kind: row.kind,
  tenantId: row.tenant_id,
  clientId: row.client_id,
  userId: row.user_id,
  expiresAt: row.expires_at,
});

/** Tokens remembered at most; past it the memory starts again, as after a write elsewhere. */
const KNOWN_TOKENS = 10_000;

/**
 * Tokens found, by hash: every request looks its token up. A token leaves when this connection
 * removes it (forget, forgetExpired), and all of them when another connection has committed
 * (`commitsElsewhere`, SQLite's PRAGMA data_version, moved), since that one may have removed any.
 * Expiry is the caller's to check on each use, from expiresAt.
 */
export class TokenMemory {
  private readonly known = new Map<string, TokenRecord>();
  private knownAtVersion = -1;

  constructor(private readonly commitsElsewhere: () => number) {}

  get(tokenHash: string): TokenRecord | undefined {
    const version = this.commitsElsewhere();
    if (version !== this.knownAtVersion || this.known.size >= KNOWN_TOKENS) {
      this.known.clear();
      this.knownAtVersion = version;
    }
    return this.known.get(tokenHash);
  }

  remember(tokenHash: string, record: TokenRecord): void {
    this.known.set(tokenHash, record);
  }

  forget(tokenHash: string): void {
    this.known.delete(tokenHash);
  }

  forgetExpired(now: number): void {
    for (const [hash, record] of this.known) if (record.expiresAt < now) this.known.delete(hash);
  }
}
