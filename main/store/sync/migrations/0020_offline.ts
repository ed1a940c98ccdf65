/**
 * The offline layer of the desktop (docs/offline.md): writes waiting for the service (the outbox),
 * what the service last answered (for offline reads), and the ids made locally with the service
 * ids they became.
 */
export const up = `
CREATE TABLE outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  query TEXT NOT NULL DEFAULT '{}',
  body TEXT NOT NULL DEFAULT 'null',
  resource TEXT NOT NULL,
  -- The record an update is about; for a create, the local id it answered with.
  record_id TEXT NOT NULL DEFAULT '',
  is_create INTEGER NOT NULL DEFAULT 0,
  -- The record (JSON) the write was based on, updateTime included; '' when there is none to
  -- compare with (a create, or a follow-up of an item made locally).
  based_on TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL CHECK (state IN ('PENDING', 'SENDING', 'DONE', 'CONFLICT', 'FAILED', 'UNCERTAIN', 'DISCARDED')),
  -- For a conflict, what the service held when the replay met it; for a done write, its answer.
  service_record TEXT NOT NULL DEFAULT '',
  outcome TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL
);
CREATE INDEX outbox_by_state ON outbox (state, seq);

CREATE TABLE id_map (
  local_id TEXT PRIMARY KEY,
  service_id TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL,
  pair_id TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL,
  map_time TEXT NOT NULL DEFAULT ''
);
CREATE INDEX id_map_by_service ON id_map (service_id);

CREATE TABLE cached_records (
  resource TEXT NOT NULL,
  record_id TEXT NOT NULL,
  service_record TEXT NOT NULL DEFAULT '',
  local_record TEXT NOT NULL DEFAULT '',
  fetch_time TEXT NOT NULL,
  PRIMARY KEY (resource, record_id)
);

CREATE TABLE cached_answers (
  request_key TEXT PRIMARY KEY,
  resource TEXT NOT NULL,
  data TEXT NOT NULL,
  fetch_time TEXT NOT NULL
);

CREATE TABLE offline_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;
