/**
 * The service built in-process and asked over Fastify's inject, as `npm run lint:openapi` and
 * in-process callers do. Regression: the lingering close of refused bodies took an injected
 * request (which has no network socket) for one still sending its body, and answered 500.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../main/service/app.ts';
import { openStore, type Store } from '../../../main/store/index.ts';

let dir: string;
let store: Store;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-inject-'));
  store = await openStore(join(dir, 'data'));
  app = await buildApp(store, { backgroundJobs: false });
});

afterAll(async () => {
  await app.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

it('answers an injected GET', async () => {
  const res = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
});

it('answers an injected refusal with its envelope', async () => {
  const res = await app.inject({ method: 'POST', url: '/v1/containers/create', payload: { name: 'x' } });
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ success: false, data: null });
});
