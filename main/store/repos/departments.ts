/** Local departments (spec §2 Department): a tree per tenant, with members. */
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';
import { Membership } from './members.ts';

export interface DepartmentRecord {
  deptId: string;
  tenantId: string;
  source: string;
  name: string;
  parentDeptId: string;
  displayOrder: number;
  leaderUserId: string;
  properties: Record<string, unknown>;
  createTime: string;
  updateTime: string;
}

interface Row {
  dept_id: string;
  tenant_id: string;
  source: string;
  name: string;
  parent_dept_id: string;
  display_order: number;
  leader_user_id: string;
  properties: string;
  create_time: string;
  update_time: string;
}

const toRecord = (r: Row): DepartmentRecord => ({
  deptId: r.dept_id,
  tenantId: r.tenant_id,
  source: r.source,
  name: r.name,
  parentDeptId: r.parent_dept_id,
  displayOrder: r.display_order,
  leaderUserId: r.leader_user_id,
  properties: JSON.parse(r.properties) as Record<string, unknown>,
  createTime: r.create_time,
  updateTime: r.update_time,
});

export interface NewDepartment {
  tenantId: string;
  name: string;
  parentDeptId: string;
  displayOrder: number;
  leaderUserId: string;
  properties: Record<string, unknown>;
}

export type DepartmentPatch = Partial<Pick<DepartmentRecord, 'name' | 'parentDeptId' | 'displayOrder' | 'leaderUserId' | 'properties'>>;

export class DepartmentRepository extends Repository {
  readonly members = new Membership(this.db, 'department_members', 'dept_id');

  private readonly getStmt = this.db.prepare<[string, string], Row>('SELECT * FROM departments WHERE tenant_id = ? AND dept_id = ?');
  private readonly ofUserStmt = this.db.prepare<[string, string, string], { id: string }>(
    `WITH RECURSIVE up(id) AS (
       SELECT dept_id FROM department_members WHERE tenant_id = ? AND user_id = ?
       UNION SELECT d.parent_dept_id FROM departments d JOIN up ON d.dept_id = up.id WHERE d.tenant_id = ? AND d.parent_dept_id != ''
     ) SELECT id FROM up`,
  );

  create(input: NewDepartment): DepartmentRecord {
    const deptId = newId('dpt');
    const now = nowIso();
    this.prepared(
        `INSERT INTO departments (dept_id, tenant_id, name, parent_dept_id, display_order, leader_user_id, properties, create_time, update_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(deptId, input.tenantId, input.name, input.parentDeptId, input.displayOrder, input.leaderUserId, JSON.stringify(input.properties), now, now);
    return this.get(input.tenantId, deptId) as DepartmentRecord;
  }

  get(tenantId: string, deptId: string): DepartmentRecord | undefined {
    const row = this.getStmt.get(tenantId, deptId);
    return row && toRecord(row);
  }

  update(tenantId: string, deptId: string, patch: DepartmentPatch): DepartmentRecord {
    const current = this.get(tenantId, deptId);
    if (!current) throw new Error(`department ${deptId} vanished inside a transaction`);
    const next = { ...current, ...patch };
    this.prepared(
        `UPDATE departments SET name = ?, parent_dept_id = ?, display_order = ?, leader_user_id = ?, properties = ?, update_time = ?
         WHERE tenant_id = ? AND dept_id = ?`,
      )
      .run(next.name, next.parentDeptId, next.displayOrder, next.leaderUserId, JSON.stringify(next.properties), nowIso(), tenantId, deptId);
    return this.get(tenantId, deptId) as DepartmentRecord;
  }

  delete(tenantId: string, deptId: string): void {
    this.prepared('DELETE FROM departments WHERE tenant_id = ? AND dept_id = ?').run(tenantId, deptId);
  }

  all(tenantId: string): DepartmentRecord[] {
    return this.prepared<[string], Row>('SELECT * FROM departments WHERE tenant_id = ?').all(tenantId).map(toRecord);
  }

  hasChildren(tenantId: string, deptId: string): boolean {
    return this.prepared('SELECT 1 FROM departments WHERE tenant_id = ? AND parent_dept_id = ? LIMIT 1').get(tenantId, deptId) !== undefined;
  }

  nameTaken(tenantId: string, parentDeptId: string, name: string, exceptId = ''): boolean {
    return (
      this.prepared('SELECT 1 FROM departments WHERE tenant_id = ? AND parent_dept_id = ? AND name = ? AND dept_id != ? LIMIT 1')
        .get(tenantId, parentDeptId, name, exceptId) !== undefined
    );
  }

  /** The department and every department above it, nearest first; stops at a cycle rather than looping. */
  selfAndAncestorIds(tenantId: string, deptId: string): string[] {
    const out: string[] = [];
    let id = deptId;
    while (id && !out.includes(id)) {
      const row = this.prepared<[string, string], { parent_dept_id: string }>('SELECT parent_dept_id FROM departments WHERE tenant_id = ? AND dept_id = ?')
        .get(tenantId, id);
      if (!row) break;
      out.push(id);
      id = row.parent_dept_id;
    }
    return out;
  }

  /** The departments a user belongs to, directly or through a department below them. */
  ofUserWithAncestors(tenantId: string, userId: string): string[] {
    return this.ofUserStmt.all(tenantId, userId, tenantId).map((r) => r.id);
  }
}
