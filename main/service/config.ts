/** Limits and lifetimes of the service. docs/api.md publishes the defaults. */
import { DEFAULT_OUTBOUND, type OutboundSettings } from '../net/settings.ts';
import { DEFAULT_RATE_LIMIT, type RateLimitSettings } from './limits/settings.ts';

export interface ServiceConfig {
  /** Largest JSON request body. */
  jsonBodyLimit: number;
  /** Largest file accepted by POST /v1/versions/upload; larger files go through the chunked protocol. */
  maxDirectUploadBytes: number;
  minChunkSize: number;
  maxChunkSize: number;
  maxTotalChunks: number;
  maxTotalSize: number;
  /** How long an unfinished chunked upload session lives after its last activity. */
  uploadSessionTtlMs: number;
  /** Days a deleted item stays in the recycle bin when its content type sets no retentionDays. */
  defaultRetentionDays: number;
  /** Ingest from URL and webhook delivery: ceilings, time-outs, retries and the operator allow-list. */
  outbound: OutboundSettings;
  /** Requests per client and window (docs/api.md#limits). */
  rateLimit: RateLimitSettings;
  /**
   * How long a node holds a job, task or webhook delivery it claimed without renewing the claim: a
   * dead node's work is taken over by another node this long after its last renewal
   * (main/jobs/nodeLease.ts).
   */
  leaseMs: number;
}

export const DEFAULT_CONFIG: ServiceConfig = {
  jsonBodyLimit: 1024 * 1024,
  maxDirectUploadBytes: 32 * 1024 * 1024,
  minChunkSize: 256 * 1024,
  maxChunkSize: 64 * 1024 * 1024,
  maxTotalChunks: 10_000,
  maxTotalSize: 64 * 1024 * 1024 * 1024,
  uploadSessionTtlMs: 24 * 3600 * 1000,
  defaultRetentionDays: 30,
  outbound: DEFAULT_OUTBOUND,
  rateLimit: DEFAULT_RATE_LIMIT,
  leaseMs: 20_000,
};
