/** The rate-limit settings of `folio serve` (--rate-limit, --rate-window-ms). */
export interface RateLimitSettings {
  /** Requests per window and client; 0 turns rate limiting off. */
  max: number;
  windowMs: number;
}

/**
 * Generous on purpose: a sync client's first pass over a folder of small files sends a burst of
 * uploads, and the limit is there to stop a runaway client, not to slow a normal one.
 */
export const DEFAULT_RATE_LIMIT: RateLimitSettings = { max: 6000, windowMs: 60_000 };
