/** ACL entries on containers: one per container and principal, with an allow and a deny mask. */
import type { PrincipalType } from '../../../shared/permissions.ts';
import { Repository } from '../db.ts';
import { nowIso } from '../ids.ts';

export interface AclEntryRecord {
  containerId: string;
  principalType: PrincipalType;
  principalId: string;
  role: string;
  allowMask: number;
  denyMask: number;
}

interface Row {
  container_id: string;
  principal_type: PrincipalType;
  principal_id: string;
  role: string;
  allow_mask: number;
  deny_mask: number;
}

const toRecord = (r: Row): AclEntryRecord => ({
  containerId: r.container_id,
  principalType: r.principal_type,
  principalId: r.principal_id,
  role: r.role,
  allowMask: r.allow_mask,
  denyMask: r.deny_mask,
});

export class AclEntryRepository extends Repository {

  private readonly forContainersStmt = this.db.prepare<[string, string], Row>(
    `SELECT container_id, principal_type, principal_id, role, allow_mask, deny_mask FROM acl_entries
     WHERE tenant_id = ? AND container_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  private readonly insertStmt = this.db.prepare(
    `INSERT INTO acl_entries (tenant_id, container_id, principal_type, principal_id, role, allow_mask, deny_mask, create_by, create_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  /** The entries held by these containers, in the order they were written. */
  forContainers(tenantId: string, containerIds: readonly string[]): AclEntryRecord[] {
    return this.forContainersStmt.all(tenantId, JSON.stringify(containerIds)).map(toRecord);
  }

  /** Makes `entries` the container's own entries, in place of what it had. */
  replace(tenantId: string, containerId: string, entries: readonly Omit<AclEntryRecord, 'containerId'>[], createBy: string): void {
    this.prepared('DELETE FROM acl_entries WHERE tenant_id = ? AND container_id = ?').run(tenantId, containerId);
    for (const e of entries) this.insert(tenantId, { ...e, containerId }, createBy);
  }

  insert(tenantId: string, e: AclEntryRecord, createBy: string): void {
    this.insertStmt.run(tenantId, e.containerId, e.principalType, e.principalId, e.role, e.allowMask, e.denyMask, createBy, nowIso());
  }

  deleteForPrincipal(tenantId: string, principalType: PrincipalType, principalId: string): void {
    this.prepared('DELETE FROM acl_entries WHERE tenant_id = ? AND principal_type = ? AND principal_id = ?').run(tenantId, principalType, principalId);
  }
}
