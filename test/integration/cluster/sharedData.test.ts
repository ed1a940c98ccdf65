/**
 * Two `folio serve` processes on one data directory (the interim cluster of scripts/cluster.sh,
 * docs/deploy.md "Running Folio Service on several nodes"): the work that must happen once is
 * done by one of them, the leader, and by the other once the leader is killed.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestResult, Task } from '../../../shared/v1/ingest.ts';
import type { Container } from '../../../shared/v1/resources.ts';
import { localServer, type LocalServer } from '../../helpers/localHttp.ts';
import { appApi, createTenant, data, removeDir, startServer, tempDir, type Api, type ServerHandle, type Tenant } from '../../helpers/server.ts';
import { exited, HEAVY_TEST_MS, stopped, until } from '../../helpers/wait.ts';

const CONTENT = 'z'.repeat(4096);
const held: ServerResponse[] = [];
let source: LocalServer;
let dataDir: string;
let flags: string[];
let first: ServerHandle;
let second: ServerHandle;
let containerId: string;
let viaFirst: Api;
let viaSecond: Api;
let tenant: Tenant;

/** Requests for the source file so far: one per run of an ingest task. */
const fetches = () => source.requests.filter((r) => r.path === '/file').length;

function release(): void {
  for (const res of held.splice(0)) res.end(CONTENT.slice(100));
}

async function ingest(api: Api, title: string): Promise<string> {
  const res = data(await api.post<IngestResult>('/v1/ingest/from-url', { containerId, title, url: `${source.origin}/file`, declaredSizeBytes: CONTENT.length }));
  expect(res.mode).toBe('async_accepted');
  return res.taskId;
}

async function succeeded(api: Api, taskId: string): Promise<Task> {
  return until(`task ${taskId} to succeed`, async () => {
    const t = data(await api.get<Task>('/v1/tasks/get', { taskId }));
    if (t.taskStatus === 'FAILED') throw new Error(`task ${taskId} failed: ${t.failReason}`);
    return t.taskStatus === 'SUCCEEDED' && t;
  });
}

beforeAll(async () => {
  // Every fetch is held after its first bytes until the test releases it: the task stays RUNNING.
  source = await localServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(CONTENT.length) });
    res.write(CONTENT.slice(0, 100));
    held.push(res);
  });
  dataDir = tempDir();
  flags = ['--allow-fetch-host', source.hostPort, '--ingest-sync-max-bytes', '1024'];
  first = await startServer(dataDir, flags);
  tenant = await createTenant(dataDir);
  viaFirst = await appApi(first.url, tenant);
  containerId = data(await viaFirst.post<Container>('/v1/containers/create', { name: 'shared' })).containerId;
}, HEAVY_TEST_MS);

afterAll(async () => {
  release();
  await stopped(first?.process);
  await stopped(second?.process);
  await source?.close();
  removeDir(dataDir);
}, HEAVY_TEST_MS);

describe('two folio serve on one data directory', () => {
  it('a second process that starts while the first runs a task leaves the task to it', async () => {
    const taskId = await ingest(viaFirst, 'one');
    await until('the first process to fetch', () => fetches() === 1);
    // Before leadership, the second process re-queued every RUNNING task at its start and ran it too.
    second = await startServer(dataDir, flags);
    viaSecond = await appApi(second.url, tenant);
    release();
    expect((await succeeded(viaSecond, taskId)).result?.versionId).toMatch(/^ver_/);
    expect(fetches()).toBe(1);
  }, HEAVY_TEST_MS);

  it('a task accepted by the process that does not lead is run by the one that does; killed, the other takes it over', async () => {
    const before = fetches();
    const taskId = await ingest(viaSecond, 'two');
    await until('the leader to fetch the task the other process accepted', () => fetches() === before + 1);
    first.process.kill('SIGKILL');
    await exited(first.process);
    await until('the other process to take the task over and fetch again', () => fetches() === before + 2);
    release();
    expect((await succeeded(viaSecond, taskId)).taskStatus).toBe('SUCCEEDED');
    expect(fetches()).toBe(before + 2);
  }, HEAVY_TEST_MS);
});
