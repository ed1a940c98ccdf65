/** Tenants, API clients, users, tokens, content types, the tree, versions, blobs, uploads and the change feed. */
export const up = `
CREATE TABLE tenants (
  tenant_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  create_time TEXT NOT NULL
);

CREATE TABLE api_clients (
  client_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(tenant_id),
  secret_hash TEXT NOT NULL,
  act_as_user_allowed INTEGER NOT NULL DEFAULT 0,
  scopes TEXT NOT NULL DEFAULT '[]',
  create_time TEXT NOT NULL
);

CREATE TABLE users (
  user_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(tenant_id),
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  source TEXT,
  source_id TEXT,
  require_password_change INTEGER NOT NULL DEFAULT 0,
  create_time TEXT NOT NULL,
  UNIQUE (tenant_id, name),
  UNIQUE (tenant_id, source, source_id)
);

CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh', 'user', 'user_refresh')),
  tenant_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  user_id TEXT,
  expires_at INTEGER NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX tokens_expiry ON tokens (expires_at);

CREATE TABLE content_types (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  type_id TEXT NOT NULL UNIQUE,
  tenant_id TEXT NOT NULL,
  target_kind TEXT NOT NULL,
  parent_type_id TEXT NOT NULL DEFAULT '',
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  icon TEXT NOT NULL DEFAULT '',
  system INTEGER NOT NULL DEFAULT 0,
  sort_order INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'ENABLED',
  max_version_count INTEGER NOT NULL DEFAULT 0,
  retention_days INTEGER NOT NULL DEFAULT 0,
  capabilities TEXT NOT NULL DEFAULT '{}',
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL,
  UNIQUE (tenant_id, target_kind, code)
);

CREATE TABLE containers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  container_id TEXT NOT NULL UNIQUE,
  tenant_id TEXT NOT NULL,
  parent_id TEXT,
  container_type_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  sort_order INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'ACTIVE',
  system_kind TEXT,
  metadata TEXT NOT NULL DEFAULT '{}',
  acl_inherit_enabled INTEGER NOT NULL DEFAULT 1,
  create_by TEXT NOT NULL,
  create_time TEXT NOT NULL,
  update_by TEXT NOT NULL,
  update_time TEXT NOT NULL,
  purge_at TEXT NOT NULL DEFAULT '',
  deleted_batch TEXT
);
CREATE INDEX containers_children ON containers (tenant_id, parent_id, status);
CREATE UNIQUE INDEX containers_active_name ON containers (parent_id, name) WHERE status = 'ACTIVE';

CREATE TABLE documents (
  doc_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  container_id TEXT NOT NULL,
  title TEXT NOT NULL,
  document_type_id TEXT NOT NULL,
  current_version_id TEXT NOT NULL DEFAULT '',
  current_version_no INTEGER NOT NULL DEFAULT 0,
  size_bytes INTEGER NOT NULL DEFAULT 0,
  mime_type TEXT NOT NULL DEFAULT '',
  original_filename TEXT NOT NULL DEFAULT '',
  content_hash TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL DEFAULT 'ACTIVE',
  published_version_id TEXT NOT NULL DEFAULT '',
  published_version_no INTEGER NOT NULL DEFAULT 0,
  published_label TEXT NOT NULL DEFAULT '',
  processing_state TEXT NOT NULL DEFAULT 'NONE',
  processing_fail_reason TEXT NOT NULL DEFAULT '',
  index_status TEXT NOT NULL DEFAULT 'NONE',
  index_fail_reason TEXT NOT NULL DEFAULT '',
  metadata TEXT NOT NULL DEFAULT '{}',
  create_by TEXT NOT NULL,
  create_time TEXT NOT NULL,
  update_by TEXT NOT NULL,
  update_time TEXT NOT NULL,
  purge_at TEXT NOT NULL DEFAULT '',
  deleted_batch TEXT
);
CREATE INDEX documents_by_container ON documents (tenant_id, container_id, state);
CREATE UNIQUE INDEX documents_active_title ON documents (container_id, title) WHERE state = 'ACTIVE';

CREATE TABLE blobs (
  blob_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  create_time TEXT NOT NULL,
  UNIQUE (tenant_id, content_hash)
);
CREATE INDEX blobs_by_hash ON blobs (content_hash);

CREATE TABLE versions (
  version_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  doc_id TEXT NOT NULL,
  version_no INTEGER NOT NULL,
  blob_id TEXT NOT NULL REFERENCES blobs(blob_id),
  content_hash TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  mime_type TEXT NOT NULL,
  original_filename TEXT NOT NULL,
  comment TEXT NOT NULL DEFAULT '',
  label TEXT NOT NULL DEFAULT '',
  create_by TEXT NOT NULL,
  create_time TEXT NOT NULL,
  UNIQUE (doc_id, version_no)
);
CREATE INDEX versions_by_tenant ON versions (tenant_id, version_no DESC, version_id);
CREATE INDEX versions_by_blob ON versions (blob_id);

CREATE TABLE upload_sessions (
  upload_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  idempotency_key TEXT,
  create_by TEXT NOT NULL,
  target TEXT NOT NULL,
  total_size INTEGER NOT NULL,
  chunk_size INTEGER NOT NULL,
  total_chunks INTEGER NOT NULL,
  expected_hash TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'OPEN',
  completed_version_id TEXT NOT NULL DEFAULT '',
  expires_at INTEGER NOT NULL,
  create_time TEXT NOT NULL
);
CREATE UNIQUE INDEX upload_sessions_key ON upload_sessions (tenant_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX upload_sessions_expiry ON upload_sessions (status, expires_at);

CREATE TABLE upload_chunks (
  upload_id TEXT NOT NULL REFERENCES upload_sessions(upload_id) ON DELETE CASCADE,
  chunk_index INTEGER NOT NULL,
  size_bytes INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  PRIMARY KEY (upload_id, chunk_index)
);

CREATE TABLE changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id TEXT NOT NULL,
  op TEXT NOT NULL,
  kind TEXT NOT NULL,
  node_id TEXT NOT NULL,
  parent_id TEXT NOT NULL,
  name TEXT NOT NULL,
  deleted INTEGER NOT NULL,
  version_no INTEGER NOT NULL DEFAULT 0,
  version_id TEXT NOT NULL DEFAULT '',
  content_hash TEXT NOT NULL DEFAULT '',
  size_bytes INTEGER NOT NULL DEFAULT 0,
  time TEXT NOT NULL
);
CREATE INDEX changes_by_tenant ON changes (tenant_id, seq);
`;
