/**
 * Two `folio serve` processes on one data directory (the interim cluster of scripts/cluster.sh,
 * docs/deploy.md "Running Folio Service on several nodes"): the work that must happen once (an
 * ingest task, a text job) is claimed by one of them under its lease, and once that one is killed
 * with kill -9, by the other when the lease has run out. The lease is short here (FOLIO_LEASE_MS),
 * so that the takeover comes within the test; the test waits for it, not for the clock.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestResult, Task } from '../../../shared/v1/ingest.ts';
import type { Container } from '../../../shared/v1/resources.ts';
import { localServer, type LocalServer } from '../../helpers/localHttp.ts';
import { appApi, createTenant, data, removeDir, startServer, tempDir, type Api, type ServerHandle, type Tenant } from '../../helpers/server.ts';
import { drawText, MIME, normalise, png } from '../../fixtures/text.ts';
import { openDb, settledText, upload } from '../../helpers/text.ts';
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
const LEASE_ENV = { FOLIO_LEASE_MS: '2000' };

/** The pid in a `lease_owner` (host/pid/random): the process holding a row. */
function holderPid(table: 'jobs' | 'tasks', where: string, value: string): number | undefined {
  const db = openDb(dataDir);
  try {
    const row = db.prepare(`SELECT lease_owner FROM ${table} WHERE status = 'RUNNING' AND ${where} = ?`).get(value) as { lease_owner: string } | undefined;
    return row ? Number(row.lease_owner.split('/')[1]) : undefined;
  } finally {
    db.close();
  }
}

/** Kills with SIGKILL whichever of the two processes holds the row, and returns the other one. */
async function killHolder(pid: number): Promise<ServerHandle> {
  const [holder, survivor] = first.process.pid === pid ? [first, second] : [second, first];
  expect(holder.process.pid).toBe(pid);
  holder.process.kill('SIGKILL');
  await exited(holder.process);
  return survivor;
}

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
  first = await startServer(dataDir, flags, LEASE_ENV);
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
    second = await startServer(dataDir, flags, LEASE_ENV);
    viaSecond = await appApi(second.url, tenant);
    release();
    expect((await succeeded(viaSecond, taskId)).result?.versionId).toMatch(/^ver_/);
    expect(fetches()).toBe(1);
  }, HEAVY_TEST_MS);

  it('a task accepted by one process is run once; its runner killed with kill -9, the other takes it over when the lease runs out', async () => {
    const before = fetches();
    const taskId = await ingest(viaSecond, 'two');
    await until('a process to fetch the task', () => fetches() === before + 1);
    const pid = await until('the task to be RUNNING under a lease', () => holderPid('tasks', 'task_id', taskId));
    const survivor = await killHolder(pid);
    await until('the other process to take the task over and fetch again', () => fetches() === before + 2);
    release();
    const viaSurvivor = await appApi(survivor.url, tenant);
    expect((await succeeded(viaSurvivor, taskId)).taskStatus).toBe('SUCCEEDED');
    expect(fetches()).toBe(before + 2);
    // The killed process comes back for the next case.
    if (survivor === first) second = await startServer(dataDir, flags, LEASE_ENV);
    else first = await startServer(dataDir, flags, LEASE_ENV);
    viaFirst = await appApi(first.url, tenant);
    viaSecond = await appApi(second.url, tenant);
  }, HEAVY_TEST_MS);

  it('a text job held by a process killed with kill -9 is done by the other one', async () => {
    const v = await upload(viaFirst, await png(drawText(['held by the killed node', 'and a second line of words', 'and a third one to read'], 1400)), MIME.png);
    const pid = await until('the text job to be RUNNING under a lease', () => holderPid('jobs', 'job_key', v.versionId));
    const survivor = await killHolder(pid);
    const text = await settledText(await appApi(survivor.url, tenant), v.versionId);
    expect(text.status).toBe('READY');
    expect(normalise(text.pages?.[0]?.text ?? '')).toContain('held by the killed node');
    const db = openDb(dataDir);
    try {
      expect(db.prepare('SELECT count(*) AS n FROM jobs WHERE job_key = ?').get(v.versionId)).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  }, HEAVY_TEST_MS);
});
