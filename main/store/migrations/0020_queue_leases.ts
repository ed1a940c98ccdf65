/**
 * Per-row leases on the queues that one node must work once (jobs, async ingest tasks, webhook
 * deliveries): the node that claimed a row (`lease_owner`) and until when it holds it (`lease_until`,
 * epoch ms). A row whose lease has run out may be claimed by any node; rows left RUNNING before this
 * migration hold no lease (0), so the next claim takes them.
 */
export const up = `
ALTER TABLE jobs ADD COLUMN lease_owner TEXT NOT NULL DEFAULT '';
ALTER TABLE jobs ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0;
CREATE INDEX jobs_leases ON jobs (queue, status, lease_until);
ALTER TABLE tasks ADD COLUMN lease_owner TEXT NOT NULL DEFAULT '';
ALTER TABLE tasks ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tasks_leases ON tasks (status, lease_until);
ALTER TABLE webhook_deliveries ADD COLUMN lease_owner TEXT NOT NULL DEFAULT '';
ALTER TABLE webhook_deliveries ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0;
`;
