/**
 * Membership of users in a group (a department or a role). Counts and lists join the users
 * table, so a member whose user is gone is never counted.
 */
import type { Db } from '../db.ts';
import { nowIso } from '../ids.ts';

export interface MemberRecord {
  userId: string;
  userName: string;
}

export class Membership {
  private readonly groupsOfStmt;
  private readonly countStmt;

  constructor(
    private readonly db: Db,
    private readonly table: 'department_members' | 'role_members',
    private readonly groupColumn: 'dept_id' | 'role_id',
  ) {
    this.groupsOfStmt = db.prepare<[string, string], { id: string }>(`SELECT ${groupColumn} AS id FROM ${table} WHERE tenant_id = ? AND user_id = ?`);
    this.countStmt = db.prepare<[string, string], { n: number }>(
      `SELECT COUNT(*) AS n FROM ${table} m JOIN users u ON u.user_id = m.user_id AND u.tenant_id = m.tenant_id WHERE m.tenant_id = ? AND m.${groupColumn} = ?`,
    );
  }

  /** Adds the users; ones already in the group stay as they are. */
  add(tenantId: string, groupId: string, userIds: readonly string[]): void {
    const insert = this.db.prepare(`INSERT OR IGNORE INTO ${this.table} (${this.groupColumn}, user_id, tenant_id, create_time) VALUES (?, ?, ?, ?)`);
    const now = nowIso();
    for (const userId of userIds) insert.run(groupId, userId, tenantId, now);
  }

  remove(tenantId: string, groupId: string, userIds: readonly string[]): void {
    const del = this.db.prepare(`DELETE FROM ${this.table} WHERE tenant_id = ? AND ${this.groupColumn} = ? AND user_id = ?`);
    for (const userId of userIds) del.run(tenantId, groupId, userId);
  }

  count(tenantId: string, groupId: string): number {
    return this.countStmt.get(tenantId, groupId)?.n ?? 0;
  }

  /** Member counts of every group of the tenant that has members. */
  counts(tenantId: string): Map<string, number> {
    const rows = this.db
      .prepare<[string], { id: string; n: number }>(
        `SELECT m.${this.groupColumn} AS id, COUNT(*) AS n FROM ${this.table} m JOIN users u ON u.user_id = m.user_id AND u.tenant_id = m.tenant_id
         WHERE m.tenant_id = ? GROUP BY m.${this.groupColumn}`,
      )
      .all(tenantId);
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  page(tenantId: string, groupId: string, limit: number, offset: number): { total: number; rows: MemberRecord[] } {
    const rows = this.db
      .prepare<[string, string, number, number], { user_id: string; name: string }>(
        `SELECT u.user_id, u.name FROM ${this.table} m JOIN users u ON u.user_id = m.user_id AND u.tenant_id = m.tenant_id
         WHERE m.tenant_id = ? AND m.${this.groupColumn} = ? ORDER BY u.name, u.user_id LIMIT ? OFFSET ?`,
      )
      .all(tenantId, groupId, limit, offset);
    return { total: this.count(tenantId, groupId), rows: rows.map((r) => ({ userId: r.user_id, userName: r.name })) };
  }

  /** The groups a user is directly in. */
  groupsOf(tenantId: string, userId: string): string[] {
    return this.groupsOfStmt.all(tenantId, userId).map((r) => r.id);
  }
}
