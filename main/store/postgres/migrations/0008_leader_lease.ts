/**
 * The lead of the nodes on one database (main/store/leadership.ts), as SQLite has it after its
 * migration 0021: one row, the node that leads and until when (epoch ms, BIGINT).
 */
export const up = `
CREATE TABLE leader_lease (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  owner TEXT NOT NULL,
  lease_until BIGINT NOT NULL
);
`;
