/** Issued tokens, stored only as SHA-256 hashes: a leaked database yields no usable token. */
import { Repository } from '../db.ts';
import { nowIso } from '../ids.ts';
import { TokenMemory, toToken, type TokenRecord, type TokenRow } from './tokenRecords.ts';

export class TokenRepository extends Repository {

  private readonly findStmt = this.db.prepare<[string], TokenRow>(
    'SELECT kind, tenant_id, client_id, user_id, expires_at FROM tokens WHERE token_hash = ?',
  );
  private readonly dataVersionStmt = this.db.prepare<[], number>('PRAGMA data_version').pluck();
  private readonly memory = new TokenMemory(() => this.dataVersionStmt.get() as number);

  insert(tokenHash: string, record: TokenRecord): void {
    this.prepared('INSERT INTO tokens (token_hash, kind, tenant_id, client_id, user_id, expires_at, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(tokenHash, record.kind, record.tenantId, record.clientId, record.userId, record.expiresAt, nowIso());
  }

  async find(tokenHash: string): Promise<TokenRecord | undefined> {
    const known = this.memory.get(tokenHash);
    if (known) return known;
    const row = this.findStmt.get(tokenHash);
    if (!row) return undefined;
    const record = toToken(row);
    this.memory.remember(tokenHash, record);
    return record;
  }

  /** Removes a token and reports whether it was there: a refresh token is spent exactly once. */
  consume(tokenHash: string): boolean {
    this.memory.forget(tokenHash);
    return this.prepared('DELETE FROM tokens WHERE token_hash = ?').run(tokenHash).changes === 1;
  }

  deleteExpired(now: number): number {
    this.memory.forgetExpired(now);
    return this.prepared('DELETE FROM tokens WHERE expires_at < ?').run(now).changes;
  }
}
