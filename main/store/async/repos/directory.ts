/** The tenant's directory over either database: users, departments and roles in one name search. */
import { sql, type Kysely } from 'kysely';
import type { StoreSchema } from '../schema.ts';
import { isPostgres } from './jsonLists.ts';

export const DIRECTORY_KINDS = ['USER', 'DEPARTMENT', 'ROLE'] as const;
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];

export interface DirectoryRecord {
  kind: DirectoryKind;
  id: string;
  name: string;
  /** A user's departments, a department's parent, a role's key: what tells two equal names apart. */
  detail: string;
}

interface Row {
  kind: DirectoryKind;
  id: string;
  name: string;
  detail: string | null;
}

/** LIKE's wildcards in the query, taken literally (as filters.ts does). */
const literal = (text: string): string => text.replace(/[!%_]/g, '!$&');

export class AsyncDirectoryRepository {
  constructor(private readonly q: Kysely<StoreSchema>) {}

  /** Exact names first, then names that start with the query, then the rest, each by name (ASCII case folded). */
  async search(tenantId: string, query: string, kinds: readonly DirectoryKind[], limit: number, offset: number): Promise<{ total: number; rows: DirectoryRecord[] }> {
    const pattern = literal(query);
    const contains = sql`'%' || lower(${pattern}) || '%'`;
    const on = (kind: DirectoryKind): number => (kinds.includes(kind) ? 1 : 0);
    const departmentNames = isPostgres(this.q) ? sql`string_agg(d.name, ', ')` : sql`group_concat(d.name, ', ')`;
    const matches = sql`SELECT 'USER' AS kind, u.user_id AS id, u.name AS name,
        (SELECT ${departmentNames} FROM department_members m JOIN departments d ON d.dept_id = m.dept_id
          WHERE m.tenant_id = u.tenant_id AND m.user_id = u.user_id) AS detail
      FROM users u WHERE u.tenant_id = ${tenantId} AND ${on('USER')} = 1 AND lower(u.name) LIKE ${contains} ESCAPE '!'
    UNION ALL
    SELECT 'DEPARTMENT', d.dept_id, d.name, (SELECT p.name FROM departments p WHERE p.dept_id = d.parent_dept_id AND p.tenant_id = d.tenant_id)
      FROM departments d WHERE d.tenant_id = ${tenantId} AND ${on('DEPARTMENT')} = 1 AND lower(d.name) LIKE ${contains} ESCAPE '!'
    UNION ALL
    SELECT 'ROLE', r.role_id, r.name, r.role_key
      FROM roles r WHERE r.tenant_id = ${tenantId} AND ${on('ROLE')} = 1 AND lower(r.name) LIKE ${contains} ESCAPE '!'`;
    const counted = await sql<{ n: number }>`SELECT count(*) AS n FROM (${matches}) AS found`.execute(this.q);
    const found = await sql<Row>`SELECT * FROM (${matches}) AS found
      ORDER BY lower(name) = lower(${query}) DESC, lower(name) LIKE lower(${pattern}) || '%' ESCAPE '!' DESC, lower(name), kind, id
      LIMIT ${limit} OFFSET ${offset}`.execute(this.q);
    return { total: Number(counted.rows[0]?.n ?? 0), rows: found.rows.map((r) => ({ ...r, detail: r.detail ?? '' })) };
  }
}
