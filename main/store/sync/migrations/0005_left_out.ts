/**
 * What each pair leaves out, with why (main/sync/names.ts, LeftOut): kept so that the UI can show
 * the list at any time, and so that a later pass logs only what changed since.
 */
export const up = `
CREATE TABLE left_out (
  pair_id TEXT NOT NULL REFERENCES pairs (pair_id) ON DELETE CASCADE,
  side TEXT NOT NULL CHECK (side IN ('local', 'remote')),
  path TEXT NOT NULL,
  reason TEXT NOT NULL,
  PRIMARY KEY (pair_id, side, path)
) WITHOUT ROWID;
`;
