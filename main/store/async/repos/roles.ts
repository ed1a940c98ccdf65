/** Business roles (spec §2 Role) over either database: a roleKey unique per tenant, and members. */
import type { Kysely, Selectable } from 'kysely';
import { newId, nowIso } from '../../ids.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { RolesTable, StoreSchema } from '../schema.ts';
import { containsText } from './filters.ts';
import { AsyncMembership } from './members.ts';

export interface RoleRecord {
  roleId: string;
  tenantId: string;
  source: string;
  name: string;
  roleKey: string;
  description: string;
  properties: Record<string, unknown>;
  createTime: string;
  updateTime: string;
}

const toRecord = (r: Selectable<RolesTable>): RoleRecord => ({
  roleId: r.role_id,
  tenantId: r.tenant_id,
  source: r.source,
  name: r.name,
  roleKey: r.role_key,
  description: r.description,
  properties: JSON.parse(r.properties) as Record<string, unknown>,
  createTime: r.create_time,
  updateTime: r.update_time,
});

export type NewRole = Pick<RoleRecord, 'tenantId' | 'name' | 'roleKey' | 'description' | 'properties'>;
export type RolePatch = Partial<Pick<RoleRecord, 'name' | 'roleKey' | 'description' | 'properties'>>;

export const ROLE_ORDER_COLUMNS = { name: 'name', roleKey: 'role_key', createTime: 'create_time', updateTime: 'update_time' } as const;

export interface RoleFilter {
  /** A case-insensitive substring of the name. */
  name?: string;
  /** A case-insensitive substring of the key. */
  roleKey?: string;
}

const roleById = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, roleId: string) =>
  q.selectFrom('roles').selectAll().where('tenant_id', '=', tenantId).where('role_id', '=', roleId),
);

export class AsyncRoleRepository {
  readonly members: AsyncMembership;

  constructor(private readonly q: Kysely<StoreSchema>) {
    this.members = new AsyncMembership(q, 'role_members');
  }

  async create(input: NewRole): Promise<RoleRecord> {
    const now = nowIso();
    const row = await this.q
      .insertInto('roles')
      .values({
        role_id: newId('rol'),
        tenant_id: input.tenantId,
        name: input.name,
        role_key: input.roleKey,
        description: input.description,
        properties: JSON.stringify(input.properties),
        create_time: now,
        update_time: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async get(tenantId: string, roleId: string): Promise<RoleRecord | undefined> {
    const [row] = (await roleById.run(this.q, tenantId, roleId)).rows;
    return row && toRecord(row);
  }

  async findByKey(tenantId: string, roleKey: string): Promise<RoleRecord | undefined> {
    const row = await this.q.selectFrom('roles').selectAll().where('tenant_id', '=', tenantId).where('role_key', '=', roleKey).executeTakeFirst();
    return row && toRecord(row);
  }

  async update(tenantId: string, roleId: string, patch: RolePatch): Promise<RoleRecord> {
    const current = await this.get(tenantId, roleId);
    if (!current) throw new Error(`role ${roleId} vanished inside a transaction`);
    const next = { ...current, ...patch };
    const row = await this.q
      .updateTable('roles')
      .set({ name: next.name, role_key: next.roleKey, description: next.description, properties: JSON.stringify(next.properties), update_time: nowIso() })
      .where('tenant_id', '=', tenantId)
      .where('role_id', '=', roleId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async delete(tenantId: string, roleId: string): Promise<void> {
    await this.q.deleteFrom('roles').where('tenant_id', '=', tenantId).where('role_id', '=', roleId).execute();
  }

  async page(
    tenantId: string,
    filter: RoleFilter,
    order: { column: keyof typeof ROLE_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: RoleRecord[] }> {
    let where = this.q.selectFrom('roles').where('tenant_id', '=', tenantId);
    if (filter.name) where = where.where(containsText('name', filter.name));
    if (filter.roleKey) where = where.where(containsText('role_key', filter.roleKey));
    const counted = await where.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await where
      .selectAll()
      .orderBy(ROLE_ORDER_COLUMNS[order.column], order.asc ? 'asc' : 'desc')
      .orderBy('role_id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { total: Number(counted?.n ?? 0), rows: rows.map(toRecord) };
  }
}
