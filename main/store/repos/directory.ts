/** The tenant's directory: users, departments and roles in one name search. */
import { Repository } from '../db.ts';

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

// instr() matches the query as a literal substring: '%', '_' and '\' in a name or query are plain
// characters, with no LIKE pattern to escape. lower() folds ASCII, enough for a typeahead.
const MATCHES = `SELECT 'USER' AS kind, u.user_id AS id, u.name AS name,
    (SELECT group_concat(d.name, ', ') FROM department_members m JOIN departments d ON d.dept_id = m.dept_id
      WHERE m.tenant_id = u.tenant_id AND m.user_id = u.user_id) AS detail
  FROM users u WHERE u.tenant_id = @tenantId AND @users = 1 AND instr(lower(u.name), lower(@query)) > 0
UNION ALL
SELECT 'DEPARTMENT', d.dept_id, d.name, (SELECT p.name FROM departments p WHERE p.dept_id = d.parent_dept_id AND p.tenant_id = d.tenant_id)
  FROM departments d WHERE d.tenant_id = @tenantId AND @departments = 1 AND instr(lower(d.name), lower(@query)) > 0
UNION ALL
SELECT 'ROLE', r.role_id, r.name, r.role_key
  FROM roles r WHERE r.tenant_id = @tenantId AND @roles = 1 AND instr(lower(r.name), lower(@query)) > 0`;

interface Params {
  tenantId: string;
  query: string;
  users: number;
  departments: number;
  roles: number;
}

export class DirectoryRepository extends Repository {
  /** Exact names first, then names that start with the query, then the rest, each by name. */
  search(tenantId: string, query: string, kinds: readonly DirectoryKind[], limit: number, offset: number): { total: number; rows: DirectoryRecord[] } {
    const params: Params = { tenantId, query, users: kinds.includes('USER') ? 1 : 0, departments: kinds.includes('DEPARTMENT') ? 1 : 0, roles: kinds.includes('ROLE') ? 1 : 0 };
    const total = this.prepared<[Params], { n: number }>(`SELECT count(*) AS n FROM (${MATCHES})`).get(params)?.n ?? 0;
    const rows = this.prepared<[Params & { limit: number; offset: number }], Row>(
      `SELECT * FROM (${MATCHES})
       ORDER BY lower(name) = lower(@query) DESC, instr(lower(name), lower(@query)) = 1 DESC, name COLLATE NOCASE, kind, id
       LIMIT @limit OFFSET @offset`,
    ).all({ ...params, limit, offset });
    return { total, rows: rows.map((r) => ({ ...r, detail: r.detail ?? '' })) };
  }
}
