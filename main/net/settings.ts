/**
 * Settings of outbound HTTP: ingest from URL and webhook delivery. `folio serve` flags set them
 * (main/cli/outbound.ts); docs/api.md ("Settings") publishes the defaults.
 */
export interface OutboundSettings {
  /** Exact `host:port` pairs exempt from the address rules (local integrations, tests). Empty by default. */
  allowHosts: string[];
  /** Ingests of at most this many bytes, when the size is known up front, complete within the request. */
  ingestSyncMaxBytes: number;
  /** The ingest size ceiling, declared and actual. */
  ingestMaxBytes: number;
  /** Deadline for one ingest fetch, body included. */
  ingestTimeoutMs: number;
  /** Longest silence on an outbound socket before the fetch is abandoned. */
  fetchIdleTimeoutMs: number;
  /** Deadline for one webhook delivery attempt. */
  webhookTimeoutMs: number;
  /** Attempts per delivery before it is marked FAILED. */
  webhookMaxAttempts: number;
  /** Delay after the first failed attempt; each later delay is three times the one before. */
  webhookRetryBaseMs: number;
}

export const DEFAULT_OUTBOUND: OutboundSettings = {
  allowHosts: [],
  ingestSyncMaxBytes: 8 * 1024 * 1024,
  ingestMaxBytes: 1024 * 1024 * 1024,
  ingestTimeoutMs: 10 * 60 * 1000,
  fetchIdleTimeoutMs: 30_000,
  webhookTimeoutMs: 10_000,
  webhookMaxAttempts: 8,
  webhookRetryBaseMs: 10_000,
};

/** Redirects an ingest follows (docs/architecture.md, "Service conventions"); webhook deliveries follow none. */
export const MAX_REDIRECTS = 5;
