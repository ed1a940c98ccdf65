/**
 * `folio start` where Electron's runtime is missing: one line saying so, then the headless core
 * with its web UI and the embedded local /v1 server, in one process over one state directory.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Result, SettingsView, Status } from '../../../shared/desktop/api.ts';
import type { LocalStatus } from '../../../shared/v1/offline.ts';
import type { ContentType } from '../../../shared/v1/contentModel.ts';
import type { Document, PageOf } from '../../../shared/v1/resources.ts';
import { electronBinary } from '../../../main/cli/start.ts';
import { FolioClient } from '../../../main/remote/client.ts';
import { Api, createTenant, FOLIO_BIN, removeDir, startServer, tempDir } from '../../helpers/server.ts';
import { until } from '../offline/harness.ts';
import { exited, HEAVY_TEST_MS, printed } from '../../helpers/wait.ts';

interface Started {
  child: ChildProcess;
  lines: string[];
  base: string;
  token: string;
  local: Api;
}

/** Starts `folio start` on a state directory and reads its start lines. */
async function start(state: string, args: string[] = []): Promise<Started> {
  const child = spawn(process.execPath, [FOLIO_BIN, 'start', '--state', state, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const { match, out } = await printed(child, /^ui on (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{43,})$/m, "folio start's UI line", () => err);
  const url = match[1] as string;
  const lines = out.trim().split('\n');
  const apiUrl = /^local api on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out)?.[1] ?? '';
  const local = new Api(apiUrl, readFileSync(join(state, 'local-token'), 'utf8').trim());
  return { child, lines, base: url.split('#')[0] as string, token: url.split('#token=')[1] as string, local };
}

/** How many of a process's file descriptors are open on `path`: one per SQLite connection to a database file. */
function openFilesNamed(pid: number, path: string): number {
  const fds = readdirSync(`/proc/${pid}/fd`);
  return fds.filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
    } catch {
      return false;
    }
  }).length;
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exit = exited(child);
  child.kill('SIGTERM');
  return (await exit).code;
}

/** A DesktopApi call through the web UI's transport. */
async function call<T>(s: Started, method: string, args: unknown = {}): Promise<Result<T>> {
  const res = await fetch(`${s.base}api/${method}`, { method: 'POST', headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' }, body: JSON.stringify(args) });
  return (await res.json()) as Result<T>;
}

async function ui<T>(s: Started, method: string, args: unknown = {}): Promise<T> {
  const result = await call<T>(s, method, args);
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

// Each test starts `folio start` (Node, the core, the UI and the local server) once or more: on a
// loaded CI machine a start alone can take tens of seconds. The timeout is a guard.
describe.runIf(electronBinary() === null)('folio start', { timeout: HEAVY_TEST_MS }, () => {
  it('says Electron is missing in one line, then serves the local API and the web UI with a token, with no service configured', async () => {
    const state = tempDir('folio-start-');
    const s = await start(state);
    expect(s.lines).toHaveLength(3);
    expect(s.lines[0]).toMatch(/Electron runtime is not installed/);
    expect(s.lines[1]).toMatch(/^local api on http:\/\/127\.0\.0\.1:\d+$/);
    expect(readFileSync(join(state, 'local-api.url'), 'utf8').trim()).toBe(s.local.base);
    expect((await fetch(s.base)).status).toBe(200);
    expect(await ui(s, 'getAccount')).toMatchObject({ signedIn: false });
    const local = await s.local.get<LocalStatus>('/v1/local/status');
    expect(local.body.data).toMatchObject({ online: false, outboxLength: 0, pairs: [] });
    // The core and the local server share one connection to the state database (and its checkpoint thread's).
    expect(openFilesNamed(s.child.pid as number, join(state, 'sync.db'))).toBe(2);
    expect(await stop(s.child)).toBe(0);
    removeDir(state);
  });

  it('goes on local-only by choice, says so, keeps the choice across a restart, and still needs a service to sync', async () => {
    const state = tempDir('folio-start-');
    const first = await start(state, ['--headless']);
    expect((await ui<Status>(first, 'getStatus')).state).toBe('SIGNED_OUT');
    const chosen = await ui<SettingsView>(first, 'updateSettings', { localOnly: true });
    expect(chosen.settings.localOnly).toBe(true);
    expect(chosen.localApiUrl).toBe(first.local.base);
    expect((await ui<Status>(first, 'getStatus')).state).toBe('LOCAL_ONLY');
    const refused = await call(first, 'addPair', { dir: join(state, 'folder'), containerId: 'ctr_x' });
    expect(refused.ok ? null : refused.error.code).toBe('NOT_SIGNED_IN');
    // The local API runs, though it holds nothing yet.
    const { clientId, clientSecret } = JSON.parse(readFileSync(join(state, 'local-client.json'), 'utf8')) as { clientId: string; clientSecret: string };
    const token = await first.local.post<{ accessToken: string }>('/v1/auth/token', { clientId, clientSecret });
    expect(token.body.code).toBe(0);
    expect(await stop(first.child)).toBe(0);

    const again = await start(state, ['--headless']);
    expect((await ui<Status>(again, 'getStatus')).state).toBe('LOCAL_ONLY');
    expect(await stop(again.child)).toBe(0);
    removeDir(state);
  });

  it('runs each pair once, in the core: the local server mirrors what its rounds synced, and the UI counts its outbox', async () => {
    const server = await startServer();
    const port = new URL(server.url).port;
    const tenant = await createTenant(server.dataDir);
    const service = new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { attempts: 2, baseDelayMs: 50 } });
    const containerId = (await service.createContainer({ name: 'Team' })).containerId;
    const state = tempDir('folio-start-');
    const dir = join(tempDir('folio-start-dir-'), 'Team');
    const s = await start(state, ['--headless']);
    let current = server;
    try {
      // Local-only first; connecting a service later ends it.
      await ui(s, 'updateSettings', { localOnly: true });
      await ui(s, 'signIn', { serviceUrl: server.url, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
      expect((await ui<SettingsView>(s, 'getSettings')).settings.localOnly).toBe(false);
      const pair = await ui<{ pairId: string }>(s, 'addPair', { dir, containerId, create: true });
      writeFileSync(join(dir, 'notes.txt'), 'written in the folder');

      // The core's runner uploads it, once; the daemon, which runs no engine here, mirrors it after.
      const uploaded = await until('the file on the service', async () => (await service.children(containerId)).documents.find((d) => d.title === 'notes.txt'));
      const localStatus = await until('the pair converged in the local API', async () => {
        const st = (await s.local.get<LocalStatus>('/v1/local/status')).body.data;
        return st?.pairs.every((p) => p.converged) && st;
      });
      expect(localStatus.pairs.map((p) => [p.pairId, p.online])).toEqual([[pair.pairId, true]]);
      expect((await service.children(containerId)).documents.map((d) => d.title)).toEqual(['notes.txt']);
      expect((await ui<Status>(s, 'getStatus')).offline.outboxLength).toBe(0);

      // With the service gone, the local API answers from the mirror, with the service's ids.
      await current.stop();
      const page = await s.local.post<PageOf<Document>>('/v1/documents/getPage', { containerId, pageSize: 50 });
      expect(page.body.data?.content.map((d) => [d.title, d.docId, d.contentHash])).toEqual([['notes.txt', uploaded.docId, uploaded.contentHash]]);

      // A write through the local API waits in the outbox; the UI counts it.
      const queued = await s.local.post<ContentType>('/v1/contentTypes/save', { targetKind: 'DOCUMENT', code: 'invoice', name: 'Invoice' });
      expect(queued.status).toBe(202);
      await until('the outbox in the UI', async () => (await ui<Status>(s, 'getStatus')).offline.outboxLength === 1);

      // Back: the outbox is replayed, once, and the UI's count returns to 0.
      current = await startServer(server.dataDir, ['--port', port]);
      await until('the outbox replayed', async () => (await ui<Status>(s, 'getStatus')).offline.outboxLength === 0);
      const types = await service.v1(contract.contentTypes.getPage, { targetKind: 'DOCUMENT', pageSize: 500 });
      expect(types.content.filter((t) => t.code === 'invoice')).toHaveLength(1);
    } finally {
      expect(await stop(s.child)).toBe(0);
      await current.stop();
      removeDir(server.dataDir);
      removeDir(state);
      removeDir(join(dir, '..'));
    }
  });
});
