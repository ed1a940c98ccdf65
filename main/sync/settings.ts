/** The settings of a sync pair, checked before they are stored (docs/sync.md, "Settings"). */
import type { PairSettings } from './model.ts';

export const MAX_CONCURRENCY = 32;

/** Settings are the user's input: a bad value is refused with the field it concerns. */
export class InvalidSetting extends Error {
  constructor(
    readonly field: keyof PairSettings,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

export function validSettings(s: PairSettings): PairSettings {
  if (!Number.isInteger(s.concurrency) || s.concurrency < 1 || s.concurrency > MAX_CONCURRENCY) throw new InvalidSetting('concurrency', `must be a whole number from 1 to ${MAX_CONCURRENCY}`);
  for (const field of ['uploadLimit', 'downloadLimit'] as const) {
    if (!Number.isInteger(s[field]) || s[field] < 0) throw new InvalidSetting(field, 'must be a whole number of bytes per second, 0 for no limit');
  }
  if (!Number.isInteger(s.massDeleteMinimum) || s.massDeleteMinimum < 1) throw new InvalidSetting('massDeleteMinimum', 'must be a whole number of at least 1');
  if (!Array.isArray(s.excludedFolders) || s.excludedFolders.some((id) => typeof id !== 'string' || id === '')) throw new InvalidSetting('excludedFolders', 'must be a list of folder ids');
  if (typeof s.caseInsensitive !== 'boolean') throw new InvalidSetting('caseInsensitive', 'must be true or false');
  return { ...s, excludedFolders: [...new Set(s.excludedFolders)] };
}
