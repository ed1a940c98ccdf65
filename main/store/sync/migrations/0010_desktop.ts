/**
 * The desktop app's own state, next to the sync pairs: who is signed in (never a secret: those
 * live in the OS keychain), app-wide settings, and what each pair's last round did.
 */
export const up = `
CREATE TABLE desktop_account (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  service_url TEXT NOT NULL,
  client_id TEXT NOT NULL,
  user_name TEXT NOT NULL DEFAULT '',
  tenant_id TEXT NOT NULL DEFAULT '',
  user_id TEXT NOT NULL DEFAULT '',
  update_time TEXT NOT NULL
);

CREATE TABLE desktop_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE desktop_pair_runs (
  pair_id TEXT PRIMARY KEY REFERENCES pairs(pair_id) ON DELETE CASCADE,
  last_sync_at TEXT NOT NULL DEFAULT '',
  last_round TEXT NOT NULL DEFAULT '{}',
  container_name TEXT NOT NULL DEFAULT ''
);
`;
