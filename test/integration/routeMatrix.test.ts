/**
 * One pass over every route the service describes in its OpenAPI document (so a new route is
 * covered the day it lands): without a token, each protected route answers 100001 in a clean
 * envelope; with a token and a malformed JSON body, each JSON POST route answers 110002. In both
 * cases nothing changes (the change feed does not move).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/envelope.ts';
import { expectEnvelopeShape } from '../helpers/envelopes.ts';
import { Api, appApi, createTenant, data, removeDir, startServer, type ServerHandle } from '../helpers/server.ts';

interface Operation {
  security?: unknown[];
  requestBody?: { content?: Record<string, unknown> };
}

let server: ServerHandle;
let api: Api;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  server = await startServer();
  api = await appApi(server.url, await createTenant(server.dataDir));
  const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([m]) => m !== 'head').map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

const latest = async () => data(await api.get<{ cursor: string }>('/v1/changes/latestCursor')).cursor;
const isPublic = (op: Operation) => Array.isArray(op.security) && op.security.length === 0;

describe('every route', () => {
  it('is described, and there are many', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it('refuses a call without a token with 100001 in the envelope, and changes nothing', async () => {
    const before = await latest();
    const refused: string[] = [];
    for (const { method, path, op } of operations.filter((o) => !isPublic(o.op))) {
      const res = await fetch(server.url + path, {
        method,
        ...(method === 'POST' ? { headers: { 'content-type': op.requestBody?.content?.['application/octet-stream'] ? 'application/octet-stream' : 'application/json' }, body: op.requestBody?.content?.['application/octet-stream'] ? 'x' : '{}' } : {}),
      });
      const body = (await res.json()) as Envelope<unknown>;
      expectEnvelopeShape(body, res.headers);
      if (res.status === 401 && body.code === 100001) refused.push(`${method} ${path}`);
      else throw new Error(`${method} ${path} answered ${res.status} code ${body.code} without a token`);
    }
    expect(refused.length).toBeGreaterThan(50);
    expect(await latest()).toBe(before);
  });

  it('refuses a malformed JSON body with 110002 on every JSON POST route, and changes nothing', async () => {
    const before = await latest();
    const jsonPosts = operations.filter((o) => o.method === 'POST' && o.op.requestBody?.content?.['application/json']);
    expect(jsonPosts.length).toBeGreaterThan(40);
    for (const { path, op } of jsonPosts) {
      const res = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(isPublic(op) ? {} : { authorization: `Bearer ${api.token}` }) },
        body: '{"name": ',
      });
      const body = (await res.json()) as Envelope<unknown>;
      expectEnvelopeShape(body, res.headers);
      expect({ path, status: res.status, code: body.code }).toEqual({ path, status: 400, code: 110002 });
    }
    expect(await latest()).toBe(before);
  });
});
