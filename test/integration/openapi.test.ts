/**
 * GET /v1/openapi.json against a real `folio serve`: public, OpenAPI 3.1, and complete. The list of
 * routes comes from the server's own route table (buildApp in-process on a temp store), so a
 * route that is left out of the description, by `schema.hide` or otherwise, fails this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../main/service/app.ts';
import type { FolioApp } from '../../main/service/kernel.ts';
import { openStore, type Store } from '../../main/store/index.ts';
import { Api, removeDir, startServer, tempDir, type ServerHandle } from '../helpers/server.ts';

interface Media {
  schema?: JsonSchema;
}
interface Response {
  $ref?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, Media>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { $ref?: string; name?: string }[];
  requestBody?: { required?: boolean; content?: Record<string, Media> };
  responses?: Record<string, Response>;
}
interface JsonSchema {
  $ref?: string;
  type?: string;
  format?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface OpenApiDoc {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> };
}

/** The two routes whose success response is not the envelope (docs/api.md says which and why). */
// Bytes and the description document are not enveloped on success; their errors are.
/**
 * Bytes, this document, the browser sign-in's pages (HTML) and RFC 8414 metadata (plain JSON by that
 * RFC), and the load balancer's probes (plain JSON a balancer's check can match).
 */
const NOT_ENVELOPED = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /v1/openapi.json',
  'GET /v1/versions/download',
  'GET /v1/renditions/read',
  'GET /.well-known/oauth-authorization-server',
  'GET /v1/auth/authorize',
  'POST /v1/auth/authorize',
]);

/**
 * Every METHOD path pair in Fastify's route tree. printRoutes draws a tree whose children extend
 * their parent's path (`/v1/containers/get` then `Page` for getPage), so a route's path is the
 * concatenation of the segments on its branch; each line lists the node's methods in parentheses.
 */
function routeTable(app: FolioApp): string[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n').filter((l) => l.includes('── '));
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of lines) {
    const at = line.indexOf('── ');
    const depth = Math.round((at - 1) / 4);
    const m = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 3));
    if (!m?.[1]) throw new Error(`cannot read route line: ${line}`);
    const path = (prefixes[depth - 1] ?? '') + m[1];
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of m[2]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes.sort();
}

function documentedOperations(doc: OpenApiDoc): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

function* operations(d: OpenApiDoc): Generator<[string, Operation]> {
  for (const [path, item] of Object.entries(d.paths)) for (const [method, op] of Object.entries(item)) yield [`${method.toUpperCase()} ${path}`, op];
}

/** What a local `$ref` (`#/components/...`) points at in the served document. */
function resolve(ref: string): unknown {
  let at: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined;
  return at;
}

function missingFromDoc(app: FolioApp, doc: OpenApiDoc): string[] {
  const documented = new Set(documentedOperations(doc));
  return routeTable(app).filter((r) => !documented.has(r));
}

let server: ServerHandle;
let doc: OpenApiDoc;
let storeDir: string;
let store: Store;
let app: FolioApp;

beforeAll(async () => {
  server = await startServer();
  const res = await fetch(`${server.url}/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await res.json()) as OpenApiDoc;
  storeDir = tempDir();
  store = await openStore(storeDir);
  app = await buildApp(store);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  store.close();
  removeDir(storeDir);
  await server.stop();
  removeDir(server.dataDir);
});

describe('GET /v1/openapi.json', () => {
  it('is served without a token, as OpenAPI 3.1', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
  });

  it('reads the route table correctly (every route it finds is one the server has)', () => {
    const routes = routeTable(app);
    expect(routes).toContain('POST /v1/versions/uploadChunk');
    expect(routes).toContain('POST /v1/containers/getPage');
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      expect(app.hasRoute({ method: method as 'GET', url }), route).toBe(true);
    }
  });

  it('documents every route the server registers, with its method, and nothing else', () => {
    expect(missingFromDoc(app, doc)).toEqual([]);
    expect(documentedOperations(doc)).toEqual(routeTable(app));
  });

  it('notices a route hidden from the description', async () => {
    const dir = tempDir();
    const s = await openStore(dir);
    const withHidden = await buildApp(s);
    withHidden.post('/v1/secret/thing', { schema: { hide: true } }, async () => ({}));
    await withHidden.ready();
    expect(missingFromDoc(withHidden, withHidden.swagger() as OpenApiDoc)).toEqual(['POST /v1/secret/thing']);
    await withHidden.close();
    s.close();
    removeDir(dir);
  });

  it('describes the envelope once, with its six fields', () => {
    const env = doc.components.schemas.Envelope;
    expect([...(env?.required ?? [])].sort()).toEqual(['code', 'data', 'msg', 'rid', 'success', 'ts']);
    const p = env?.properties ?? {};
    expect([p.code?.type, p.ts?.type, p.rid?.type, p.msg?.type, p.success?.type]).toEqual(['integer', 'integer', 'string', 'string', 'boolean']);
  });

  it('gives every JSON route a 200 response in the envelope, by $ref, with nullable data', () => {
    const checked: string[] = [];
    for (const [key, op] of operations(doc)) {
      if (key.startsWith('HEAD ') || NOT_ENVELOPED.has(key)) continue;
      const schema = op.responses?.['200']?.content?.['application/json']?.schema;
      expect(schema, `${key} documents no JSON 200 response`).toBeDefined();
      expect(schema?.allOf?.[0]?.$ref, key).toBe('#/components/schemas/Envelope');
      const data = schema?.allOf?.[1]?.properties?.data;
      expect(data?.anyOf?.some((s) => s.type === 'null'), `${key}: data must be nullable (null on failure)`).toBe(true);
      expect(op.summary, `${key} has no summary`).toBeTruthy();
      checked.push(key);
    }
    expect(checked.length).toBe(documentedOperations(doc).filter((k) => !k.startsWith('HEAD ') && !NOT_ENVELOPED.has(k)).length);
    for (const key of NOT_ENVELOPED) expect(documentedOperations(doc)).toContain(key);
  });

  it('answers failures with the shared responses, whose data is null', () => {
    const error = doc.components.schemas.ErrorEnvelope;
    expect(error?.allOf?.[0]?.$ref).toBe('#/components/schemas/Envelope');
    expect(error?.allOf?.[1]?.properties?.data).toEqual({ type: 'null' });
    for (const [key, op] of operations(doc)) {
      // The sign-in page answers its failures as HTML pages and redirects, which a browser shows.
      if (NOT_ENVELOPED.has(key.replace(/^HEAD /, 'GET '))) continue;
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (status.startsWith('2') || status === '416') continue;
        expect(response.$ref, `${key} ${status}`).toMatch(/^#\/components\/responses\/[A-Za-z]+$/);
        expect(resolve(response.$ref ?? '')).toBeDefined();
      }
    }
    expect(JSON.stringify(doc)).not.toContain('{"anyOf":[{"type":"null"},{"type":"null"}]}');
  });

  it('has every $ref resolve inside the document', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of new Set(refs)) expect(resolve(ref), ref).toBeDefined();
  });

  it('takes raw bytes on the upload routes', () => {
    for (const path of ['/v1/versions/upload', '/v1/versions/uploadChunk', '/v1/renditions/upload']) {
      const body = doc.paths[path]?.post?.requestBody;
      expect(body?.required, path).toBe(true);
      expect(body?.content?.['application/octet-stream']?.schema, path).toMatchObject({ type: 'string', format: 'binary' });
    }
  });

  it('describes the download: 200 and 206 bytes with Content-Range, 416, and the enveloped 4xx', () => {
    const responses = doc.paths['/v1/versions/download']?.get?.responses ?? {};
    expect(responses['200']?.content?.['application/octet-stream']?.schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(responses['206']?.content?.['application/octet-stream']?.schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(responses['206']?.headers ?? {})).toContain('Content-Range');
    expect(Object.keys(responses['416']?.headers ?? {})).toContain('Content-Range');
    expect(responses['416']?.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/ErrorEnvelope');
    for (const status of ['400', '401', '403', '404']) expect(responses[status]?.$ref, status).toMatch(/^#\/components\/responses\//);
    const params = (doc.paths['/v1/versions/download']?.get?.parameters ?? []).map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['versionId', 'range', 'if-range']));
  });

  it('puts the user-channel headers on every operation that takes a token, by $ref, and on no public one', () => {
    const channel = ['#/components/parameters/UserToken', '#/components/parameters/ActAsSource', '#/components/parameters/ActAsSourceId'];
    expect(channel.map((ref) => (resolve(ref) as { name?: string } | undefined)?.name)).toEqual(['X-Svc-User-Token', 'X-Svc-Act-As-Source', 'X-Svc-Act-As-Source-Id']);
    for (const [key, op] of operations(doc)) {
      const refs = (op.parameters ?? []).map((p) => p.$ref);
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      if (isPublic) expect(refs.filter((r) => r !== undefined), key).toEqual([]);
      else expect(refs, key).toEqual(expect.arrayContaining(channel));
    }
    expect(doc.components.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('gives every operation a unique operationId and a declared, described tag; and a server', () => {
    const ids = [...operations(doc)].map(([key, op]) => {
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(op.tags?.length, key).toBe(1);
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/v1/versions/upload']?.post?.operationId).toBe('versionsUpload');
    expect(doc.paths['/v1/versions/download']?.head?.operationId).toBe('versionsDownloadHead');
    expect(doc.paths['/v1/auth/authorize']?.post?.operationId).toBe('authAuthorizeSubmit');
    const declared = new Map(doc.tags.map((t) => [t.name, t.description]));
    for (const [key, op] of operations(doc)) for (const tag of op.tags ?? []) expect(declared.get(tag), `${key} tag ${tag}`).toBeTruthy();
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('marks exactly the routes that need no token as public', async () => {
    const anonymous = new Api(server.url);
    for (const key of documentedOperations(doc)) {
      if (key.startsWith('HEAD ')) continue;
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path]?.[method.toLowerCase()];
      const isPublic = Array.isArray(op?.security) && op.security.length === 0;
      const res = method === 'GET' ? await anonymous.fetch(path, {}) : await fetch(server.url + path, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
      // The sign-in page answers HTML: no envelope, and no 100001 either.
      const text = await res.text();
      const body = (text.startsWith('{') ? JSON.parse(text) : {}) as { code?: number };
      if (isPublic) expect(body.code, `${key} is documented as public`).not.toBe(100001);
      else expect([res.status, body.code], `${key} is documented as needing a token`).toEqual([401, 100001]);
    }
  });
});
