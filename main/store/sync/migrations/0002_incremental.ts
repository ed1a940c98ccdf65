/**
 * What incremental persistence needs: lookups by id across sides (remap) and by parent (a folder's
 * new id), and when a file's hash was last checked, so a file modified within the timestamp
 * granularity of its last scan is hashed again (docs/sync.md, "Observation").
 */
export const up = `
ALTER TABLE local_meta ADD COLUMN checked_ms REAL NOT NULL DEFAULT 0;
CREATE INDEX nodes_by_id ON nodes (pair_id, id);
CREATE INDEX nodes_by_parent ON nodes (pair_id, parent_id);
`;
