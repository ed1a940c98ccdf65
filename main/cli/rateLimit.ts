/** `folio serve` flags for the per-client rate limit. --rate-limit 0 turns it off. */
import { DEFAULT_RATE_LIMIT, type RateLimitSettings } from '../service/limits/settings.ts';
import { UsageError } from './options.ts';

export const RATE_LIMIT_OPTIONS = {
  'rate-limit': { type: 'string' },
  'rate-window-ms': { type: 'string' },
} as const;

export interface RateLimitFlags {
  'rate-limit'?: string;
  'rate-window-ms'?: string;
}

export function rateLimitSettings(flags: RateLimitFlags): RateLimitSettings {
  return {
    max: integerFlag(flags['rate-limit'], '--rate-limit', 0, DEFAULT_RATE_LIMIT.max),
    windowMs: integerFlag(flags['rate-window-ms'], '--rate-window-ms', 1, DEFAULT_RATE_LIMIT.windowMs),
  };
}

function integerFlag(raw: string | undefined, flag: string, min: number, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) throw new UsageError(`${flag} must be an integer of at least ${min}, not ${raw}`);
  return value;
}
