/**
 * Tenants, API clients, users and tokens, as SQLite has them after its migrations 0001 and 0015.
 * The flags stay 0/1 integers and the times ISO text, so one set of queries reads both databases;
 * `rowid` gives the tables read in insertion order the order SQLite's own rowid gives them.
 */
export const up = `
CREATE TABLE tenants (
  rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  tenant_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  create_time TEXT NOT NULL
);

CREATE TABLE api_clients (
  rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  client_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(tenant_id),
  secret_hash TEXT NOT NULL,
  act_as_user_allowed SMALLINT NOT NULL DEFAULT 0 CHECK (act_as_user_allowed IN (0, 1)),
  scopes TEXT NOT NULL DEFAULT '[]',
  create_time TEXT NOT NULL,
  public SMALLINT NOT NULL DEFAULT 0 CHECK (public IN (0, 1)),
  redirect_uris TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX api_clients_public ON api_clients (tenant_id, public);

CREATE TABLE users (
  user_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(tenant_id),
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  source TEXT,
  source_id TEXT,
  require_password_change SMALLINT NOT NULL DEFAULT 0 CHECK (require_password_change IN (0, 1)),
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
  expires_at BIGINT NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX tokens_expiry ON tokens (expires_at);
`;
