/**
 * Free-form metadata maps (metadataColumns) on containers and documents. Their values are any JSON
 * (spec §2 leaves their shape open), but not nested without bound: a few thousand levels fit in a
 * 1 MiB body and overflow the stack of JSON.stringify when the map is stored or sent back.
 */
import { fail } from '../errors.ts';

/** Levels of arrays and objects below a key; the map itself is level 0. */
export const METADATA_MAX_DEPTH = 32;

export function validMetadata(map: Record<string, unknown>, field: string): Record<string, unknown> {
  // Walked with an explicit stack: recursion would overflow on exactly the input this refuses.
  const pending: Array<{ value: unknown; depth: number }> = [{ value: map, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth > METADATA_MAX_DEPTH) fail('VALIDATION', `${field} is nested deeper than ${METADATA_MAX_DEPTH} levels`, { field });
    for (const child of Object.values(item.value)) pending.push({ value: child, depth: item.depth + 1 });
  }
  return map;
}
