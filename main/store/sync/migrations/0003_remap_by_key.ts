/**
 * A new file's local id becomes its service id once it is uploaded (remap), once per file of a
 * first sync. The remap now finds its rows through the primary key, one side at a time, so the
 * index by id alone only cost every write to the nodes table: a fourth B-tree to update on each
 * put, and a quarter of the state's cost per uploaded file (docs/sync-performance.md).
 */
export const up = `
DROP INDEX nodes_by_id;
`;
