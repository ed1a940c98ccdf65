/**
 * Narrowing a value to what a resource schema names. The service's records and the client's
 * resources carry more than a smaller resource promises (a tenant, a display name…): TypeScript lets
 * them pass as the smaller type, so without this the extra fields would ride along into answers,
 * stored task results and the UI.
 */
import type { Static, TObject } from 'typebox';

const keysOf = new WeakMap<TObject, readonly string[]>();

/** The fields of `value` that `schema` names, and no others. */
export function fieldsOf<S extends TObject>(schema: S, value: Static<S>): Static<S> {
  let keys = keysOf.get(schema);
  if (!keys) {
    keys = Object.keys(schema.properties);
    keysOf.set(schema, keys);
  }
  const from = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = from[key];
  return out as Static<S>;
}
