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

/** Tokens remembered at most; past it the memory starts again, as after a token removed elsewhere. */
const KNOWN_TOKENS = 10_000;

/**
 * Tokens found, by hash: every request looks its token up. A token leaves when this connection
 * removes it (forget, forgetExpired), and all of them when the tokens' generation moved (migration
 * 0023: every token changed or removed, by any connection or process, moves its row), since that
 * write may have removed any. A new token moves nothing: it is not here until it is found. The
 * generation also counts this connection's units of work that failed: one that removed a token
 * moved the row, and its ROLLBACK moves it back, so the row alone could come back to a number the
 * memory holds tokens under, after another removal.
 * Expiry is the caller's to check on each use, from expiresAt.
 */
export class TokenMemory {
  private readonly known = new Map<string, TokenRecord>();
  private knownAt: string | undefined;

  constructor(private readonly generation: () => string) {}

  /** The tokens' generation now, for a lookup whose request has not read it (Store.marks). */
  now(): string {
    return this.generation();
  }

  /** The token remembered under `tokenHash`, for a request that read the tokens' generation `at`. */
  get(tokenHash: string, at: string): TokenRecord | undefined {
    if (at !== this.knownAt || this.known.size >= KNOWN_TOKENS) {
      this.known.clear();
      this.knownAt = at;
    }
    return this.known.get(tokenHash);
  }

  /**
   * Remembers a token found in the database by a lookup that read the generation `at` before it.
   * Not once the memory has moved on: the token may have been removed since it was read, and the
   * memory's generation already past that removal.
   */
  remember(tokenHash: string, record: TokenRecord, at: string): void {
    if (at === this.knownAt) this.known.set(tokenHash, record);
  }

  forget(tokenHash: string): void {
    this.known.delete(tokenHash);
  }

  forgetExpired(now: number): void {
    for (const [hash, record] of this.known) if (record.expiresAt < now) this.known.delete(hash);
  }
}
