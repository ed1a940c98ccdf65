/**
 * In-site share grants (spec §2 ShareGrant). Times are ISO 8601 UTC strings as toISOString()
 * writes them, so comparing them as text compares them in time. Status is derived, never stored.
 */
import type { PrincipalType } from '../../../shared/permissions.ts';
import type { ShareStatus } from '../../../shared/v1/access.ts';
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

export interface ShareGrantRecord {
  shareGrantId: string;
  tenantId: string;
  resourceType: 'CONTAINER' | 'DOCUMENT';
  resourceId: string;
  grantorId: string;
  granteeType: PrincipalType;
  granteeId: string;
  permissionPreset: string;
  message: string;
  expiresAt: string;
  revokedAt: string;
  status: ShareStatus;
  createTime: string;
  updateTime: string;
}

interface Row {
  share_grant_id: string;
  tenant_id: string;
  resource_type: 'CONTAINER' | 'DOCUMENT';
  resource_id: string;
  grantor_id: string;
  grantee_type: PrincipalType;
  grantee_id: string;
  permission_preset: string;
  message: string;
  expires_at: string;
  revoked_at: string;
  status: ShareStatus;
  create_time: string;
  update_time: string;
}

const toRecord = (r: Row): ShareGrantRecord => ({
  shareGrantId: r.share_grant_id,
  tenantId: r.tenant_id,
  resourceType: r.resource_type,
  resourceId: r.resource_id,
  grantorId: r.grantor_id,
  granteeType: r.grantee_type,
  granteeId: r.grantee_id,
  permissionPreset: r.permission_preset,
  message: r.message,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  status: r.status,
  createTime: r.create_time,
  updateTime: r.update_time,
});

/** The status column, derived at `?` (now). */
const STATUS = `CASE WHEN revoked_at != '' THEN 'REVOKED' WHEN expires_at != '' AND expires_at <= ? THEN 'EXPIRED' ELSE 'ACTIVE' END`;
const PRINCIPAL_IN = `(grantee_type, grantee_id) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))`;

export const SHARE_ORDER_COLUMNS = { createTime: 'create_time', updateTime: 'update_time', expiresAt: 'expires_at' } as const;

export type NewShareGrant = Pick<
  ShareGrantRecord,
  'tenantId' | 'resourceType' | 'resourceId' | 'grantorId' | 'granteeType' | 'granteeId' | 'permissionPreset' | 'message' | 'expiresAt'
>;

export interface ShareFilter {
  resource?: { type: string; id: string };
  grantorId?: string;
  /** Grants to any of these principals ([type, id] pairs). */
  grantees?: readonly (readonly [PrincipalType, string])[];
  status?: ShareStatus;
}

export interface ActiveShare {
  resourceType: 'CONTAINER' | 'DOCUMENT';
  resourceId: string;
  permissionPreset: string;
}

export class ShareGrantRepository extends Repository {

  /** Parameters: now, tenantId, shareGrantId. */
  private readonly getStmt = this.db.prepare<[string, string, string], Row>(`SELECT *, ${STATUS} AS status FROM share_grants WHERE tenant_id = ? AND share_grant_id = ?`);
  private readonly activeStmt = this.db.prepare<[string, string, string], ActiveShare>(
    `SELECT resource_type AS resourceType, resource_id AS resourceId, permission_preset AS permissionPreset FROM share_grants
     WHERE tenant_id = ? AND revoked_at = '' AND (expires_at = '' OR expires_at > ?) AND ${PRINCIPAL_IN}`,
  );

  create(input: NewShareGrant): ShareGrantRecord {
    const id = newId('shr');
    const now = nowIso();
    this.prepared(
        `INSERT INTO share_grants (share_grant_id, tenant_id, resource_type, resource_id, grantor_id, grantee_type, grantee_id, permission_preset,
           message, expires_at, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, input.tenantId, input.resourceType, input.resourceId, input.grantorId, input.granteeType, input.granteeId, input.permissionPreset, input.message, input.expiresAt, now, now);
    return this.get(input.tenantId, id) as ShareGrantRecord;
  }

  get(tenantId: string, shareGrantId: string): ShareGrantRecord | undefined {
    const row = this.getStmt.get(nowIso(), tenantId, shareGrantId);
    return row && toRecord(row);
  }

  update(tenantId: string, shareGrantId: string, patch: Pick<ShareGrantRecord, 'permissionPreset' | 'expiresAt' | 'message'>): ShareGrantRecord {
    this.prepared('UPDATE share_grants SET permission_preset = ?, expires_at = ?, message = ?, update_time = ? WHERE tenant_id = ? AND share_grant_id = ?')
      .run(patch.permissionPreset, patch.expiresAt, patch.message, nowIso(), tenantId, shareGrantId);
    return this.get(tenantId, shareGrantId) as ShareGrantRecord;
  }

  revoke(tenantId: string, shareGrantId: string): ShareGrantRecord {
    const now = nowIso();
    this.prepared("UPDATE share_grants SET revoked_at = ?, update_time = ? WHERE tenant_id = ? AND share_grant_id = ? AND revoked_at = ''")
      .run(now, now, tenantId, shareGrantId);
    return this.get(tenantId, shareGrantId) as ShareGrantRecord;
  }

  /** The live grant of this resource to this grantee, if there is one. */
  findActive(tenantId: string, resourceType: string, resourceId: string, granteeType: string, granteeId: string): ShareGrantRecord | undefined {
    const row = this.prepared<[string, string, string, string, string, string], Row>(
        `SELECT * FROM (SELECT *, ${STATUS} AS status FROM share_grants WHERE tenant_id = ? AND resource_type = ? AND resource_id = ? AND grantee_type = ? AND grantee_id = ?)
         WHERE status = 'ACTIVE' LIMIT 1`,
      )
      .get(nowIso(), tenantId, resourceType, resourceId, granteeType, granteeId);
    return row && toRecord(row);
  }

  page(
    tenantId: string,
    filter: ShareFilter,
    order: { column: keyof typeof SHARE_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): { total: number; rows: ShareGrantRecord[] } {
    const where = ['tenant_id = ?'];
    const args: string[] = [tenantId];
    if (filter.resource) {
      where.push('resource_type = ? AND resource_id = ?');
      args.push(filter.resource.type, filter.resource.id);
    }
    if (filter.grantorId !== undefined) {
      where.push('grantor_id = ?');
      args.push(filter.grantorId);
    }
    if (filter.grantees) {
      where.push(PRINCIPAL_IN);
      args.push(JSON.stringify(filter.grantees));
    }
    const inner = `SELECT *, ${STATUS} AS status FROM share_grants WHERE ${where.join(' AND ')}`;
    const outer = filter.status ? 'WHERE status = ?' : '';
    const outerArgs = filter.status ? [filter.status] : [];
    const all = [nowIso(), ...args, ...outerArgs];
    const total = this.prepared<string[], { n: number }>(`SELECT COUNT(*) AS n FROM (${inner}) ${outer}`).get(...all)?.n ?? 0;
    const rows = this.prepared<(string | number)[], Row>(
        `SELECT * FROM (${inner}) ${outer} ORDER BY ${SHARE_ORDER_COLUMNS[order.column]} ${order.asc ? 'ASC' : 'DESC'}, share_grant_id LIMIT ? OFFSET ?`,
      )
      .all(...all, limit, offset)
      .map(toRecord);
    return { total, rows };
  }

  /** What the active grants to any of these principals give, resource by resource. */
  activeFor(tenantId: string, principals: readonly (readonly [PrincipalType, string])[]): ActiveShare[] {
    return this.activeStmt.all(tenantId, nowIso(), JSON.stringify(principals));
  }

  revokeForGrantee(tenantId: string, granteeType: PrincipalType, granteeId: string): void {
    const now = nowIso();
    this.prepared("UPDATE share_grants SET revoked_at = ?, update_time = ? WHERE tenant_id = ? AND grantee_type = ? AND grantee_id = ? AND revoked_at = ''")
      .run(now, now, tenantId, granteeType, granteeId);
  }
}
