/**
 * What incremental persistence needs: lookups by id across sides (remap) and by parent (a folder's
 * new id); when a file's hash was last checked, so a file modified within the timestamp
 * granularity of its last scan is hashed again; and the intents of transfers in flight, so that
 * after a crash the engine recognises its own upload or download (docs/sync.md, "Crashes"); and
 * whether the trees were equal when the last pass ended, under which settings (a restart that
 * finds nothing changed need not load them).
 */
export const up = `
ALTER TABLE local_meta ADD COLUMN checked_ms REAL NOT NULL DEFAULT 0;
ALTER TABLE pairs ADD COLUMN in_sync_with TEXT NOT NULL DEFAULT '';
CREATE INDEX nodes_by_id ON nodes (pair_id, id);
CREATE INDEX nodes_by_parent ON nodes (pair_id, parent_id);

CREATE TABLE intents (
  pair_id TEXT NOT NULL REFERENCES pairs(pair_id) ON DELETE CASCADE,
  side TEXT NOT NULL CHECK (side IN ('remote', 'local')),
  id TEXT NOT NULL,
  hash TEXT NOT NULL,
  parent_id TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (pair_id, side, id)
);
`;
