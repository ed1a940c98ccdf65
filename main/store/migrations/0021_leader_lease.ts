/**
 * The lead of the nodes on one store (main/store/leadership.ts): one row, the node that leads
 * (`owner`) and until when it holds the lead (`lease_until`, epoch ms). No row: nobody has led yet.
 */
export const up = `
CREATE TABLE leader_lease (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  owner TEXT NOT NULL,
  lease_until INTEGER NOT NULL
);
`;
