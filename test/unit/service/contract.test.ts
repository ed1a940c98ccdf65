/**
 * The /v1 contract and the service agree: every route of shared/v1/contract is registered, with
 * its method, and every route the service registers is in the contract. Read from Fastify's own
 * route table, so a route added beside serve() (app.get, app.post) is caught.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../main/service/app.ts';
import { openStore, type Store } from '../../../main/store/index.ts';
import { ALL_ROUTES, routeKey } from '../../../shared/v1/contract/index.ts';

let dir: string;
let store: Store;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-contract-'));
  store = await openStore(join(dir, 'data'));
  app = await buildApp(store, { backgroundJobs: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * "METHOD /path" of every route Fastify holds, from printRoutes' tree: a line is a path segment
 * under the line above it that is one level less deep, with its methods in brackets when it is a
 * route. HEAD twins of GET routes are Fastify's own (exposeHeadRoutes), not routes of ours.
 */
function registeredRoutes(): string[] {
  const out: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const path = (prefixes[depth - 1] ?? '') + (m[2] ?? '');
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) out.push(`${method} ${path}`);
  }
  return out.sort();
}

it('registers every route of the contract, and no route that is not in it', () => {
  const registered = registeredRoutes();
  const contracted = ALL_ROUTES.map(routeKey).sort();
  expect(registered.length).toBeGreaterThan(80);
  expect(registered).toEqual(contracted);
});

it('names each route once in the contract', () => {
  const keys = ALL_ROUTES.map(routeKey);
  expect(new Set(keys).size).toBe(keys.length);
});
