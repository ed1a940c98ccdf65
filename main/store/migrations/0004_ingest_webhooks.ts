/** Background tasks (async ingest from URL), webhook endpoints and their persisted deliveries. */
export const up = `
CREATE TABLE tasks (
  task_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED')),
  input TEXT NOT NULL,
  result TEXT,
  fail_code INTEGER NOT NULL DEFAULT 0,
  fail_reason TEXT NOT NULL DEFAULT '',
  attempts INTEGER NOT NULL DEFAULT 0,
  client_id TEXT NOT NULL,
  user_id TEXT,
  auth_mode TEXT NOT NULL,
  create_by TEXT NOT NULL,
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL
);
CREATE INDEX tasks_by_status ON tasks (status, create_time);

CREATE TABLE webhooks (
  webhook_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  secret TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  create_by TEXT NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX webhooks_by_tenant ON webhooks (tenant_id, create_time);

CREATE TABLE webhook_deliveries (
  delivery_id TEXT PRIMARY KEY,
  webhook_id TEXT NOT NULL REFERENCES webhooks(webhook_id) ON DELETE CASCADE,
  tenant_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_status_code INTEGER NOT NULL DEFAULT 0,
  last_error TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL,
  delivered_time TEXT NOT NULL DEFAULT ''
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, create_time);
`;
