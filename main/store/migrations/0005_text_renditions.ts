/**
 * The persisted background job queue, and renditions: client-uploaded previews and the
 * server-produced TEXT rendition that holds a version's extracted or OCR text.
 */
export const up = `
CREATE TABLE jobs (
  job_id INTEGER PRIMARY KEY AUTOINCREMENT,
  queue TEXT NOT NULL,
  job_key TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'FAILED')),
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL,
  run_after INTEGER NOT NULL,
  last_error TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL
);
CREATE UNIQUE INDEX jobs_live_key ON jobs (queue, job_key) WHERE status IN ('QUEUED', 'RUNNING');
CREATE INDEX jobs_due ON jobs (queue, status, run_after);

CREATE TABLE renditions (
  rendition_id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  version_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'READY', 'FAILED', 'NOT_APPLICABLE')),
  mime_type TEXT NOT NULL DEFAULT '',
  content_hash TEXT NOT NULL DEFAULT '',
  size_bytes INTEGER NOT NULL DEFAULT 0,
  fail_reason TEXT NOT NULL DEFAULT '',
  create_by TEXT NOT NULL,
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL,
  UNIQUE (version_id, kind)
);
CREATE INDEX renditions_by_tenant ON renditions (tenant_id, version_id);
CREATE INDEX renditions_by_hash ON renditions (content_hash);
`;
