/** Jobs by key alone: purging a version drops the jobs about it (keyed by its id) in every queue. */
export const up = `
CREATE INDEX jobs_by_key ON jobs (job_key);
`;
