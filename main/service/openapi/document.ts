/**
 * The last pass over the description @fastify/swagger builds from the route schemas: the envelope,
 * the failure answers and the shared shapes become components that operations `$ref`, every
 * authenticated operation gets the user-channel headers, and the document gets its servers and tags.
 */
import {
  envelopeAround,
  envelopeSchemas,
  errorResponseName,
  errorResponses,
  PARAMETERS,
  RESPONSES,
  SCHEMAS,
  securitySchemes,
  SUCCESS_DESCRIPTION,
  TAG_DESCRIPTIONS,
  userChannelParameters,
  type JsonObject,
} from './components.ts';
import { namesByContent, refChildren, refNamed } from './namedSchemas.ts';

const ENVELOPE_FIELDS = 'code,data,msg,rid,success,ts';

export function finishDocument(doc: JsonObject): JsonObject {
  const components = (doc.components ?? {}) as JsonObject;
  const generated = renameHoisted((components.schemas ?? {}) as Record<string, JsonObject>);
  const memo = new WeakMap<object, string>();
  const { names } = namesByContent(generated.schemas, memo);

  const paths = Object.fromEntries(
    Object.entries(generated.rename((doc.paths ?? {}) as JsonObject) as Record<string, Record<string, JsonObject>>).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(item).map(([method, op]) => [method, finishOperation(op, names, memo)])),
    ]),
  );
  const schemas = { ...envelopeSchemas, ...Object.fromEntries(Object.entries(generated.schemas).map(([n, s]) => [n, refChildren(s, names, memo)])) };
  const finished: JsonObject = {
    ...doc,
    servers: [{ url: '/', description: 'The service that serves this description.' }],
    tags: tagsOf(paths),
    paths,
    components: {
      ...components,
      securitySchemes,
      parameters: userChannelParameters,
      responses: errorResponses(),
      schemas,
    },
  };
  return withoutUnusedComponents(finished);
}

function finishOperation(op: JsonObject, names: Map<string, string>, memo: WeakMap<object, string>): JsonObject {
  const responses = Object.fromEntries(Object.entries((op.responses ?? {}) as Record<string, JsonObject>).map(([status, r]) => [status, finishResponse(status, r, names, memo)]));
  const isPublic = Array.isArray(op.security) && op.security.length === 0;
  const parameters = [...((op.parameters ?? []) as unknown[]), ...(isPublic ? [] : Object.keys(userChannelParameters).map((n) => ({ $ref: PARAMETERS + n })))];
  return {
    ...op,
    ...(op.requestBody ? { requestBody: refNamed(op.requestBody, names, memo) } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    responses,
  };
}

/** An enveloped failure becomes the shared answer of its status; a success becomes the Envelope around its data. */
function finishResponse(status: string, response: JsonObject, names: Map<string, string>, memo: WeakMap<object, string>): JsonObject {
  const json = (response.content as Record<string, JsonObject> | undefined)?.['application/json'];
  const data = envelopeData(json?.schema);
  if (!json || data === undefined) return refNamed(response, names, memo) as JsonObject;
  if (isNullSchema(data)) {
    if (response.headers === undefined && status !== '200') return { $ref: RESPONSES + errorResponseName(Number(status)) };
    return { ...response, content: { ...(response.content as JsonObject), 'application/json': { ...json, schema: { $ref: `${SCHEMAS}ErrorEnvelope` } } } };
  }
  const payload = nonNullMember(data);
  return {
    ...response,
    description: SUCCESS_DESCRIPTION,
    content: { ...(response.content as JsonObject), 'application/json': { ...json, schema: envelopeAround(refNamed(payload, names, memo) as JsonObject) } },
  };
}

/** The `data` schema of an inline envelope (main/service/envelope.ts), or undefined for any other schema. */
function envelopeData(schema: unknown): JsonObject | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const properties = (schema as JsonObject).properties as Record<string, JsonObject> | undefined;
  if (!properties || Object.keys(properties).sort().join(',') !== ENVELOPE_FIELDS) return undefined;
  return properties.data;
}

function isNullSchema(schema: JsonObject): boolean {
  return schema.type === 'null' && Object.keys(schema).length === 1;
}

/** `X` of the `anyOf: [X, null]` that EnvelopeOf writes for data. */
function nonNullMember(data: JsonObject): JsonObject {
  const members = (data.anyOf ?? []) as JsonObject[];
  const others = members.filter((m) => !isNullSchema(m));
  return others.length === 1 && others[0] ? others[0] : data;
}

/**
 * @fastify/swagger names the schemas it hoists out of the routes (TypeBox's cyclic ones) `def-0`,
 * `def-1`; they carry their name as a title, so they get it back, and every `$ref` to them follows.
 */
function renameHoisted(schemas: Record<string, JsonObject>): { schemas: Record<string, JsonObject>; rename: (v: unknown) => unknown } {
  const renamed = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    if (/^def-\d+$/.test(name) && typeof schema.title === 'string' && !(schema.title in schemas)) renamed.set(SCHEMAS + name, SCHEMAS + schema.title);
  }
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? (renamed.get(v) ?? v) : rename(v)]));
  };
  const out = Object.fromEntries(Object.entries(schemas).map(([name, s]) => [renamed.get(SCHEMAS + name)?.slice(SCHEMAS.length) ?? name, rename(s) as JsonObject]));
  return { schemas: out, rename };
}

/** The tags the operations use, each with its description, in the order of TAG_DESCRIPTIONS. */
function tagsOf(paths: Record<string, Record<string, JsonObject>>): JsonObject[] {
  const used = new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => (op.tags ?? []) as string[])));
  const known = Object.keys(TAG_DESCRIPTIONS).filter((t) => used.has(t));
  const unknown = [...used].filter((t) => !(t in TAG_DESCRIPTIONS)).sort();
  return [...known.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })), ...unknown.map((name) => ({ name }))];
}

/** Only the components that the paths reach, directly or through other components. */
function withoutUnusedComponents(doc: JsonObject): JsonObject {
  const components = doc.components as Record<string, Record<string, unknown>>;
  const reached = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/') && !reached.has(v)) {
        reached.add(v);
        const [, , section, name] = v.split('/');
        visit(components[section ?? '']?.[name ?? '']);
      } else visit(v);
    }
  };
  visit(doc.paths);
  const keep = (section: string) =>
    Object.fromEntries(Object.entries(components[section] ?? {}).filter(([name]) => reached.has(`#/components/${section}/${name}`)));
  return { ...doc, components: { ...components, schemas: keep('schemas'), responses: keep('responses'), parameters: keep('parameters') } };
}
