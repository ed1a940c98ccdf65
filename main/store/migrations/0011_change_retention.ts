/**
 * Change-feed retention: old changes are pruned, and each tenant's horizon (the newest seq pruned)
 * is kept, so a cursor from before it is told to walk the tree again (130006) rather than
 * silently missing changes.
 */
export const up = `
CREATE TABLE change_horizons (
  tenant_id TEXT PRIMARY KEY,
  pruned_through INTEGER NOT NULL
);
CREATE INDEX changes_by_time ON changes (time);
`;
