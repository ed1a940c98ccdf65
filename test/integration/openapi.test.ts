/**
 * GET /v1/openapi.json against a real `folio serve`: public, OpenAPI 3.1, and complete. The list of
 * routes comes from the server's own route table (buildApp in-process on a temp store), so a
 * route that is left out of the description, by `schema.hide` or otherwise, fails this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type FolioApp } from '../../main/service/app.ts';
import { openStore, type Store } from '../../main/store/index.ts';
import { Api, removeDir, startServer, tempDir, type ServerHandle } from '../helpers/server.ts';

interface Operation {
  summary?: string;
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}
interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** The two routes whose success response is not the envelope (docs/api.md says which and why). */
// Bytes and the description document are not enveloped on success; their errors are.
/** Bytes, this document, and the browser sign-in's pages (HTML) and RFC 8414 metadata (plain JSON by that RFC). */
const NOT_ENVELOPED = new Set([
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

  it('gives every JSON route a 200 response in the envelope shape', () => {
    const checked: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (method === 'head' || NOT_ENVELOPED.has(key)) continue;
        const schema = op.responses?.['200']?.content?.['application/json']?.schema;
        expect(schema, `${key} documents no JSON 200 response`).toBeDefined();
        expect(schema?.type, key).toBe('object');
        expect([...(schema?.required ?? [])].sort(), key).toEqual(['code', 'data', 'msg', 'rid', 'success', 'ts']);
        const p = schema?.properties ?? {};
        expect([p.code?.type, p.ts?.type, p.rid?.type, p.msg?.type, p.success?.type], key).toEqual(['integer', 'integer', 'string', 'string', 'boolean']);
        expect(p.data?.anyOf?.some((s) => s.type === 'null'), `${key}: data must be nullable (null on failure)`).toBe(true);
        expect(op.summary, `${key} has no summary`).toBeTruthy();
        checked.push(key);
      }
    }
    expect(checked.length).toBe(documentedOperations(doc).filter((k) => !k.startsWith('HEAD ') && !NOT_ENVELOPED.has(k)).length);
    for (const key of NOT_ENVELOPED) expect(documentedOperations(doc)).toContain(key);
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
