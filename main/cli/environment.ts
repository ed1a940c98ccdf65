/** Settings `folio serve` reads from the environment; docs/configuration.md lists them. */
import { DEFAULT_CONFIG, type ServiceConfig } from '../service/config.ts';
import type { HousekeepingSettings } from '../service/housekeeping.ts';
import { UsageError } from './options.ts';

export interface ServeSettings {
  service: ServiceConfig;
  housekeeping: Partial<HousekeepingSettings>;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv): ServeSettings {
  const ttl = positiveInteger(env, 'FOLIO_UPLOAD_TTL_MS');
  const retention = positiveInteger(env, 'FOLIO_CHANGE_RETENTION_MS');
  const lease = positiveInteger(env, 'FOLIO_LEASE_MS');
  return {
    service: { ...DEFAULT_CONFIG, ...(ttl === undefined ? {} : { uploadSessionTtlMs: ttl }), ...(lease === undefined ? {} : { leaseMs: lease }) },
    housekeeping: retention === undefined ? {} : { changeRetentionMs: retention },
  };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new UsageError(`${name} must be a positive whole number of milliseconds, not ${raw}`);
  return value;
}
