/**
 * `folio sync` as a real process: `--once` prints one summary line and exits 0 only when in sync;
 * credentials come from the environment only; continuous mode watches and polls and stops cleanly
 * on SIGTERM; the state lives in the app-data folder unless --state says otherwise.
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolioClient } from '../../../main/remote/client.ts';
import { createUser, tempDir } from '../../helpers/server.ts';
import { sandbox, sha, type Scenario } from './harness.ts';
import { startSync, syncOnceProcess, until } from './process.ts';
import { inSyncMark } from '../../helpers/syncState.ts';

const { service, fresh } = sandbox();
const SUMMARY = /^uploaded (\d+), downloaded (\d+), moved (\d+), deleted (\d+), conflicts (\d+)$/;

function args(s: Scenario, state = join(s.scratch, 'cli-state')) {
  return { server: service().server.url, container: s.rootId, dir: s.dir, state, tenant: service().tenant };
}

describe('folio sync', () => {
  it('--once syncs both ways, prints one summary line and exits 0', async () => {
    const s = await fresh();
    s.write('up.txt', 'up');
    s.write('folder/up2.txt', 'up2');
    await s.remoteWrite('down.txt', 'down');
    const r = await syncOnceProcess(args(s));
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(SUMMARY);
    expect(lines[0]).toBe('uploaded 3, downloaded 1, moved 0, deleted 0, conflicts 0');
    expect(s.localListing()).toEqual({ 'down.txt': sha('down'), 'folder/': '', 'folder/up2.txt': sha('up2'), 'up.txt': sha('up') });
    expect(await s.remoteListing()).toEqual(s.localListing());
    const again = await syncOnceProcess(args(s));
    expect(again.stdout.trim()).toBe('uploaded 0, downloaded 0, moved 0, deleted 0, conflicts 0');
  });

  it('--once names the .folioignore lines that do nothing on stderr, and syncs by the others', async () => {
    const s = await fresh();
    s.write('.folioignore', '*.log\nbad[ab\n');
    s.write('a.txt', 'a');
    s.write('x.log', 'x');
    const r = await syncOnceProcess(args(s));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('.folioignore line 2: matches nothing: a "[" that is never closed by "]"');
    expect(Object.keys(await s.remoteListing()).sort()).toEqual(['.folioignore', 'a.txt']);
  });

  it('takes credentials only from the environment', async () => {
    const s = await fresh();
    const none = await syncOnceProcess({ ...args(s), tenant: undefined });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/FOLIO_CLIENT_ID and FOLIO_CLIENT_SECRET/);
    const onCommandLine = await syncOnceProcess({ ...args(s), tenant: undefined, extra: ['--client-secret', service().tenant.clientSecret] });
    expect(onCommandLine.code).toBe(2);
    const halfUser = await syncOnceProcess({ ...args(s), env: { FOLIO_USER: 'someone' } });
    expect(halfUser.code).toBe(2);
    expect(halfUser.stderr).toMatch(/FOLIO_USER and FOLIO_PASSWORD go together/);
    const wrong = await syncOnceProcess({ ...args(s), env: { FOLIO_CLIENT_SECRET: 'not the secret' } });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/code 100003/);
    const watching = startSync({ ...args(s), env: { FOLIO_CLIENT_SECRET: 'not the secret' } });
    expect((await watching.exited).code).toBe(1);
  });

  it('with FOLIO_USER and FOLIO_PASSWORD it acts as that user, through the strong channel', async () => {
    const svc = service();
    const name = `carol${Date.now()}`;
    const userId = await createUser(svc.server.dataDir, svc.tenant.tenantId, name);
    const asCarol = new FolioClient({ baseUrl: svc.server.url, credentials: { ...svc.tenant, user: { userName: name, password: 'correct horse' } } });
    const root = await asCarol.createContainer({ name: `carol's ${Date.now()}` });
    const dir = tempDir('folio-carol-');
    writeFileSync(join(dir, 'mine.txt'), 'by carol');
    try {
      const r = await syncOnceProcess({ server: svc.server.url, container: root.containerId, dir, state: join(dir, '..', `${dir.split('/').pop()}-state`), tenant: svc.tenant, env: { FOLIO_USER: name, FOLIO_PASSWORD: 'correct horse' } });
      expect(r.code).toBe(0);
      const { documents } = await svc.client.children(root.containerId);
      expect(documents.map((d) => [d.title, d.createBy])).toEqual([['mine.txt', userId]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}-state`, { recursive: true, force: true });
    }
  });

  it('--once exits non-zero when it cannot get in sync (a mass delete to confirm); --confirm-deletes lets it through', async () => {
    const s = await fresh();
    for (let i = 0; i < 12; i++) s.write(`f${i}.txt`, `${i}`);
    expect((await syncOnceProcess(args(s))).code).toBe(0);
    for (let i = 0; i < 12; i++) s.remove(`f${i}.txt`);
    const blocked = await syncOnceProcess(args(s));
    expect(blocked.code).toBe(1);
    expect(blocked.stdout.trim()).toMatch(SUMMARY);
    expect(blocked.stderr).toMatch(/not in sync: .*12 files would be deleted/);
    expect(Object.keys(await s.remoteListing())).toHaveLength(12);
    const confirmed = await syncOnceProcess({ ...args(s), extra: ['--confirm-deletes'] });
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout.trim()).toBe('uploaded 0, downloaded 0, moved 0, deleted 12, conflicts 0');
    expect(await s.remoteListing()).toEqual({});
  });

  it('keeps its state in the app-data folder when --state is not given', async () => {
    const s = await fresh();
    s.write('a.txt', 'a');
    const dataHome = join(s.scratch, 'xdg');
    const withoutState = { ...args(s), state: undefined };
    const r = await syncOnceProcess({ ...withoutState, env: { XDG_DATA_HOME: dataHome } });
    expect(r.code).toBe(0);
    expect(existsSync(join(dataHome, 'folio', 'sync.db'))).toBe(true);
    expect(existsSync(join(s.scratch, 'cli-state'))).toBe(false);
  });

  it('refuses to pair a folder that is already paired with another container', async () => {
    const s = await fresh();
    expect((await syncOnceProcess(args(s))).code).toBe(0);
    const other = await service().client.createContainer({ name: `other ${Date.now()}` });
    const r = await syncOnceProcess({ ...args(s), container: other.containerId });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/already paired/);
  });

  it('without --once it watches and polls, and exits 0 on SIGTERM', async () => {
    const s = await fresh();
    const p = startSync({ ...args(s), env: { FOLIO_POLL_MS: '300', FOLIO_DEBOUNCE_MS: '100' } });
    try {
      await until(() => SUMMARY.test(p.stdout().split('\n')[0] ?? ''), 'the first pass');
      s.write('local.txt', 'from the folder');
      await until(async () => (await s.remoteListing())['local.txt'] === sha('from the folder'), 'the upload');
      await s.remoteWrite('remote.txt', 'from the service');
      await until(() => s.localListing()['remote.txt'] === sha('from the service'), 'the download');
    } finally {
      p.child.kill('SIGTERM');
    }
    const { code, signal } = await p.exited;
    expect(signal).toBeNull();
    expect(code).toBe(0);
    expect(readdirSync(s.dir).filter((n) => n.startsWith('.folio-'))).toEqual([]);
  });

  it('leaves the pair recorded in sync for a quiet next start, after --once and after SIGTERM', async () => {
    const s = await fresh();
    s.write('a.txt', 'a');
    // Old enough not to be racy when the pass looks at it.
    await new Promise((r) => setTimeout(r, 250));
    const once = args(s, join(s.scratch, 'once-state'));
    expect((await syncOnceProcess(once)).code).toBe(0);
    expect(inSyncMark(once.state)).not.toBe('');

    const watched = args(s, join(s.scratch, 'watch-state'));
    const p = startSync({ ...watched, env: { FOLIO_POLL_MS: '60000' } });
    await until(() => SUMMARY.test(p.stdout().split('\n')[0] ?? ''), 'the first pass');
    expect(inSyncMark(watched.state)).toBe('');
    p.child.kill('SIGTERM');
    expect((await p.exited).code).toBe(0);
    expect(inSyncMark(watched.state)).not.toBe('');
  });
});
