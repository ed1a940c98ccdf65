/** Capabilities of content types and fields: a map of key -> {effect, value}; a child type overrides its parent by key. */
import { CAPABILITY_KEY_PATTERN, type Capabilities } from '../../../shared/v1/contentModel.ts';
import { fail } from '../errors.ts';

export function validCapabilities(map: Capabilities): Capabilities {
  for (const key of Object.keys(map)) {
    if (!CAPABILITY_KEY_PATTERN.test(key)) {
      fail('VALIDATION', `capability key '${key}' must start with a letter and hold at most 64 letters, digits or _ . : -`, { field: `capabilities.${key}` });
    }
  }
  return map;
}

/** Capabilities along a lineage given nearest first: the nearest definition of a key wins. */
export function mergeCapabilities(nearestFirst: readonly Capabilities[]): Capabilities {
  return Object.assign({}, ...[...nearestFirst].reverse()) as Capabilities;
}
