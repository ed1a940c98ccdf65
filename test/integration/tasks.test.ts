/**
 * GET /v1/tasks/get and the persisted task runner: who may read a task, and what a restart does to
 * a task in flight (it runs again from the start; after 3 interrupted runs it is FAILED).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorValue } from '../../shared/errors.ts';
import type { IngestResult, Task } from '../../shared/v1/ingest.ts';
import type { Container, TokenResult } from '../../shared/v1/resources.ts';
import { ServiceError } from '../../main/service/errors.ts';
import { NodeLease } from '../../main/jobs/nodeLease.ts';
import { DEFAULT_RUNNER_OPTIONS, TaskRunner, type TaskWork } from '../../main/service/tasks/runner.ts';
import { openStore, type Store } from '../../main/store/index.ts';
import { Api, appApi, createTenant, createUser, data, removeDir, startServer, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { localServer, type LocalServer } from '../helpers/localHttp.ts';
import { memoryLog } from '../helpers/memoryLog.ts';
import { until as waitUntil } from '../helpers/wait.ts';

const CONTENT = 'y'.repeat(4096);
let gateOpen = false;
let source: LocalServer;
let server: ServerHandle;
let tenant: Tenant;
let api: Api;
let containerId: string;
let flags: string[];

beforeAll(async () => {
  source = await localServer((_req, res) => {
    if (gateOpen) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(CONTENT);
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial, and then nothing for a long time');
    }
  });
  flags = ['--allow-fetch-host', source.hostPort, '--ingest-sync-max-bytes', '1024'];
  server = await startServer(undefined, flags);
  tenant = await createTenant(server.dataDir);
  api = await appApi(server.url, tenant);
  containerId = data(await api.post<Container>('/v1/containers/create', { name: 'tasks' })).containerId;
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  await source.close();
});

let n = 0;
async function startIngest(as: Api = api): Promise<string> {
  const res = data(await as.post<IngestResult>('/v1/ingest/from-url', { containerId, title: `t${n++}`, url: `${source.origin}/file`, declaredSizeBytes: CONTENT.length }));
  expect(res.mode).toBe('async_accepted');
  return res.taskId;
}

async function settle(taskId: string): Promise<Task> {
  for (let i = 0; i < 150; i++) {
    const t = data(await api.get<Task>('/v1/tasks/get', { taskId }));
    if (t.taskStatus === 'SUCCEEDED' || t.taskStatus === 'FAILED') return t;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task ${taskId} did not settle`);
}

async function readTask(taskId: string) {
  const store = await openStore(server.dataDir);
  try {
    return await store.tasks.get(tenant.tenantId, taskId);
  } finally {
    store.close();
  }
}

async function waitForRequests(count: number): Promise<void> {
  await waitUntil(`${count} requests to the source`, () => source.requests.length >= count);
}

describe('GET /v1/tasks/get', () => {
  it('validates the query and treats unknown ids as not found', async () => {
    expect((await api.get('/v1/tasks/get')).body.code).toBe(110001);
    expect((await api.get('/v1/tasks/get', { taskId: 'tsk_nope' })).body).toMatchObject({ code: 120001, data: null });
    expect((await new Api(server.url).get('/v1/tasks/get', { taskId: 'tsk_nope' })).body.code).toBe(100001);
  });

  it("shows a task to its tenant's application and to the user who started it, to no one else", async () => {
    gateOpen = true;
    const appTask = await startIngest();
    expect((await settle(appTask)).taskStatus).toBe('SUCCEEDED');

    await createUser(server.dataDir, tenant.tenantId, 'ursula');
    const session = data(await api.post<TokenResult>('/v1/auth/userSession', { userName: 'ursula', password: 'correct horse' }));
    const asUser = api.with({ 'X-Svc-User-Token': session.accessToken });
    const userTask = await startIngest(asUser);
    expect(data(await asUser.get<Task>('/v1/tasks/get', { taskId: userTask })).createBy).toBe(session.userId);
    expect(data(await api.get<Task>('/v1/tasks/get', { taskId: userTask })).taskId).toBe(userTask);
    expect((await asUser.get('/v1/tasks/get', { taskId: appTask })).body.code).toBe(120001);

    const other = await appApi(server.url, await createTenant(server.dataDir, 'other'));
    expect((await other.get('/v1/tasks/get', { taskId: appTask })).body.code).toBe(120001);
    expect((await settle(userTask)).taskStatus).toBe('SUCCEEDED');
  });
});

describe('restarts', () => {
  it('runs a task again after a crash and after a SIGTERM, and completes it', async () => {
    gateOpen = false;
    const seen = source.requests.length;
    const taskId = await startIngest();
    await waitForRequests(seen + 1);
    expect(data(await api.get<Task>('/v1/tasks/get', { taskId })).taskStatus).toBe('RUNNING');

    server.process.kill('SIGKILL');
    await new Promise((r) => server.process.once('exit', r));
    expect(await readTask(taskId)).toMatchObject({ status: 'RUNNING', attempts: 1 });

    server = await startServer(server.dataDir, flags);
    await waitForRequests(seen + 2);
    expect(await server.stop()).toBe(0);
    expect(await readTask(taskId)).toMatchObject({ status: 'PENDING', attempts: 2 });

    gateOpen = true;
    server = await startServer(server.dataDir, flags);
    api = await appApi(server.url, tenant);
    const task = await settle(taskId);
    expect(task).toMatchObject({ taskStatus: 'SUCCEEDED', attempts: 3 });
    expect(task.result?.sizeBytes).toBe(CONTENT.length);
    expect(source.requests.length).toBe(seen + 3);
  });
});

describe('the runner, in process', () => {
  let dir: string;
  let store: Store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-runner-'));
    store = await openStore(dir);
  });

  afterAll(() => {
    store.close();
    removeDir(dir);
  });

  const newTask = async () => (await store.tasks.create({ tenantId: 't', kind: 'INGEST_FROM_URL', input: '{}', clientId: 'c', userId: null, authMode: 'APP_ONLY', createBy: 'c' })).taskId;
  const hang: TaskWork = (_task, { signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
  const task = (taskId: string) => store.tasks.get('t', taskId);
  const lease = () => NodeLease.ofThisProcess(20_000);

  const until = (check: () => Promise<boolean>): Promise<boolean> => waitUntil('the task status', check);

  it('gives a task up after it was interrupted 3 times', async () => {
    const taskId = await newTask();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const runner = new TaskRunner(store, { INGEST_FROM_URL: hang }, lease());
      runner.start();
      await until(async () => (await task(taskId))?.status === 'RUNNING');
      await runner.stop();
      expect(await task(taskId)).toMatchObject({ status: 'PENDING', attempts: attempt, leaseOwner: '', leaseUntil: 0 });
    }
    const last = new TaskRunner(store, { INGEST_FROM_URL: hang }, lease());
    last.start();
    await until(async () => (await task(taskId))?.status === 'FAILED');
    expect(await task(taskId)).toMatchObject({ failCode: 1, attempts: 4 });
    expect((await task(taskId))?.failReason).toMatch(/interrupted 3 times/);
    await last.stop();
  });

  it('fails a task with the code of its error, and hides unexpected errors behind code 1', async () => {
    const coded = await newTask();
    const broken = await newTask();
    const { log, lines } = memoryLog();
    const runner = new TaskRunner(
      store,
      {
        INGEST_FROM_URL: async (t) => {
          if (t.taskId === coded) throw new ServiceError(errorValue('FETCH_TIMEOUT', 'slow source'));
          throw new Error('disk on fire');
        },
      },
      lease(),
      DEFAULT_RUNNER_OPTIONS,
      log,
    );
    runner.start();
    await until(async () => (await task(broken))?.status === 'FAILED' && (await task(coded))?.status === 'FAILED');
    expect(await task(coded)).toMatchObject({ failCode: 190004, failReason: 'slow source', attempts: 1 });
    expect(await task(broken)).toMatchObject({ failCode: 1, failReason: 'internal error' });
    expect(lines.map((l) => [l.msg, l.err?.message])).toEqual([['task failed unexpectedly', 'disk on fire']]);
    await runner.stop();
  });
});

describe('the runner, when its database fails', () => {
  it('logs the failure of a run whose claim the database refuses, and the process goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-runner-'));
    const store = await openStore(dir);
    const { log, lines } = memoryLog();
    const runner = new TaskRunner(store, { INGEST_FROM_URL: async () => undefined }, NodeLease.ofThisProcess(20_000), DEFAULT_RUNNER_OPTIONS, log);
    // A real fault: the claims find the database closed. Unhandled, a failed claim ended the process.
    store.close();
    runner.start();
    expect(runner.submit('tsk_after_close', async () => undefined)).toBe(true);
    // Each failed look is logged, and the runner looks again after the failed claim: two lines at least.
    await waitUntil('the failed claims to be logged', () => lines.some((l) => l.msg === 'task runner: claiming a task failed') && lines.some((l) => l.msg === 'task runner: looking for tasks failed'));
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'task runner: looking for tasks failed', err: expect.objectContaining({ message: expect.stringMatching(/not open/) }) }),
        expect.objectContaining({ msg: 'task runner: claiming a task failed', taskId: 'tsk_after_close', err: expect.objectContaining({ message: expect.stringMatching(/not open/) }) }),
      ]),
    );
    await runner.stop();
    removeDir(dir);
  });
});
