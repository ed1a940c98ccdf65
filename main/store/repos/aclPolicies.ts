/** ACL policies (spec §2 AclPolicy) and their grantees. */
import type { PrincipalType } from '../../../shared/permissions.ts';
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

export interface PolicyCondition {
  key: string;
  operator: string;
  value: unknown;
}

export interface PolicyGrantee {
  granteeType: PrincipalType;
  granteeId: string;
}

export interface AclPolicyRecord {
  policyId: string;
  tenantId: string;
  name: string;
  description: string;
  matchResourceType: string;
  matchContainerTypeIds: string[];
  matchConditions: PolicyCondition[];
  grantees: PolicyGrantee[];
  grantType: string;
  grantRole: string;
  grantPermissionMask: number;
  grantDenyMask: number;
  enabled: boolean;
  createTime: string;
  updateTime: string;
}

export type AclPolicyContent = Omit<AclPolicyRecord, 'policyId' | 'tenantId' | 'createTime' | 'updateTime'>;

interface Row {
  policy_id: string;
  tenant_id: string;
  name: string;
  description: string;
  match_resource_type: string;
  match_container_type_ids: string;
  match_conditions: string;
  grant_type: string;
  grant_role: string;
  grant_permission_mask: number;
  grant_deny_mask: number;
  enabled: number;
  create_time: string;
  update_time: string;
}

export const POLICY_ORDER_COLUMNS = { name: 'name', createTime: 'create_time', updateTime: 'update_time' } as const;

export interface PolicyFilter {
  name?: string;
  matchResourceType?: string;
  grantType?: string;
  enabled?: boolean;
}

export class AclPolicyRepository extends Repository {

  private readonly getStmt = this.db.prepare<[string, string], Row>('SELECT * FROM acl_policies WHERE tenant_id = ? AND policy_id = ?');
  private readonly granteesStmt = this.db.prepare<[string], { grantee_type: PrincipalType; grantee_id: string }>(
    'SELECT grantee_type, grantee_id FROM acl_policy_grantees WHERE policy_id = ? ORDER BY rowid',
  );
  private readonly forPrincipalsStmt = this.db.prepare<[string, string], Row>(
    `SELECT p.* FROM acl_policies p WHERE p.tenant_id = ? AND p.enabled = 1 AND EXISTS (
       SELECT 1 FROM acl_policy_grantees g JOIN json_each(?) j
         ON g.grantee_type = json_extract(j.value, '$[0]') AND g.grantee_id = json_extract(j.value, '$[1]')
       WHERE g.policy_id = p.policy_id)`,
  );

  private toRecord(r: Row): AclPolicyRecord {
    return {
      policyId: r.policy_id,
      tenantId: r.tenant_id,
      name: r.name,
      description: r.description,
      matchResourceType: r.match_resource_type,
      matchContainerTypeIds: JSON.parse(r.match_container_type_ids) as string[],
      matchConditions: JSON.parse(r.match_conditions) as PolicyCondition[],
      grantees: this.granteesStmt.all(r.policy_id).map((g) => ({ granteeType: g.grantee_type, granteeId: g.grantee_id })),
      grantType: r.grant_type,
      grantRole: r.grant_role,
      grantPermissionMask: r.grant_permission_mask,
      grantDenyMask: r.grant_deny_mask,
      enabled: r.enabled === 1,
      createTime: r.create_time,
      updateTime: r.update_time,
    };
  }

  create(tenantId: string, content: AclPolicyContent): AclPolicyRecord {
    const policyId = newId('pol');
    const now = nowIso();
    this.prepared(
        `INSERT INTO acl_policies (policy_id, tenant_id, name, description, match_resource_type, match_container_type_ids, match_conditions,
           grant_type, grant_role, grant_permission_mask, grant_deny_mask, enabled, create_time, update_time)
         VALUES (?, ?, '', '', '', '[]', '[]', '', '', 0, 0, 0, ?, ?)`,
      )
      .run(policyId, tenantId, now, now);
    return this.update(tenantId, policyId, content);
  }

  get(tenantId: string, policyId: string): AclPolicyRecord | undefined {
    const row = this.getStmt.get(tenantId, policyId);
    return row && this.toRecord(row);
  }

  /** Writes the whole content of the policy, grantees included. */
  update(tenantId: string, policyId: string, c: AclPolicyContent): AclPolicyRecord {
    this.prepared(
        `UPDATE acl_policies SET name = ?, description = ?, match_resource_type = ?, match_container_type_ids = ?, match_conditions = ?,
           grant_type = ?, grant_role = ?, grant_permission_mask = ?, grant_deny_mask = ?, enabled = ?, update_time = ?
         WHERE tenant_id = ? AND policy_id = ?`,
      )
      .run(
        c.name,
        c.description,
        c.matchResourceType,
        JSON.stringify(c.matchContainerTypeIds),
        JSON.stringify(c.matchConditions),
        c.grantType,
        c.grantRole,
        c.grantPermissionMask,
        c.grantDenyMask,
        c.enabled ? 1 : 0,
        nowIso(),
        tenantId,
        policyId,
      );
    this.prepared('DELETE FROM acl_policy_grantees WHERE policy_id = ?').run(policyId);
    const insert = this.prepared('INSERT INTO acl_policy_grantees (policy_id, tenant_id, grantee_type, grantee_id) VALUES (?, ?, ?, ?)');
    for (const g of c.grantees) insert.run(policyId, tenantId, g.granteeType, g.granteeId);
    return this.get(tenantId, policyId) as AclPolicyRecord;
  }

  delete(tenantId: string, policyId: string): void {
    this.prepared('DELETE FROM acl_policies WHERE tenant_id = ? AND policy_id = ?').run(tenantId, policyId);
  }

  /** name matches as a substring, ignoring case; the other filters match exactly. */
  page(
    tenantId: string,
    filter: PolicyFilter,
    order: { column: keyof typeof POLICY_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): { total: number; rows: AclPolicyRecord[] } {
    const where = ['tenant_id = ?'];
    const args: (string | number)[] = [tenantId];
    if (filter.name) {
      where.push('instr(lower(name), lower(?)) > 0');
      args.push(filter.name);
    }
    if (filter.matchResourceType) {
      where.push('match_resource_type = ?');
      args.push(filter.matchResourceType);
    }
    if (filter.grantType) {
      where.push('grant_type = ?');
      args.push(filter.grantType);
    }
    if (filter.enabled !== undefined) {
      where.push('enabled = ?');
      args.push(filter.enabled ? 1 : 0);
    }
    const clause = where.join(' AND ');
    const total = this.prepared<(string | number)[], { n: number }>(`SELECT COUNT(*) AS n FROM acl_policies WHERE ${clause}`).get(...args)?.n ?? 0;
    const rows = this.prepared<(string | number)[], Row>(
        `SELECT * FROM acl_policies WHERE ${clause} ORDER BY ${POLICY_ORDER_COLUMNS[order.column]} ${order.asc ? 'ASC' : 'DESC'}, policy_id LIMIT ? OFFSET ?`,
      )
      .all(...args, limit, offset)
      .map((r) => this.toRecord(r));
    return { total, rows };
  }

  /** The enabled policies that name at least one of these principals as a grantee. */
  enabledFor(tenantId: string, principals: readonly PolicyGrantee[]): AclPolicyRecord[] {
    const pairs = JSON.stringify(principals.map((p) => [p.granteeType, p.granteeId]));
    return this.forPrincipalsStmt.all(tenantId, pairs).map((r) => this.toRecord(r));
  }

  removeGrantee(tenantId: string, granteeType: PrincipalType, granteeId: string): void {
    this.prepared('DELETE FROM acl_policy_grantees WHERE tenant_id = ? AND grantee_type = ? AND grantee_id = ?').run(tenantId, granteeType, granteeId);
  }
}
