/** The rate limit's shared counts, as SQLite has them after its migration 0018; epoch milliseconds need BIGINT here. */
export const up = `
CREATE TABLE rate_limits (
  limit_key TEXT PRIMARY KEY,
  window_start BIGINT NOT NULL,
  count INTEGER NOT NULL
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);
`;
