/**
 * `folio sync` as a real process: `--once` prints one summary line and exits 0 only when in sync;
 * credentials come from the environment only; continuous mode watches and polls and stops cleanly
 * on SIGTERM; the state lives in the app-data folder unless --state says otherwise.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolioClient } from '../../../main/remote/client.ts';
import { ErrorCodes } from '../../../shared/errors.ts';
import { createUser, FOLIO_BIN, tempDir } from '../../helpers/server.ts';
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

  it('refuses to pair a folder that is already paired with another container, in one line that says how to resolve it', async () => {
    const s = await fresh();
    expect((await syncOnceProcess(args(s))).code).toBe(0);
    const other = await service().client.createContainer({ name: `other ${Date.now()}` });
    const r = await syncOnceProcess({ ...args(s), container: other.containerId });
    expect(r.code).toBe(1);
    const fix = `folio pair remove --dir ${s.dir} --state ${args(s).state}`;
    expect(r.stderr).toBe(`folio: ${s.dir} is already paired with container ${s.rootId} on ${service().server.url}; to pair it anew, first run: ${fix} (code ${ErrorCodes.PAIR_CONFLICT.code})\n`);
    // The fix it names works.
    const removed = await folioProcess(fix.split(' ').slice(1));
    expect(removed.code, removed.stderr).toBe(0);
    expect((await syncOnceProcess({ ...args(s), container: other.containerId })).code).toBe(0);
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

/** `folio ARGS` to the end, without the environment's credentials unless given. */
function folioProcess(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [FOLIO_BIN, ...argv], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr });
    });
  });
}

/** A loopback port with nothing listening on it: a wrong --server. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

const NO_STACK = /\n\s+at /;

describe('folio sync, when the first run goes wrong', () => {
  it('a wrong --server saves no pairing: the next run, with the right one, succeeds', async () => {
    const s = await fresh();
    s.write('a.txt', 'a');
    const wrong = await syncOnceProcess({ ...args(s), server: `http://127.0.0.1:${await deadPort()}` });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(new RegExp(`^folio: the service could not be reached: .*ECONNREFUSED.* \\(code ${ErrorCodes.SERVICE_UNREACHABLE.code}\\)\\n$`));
    const right = await syncOnceProcess(args(s));
    expect(right.code, right.stderr).toBe(0);
    expect(await s.remoteListing()).toEqual({ 'a.txt': sha('a') });
  });

  it('a wrong container or secret saves no pairing either; each failure is one line with its code', async () => {
    const s = await fresh();
    const noContainer = await syncOnceProcess({ ...args(s), container: 'ctr_nope' });
    expect(noContainer.code).toBe(1);
    expect(noContainer.stderr).toBe(`folio: the service refused: container not found: ctr_nope (code ${ErrorCodes.NOT_FOUND.code})\n`);
    const badSecret = await syncOnceProcess({ ...args(s), env: { FOLIO_CLIENT_SECRET: 'not the secret' } });
    expect(badSecret.code).toBe(1);
    expect(badSecret.stderr).toBe(`folio: the service refused the client id or secret in FOLIO_CLIENT_ID and FOLIO_CLIENT_SECRET (code ${ErrorCodes.INVALID_CLIENT.code})\n`);
    expect((await syncOnceProcess(args(s))).code).toBe(0);
  });

  it('a wrong secret or password on a pair that exists is one line with its code, without a stack, --once or watching', async () => {
    const s = await fresh();
    expect((await syncOnceProcess(args(s))).code).toBe(0);
    const badSecret = `folio: the service refused the client id or secret in FOLIO_CLIENT_ID and FOLIO_CLIENT_SECRET (code ${ErrorCodes.INVALID_CLIENT.code})\n`;
    const once = await syncOnceProcess({ ...args(s), env: { FOLIO_CLIENT_SECRET: 'not the secret' } });
    expect(once).toMatchObject({ code: 1, stderr: badSecret });
    const watching = startSync({ ...args(s), env: { FOLIO_CLIENT_SECRET: 'not the secret' } });
    expect((await watching.exited).code).toBe(1);
    expect(watching.stderr()).toBe(badSecret);
    const badPassword = await syncOnceProcess({ ...args(s), env: { FOLIO_USER: 'nobody', FOLIO_PASSWORD: 'not the password' } });
    expect(badPassword.code).toBe(1);
    expect(badPassword.stderr).not.toMatch(NO_STACK);
    expect(badPassword.stderr).toBe(`folio: the service refused the user name or password in FOLIO_USER and FOLIO_PASSWORD (code ${ErrorCodes.INVALID_USER_CREDENTIALS.code})\n`);
  });

  it.each([
    ['no scheme', '127.0.0.1:8080'],
    ['a host taken for a scheme', 'localhost:8080'],
    ['another scheme', 'ftp://127.0.0.1/'],
    ['no host', 'http://'],
  ])('refuses a --server with %s at once, in one line, exit 2, before it creates any state', async (_, server) => {
    const s = await fresh();
    const state = join(s.scratch, 'never-created');
    for (const command of [['sync', '--once'], ['pair', 'add']]) {
      const r = await folioProcess([...command, '--server', server, '--container', s.rootId, '--dir', s.dir, '--state', state], credentialsOf());
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`folio: --server must be an http:// or https:// URL with a host (e.g. http://127.0.0.1:8080), not '${server}' (see 'folio ${command.join(' ').replace(' --once', '')} --help')\n`);
      expect(existsSync(state)).toBe(false);
    }
  });

  it('says that a --dir naming a file is a file, for sync and pair add, and pairs nothing', async () => {
    const s = await fresh();
    const file = join(s.scratch, 'a-file');
    writeFileSync(file, 'not a folder');
    const state = join(s.scratch, 'file-state');
    for (const command of [['sync', '--once'], ['pair', 'add']]) {
      const r = await folioProcess([...command, '--server', service().server.url, '--container', s.rootId, '--dir', file, '--state', state], credentialsOf());
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`folio: --dir ${file} is a file, not a folder (code ${ErrorCodes.NOT_A_FOLDER.code})\n`);
    }
    expect((await folioProcess(['pair', 'list', '--state', state, '--json'])).stdout).toBe('[]\n');
  });

  it('creates the folder of a new pair that does not exist yet', async () => {
    const s = await fresh();
    await s.remoteWrite('down.txt', 'down');
    const dir = join(s.scratch, 'new', 'folder');
    const r = await syncOnceProcess({ ...args(s), dir });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'down.txt'), 'utf8')).toBe('down');
  });
});

describe('folio pair add', () => {
  const pairAdd = (s: Scenario, extra: { server?: string; container?: string; dir?: string; state?: string; env?: NodeJS.ProcessEnv } = {}) =>
    folioProcess(
      ['pair', 'add', '--server', extra.server ?? service().server.url, '--container', extra.container ?? s.rootId, '--dir', extra.dir ?? s.dir, '--state', extra.state ?? join(s.scratch, 'pairs')],
      { ...credentialsOf(), ...extra.env },
    );

  it('exits 1, not 2, when the service refuses: a wrong secret, an unknown container, a container in the recycle bin', async () => {
    const s = await fresh();
    const badSecret = await pairAdd(s, { env: { FOLIO_CLIENT_SECRET: 'not the secret' } });
    expect(badSecret).toMatchObject({ code: 1, stdout: '', stderr: `folio: the service refused the client id or secret in FOLIO_CLIENT_ID and FOLIO_CLIENT_SECRET (code ${ErrorCodes.INVALID_CLIENT.code})\n` });
    const unknown = await pairAdd(s, { container: 'ctr_nope' });
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: `folio: the service refused: container not found: ctr_nope (code ${ErrorCodes.NOT_FOUND.code})\n` });
    const binned = await service().client.createContainer({ name: `binned ${Date.now()}` });
    await service().client.deleteContainer(binned.containerId);
    const inBin = await pairAdd(s, { container: binned.containerId });
    expect(inBin).toMatchObject({ code: 1, stdout: '', stderr: `folio: container ${binned.containerId} is in the recycle bin; restore it first (code ${ErrorCodes.CONTAINER_IN_RECYCLE_BIN.code})\n` });
    expect((await folioProcess(['pair', 'list', '--state', join(s.scratch, 'pairs'), '--json'])).stdout).toBe('[]\n');
  });

  it('exits 1 on a conflict with the pairs saved, and says how to resolve it', async () => {
    const s = await fresh();
    const state = join(s.scratch, 'pairs');
    const added = await pairAdd(s);
    expect(added.code, added.stderr).toBe(0);
    expect((await pairAdd(s)).stdout).toBe(added.stdout);
    const otherServer = await pairAdd(s, { server: `http://127.0.0.1:${await deadPort()}`, dir: join(s.scratch, 'elsewhere') });
    expect(otherServer.code).toBe(1);
    expect(otherServer.stderr).toMatch(new RegExp(`^folio: this state directory syncs with .*; give another --state for .*, or remove its pairs first \\(folio pair list --state ${state}, then folio pair remove\\) \\(code ${ErrorCodes.PAIR_CONFLICT.code}\\)\\n$`));
    const other = await service().client.createContainer({ name: `other ${Date.now()}` });
    const otherContainer = await pairAdd(s, { container: other.containerId });
    expect(otherContainer.code).toBe(1);
    expect(otherContainer.stderr).toContain(`first run: folio pair remove --dir ${s.dir} --state ${state} (code ${ErrorCodes.PAIR_CONFLICT.code})`);
  });

  it('exits 1 when removing a pair that does not exist', async () => {
    const s = await fresh();
    const r = await folioProcess(['pair', 'remove', '--pair', 'nope', '--state', join(s.scratch, 'pairs')]);
    expect(r).toMatchObject({ code: 1, stderr: `folio: no such pair: nope (code ${ErrorCodes.NOT_FOUND.code})\n` });
  });
});

function credentialsOf(): NodeJS.ProcessEnv {
  return { FOLIO_CLIENT_ID: service().tenant.clientId, FOLIO_CLIENT_SECRET: service().tenant.clientSecret };
}
