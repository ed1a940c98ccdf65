/**
 * Storage quotas per tenant, and what a tenant stores. Usage is counted on the tenant's blob rows:
 * equal content is one blob row per tenant, so it counts once, however many versions share it.
 */
import { Repository } from '../db.ts';
import { nowIso } from '../ids.ts';

export interface StoredTotals {
  /** Bytes of the tenant's distinct blobs. */
  usedBytes: number;
  /** Documents held by the tenant, the recycle bin included: their versions' blobs are still stored. */
  documentCount: number;
  versionCount: number;
}

export class QuotaRepository extends Repository {
  private readonly quotaStmt = this.db.prepare<[string], { quota_bytes: number }>('SELECT quota_bytes FROM tenant_quotas WHERE tenant_id = ?');
  private readonly usedStmt = this.db.prepare<[string], { n: number }>('SELECT COALESCE(SUM(size_bytes), 0) AS n FROM blobs WHERE tenant_id = ?');
  private readonly holdsStmt = this.db.prepare<[string, string]>('SELECT 1 FROM blobs WHERE tenant_id = ? AND content_hash = ?');
  /**
   * Declared sizes of the tenant's open, unexpired chunked uploads. A session whose expected
   * content the tenant already stores will cost nothing, so it reserves nothing.
   */
  private readonly reservedStmt = this.db.prepare<[string, number], { n: number }>(
    `SELECT COALESCE(SUM(s.total_size), 0) AS n FROM upload_sessions s
     WHERE s.tenant_id = ? AND s.status = 'OPEN' AND s.expires_at > ?
       AND NOT EXISTS (SELECT 1 FROM blobs b WHERE b.tenant_id = s.tenant_id AND b.content_hash = s.expected_hash)`,
  );

  /** The tenant's quota in bytes; 0 means none. */
  quotaOf(tenantId: string): number {
    return this.quotaStmt.get(tenantId)?.quota_bytes ?? 0;
  }

  /** Sets the quota; 0 removes it. */
  setQuota(tenantId: string, quotaBytes: number): void {
    if (quotaBytes === 0) {
      this.prepared('DELETE FROM tenant_quotas WHERE tenant_id = ?').run(tenantId);
      return;
    }
    this.prepared(
        `INSERT INTO tenant_quotas (tenant_id, quota_bytes, update_time) VALUES (?, ?, ?)
         ON CONFLICT (tenant_id) DO UPDATE SET quota_bytes = excluded.quota_bytes, update_time = excluded.update_time`,
      )
      .run(tenantId, quotaBytes, nowIso());
  }

  usedBytes(tenantId: string): number {
    return this.usedStmt.get(tenantId)?.n ?? 0;
  }

  reservedBytes(tenantId: string, now: number): number {
    return this.reservedStmt.get(tenantId, now)?.n ?? 0;
  }

  /** True when the tenant already stores this content. */
  holds(tenantId: string, contentHash: string): boolean {
    return contentHash !== '' && this.holdsStmt.get(tenantId, contentHash) !== undefined;
  }

  totals(tenantId: string): StoredTotals {
    const documentCount = this.prepared<[string], { n: number }>('SELECT COUNT(*) AS n FROM documents WHERE tenant_id = ?').get(tenantId)?.n ?? 0;
    const versionCount = this.prepared<[string], { n: number }>('SELECT COUNT(*) AS n FROM versions WHERE tenant_id = ?').get(tenantId)?.n ?? 0;
    return { usedBytes: this.usedBytes(tenantId), documentCount, versionCount };
  }
}
