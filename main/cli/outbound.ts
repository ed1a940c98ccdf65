/**
 * `folio serve` flags for outbound HTTP (ingest from URL, webhooks). --allow-fetch-host is an
 * operator setting: each one exempts one exact host:port from the SSRF address rules, for local
 * integrations (and the tests). Every other flag overrides a default of DEFAULT_OUTBOUND.
 */
import { DEFAULT_OUTBOUND, type OutboundSettings } from '../net/settings.ts';
import { AllowList } from '../net/target.ts';
import { UsageError } from './options.ts';

export const OUTBOUND_OPTIONS = {
  'allow-fetch-host': { type: 'string', multiple: true },
  'ingest-sync-max-bytes': { type: 'string' },
  'ingest-max-bytes': { type: 'string' },
  'ingest-timeout-ms': { type: 'string' },
  'fetch-idle-timeout-ms': { type: 'string' },
  'webhook-timeout-ms': { type: 'string' },
  'webhook-max-attempts': { type: 'string' },
  'webhook-retry-base-ms': { type: 'string' },
} as const;

export interface OutboundFlags {
  'allow-fetch-host'?: string[];
  'ingest-sync-max-bytes'?: string;
  'ingest-max-bytes'?: string;
  'ingest-timeout-ms'?: string;
  'fetch-idle-timeout-ms'?: string;
  'webhook-timeout-ms'?: string;
  'webhook-max-attempts'?: string;
  'webhook-retry-base-ms'?: string;
}

export function outboundSettings(flags: OutboundFlags): OutboundSettings {
  const num = (flag: Exclude<keyof OutboundFlags, 'allow-fetch-host'>, fallback: number): number => {
    const raw = flags[flag];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1) throw new UsageError(`--${flag} must be a positive integer, not ${raw}`);
    return value;
  };
  const d = DEFAULT_OUTBOUND;
  const allowHosts = flags['allow-fetch-host'] ?? d.allowHosts;
  try {
    new AllowList(allowHosts);
  } catch (err) {
    throw new UsageError(`--allow-fetch-host: ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    allowHosts,
    ingestSyncMaxBytes: num('ingest-sync-max-bytes', d.ingestSyncMaxBytes),
    ingestMaxBytes: num('ingest-max-bytes', d.ingestMaxBytes),
    ingestTimeoutMs: num('ingest-timeout-ms', d.ingestTimeoutMs),
    fetchIdleTimeoutMs: num('fetch-idle-timeout-ms', d.fetchIdleTimeoutMs),
    webhookTimeoutMs: num('webhook-timeout-ms', d.webhookTimeoutMs),
    webhookMaxAttempts: num('webhook-max-attempts', d.webhookMaxAttempts),
    webhookRetryBaseMs: num('webhook-retry-base-ms', d.webhookRetryBaseMs),
  };
}
