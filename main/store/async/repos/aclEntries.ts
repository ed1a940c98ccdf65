/** ACL entries on containers over either database: one per container and principal, with an allow and a deny mask. */
import type { Kysely } from 'kysely';
import type { PrincipalType } from '../../../../shared/permissions.ts';
import { nowIso } from '../../ids.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { StoreSchema } from '../schema.ts';
import { inJsonList } from './jsonLists.ts';

export interface AclEntryRecord {
  containerId: string;
  principalType: PrincipalType;
  principalId: string;
  role: string;
  allowMask: number;
  denyMask: number;
}

const ENTRY_COLUMNS = ['container_id', 'principal_type', 'principal_id', 'role', 'allow_mask', 'deny_mask'] as const;

// Per request: every permission check reads the entries of the container's ACL scope.
const entriesOf = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, containerIds: string) =>
  q.selectFrom('acl_entries').select(ENTRY_COLUMNS).where('tenant_id', '=', tenantId).where(inJsonList(q, 'container_id', containerIds)).orderBy('id'),
);

export class AsyncAclEntryRepository {
  constructor(private readonly q: Kysely<StoreSchema>) {}

  /** The entries held by these containers, in the order they were written. */
  async forContainers(tenantId: string, containerIds: readonly string[]): Promise<AclEntryRecord[]> {
    const { rows } = await entriesOf.run(this.q, tenantId, JSON.stringify(containerIds));
    return rows.map((r) => ({
      containerId: r.container_id,
      principalType: r.principal_type,
      principalId: r.principal_id,
      role: r.role,
      allowMask: r.allow_mask,
      denyMask: r.deny_mask,
    }));
  }

  /** Makes `entries` the container's own entries, in place of what it had. */
  async replace(tenantId: string, containerId: string, entries: readonly Omit<AclEntryRecord, 'containerId'>[], createBy: string): Promise<void> {
    await this.q.deleteFrom('acl_entries').where('tenant_id', '=', tenantId).where('container_id', '=', containerId).execute();
    await this.insertAll(tenantId, entries.map((e) => ({ ...e, containerId })), createBy);
  }

  async insert(tenantId: string, e: AclEntryRecord, createBy: string): Promise<void> {
    await this.insertAll(tenantId, [e], createBy);
  }

  async deleteForPrincipal(tenantId: string, principalType: PrincipalType, principalId: string): Promise<void> {
    await this.q.deleteFrom('acl_entries').where('tenant_id', '=', tenantId).where('principal_type', '=', principalType).where('principal_id', '=', principalId).execute();
  }

  private async insertAll(tenantId: string, entries: readonly AclEntryRecord[], createBy: string): Promise<void> {
    if (entries.length === 0) return;
    const now = nowIso();
    await this.q
      .insertInto('acl_entries')
      .values(
        entries.map((e) => ({
          tenant_id: tenantId,
          container_id: e.containerId,
          principal_type: e.principalType,
          principal_id: e.principalId,
          role: e.role,
          allow_mask: e.allowMask,
          deny_mask: e.denyMask,
          create_by: createBy,
          create_time: now,
        })),
      )
      .execute();
  }
}
