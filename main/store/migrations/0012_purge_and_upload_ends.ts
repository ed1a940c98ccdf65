/**
 * Jobs by key alone: purging a version drops the jobs about it (keyed by its id) in every queue.
 * Why an upload session ended without a version (expired, aborted, its content refused, its
 * target gone), so a late call on it is told.
 */
export const up = `
CREATE INDEX jobs_by_key ON jobs (job_key);
ALTER TABLE upload_sessions ADD COLUMN end_reason TEXT NOT NULL DEFAULT '';
`;
