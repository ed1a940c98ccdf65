/** Business roles (spec §2 Role): a roleKey unique per tenant, and members. */
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';
import { Membership } from './members.ts';

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

interface Row {
  role_id: string;
  tenant_id: string;
  source: string;
  name: string;
  role_key: string;
  description: string;
  properties: string;
  create_time: string;
  update_time: string;
}

const toRecord = (r: Row): RoleRecord => ({
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
  name?: string;
  roleKey?: string;
}

export class RoleRepository extends Repository {
  readonly members = new Membership(this.db, 'role_members', 'role_id');

  private readonly getStmt = this.db.prepare<[string, string], Row>('SELECT * FROM roles WHERE tenant_id = ? AND role_id = ?');

  create(input: NewRole): RoleRecord {
    const roleId = newId('rol');
    const now = nowIso();
    this.prepared('INSERT INTO roles (role_id, tenant_id, name, role_key, description, properties, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(roleId, input.tenantId, input.name, input.roleKey, input.description, JSON.stringify(input.properties), now, now);
    return this.get(input.tenantId, roleId) as RoleRecord;
  }

  get(tenantId: string, roleId: string): RoleRecord | undefined {
    const row = this.getStmt.get(tenantId, roleId);
    return row && toRecord(row);
  }

  findByKey(tenantId: string, roleKey: string): RoleRecord | undefined {
    const row = this.prepared<[string, string], Row>('SELECT * FROM roles WHERE tenant_id = ? AND role_key = ?').get(tenantId, roleKey);
    return row && toRecord(row);
  }

  update(tenantId: string, roleId: string, patch: RolePatch): RoleRecord {
    const current = this.get(tenantId, roleId);
    if (!current) throw new Error(`role ${roleId} vanished inside a transaction`);
    const next = { ...current, ...patch };
    this.prepared('UPDATE roles SET name = ?, role_key = ?, description = ?, properties = ?, update_time = ? WHERE tenant_id = ? AND role_id = ?')
      .run(next.name, next.roleKey, next.description, JSON.stringify(next.properties), nowIso(), tenantId, roleId);
    return this.get(tenantId, roleId) as RoleRecord;
  }

  delete(tenantId: string, roleId: string): void {
    this.prepared('DELETE FROM roles WHERE tenant_id = ? AND role_id = ?').run(tenantId, roleId);
  }

  /** name and roleKey filter as substrings. */
  page(
    tenantId: string,
    filter: RoleFilter,
    order: { column: keyof typeof ROLE_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): { total: number; rows: RoleRecord[] } {
    const where = ['tenant_id = ?'];
    const args: string[] = [tenantId];
    if (filter.name) {
      where.push("instr(lower(name), lower(?)) > 0");
      args.push(filter.name);
    }
    if (filter.roleKey) {
      where.push("instr(lower(role_key), lower(?)) > 0");
      args.push(filter.roleKey);
    }
    const clause = where.join(' AND ');
    const total = this.prepared<string[], { n: number }>(`SELECT COUNT(*) AS n FROM roles WHERE ${clause}`).get(...args)?.n ?? 0;
    const rows = this.prepared<(string | number)[], Row>(
        `SELECT * FROM roles WHERE ${clause} ORDER BY ${ROLE_ORDER_COLUMNS[order.column]} ${order.asc ? 'ASC' : 'DESC'}, role_id LIMIT ? OFFSET ?`,
      )
      .all(...args, limit, offset)
      .map(toRecord);
    return { total, rows };
  }
}
