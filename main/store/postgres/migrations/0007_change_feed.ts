/**
 * The change feed, as SQLite has it after its migrations 0001 and 0011, numbered per tenant: `seq`
 * is not a sequence here (one numbered before commit can become visible after a larger one) but
 * taken from the tenant's row of `change_heads`, whose lock orders the tenant's commits
 * (docs/architecture.md, "The change feed never skips a change").
 */
export const up = `
CREATE TABLE change_heads (
  tenant_id TEXT PRIMARY KEY,
  seq BIGINT NOT NULL
);
CREATE TABLE changes (
  tenant_id TEXT NOT NULL,
  seq BIGINT NOT NULL,
  op TEXT NOT NULL,
  kind TEXT NOT NULL,
  node_id TEXT NOT NULL,
  parent_id TEXT NOT NULL,
  name TEXT NOT NULL,
  deleted INTEGER NOT NULL,
  version_no INTEGER NOT NULL DEFAULT 0,
  version_id TEXT NOT NULL DEFAULT '',
  content_hash TEXT NOT NULL DEFAULT '',
  size_bytes BIGINT NOT NULL DEFAULT 0,
  time TEXT NOT NULL,
  PRIMARY KEY (tenant_id, seq)
);
CREATE INDEX changes_by_time ON changes (time);
CREATE TABLE change_horizons (
  tenant_id TEXT PRIMARY KEY,
  pruned_through BIGINT NOT NULL
);
`;
