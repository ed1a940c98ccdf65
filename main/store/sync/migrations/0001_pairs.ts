/** Sync pairs, and the three trees of each (docs/architecture.md, "The sync engine"), with what the scanner and feed need to stay cheap. */
export const up = `
CREATE TABLE pairs (
  pair_id TEXT PRIMARY KEY,
  server_url TEXT NOT NULL,
  container_id TEXT NOT NULL,
  dir TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'ACTIVE',
  state_reason TEXT NOT NULL DEFAULT '',
  settings TEXT NOT NULL DEFAULT '{}',
  cursor TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL,
  UNIQUE (dir)
);

CREATE TABLE nodes (
  pair_id TEXT NOT NULL REFERENCES pairs(pair_id) ON DELETE CASCADE,
  side TEXT NOT NULL CHECK (side IN ('remote', 'local', 'synced')),
  id TEXT NOT NULL,
  parent_id TEXT NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('file', 'dir')),
  hash TEXT NOT NULL,
  PRIMARY KEY (pair_id, side, id)
);

-- What the scanner saw of a local node, so an unchanged file is never hashed twice.
CREATE TABLE local_meta (
  pair_id TEXT NOT NULL REFERENCES pairs(pair_id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  path TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  ino TEXT NOT NULL,
  PRIMARY KEY (pair_id, id)
);

-- What a download needs of a remote file.
CREATE TABLE remote_meta (
  pair_id TEXT NOT NULL REFERENCES pairs(pair_id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  version_id TEXT NOT NULL,
  size INTEGER NOT NULL,
  PRIMARY KEY (pair_id, id)
);
`;
