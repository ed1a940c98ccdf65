/** Local departments (spec §2 Department) over either database: a tree per tenant, with members. */
import type { Kysely, Selectable } from 'kysely';
import { newId, nowIso } from '../../ids.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { DepartmentsTable, StoreSchema } from '../schema.ts';
import { AsyncMembership } from './members.ts';

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

const toRecord = (r: Selectable<DepartmentsTable>): DepartmentRecord => ({
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

type Q = Kysely<StoreSchema>;

const departmentById = compiledOnce((q: Q, tenantId: string, deptId: string) =>
  q.selectFrom('departments').selectAll().where('tenant_id', '=', tenantId).where('dept_id', '=', deptId),
);
const parentOf = compiledOnce((q: Q, tenantId: string, deptId: string) =>
  q.selectFrom('departments').select('parent_dept_id').where('tenant_id', '=', tenantId).where('dept_id', '=', deptId),
);
// Per request: a caller's principals name every department they are in and every one above those.
const ofUser = compiledOnce((q: Q, tenantId: string, userId: string) =>
  q
    .withRecursive('up(id)', (w) =>
      w
        .selectFrom('department_members')
        .select('dept_id as id')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .union(
          w
            .selectFrom('departments as d')
            .innerJoin('up', 'd.dept_id', 'up.id')
            .select('d.parent_dept_id as id')
            .where('d.tenant_id', '=', tenantId)
            .where('d.parent_dept_id', '!=', ''),
        ),
    )
    .selectFrom('up')
    .select('id'),
);

export class AsyncDepartmentRepository {
  readonly members: AsyncMembership;

  constructor(private readonly q: Q) {
    this.members = new AsyncMembership(q, 'department_members');
  }

  async create(input: NewDepartment): Promise<DepartmentRecord> {
    const now = nowIso();
    const row = await this.q
      .insertInto('departments')
      .values({
        dept_id: newId('dpt'),
        tenant_id: input.tenantId,
        name: input.name,
        parent_dept_id: input.parentDeptId,
        display_order: input.displayOrder,
        leader_user_id: input.leaderUserId,
        properties: JSON.stringify(input.properties),
        create_time: now,
        update_time: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async get(tenantId: string, deptId: string): Promise<DepartmentRecord | undefined> {
    const [row] = (await departmentById.run(this.q, tenantId, deptId)).rows;
    return row && toRecord(row);
  }

  async update(tenantId: string, deptId: string, patch: DepartmentPatch): Promise<DepartmentRecord> {
    const current = await this.get(tenantId, deptId);
    if (!current) throw new Error(`department ${deptId} vanished inside a transaction`);
    const next = { ...current, ...patch };
    const row = await this.q
      .updateTable('departments')
      .set({
        name: next.name,
        parent_dept_id: next.parentDeptId,
        display_order: next.displayOrder,
        leader_user_id: next.leaderUserId,
        properties: JSON.stringify(next.properties),
        update_time: nowIso(),
      })
      .where('tenant_id', '=', tenantId)
      .where('dept_id', '=', deptId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async delete(tenantId: string, deptId: string): Promise<void> {
    await this.q.deleteFrom('departments').where('tenant_id', '=', tenantId).where('dept_id', '=', deptId).execute();
  }

  async all(tenantId: string): Promise<DepartmentRecord[]> {
    return (await this.q.selectFrom('departments').selectAll().where('tenant_id', '=', tenantId).execute()).map(toRecord);
  }

  async hasChildren(tenantId: string, deptId: string): Promise<boolean> {
    const row = await this.q.selectFrom('departments').select('dept_id').where('tenant_id', '=', tenantId).where('parent_dept_id', '=', deptId).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async nameTaken(tenantId: string, parentDeptId: string, name: string, exceptId = ''): Promise<boolean> {
    const row = await this.q
      .selectFrom('departments')
      .select('dept_id')
      .where('tenant_id', '=', tenantId)
      .where('parent_dept_id', '=', parentDeptId)
      .where('name', '=', name)
      .where('dept_id', '!=', exceptId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The department and every department above it, nearest first; stops at a cycle rather than looping. */
  async selfAndAncestorIds(tenantId: string, deptId: string): Promise<string[]> {
    const out: string[] = [];
    let id = deptId;
    while (id && !out.includes(id)) {
      const [row] = (await parentOf.run(this.q, tenantId, id)).rows;
      if (!row) break;
      out.push(id);
      id = row.parent_dept_id;
    }
    return out;
  }

  /** The departments a user belongs to, directly or through a department below them. */
  async ofUserWithAncestors(tenantId: string, userId: string): Promise<string[]> {
    return (await ofUser.run(this.q, tenantId, userId)).rows.map((r) => r.id);
  }
}
