/**
 * Membership of users in a group (a department or a role), over either database. Counts and lists
 * join the users table, so a member whose user is gone is never counted.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../ids.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { StoreSchema } from '../schema.ts';

export interface MemberRecord {
  userId: string;
  userName: string;
}

type MembersTableName = 'department_members' | 'role_members';
type Q = Kysely<StoreSchema>;

// Kysely types a query over one named table; both members tables have the same columns but the
// group's, so each query is written over department_members and its names swapped for the other.
type GroupColumn = 'dept_id';

function groupQueries(table: MembersTableName, column: 'dept_id' | 'role_id') {
  const t = table as 'department_members';
  const g = column as GroupColumn;
  return {
    t,
    g,
    // Per request: a caller's roles (their departments are read with their ancestors, departments.ts).
    groupsOf: compiledOnce((q: Q, tenantId: string, userId: string) =>
      q.selectFrom(t).select(`${g} as id`).where('tenant_id', '=', tenantId).where('user_id', '=', userId),
    ),
    count: compiledOnce((q: Q, tenantId: string, groupId: string) =>
      q
        .selectFrom(`${t} as m`)
        .innerJoin('users as u', (j) => j.onRef('u.user_id', '=', 'm.user_id').onRef('u.tenant_id', '=', 'm.tenant_id'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('m.tenant_id', '=', tenantId)
        .where(`m.${g}`, '=', groupId),
    ),
  };
}

const GROUPS = {
  department_members: groupQueries('department_members', 'dept_id'),
  role_members: groupQueries('role_members', 'role_id'),
};

export class AsyncMembership {
  private readonly t: 'department_members';
  private readonly g: GroupColumn;
  private readonly queries: ReturnType<typeof groupQueries>;

  constructor(
    private readonly q: Q,
    table: MembersTableName,
  ) {
    this.queries = GROUPS[table];
    this.t = this.queries.t;
    this.g = this.queries.g;
  }

  /** Adds the users; ones already in the group stay as they are. */
  async add(tenantId: string, groupId: string, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    const now = nowIso();
    await this.q
      .insertInto(this.t)
      .values(userIds.map((userId) => ({ [this.g]: groupId, user_id: userId, tenant_id: tenantId, create_time: now }) as Record<GroupColumn | 'user_id' | 'tenant_id' | 'create_time', string>))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async remove(tenantId: string, groupId: string, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.q.deleteFrom(this.t).where('tenant_id', '=', tenantId).where(this.g, '=', groupId).where('user_id', 'in', userIds).execute();
  }

  async count(tenantId: string, groupId: string): Promise<number> {
    const [row] = (await this.queries.count.run(this.q, tenantId, groupId)).rows;
    return Number(row?.n ?? 0);
  }

  /** Member counts of every group of the tenant that has members. */
  async counts(tenantId: string): Promise<Map<string, number>> {
    const rows = await this.q
      .selectFrom(`${this.t} as m`)
      .innerJoin('users as u', (j) => j.onRef('u.user_id', '=', 'm.user_id').onRef('u.tenant_id', '=', 'm.tenant_id'))
      .select([`m.${this.g} as id`, (eb) => eb.fn.countAll<number>().as('n')])
      .where('m.tenant_id', '=', tenantId)
      .groupBy(`m.${this.g}`)
      .execute();
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  async page(tenantId: string, groupId: string, limit: number, offset: number): Promise<{ total: number; rows: MemberRecord[] }> {
    const rows = await this.q
      .selectFrom(`${this.t} as m`)
      .innerJoin('users as u', (j) => j.onRef('u.user_id', '=', 'm.user_id').onRef('u.tenant_id', '=', 'm.tenant_id'))
      .select(['u.user_id', 'u.name'])
      .where('m.tenant_id', '=', tenantId)
      .where(`m.${this.g}`, '=', groupId)
      .orderBy('u.name')
      .orderBy('u.user_id')
      .limit(limit)
      .offset(offset)
      .execute();
    return { total: await this.count(tenantId, groupId), rows: rows.map((r) => ({ userId: r.user_id, userName: r.name })) };
  }

  /** The groups a user is directly in. */
  async groupsOf(tenantId: string, userId: string): Promise<string[]> {
    return (await this.queries.groupsOf.run(this.q, tenantId, userId)).rows.map((r) => r.id);
  }
}
