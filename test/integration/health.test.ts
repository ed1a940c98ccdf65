/**
 * /healthz and /readyz, the load balancer's probes: no token, no rate limit, no info-level access
 * line; /readyz answers 503 when the blob store or the database does not answer, or when draining.
 */
import { readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../main/service/app.ts';
import { Lifecycle } from '../../main/service/health/lifecycle.ts';
import { openStore } from '../../main/store/index.ts';
import { removeDir, startServer, tempDir, type ServerHandle } from '../helpers/server.ts';
import { until } from '../helpers/wait.ts';

let server: ServerHandle;
const logDir = tempDir('folio-health-log-');
const logFile = join(logDir, 'serve.log');

beforeAll(async () => {
  server = await startServer(tempDir(), ['--rate-limit', '3', '--log-file', logFile]);
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  removeDir(logDir);
});

async function probe(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(server.url + path);
  return { status: res.status, body: await res.json() };
}

describe('the probes of a load balancer', () => {
  it('/healthz answers without a token', async () => {
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('/readyz says ready while the database and the blob folder answer, and 503 while the blob folder is gone', async () => {
    expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ready', database: 'ok', blobs: 'ok' } });
    const blobs = join(server.dataDir, 'blobs');
    renameSync(blobs, `${blobs}.away`);
    // The blob store's answer is kept a moment (health/cachedCheck.ts): the probe turns, not at once.
    try {
      const down = await until('/readyz to answer 503', async () => {
        const reply = await probe('/readyz');
        return reply.status === 503 && reply;
      });
      expect(down).toEqual({ status: 503, body: { status: 'unavailable', database: 'ok', blobs: 'failing' } });
    } finally {
      renameSync(`${blobs}.away`, blobs);
    }
    await until('/readyz to answer 200 again', async () => (await probe('/readyz')).status === 200);
  });

  it('are not rate limited, while the API is', async () => {
    for (let i = 0; i < 10; i++) expect((await probe('/healthz')).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${server.url}/v1/containers/get?containerId=x`)).status);
    expect(statuses).toContain(429);
  });

  it('leave no access line at the default level, where API calls do', async () => {
    await probe('/healthz');
    await fetch(`${server.url}/v1/containers/get?containerId=x`);
    expect(await server.stop()).toBe(0);
    const routes = readFileSync(logFile, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { route?: string }).route);
    expect(routes).toContain('/v1/containers/get');
    expect(routes).not.toContain('/healthz');
    expect(routes).not.toContain('/readyz');
  });
});

describe('/readyz while draining', () => {
  it('answers 503 draining once the node has begun to stop', async () => {
    const dir = tempDir();
    const store = await openStore(dir);
    const lifecycle = new Lifecycle();
    const app = await buildApp(store, { lifecycle, backgroundJobs: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      lifecycle.drain();
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'draining', database: 'ok', blobs: 'ok' });
    } finally {
      await app.close();
      store.close();
      removeDir(dir);
    }
  });
});
