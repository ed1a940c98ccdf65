/**
 * The headless desktop (what `folio start` runs: the core and its embedded local server) writes
 * `<state>/logs/folio.log` while it syncs against a real `folio serve`: sign-in, sync rounds and
 * transfers, and never a secret. openLogFolder gives the folder's path where no file manager can
 * be asked to show it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopApi, LogFolder, Result } from '../../../shared/desktop/api.ts';
import { Dispatcher } from '../../../main/desktop/dispatcher.ts';
import { MemoryKeychain } from '../../../main/desktop/keychain.ts';
import { openLocalDesktop, type LocalDesktop } from '../../../main/desktop/local.ts';
import { FolioClient } from '../../../main/remote/client.ts';
import { createTenant, createUser, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../../helpers/server.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

interface LogLine {
  level: number;
  msg: string;
  pair?: string;
  path?: string;
  direction?: string;
  bytes?: number;
  result?: string;
  uploaded?: number;
  converged?: boolean;
  duration?: number;
  service?: string;
  user?: string;
}

const PASSWORD = 'correct horse';
let server: ServerHandle;
let tenant: Tenant;
let desktop: LocalDesktop | null = null;
let api: DesktopApi;
let folder: LogFolder;
let pairId = '';
let text = '';
let lines: LogLine[] = [];
const state = tempDir('folio-desklog-state-');
const work = tempDir('folio-desklog-work-');

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  await createUser(server.dataDir, tenant.tenantId, 'ada');
  const service = new FolioClient({ baseUrl: server.url, credentials: tenant });
  const { containerId } = await service.createContainer({ name: 'Logged' });
  const dir = join(work, 'Logged');
  mkdirSync(dir);
  writeFileSync(join(dir, 'hello.txt'), 'hello, log');

  desktop = await openLocalDesktop({ stateDir: state, keychain: new MemoryKeychain('no keychain in this test'), pollMs: 400, client: { retry: { attempts: 2, baseDelayMs: 20 } } });
  const { core } = desktop;
  api = new Dispatcher(core, () => {}).api();
  value(await api.signIn({ serviceUrl: server.url, clientId: tenant.clientId, clientSecret: tenant.clientSecret, userName: 'ada', password: PASSWORD }));
  const uploaded = new Promise<void>((resolve) => {
    const stop = core.events.subscribe((e) => {
      if (e.type === 'status' && e.status.pairs.some((p) => p.lastRound.uploaded === 1)) {
        stop();
        resolve();
      }
    });
  });
  pairId = value(await api.addPair({ dir, containerId })).pairId;
  await uploaded;
  await core.whenIdle();
  folder = value(await api.openLogFolder({}));
  await desktop.close();
  desktop = null;
  text = readFileSync(join(state, 'logs', 'folio.log'), 'utf8');
  lines = text.trim().split('\n').map((l) => JSON.parse(l) as LogLine);
}, HEAVY_TEST_MS);

afterAll(async () => {
  await desktop?.close();
  await server?.stop();
  removeDir(server?.dataDir ?? '');
  removeDir(state);
  removeDir(work);
});

describe('the headless desktop log file', () => {
  it('logs the sign-in, the sync round and the transfer', () => {
    expect(lines[0]?.msg).toBe('started');
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'signed in', service: server.url, user: 'ada' }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'transfer', pair: pairId, path: 'hello.txt', direction: 'upload', bytes: 10, result: 'done' }));
    const round = lines.find((l) => l.msg === 'sync round' && l.uploaded === 1);
    expect(round).toMatchObject({ level: 30, pair: pairId, converged: true });
    expect(round?.duration).toBeGreaterThanOrEqual(0);
    expect(lines.at(-1)?.msg).toBe('stopped');
  });

  it('holds no secret: neither the client secret nor the password', () => {
    expect(text).not.toContain(tenant.clientSecret);
    expect(text).not.toContain(PASSWORD);
  });

  it('openLogFolder gives the folder, not opened where there is no file manager to ask', () => {
    expect(folder).toEqual({ path: join(state, 'logs'), opened: false });
  });
});
