/**
 * A `folio serve` alone on its data directory, killed with SIGKILL in the middle of an ingest task
 * and started again, takes the task back at once (main/service/takeBackLeases.ts): the lease is an
 * hour long here, so without the take-back the task would wait for it, beyond the wait's guard.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { IngestResult, Task } from '../../shared/v1/ingest.ts';
import type { Container } from '../../shared/v1/resources.ts';
import { localServer, type LocalServer } from '../helpers/localHttp.ts';
import { appApi, createTenant, data, removeDir, startServer, tempDir, type ServerHandle } from '../helpers/server.ts';
import { exited, HEAVY_TEST_MS, until } from '../helpers/wait.ts';

const CONTENT = 'z'.repeat(4096);
const dirs: string[] = [];
let source: LocalServer | undefined;
let server: ServerHandle | undefined;

afterAll(async () => {
  await server?.stop();
  await source?.close();
  for (const dir of dirs) removeDir(dir);
});

describe('a sole folio serve restarted after SIGKILL', () => {
  it('takes back at once the task its killed process held, and finishes it', async () => {
    let answer = false;
    source = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // Until the test lets it answer, the fetch hangs half way: the task stays RUNNING under its lease.
      if (answer) res.end(CONTENT);
      else res.write('partial, and then nothing');
    });
    const dataDir = tempDir();
    const logs = tempDir('folio-logs-');
    dirs.push(dataDir, logs);
    const flags = ['--allow-fetch-host', source.hostPort, '--ingest-sync-max-bytes', '1024'];
    const env = { FOLIO_LEASE_MS: String(60 * 60_000) };
    server = await startServer(dataDir, flags, env);
    const tenant = await createTenant(dataDir);
    let api = await appApi(server.url, tenant);
    const containerId = data(await api.post<Container>('/v1/containers/create', { name: 'ingest' })).containerId;
    const started = data(await api.post<IngestResult>('/v1/ingest/from-url', { containerId, title: 'killed.txt', url: `${source.origin}/file`, declaredSizeBytes: CONTENT.length }));
    expect(started.mode).toBe('async_accepted');
    await until('the task to fetch', () => source!.requests.length >= 1);
    expect(data(await api.get<Task>('/v1/tasks/get', { taskId: started.taskId })).taskStatus).toBe('RUNNING');

    server.process.kill('SIGKILL');
    expect(await exited(server.process)).toEqual({ code: null, signal: 'SIGKILL' });

    answer = true;
    const log = join(logs, 'restarted.log');
    server = await startServer(dataDir, [...flags, '--log-file', log], env);
    api = await appApi(server.url, tenant);
    const task = await until('the task to succeed', async () => {
      const t = data(await api.get<Task>('/v1/tasks/get', { taskId: started.taskId }));
      return t.taskStatus === 'SUCCEEDED' && t;
    });
    expect(task).toMatchObject({ attempts: 2, result: { sizeBytes: CONTENT.length } });
    const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { msg: string; rows?: number });
    expect(lines.find((l) => l.msg.startsWith('alone on the data directory'))).toMatchObject({ rows: 1 });
  }, HEAVY_TEST_MS);
});
