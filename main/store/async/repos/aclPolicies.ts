/** ACL policies (spec §2 AclPolicy) and their grantees, over either database. */
import type { Kysely, Selectable } from 'kysely';
import type { PrincipalType } from '../../../../shared/permissions.ts';
import { newId, nowIso } from '../../ids.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { AclPoliciesTable, StoreSchema } from '../schema.ts';
import { containsText } from './filters.ts';
import { inJsonPairs } from './jsonLists.ts';

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

export const POLICY_ORDER_COLUMNS = { name: 'name', createTime: 'create_time', updateTime: 'update_time' } as const;

export interface PolicyFilter {
  /** A case-insensitive substring of the name. */
  name?: string;
  matchResourceType?: string;
  grantType?: string;
  enabled?: boolean;
}

type Q = Kysely<StoreSchema>;

const policyById = compiledOnce((q: Q, tenantId: string, policyId: string) =>
  q.selectFrom('acl_policies').selectAll().where('tenant_id', '=', tenantId).where('policy_id', '=', policyId),
);
const granteesOf = compiledOnce((q: Q, policyId: string) =>
  q.selectFrom('acl_policy_grantees').select(['grantee_type', 'grantee_id']).where('policy_id', '=', policyId).orderBy('rowid'),
);
// Per request: a caller's subject holds the enabled policies that name one of their principals.
const enabledForPrincipals = compiledOnce((q: Q, tenantId: string, pairs: string) =>
  q
    .selectFrom('acl_policies as p')
    .selectAll('p')
    .where('p.tenant_id', '=', tenantId)
    .where('p.enabled', '=', 1)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('acl_policy_grantees as g').select('g.policy_id').whereRef('g.policy_id', '=', 'p.policy_id').where(inJsonPairs(q, 'g.grantee_type', 'g.grantee_id', pairs))),
    ),
);

const contentColumns = (c: AclPolicyContent) => ({
  name: c.name,
  description: c.description,
  match_resource_type: c.matchResourceType,
  match_container_type_ids: JSON.stringify(c.matchContainerTypeIds),
  match_conditions: JSON.stringify(c.matchConditions),
  grant_type: c.grantType,
  grant_role: c.grantRole,
  grant_permission_mask: c.grantPermissionMask,
  grant_deny_mask: c.grantDenyMask,
  enabled: c.enabled ? 1 : 0,
});

export class AsyncAclPolicyRepository {
  constructor(private readonly q: Q) {}

  private async toRecord(r: Selectable<AclPoliciesTable>): Promise<AclPolicyRecord> {
    const grantees = (await granteesOf.run(this.q, r.policy_id)).rows;
    return {
      policyId: r.policy_id,
      tenantId: r.tenant_id,
      name: r.name,
      description: r.description,
      matchResourceType: r.match_resource_type,
      matchContainerTypeIds: JSON.parse(r.match_container_type_ids) as string[],
      matchConditions: JSON.parse(r.match_conditions) as PolicyCondition[],
      grantees: grantees.map((g) => ({ granteeType: g.grantee_type, granteeId: g.grantee_id })),
      grantType: r.grant_type,
      grantRole: r.grant_role,
      grantPermissionMask: r.grant_permission_mask,
      grantDenyMask: r.grant_deny_mask,
      enabled: r.enabled === 1,
      createTime: r.create_time,
      updateTime: r.update_time,
    };
  }

  private async toRecords(rows: readonly Selectable<AclPoliciesTable>[]): Promise<AclPolicyRecord[]> {
    const out: AclPolicyRecord[] = [];
    for (const r of rows) out.push(await this.toRecord(r));
    return out;
  }

  async create(tenantId: string, content: AclPolicyContent): Promise<AclPolicyRecord> {
    const policyId = newId('pol');
    const now = nowIso();
    await this.q
      .insertInto('acl_policies')
      .values({ policy_id: policyId, tenant_id: tenantId, ...contentColumns(content), create_time: now, update_time: now })
      .execute();
    await this.setGrantees(tenantId, policyId, content.grantees);
    return (await this.get(tenantId, policyId)) as AclPolicyRecord;
  }

  async get(tenantId: string, policyId: string): Promise<AclPolicyRecord | undefined> {
    const [row] = (await policyById.run(this.q, tenantId, policyId)).rows;
    return row && this.toRecord(row);
  }

  /** Writes the whole content of the policy, grantees included. */
  async update(tenantId: string, policyId: string, c: AclPolicyContent): Promise<AclPolicyRecord> {
    await this.q
      .updateTable('acl_policies')
      .set({ ...contentColumns(c), update_time: nowIso() })
      .where('tenant_id', '=', tenantId)
      .where('policy_id', '=', policyId)
      .execute();
    await this.q.deleteFrom('acl_policy_grantees').where('policy_id', '=', policyId).execute();
    await this.setGrantees(tenantId, policyId, c.grantees);
    return (await this.get(tenantId, policyId)) as AclPolicyRecord;
  }

  async delete(tenantId: string, policyId: string): Promise<void> {
    await this.q.deleteFrom('acl_policies').where('tenant_id', '=', tenantId).where('policy_id', '=', policyId).execute();
  }

  /** name matches as a substring, ignoring case; the other filters match exactly. */
  async page(
    tenantId: string,
    filter: PolicyFilter,
    order: { column: keyof typeof POLICY_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: AclPolicyRecord[] }> {
    let where = this.q.selectFrom('acl_policies').where('tenant_id', '=', tenantId);
    if (filter.name) where = where.where(containsText('name', filter.name));
    if (filter.matchResourceType) where = where.where('match_resource_type', '=', filter.matchResourceType);
    if (filter.grantType) where = where.where('grant_type', '=', filter.grantType);
    if (filter.enabled !== undefined) where = where.where('enabled', '=', filter.enabled ? 1 : 0);
    const counted = await where.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await where
      .selectAll()
      .orderBy(POLICY_ORDER_COLUMNS[order.column], order.asc ? 'asc' : 'desc')
      .orderBy('policy_id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { total: Number(counted?.n ?? 0), rows: await this.toRecords(rows) };
  }

  /** The enabled policies that name at least one of these principals as a grantee. */
  async enabledFor(tenantId: string, principals: readonly PolicyGrantee[]): Promise<AclPolicyRecord[]> {
    const pairs = JSON.stringify(principals.map((p) => [p.granteeType, p.granteeId]));
    return this.toRecords((await enabledForPrincipals.run(this.q, tenantId, pairs)).rows);
  }

  async removeGrantee(tenantId: string, granteeType: PrincipalType, granteeId: string): Promise<void> {
    await this.q.deleteFrom('acl_policy_grantees').where('tenant_id', '=', tenantId).where('grantee_type', '=', granteeType).where('grantee_id', '=', granteeId).execute();
  }

  private async setGrantees(tenantId: string, policyId: string, grantees: readonly PolicyGrantee[]): Promise<void> {
    if (grantees.length === 0) return;
    await this.q
      .insertInto('acl_policy_grantees')
      .values(grantees.map((g) => ({ policy_id: policyId, tenant_id: tenantId, grantee_type: g.granteeType, grantee_id: g.granteeId })))
      .execute();
  }
}
