/**
 * Bad input on every JSON endpoint of a real `folio serve`: each gets a complete error envelope
 * with a 4xx status, X-Request-Id = rid, no stack trace, and the server stays healthy.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/envelope.ts';
import { expectEnvelopeShape, expectFailure, expectValidation } from '../helpers/envelopes.ts';
import { Api, appApi, createTenant, data, removeDir, startServer, type Reply, type ServerHandle, type Tenant } from '../helpers/server.ts';

let server: ServerHandle;
let tenant: Tenant;
let token: string;
let api: Api;
/** What the server wrote to stderr: it logs only unexpected (code 1) errors, so it must stay empty. */
let serverErrors = '';

const UNKNOWN = { ctr: 'ctr_AAAAAAAAAAAAAAAA', doc: 'doc_AAAAAAAAAAAAAAAA', ver: 'ver_AAAAAAAAAAAAAAAA', upl: 'upl_AAAAAAAAAAAAAAAA' };
const geometry = { totalSize: 10, chunkSize: 10, totalChunks: 1 };

interface JsonEndpoint {
  path: string;
  /** Public endpoints are called without a token. */
  public?: boolean;
  /** A body with a number where a string belongs, and the field that names it. */
  numberForString: [Record<string, unknown>, string];
  /** A body with a string where an integer belongs, and the field. */
  stringForInteger?: [Record<string, unknown>, string];
  /** A well-formed body naming something that does not exist. */
  unknownId?: Record<string, unknown>;
}

const endpoints: JsonEndpoint[] = [
  { path: '/v1/auth/token', public: true, numberForString: [{ clientId: 5, clientSecret: 'x' }, 'clientId'] },
  { path: '/v1/auth/refresh', public: true, numberForString: [{ refreshToken: 5 }, 'refreshToken'] },
  { path: '/v1/auth/userSession', numberForString: [{ userName: 'bob', password: 12345678 }, 'password'] },
  {
    path: '/v1/containers/create',
    numberForString: [{ name: 42 }, 'name'],
    stringForInteger: [{ name: 'x', sortOrder: '3' }, 'sortOrder'],
    unknownId: { name: 'x', parentId: UNKNOWN.ctr },
  },
  {
    path: '/v1/containers/getPage',
    numberForString: [{ parentId: 7 }, 'parentId'],
    stringForInteger: [{ pageSize: '20' }, 'pageSize'],
    unknownId: { parentId: UNKNOWN.ctr },
  },
  {
    path: '/v1/containers/update',
    numberForString: [{ containerId: UNKNOWN.ctr, description: 1 }, 'description'],
    stringForInteger: [{ containerId: UNKNOWN.ctr, sortOrder: '1' }, 'sortOrder'],
    unknownId: { containerId: UNKNOWN.ctr, name: 'x' },
  },
  { path: '/v1/containers/delete', numberForString: [{ containerId: 1 }, 'containerId'], unknownId: { containerId: UNKNOWN.ctr } },
  { path: '/v1/containers/restore', numberForString: [{ containerId: true }, 'containerId'], unknownId: { containerId: UNKNOWN.ctr } },
  { path: '/v1/documents/save', numberForString: [{ title: 3.5 }, 'title'], unknownId: { title: 'x', containerId: UNKNOWN.ctr } },
  {
    path: '/v1/documents/getPage',
    numberForString: [{ containerId: 9 }, 'containerId'],
    stringForInteger: [{ pageNumber: '2' }, 'pageNumber'],
    unknownId: { containerId: UNKNOWN.ctr },
  },
  { path: '/v1/documents/update', numberForString: [{ docId: UNKNOWN.doc, title: 1 }, 'title'], unknownId: { docId: UNKNOWN.doc, title: 'x' } },
  { path: '/v1/documents/delete', numberForString: [{ docId: 1 }, 'docId'], unknownId: { docId: UNKNOWN.doc } },
  { path: '/v1/documents/restore', numberForString: [{ docId: [] }, 'docId'], unknownId: { docId: UNKNOWN.doc } },
  {
    path: '/v1/versions/initChunkedUpload',
    numberForString: [{ title: 1, ...geometry }, 'title'],
    stringForInteger: [{ title: 'x', ...geometry, totalSize: '10' }, 'totalSize'],
    unknownId: { docId: UNKNOWN.doc, ...geometry },
  },
  { path: '/v1/versions/completeChunkedUpload', numberForString: [{ uploadId: 1 }, 'uploadId'], unknownId: { uploadId: UNKNOWN.upl } },
  { path: '/v1/versions/abortChunkedUpload', numberForString: [{ uploadId: {} }, 'uploadId'], unknownId: { uploadId: UNKNOWN.upl } },
  {
    path: '/v1/versions/getPage',
    numberForString: [{ docId: 1 }, 'docId'],
    stringForInteger: [{ pageSize: '5' }, 'pageSize'],
    unknownId: { docId: UNKNOWN.doc },
  },
  { path: '/v1/changes/getPage', numberForString: [{ cursor: 1 }, 'cursor'], stringForInteger: [{ pageSize: '5' }, 'pageSize'] },
];

/** A POST with exactly these bytes and headers, as a careless or hostile client would send it. */
async function rawPost(e: JsonEndpoint, body: string | Uint8Array | undefined, contentType: string | undefined): Promise<Reply<unknown>> {
  const headers: Record<string, string> = {};
  if (!e.public) headers.authorization = `Bearer ${token}`;
  if (contentType !== undefined) headers['content-type'] = contentType;
  const res = await fetch(server.url + e.path, { method: 'POST', headers, body });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<unknown> };
}

function asApi(e: JsonEndpoint): Api {
  return e.public ? new Api(server.url) : api;
}

const oversized = JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 16) });

beforeAll(async () => {
  server = await startServer();
  server.process.stderr?.on('data', (d: Buffer) => (serverErrors += d.toString()));
  tenant = await createTenant(server.dataDir);
  api = await appApi(server.url, tenant);
  token = api.token as string;
});

afterEach(async () => {
  // Still alive and still answering, with nothing unexpected logged.
  expect(server.process.exitCode).toBeNull();
  expect(data(await api.post('/v1/containers/getPage', { pageSize: 1 }))).toBeTruthy();
  const logged = serverErrors;
  serverErrors = '';
  expect(logged).toBe('');
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

const each = endpoints.map((e) => [e.path, e] as const);

describe('every JSON endpoint', () => {
  it.each(each)('%s: malformed JSON is 110002 (400)', async (_p, e) => {
    expectFailure(await rawPost(e, '{"name": "unterminated', 'application/json'), 110002, 400);
    expectFailure(await rawPost(e, '{name: 1}', 'application/json'), 110002, 400);
  });

  it.each(each)('%s: a body over 1 MiB is 110003 (413)', async (_p, e) => {
    expectFailure(await rawPost(e, oversized, 'application/json'), 110003, 413);
  });

  it.each(each)('%s: a body that is not application/json is 110004 (415)', async (_p, e) => {
    expectFailure(await rawPost(e, '{}', 'text/plain'), 110004, 415);
    expectFailure(await rawPost(e, '{}', 'application/x-www-form-urlencoded'), 110004, 415);
    expectFailure(await rawPost(e, new Uint8Array([123, 125]), 'application/octet-stream'), 110004, 415);
    expectFailure(await rawPost(e, '{}', undefined), 110004, 415);
  });

  it.each(each)('%s: a number where a string belongs is 110001 naming the field', async (_p, e) => {
    const [body, field] = e.numberForString;
    expectValidation(await asApi(e).post(e.path, body), field);
  });

  it.each(each.filter(([, e]) => e.stringForInteger))('%s: a string where an integer belongs is 110001 naming the field (no coercion)', async (_p, e) => {
    const [body, field] = e.stringForInteger as [Record<string, unknown>, string];
    expectValidation(await asApi(e).post(e.path, body), field);
  });

  it.each(each.filter(([, e]) => e.unknownId))('%s: an unknown id is 120001 (404)', async (_p, e) => {
    expectFailure(await asApi(e).post(e.path, e.unknownId), 120001, 404);
  });

  it.each(each)('%s: a JSON array, null or a bare string as the body is 110001', async (_p, e) => {
    for (const body of ['[]', 'null', '"text"', '42']) expectFailure(await rawPost(e, body, 'application/json'), 110001, 400);
  });
});

describe('other bad input', () => {
  it.each([
    ['/v1/containers/get', 'containerId'],
    ['/v1/documents/get', 'docId'],
    ['/v1/versions/get', 'versionId'],
    ['/v1/versions/download', 'versionId'],
  ])('GET %s without its id is 110001 naming %s', async (path, field) => {
    expectValidation(await api.get(path), field);
  });

  it.each([
    ['/v1/containers/get', { containerId: UNKNOWN.ctr }],
    ['/v1/documents/get', { docId: UNKNOWN.doc }],
    ['/v1/versions/get', { versionId: UNKNOWN.ver }],
    ['/v1/versions/download', { versionId: UNKNOWN.ver }],
  ])('GET %s with an unknown id is 120001 (404)', async (path, query) => {
    expectFailure(await api.get(path, query), 120001, 404);
  });

  it('uploadChunk with a chunkIndex that is not an integer is 110001 naming chunkIndex', async () => {
    expectValidation(await api.raw('/v1/versions/uploadChunk', { uploadId: UNKNOWN.upl, chunkIndex: 'first' }, new Uint8Array(1)), 'chunkIndex');
    expectValidation(await api.raw('/v1/versions/uploadChunk', { uploadId: UNKNOWN.upl, chunkIndex: '1.5' }, new Uint8Array(1)), 'chunkIndex');
  });

  it('a direct upload sent as JSON is 110004 (415)', async () => {
    const res = await fetch(`${server.url}/v1/versions/upload?title=x.txt`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    expectFailure({ status: res.status, headers: res.headers, body: (await res.json()) as Envelope<unknown> }, 110004, 415);
  });

  it('booleans are not coerced from strings either', async () => {
    expectValidation(await api.post('/v1/containers/getPage', { includeDeleted: 'true' }), 'includeDeleted');
  });

  it('metadataColumns nested without bound is 110001, not a crash', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const body = `{"name":"deep","metadataColumns":{"a":${deep}}}`;
    expectValidation(await api.post('/v1/containers/create', body), 'metadataColumns');
    expectValidation(await api.post('/v1/documents/save', `{"title":"deep","metadataColumns":{"a":${deep}}}`), 'metadataColumns');
  });

  it('an id longer than any issued id is 110001 naming the field', async () => {
    expectValidation(await api.post('/v1/containers/delete', { containerId: `ctr_${'x'.repeat(100)}` }), 'containerId');
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/v1/nothing/here'],
    ['POST', '/v1/containers/explode'],
    ['GET', '/v1/containers/create'],
    ['DELETE', '/v1/containers/get'],
    ['GET', '/'],
    ['GET', '/v2/containers/get'],
  ])('%s %s is a 404 envelope (120001)', async (method, path) => {
    const res = await fetch(server.url + path, { method, headers: { authorization: `Bearer ${token}` } });
    expectFailure({ status: res.status, headers: res.headers, body: (await res.json()) as Envelope<unknown> }, 120001, 404);
  });

  it('a 404 needs no token and still gets an envelope', async () => {
    const res = await fetch(`${server.url}/v1/nothing`);
    expectEnvelopeShape((await res.json()) as Envelope<unknown>, res.headers);
    expect(res.status).toBe(404);
  });

  it('a URL that is not valid percent-encoding is a 400 envelope (110001)', async () => {
    const res = await fetch(`${server.url}/v1/containers/%E0%A4%A`, { headers: { authorization: `Bearer ${token}` } });
    expectFailure({ status: res.status, headers: res.headers, body: (await res.json()) as Envelope<unknown> }, 110001, 400);
  });
});

describe('errors raised before routing', () => {
  it('answers a broken Content-Length and oversized headers with the envelope', async () => {
    const { request } = await import('node:net').then((net) => ({
      request: (raw: string) =>
        new Promise<string>((resolve, reject) => {
          const url = new URL(server.url);
          const socket = net.connect(Number(url.port), url.hostname, () => socket.end(raw));
          let out = '';
          socket.on('data', (d) => (out += d.toString()));
          socket.on('end', () => resolve(out));
          socket.on('error', reject);
        }),
    }));
    const broken = await request('POST /v1/containers/create HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n{}');
    expect(broken).toMatch(/^HTTP\/1\.1 400/);
    const body = JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4)) as { code: number; success: boolean; rid: string };
    expect(body).toMatchObject({ code: 110001, success: false });
    expect(broken).toContain(`X-Request-Id: ${body.rid}`);
    const huge = await request(`GET /v1/containers/get HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 110003, success: false });
  });
});
