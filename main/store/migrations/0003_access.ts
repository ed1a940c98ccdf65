/**
 * Access control and the organisation: departments and roles with their members, ACL entries on
 * containers, ACL policies with their grantees, and share grants. Existing tenants get the
 * default that new tenants get at creation: EVERYONE holds EDITOR on the system root.
 */
export const up = `
CREATE TABLE departments (
  dept_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(tenant_id),
  source TEXT NOT NULL DEFAULT 'LOCAL',
  name TEXT NOT NULL,
  parent_dept_id TEXT NOT NULL DEFAULT '',
  display_order INTEGER NOT NULL DEFAULT 0,
  leader_user_id TEXT NOT NULL DEFAULT '',
  properties TEXT NOT NULL DEFAULT '{}',
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL
);
CREATE INDEX departments_by_parent ON departments (tenant_id, parent_dept_id);
CREATE UNIQUE INDEX departments_sibling_name ON departments (tenant_id, parent_dept_id, name);

CREATE TABLE department_members (
  dept_id TEXT NOT NULL REFERENCES departments(dept_id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
  tenant_id TEXT NOT NULL,
  create_time TEXT NOT NULL,
  PRIMARY KEY (dept_id, user_id)
);
CREATE INDEX department_members_by_user ON department_members (tenant_id, user_id);

CREATE TABLE roles (
  role_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(tenant_id),
  source TEXT NOT NULL DEFAULT 'LOCAL',
  name TEXT NOT NULL,
  role_key TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  properties TEXT NOT NULL DEFAULT '{}',
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL,
  UNIQUE (tenant_id, role_key)
);

CREATE TABLE role_members (
  role_id TEXT NOT NULL REFERENCES roles(role_id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
  tenant_id TEXT NOT NULL,
  create_time TEXT NOT NULL,
  PRIMARY KEY (role_id, user_id)
);
CREATE INDEX role_members_by_user ON role_members (tenant_id, user_id);

CREATE TABLE acl_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id TEXT NOT NULL,
  container_id TEXT NOT NULL REFERENCES containers(container_id) ON DELETE CASCADE,
  principal_type TEXT NOT NULL CHECK (principal_type IN ('USER', 'DEPARTMENT', 'ROLE', 'EVERYONE')),
  principal_id TEXT NOT NULL DEFAULT '',
  role TEXT NOT NULL DEFAULT '',
  allow_mask INTEGER NOT NULL DEFAULT 0,
  deny_mask INTEGER NOT NULL DEFAULT 0,
  create_by TEXT NOT NULL,
  create_time TEXT NOT NULL,
  UNIQUE (container_id, principal_type, principal_id)
);
CREATE INDEX acl_entries_by_principal ON acl_entries (tenant_id, principal_type, principal_id);

CREATE TABLE acl_policies (
  policy_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(tenant_id),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  match_resource_type TEXT NOT NULL,
  match_container_type_ids TEXT NOT NULL DEFAULT '[]',
  match_conditions TEXT NOT NULL DEFAULT '[]',
  grant_type TEXT NOT NULL,
  grant_role TEXT NOT NULL DEFAULT '',
  grant_permission_mask INTEGER NOT NULL DEFAULT 0,
  grant_deny_mask INTEGER NOT NULL DEFAULT 0,
  enabled INTEGER NOT NULL DEFAULT 1,
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL
);
CREATE INDEX acl_policies_by_tenant ON acl_policies (tenant_id, enabled);

CREATE TABLE acl_policy_grantees (
  policy_id TEXT NOT NULL REFERENCES acl_policies(policy_id) ON DELETE CASCADE,
  tenant_id TEXT NOT NULL,
  grantee_type TEXT NOT NULL,
  grantee_id TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (policy_id, grantee_type, grantee_id)
);
CREATE INDEX acl_policy_grantees_by_grantee ON acl_policy_grantees (tenant_id, grantee_type, grantee_id);

CREATE TABLE share_grants (
  share_grant_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(tenant_id),
  resource_type TEXT NOT NULL CHECK (resource_type IN ('CONTAINER', 'DOCUMENT')),
  resource_id TEXT NOT NULL,
  grantor_id TEXT NOT NULL,
  grantee_type TEXT NOT NULL CHECK (grantee_type IN ('USER', 'DEPARTMENT', 'ROLE')),
  grantee_id TEXT NOT NULL,
  permission_preset TEXT NOT NULL,
  message TEXT NOT NULL DEFAULT '',
  expires_at TEXT NOT NULL DEFAULT '',
  revoked_at TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL
);
CREATE INDEX share_grants_by_grantee ON share_grants (tenant_id, grantee_type, grantee_id);
CREATE INDEX share_grants_by_resource ON share_grants (tenant_id, resource_type, resource_id);
CREATE INDEX share_grants_by_grantor ON share_grants (tenant_id, grantor_id);

INSERT INTO acl_entries (tenant_id, container_id, principal_type, principal_id, role, allow_mask, deny_mask, create_by, create_time)
  SELECT tenant_id, container_id, 'EVERYONE', '', 'EDITOR', 39, 0, 'system', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM containers WHERE system_kind = 'ROOT';
`;
