/**
 * The rate limit's counts, shared by every `folio serve` on the database (main/service/limits/
 * sharedCounts.ts): one row per client or address, the start of its current window (epoch ms) and
 * the requests counted in it. A row whose window has ended is reset by the next count, and removed
 * by the nodes once a window later.
 */
export const up = `
CREATE TABLE rate_limits (
  limit_key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);
`;
