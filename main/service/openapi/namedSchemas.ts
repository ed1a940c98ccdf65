/**
 * The resource and request shapes of shared/v1, by their exported names. They go into the
 * description once, as components/schemas, and every place that has one of them inline gets a
 * `$ref` instead: the route schemas stay plain TypeBox for Fastify's validation and serialisation,
 * and only the description is factored.
 */
import * as Type from 'typebox/type';
import type { TSchema } from 'typebox';
import * as access from '../../../shared/v1/access.ts';
import * as changes from '../../../shared/v1/changes.ts';
import * as contentModel from '../../../shared/v1/contentModel.ts';
import * as directory from '../../../shared/v1/directory.ts';
import * as events from '../../../shared/v1/events.ts';
import * as ingest from '../../../shared/v1/ingest.ts';
import * as limits from '../../../shared/v1/limits.ts';
import * as offline from '../../../shared/v1/offline.ts';
import * as org from '../../../shared/v1/org.ts';
import * as renditions from '../../../shared/v1/renditions.ts';
import * as requests from '../../../shared/v1/requests.ts';
import * as resources from '../../../shared/v1/resources.ts';
import * as text from '../../../shared/v1/text.ts';
import * as webhooks from '../../../shared/v1/webhooks.ts';
import { SCHEMAS, type JsonObject } from './components.ts';

const MODULES: Record<string, unknown>[] = [resources, requests, access, changes, contentModel, directory, events, ingest, limits, offline, org, renditions, text, webhooks];

/** Query strings and headers become parameters, never schemas; their names would only collide with bodies of the same shape. */
const PARAMETER_SHAPE = /(?:Query|Headers)$/;

/**
 * Every exported object schema of shared/v1 by its export name. Cyclic schemas are left out:
 * @fastify/swagger hoists those itself (see `nameHoisted`).
 */
export function sharedSchemas(): Record<string, TSchema> {
  const named: Record<string, TSchema> = {};
  for (const mod of MODULES) {
    for (const [name, value] of Object.entries(mod)) {
      if (Type.IsObject(value) && !PARAMETER_SHAPE.test(name)) named[name] = value;
    }
  }
  return named;
}

/** A key for a schema's content, equal for equal schemas whatever the order of their keys. */
export function canonical(value: unknown, memo = new WeakMap<object, string>()): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const known = memo.get(value);
  if (known !== undefined) return known;
  const key = Array.isArray(value)
    ? `[${value.map((v) => canonical(v, memo)).join(',')}]`
    : `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((value as JsonObject)[k], memo)}`)
        .join(',')}}`;
  memo.set(value, key);
  return key;
}

/**
 * Which component each content stands for. A content that two names share is left inline
 * rather than named after the wrong one; test/unit/service/openapi.test.ts keeps there being none.
 */
export function namesByContent(schemas: Record<string, unknown>, memo: WeakMap<object, string>): { names: Map<string, string>; ambiguous: string[][] } {
  const byContent = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(schemas)) {
    const key = canonical(schema, memo);
    byContent.set(key, [...(byContent.get(key) ?? []), name]);
  }
  const names = new Map<string, string>();
  const ambiguous: string[][] = [];
  for (const [key, list] of byContent) {
    if (list.length === 1 && list[0] !== undefined) names.set(key, list[0]);
    else ambiguous.push(list);
  }
  return { names, ambiguous };
}

/** `value` with every subschema that is a named component replaced by its `$ref`, outermost first. */
export function refNamed(value: unknown, names: Map<string, string>, memo: WeakMap<object, string>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => refNamed(v, names, memo));
  const name = names.get(canonical(value, memo));
  if (name !== undefined) return { $ref: SCHEMAS + name };
  return refChildren(value as JsonObject, names, memo);
}

/** The same for what is inside `value`, leaving `value` itself as it is (a component's own body). */
export function refChildren(value: JsonObject, names: Map<string, string>, memo: WeakMap<object, string>): JsonObject {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, refNamed(v, names, memo)]));
}
