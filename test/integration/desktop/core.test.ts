/**
 * DesktopCore through its dispatcher (as a UI calls it), against a real `folio serve`, a real
 * folder and the real sync engine.
 */
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopApi, DesktopEvent, Result } from '../../../shared/desktop/api.ts';
import { DesktopCore, secretAccount } from '../../../main/desktop/core.ts';
import { Dispatcher } from '../../../main/desktop/dispatcher.ts';
import { MemoryKeychain } from '../../../main/desktop/keychain.ts';
import { NO_MANAGED_SETTINGS, normalize, type ManagedSettings } from '../../../main/desktop/managedSettings.ts';
import { FolioClient } from '../../../main/remote/client.ts';
import { uploadFile } from '../../../main/remote/transfer.ts';
import { createTenant, createUser, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../../helpers/server.ts';
import { inSyncMark } from '../../helpers/syncState.ts';
import { HEAVY_TEST_MS, until } from '../../helpers/wait.ts';

let server: ServerHandle;
let tenant: Tenant;
let service: FolioClient;
let core: DesktopCore;
let api: DesktopApi;
let keychain: MemoryKeychain;
let bobId = '';
const events: DesktopEvent[] = [];
const state = tempDir('folio-desk-state-');
const work = tempDir('folio-desk-work-');

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Waits for what `probe` reads (the desktop API, the service, the folder): see test/helpers/wait.ts. */
function waitFor<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false): Promise<T> {
  return until(what, probe);
}

async function docsIn(containerId: string): Promise<Map<string, string>> {
  const { documents } = await service.children(containerId);
  return new Map(documents.map((d) => [d.title, d.docId]));
}

/** Waits for the pair's rounds to end in sync: 'IDLE', or 'ATTENTION' while a conflicted copy or a left-out item waits for the user. */
async function idlePair(pairId: string, state: 'IDLE' | 'ATTENTION' = 'IDLE') {
  return waitFor(`pair ${pairId} ${state}`, async () => {
    await core.whenIdle();
    const s = value(await api.getStatus({}));
    const p = s.pairs.find((x) => x.pairId === pairId);
    return p && p.state === state ? p : undefined;
  });
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  await createUser(server.dataDir, tenant.tenantId, 'ada');
  bobId = await createUser(server.dataDir, tenant.tenantId, 'bob');
  service = new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { baseDelayMs: 20 } });
  keychain = new MemoryKeychain('no keychain in this test');
  core = await DesktopCore.open({ stateDir: state, keychain, pollMs: 400, client: { retry: { attempts: 2, baseDelayMs: 20 } } });
  core.events.subscribe((e) => events.push(e));
  api = new Dispatcher(core, () => {}).api();
});

afterAll(async () => {
  await core?.close();
  await server?.stop();
  removeDir(state);
  removeDir(work);
});

// Generous limits: these run real processes on a shared 2-core machine.
describe('DesktopCore against a real service', { timeout: HEAVY_TEST_MS }, () => {
  it('starts signed out, refuses bad credentials, signs in with good ones', async () => {
    expect(value(await api.getAccount({}))).toMatchObject({ signedIn: false, keychain: { available: false, backend: 'memory' } });
    expect(value(await api.getStatus({})).state).toBe('SIGNED_OUT');
    expect(await api.listChildren({})).toMatchObject({ ok: false, error: { code: 'NOT_SIGNED_IN' } });
    const bad = await api.signIn({ serviceUrl: server.url, clientId: tenant.clientId, clientSecret: 'wrong' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'SERVICE_ERROR' } });
    const unreachable = await api.signIn({ serviceUrl: 'http://127.0.0.1:9', clientId: tenant.clientId, clientSecret: tenant.clientSecret });
    expect(unreachable).toMatchObject({ ok: false, error: { code: 'SERVICE_UNREACHABLE' } });
    expect(await api.signIn({ serviceUrl: server.url, clientId: tenant.clientId, clientSecret: tenant.clientSecret, userName: 'ada' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS' },
    });

    const account = value(await api.signIn({ serviceUrl: `${server.url}/`, clientId: tenant.clientId, clientSecret: tenant.clientSecret, userName: 'ada', password: 'correct horse' }));
    expect(account).toMatchObject({ signedIn: true, serviceUrl: server.url, clientId: tenant.clientId, userName: 'ada', tenantId: tenant.tenantId });
    expect(account.userId).not.toBe('');
    expect(events.some((e) => e.type === 'account' && e.account.signedIn)).toBe(true);
    expect(await keychain.get(secretAccount(account))).toContain(tenant.clientSecret);

    // The rest acts as the application (what a user may see depends on ACLs, not on the desktop).
    const app = value(await api.signIn({ serviceUrl: server.url, clientId: tenant.clientId, clientSecret: tenant.clientSecret }));
    expect(app).toMatchObject({ signedIn: true, userName: '', userId: '' });
    expect(await keychain.get(secretAccount(account))).toBeNull();
    expect(await keychain.get(secretAccount(app))).toContain(tenant.clientSecret);
  });

  it('never writes a secret to its database', () => {
    for (const f of readdirSync(state)) {
      const bytes = readFileSync(join(state, f));
      expect(bytes.includes(Buffer.from(tenant.clientSecret)), f).toBe(false);
      expect(bytes.includes(Buffer.from('correct horse')), f).toBe(false);
    }
  });

  let containerId = '';
  let pairId = '';
  const dir = join(work, 'Pair');

  it('browses the service tree to pick a container', async () => {
    const top = await service.createContainer({ name: 'Projects' });
    containerId = (await service.createContainer({ name: 'Apollo', parentId: top.containerId })).containerId;
    const root = value(await api.listChildren({}));
    expect(root.containers.map((c) => c.name)).toContain('Projects');
    const projects = value(await api.listChildren({ containerId: top.containerId }));
    expect(projects.container).toMatchObject({ containerId: top.containerId, name: 'Projects' });
    expect(projects.containers).toEqual([expect.objectContaining({ containerId, name: 'Apollo' })]);
    expect(await api.listChildren({ containerId: 'nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('adds a pair and syncs files both ways, with per-file activity', async () => {
    expect(await api.addPair({ dir: 'relative/path', containerId })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(await api.addPair({ dir, containerId: 'missing' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const file = join(work, 'a-file');
    writeFileSync(file, 'not a folder');
    expect(await api.addPair({ dir: file, containerId })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS', message: `${file} is a file, not a folder` } });
    // A missing folder is a question for the person, not made on the way.
    expect(await api.addPair({ dir, containerId })).toMatchObject({ ok: false, error: { code: 'FOLDER_MISSING', message: `The folder ${dir} does not exist. Create it?` } });
    expect(existsSync(dir)).toBe(false);
    const pair = value(await api.addPair({ dir, containerId, settings: { concurrency: 2, ignoreRules: '*.log' }, create: true }));
    pairId = pair.pairId;
    expect(pair).toMatchObject({ dir, containerId, containerName: 'Apollo', settings: { concurrency: 2, ignoreRules: '*.log' } });
    expect(readFileSync(join(dir, '.folioignore'), 'utf8')).toBe('*.log');
    expect(await api.addPair({ dir: join(dir, 'inner'), containerId })).toMatchObject({ ok: false, error: { code: 'ALREADY_EXISTS' } });

    for (let i = 0; i < 5; i++) writeFileSync(join(dir, `note-${i}.txt`), `note ${i}\n`);
    writeFileSync(join(dir, 'debug.log'), 'ignored');
    const synced = await waitFor('5 notes on the service', async () => {
      const docs = await docsIn(containerId);
      return [0, 1, 2, 3, 4].every((i) => docs.has(`note-${i}.txt`)) ? docs : undefined;
    });
    expect(synced.has('debug.log')).toBe(false);
    const status = await idlePair(pairId);
    expect(status.files).toBeGreaterThanOrEqual(6);
    expect(status.lastSyncAt).not.toBe('');

    const activity = value(await api.listActivity({}));
    const transfers = activity.entries.filter((e) => e.kind === 'transfer' && e.pairId === pairId);
    expect(transfers.map((e) => e.path)).toEqual(expect.arrayContaining(['note-0.txt', 'note-4.txt']));
    expect(transfers.every((e) => e.state === 'done' && e.bytesDone === e.bytesTotal)).toBe(true);
    expect(transfers.every((e) => e.direction === 'upload')).toBe(true);
    // One entry per file: the upload's closing confirmation does not open a second one.
    expect(transfers.filter((e) => e.path === 'note-0.txt')).toHaveLength(1);
    expect(events.some((e) => e.type === 'activity' && e.entry.path === 'note-3.txt' && e.entry.state === 'done')).toBe(true);

    const remoteFile = join(work, 'from-service.txt');
    writeFileSync(remoteFile, 'written on the service');
    await uploadFile(service, remoteFile, { containerId, title: 'from-service.txt' });
    await waitFor('the service file on disk', () => existsSync(join(dir, 'from-service.txt')));
    expect(readFileSync(join(dir, 'from-service.txt'), 'utf8')).toBe('written on the service');
  });

  it('says which way each change went: downloads, and moves and deletes on either side', async () => {
    const entry = (path: string, direction: string) =>
      waitFor(`${direction} of ${path} in the activity`, async () => value(await api.listActivity({})).entries.find((e) => e.pairId === pairId && e.path === path && e.direction === direction && e.state === 'done'));
    expect(await entry('from-service.txt', 'download')).toMatchObject({ kind: 'transfer' });
    expect(events.some((e) => e.type === 'activity' && e.entry.path === 'from-service.txt' && e.entry.direction === 'download')).toBe(true);

    const docs = await docsIn(containerId);
    await service.updateDocument({ docId: docs.get('from-service.txt') as string, title: 'renamed-there.txt' });
    expect(await entry('renamed-there.txt', 'moveHere')).toMatchObject({ kind: 'move', message: 'from from-service.txt' });
    renameSync(join(dir, 'note-2.txt'), join(dir, 'renamed-here.txt'));
    expect(await entry('renamed-here.txt', 'moveOnService')).toMatchObject({ kind: 'move', message: 'from note-2.txt' });
    rmSync(join(dir, 'note-3.txt'));
    expect(await entry('note-3.txt', 'deleteOnService')).toMatchObject({ kind: 'delete' });
    await service.deleteDocument(docs.get('note-4.txt') as string);
    expect(await entry('note-4.txt', 'deleteHere')).toMatchObject({ kind: 'delete' });
    expect(existsSync(join(dir, 'note-4.txt'))).toBe(false);
  });

  it('pauses and resumes a pair', async () => {
    const paused = value(await api.pausePair({ pairId }));
    expect(['PAUSED', 'SYNCING']).toContain(paused.state);
    // A round already under way finishes; none starts after it.
    await core.whenIdle();
    expect(value(await api.getStatus({})).pairs[0]).toMatchObject({ state: 'PAUSED', stateReason: 'paused' });
    writeFileSync(join(dir, 'while-paused.txt'), 'later');
    await new Promise((r) => setTimeout(r, 1200));
    await core.whenIdle();
    expect((await docsIn(containerId)).has('while-paused.txt')).toBe(false);
    value(await api.resumePair({ pairId }));
    await waitFor('the paused file uploaded', async () => (await docsIn(containerId)).has('while-paused.txt'));
    expect(await api.pausePair({ pairId: 'nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('finds a conflict, and resolves it by keeping the local copy as a new version', async () => {
    await idlePair(pairId);
    value(await api.pausePair({ pairId }));
    await core.whenIdle();
    writeFileSync(join(dir, 'note-1.txt'), 'mine');
    const docId = (await docsIn(containerId)).get('note-1.txt') as string;
    const theirs = join(work, 'theirs.txt');
    writeFileSync(theirs, 'theirs');
    await uploadFile(service, theirs, { docId });
    value(await api.resumePair({ pairId }));

    // The engine renames the local file first, then downloads the service's copy under the name.
    const conflicts = await waitFor('a conflict with both files on disk', async () => {
      const list = value(await api.listConflicts({ pairId }));
      return list.length > 0 && list.every((x) => x.originalExists) ? list : undefined;
    });
    expect(conflicts).toHaveLength(1);
    const c = conflicts[0] as (typeof conflicts)[number];
    expect(c.path).toBe('note-1.txt');
    expect(c.copyPath).toMatch(/^note-1 \(conflicted copy .+\)\.txt$/);
    expect(readFileSync(join(dir, 'note-1.txt'), 'utf8')).toBe('theirs');
    await waitFor('a conflict event', () => events.some((e) => e.type === 'conflict' && e.conflict.conflictId === c.conflictId));
    expect(events.some((e) => e.type === 'notice' && /two places/.test(e.title))).toBe(true);

    expect(value(await api.openConflict({ conflictId: c.conflictId }))).toEqual({ original: join(dir, 'note-1.txt'), copy: join(dir, c.copyPath) });
    expect(await idlePair(pairId, 'ATTENTION')).toMatchObject({ conflicts: 1, stateReason: '1 conflicted' });
    expect(value(await api.getStatus({})).state).toBe('ATTENTION');
    expect(value(await api.resolveConflict({ conflictId: c.conflictId, keep: 'copy' }))).toEqual({ kept: ['note-1.txt'] });
    expect(await api.resolveConflict({ conflictId: c.conflictId, keep: 'copy' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    await waitFor('the copy gone from the service and mine the current version', async () => {
      const docs = await docsIn(containerId);
      if ([...docs.keys()].some((t) => t.includes('conflicted copy'))) return undefined;
      const doc = await service.getDocument(docId);
      const versions = value(await api.listVersions({ docId }));
      return doc.currentVersionNo >= 3 && versions.versions[0]?.sizeBytes === 4 ? true : undefined;
    });
    expect(value(await api.listConflicts({}))).toEqual([]);
  });

  it('shows a document and its versions, newest first, found by its path in a pair', async () => {
    const doc = value(await api.documentByPath({ pairId, path: 'note-1.txt' }));
    expect(doc).toMatchObject({ title: 'note-1.txt', containerId });
    const page = value(await api.listVersions({ docId: doc.docId }));
    expect(page.totalElements).toBeGreaterThanOrEqual(3);
    expect(page.versions.map((v) => v.versionNo)).toEqual([...page.versions.map((v) => v.versionNo)].sort((a, b) => b - a));
    expect(await api.documentByPath({ pairId, path: 'nope.txt' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const text = await api.getVersionText({ versionId: doc.currentVersionId });
    if (text.ok) expect(['READY', 'PENDING', 'FAILED', 'NOT_APPLICABLE']).toContain(text.value.status);
    else expect(text.error.code).toBe('NOT_SUPPORTED');
  });

  it('relays share grants (create, change, revoke), or says the service does not offer them yet', async () => {
    const listed = await api.listShares({ resourceType: 'CONTAINER', resourceId: containerId });
    if (!listed.ok) {
      expect(listed.error.code).toBe('NOT_SUPPORTED');
      return;
    }
    expect(listed.value).toEqual([]);
    const created = value(await api.createShare({ resourceType: 'CONTAINER', resourceId: containerId, granteeType: 'USER', granteeId: bobId, permissionPreset: 'VIEW', message: 'for review' }));
    expect(created).toMatchObject({ resourceId: containerId, granteeId: bobId, permissionPreset: 'VIEW', status: 'ACTIVE', expiresAt: '' });
    const updated = value(await api.updateShare({ shareGrantId: created.shareGrantId, permissionPreset: 'EDIT', expiresAt: '2031-06-30T23:59:59.000Z' }));
    expect(updated).toMatchObject({ permissionPreset: 'EDIT', expiresAt: '2031-06-30T23:59:59.000Z' });
    expect(value(await api.revokeShare({ shareGrantId: created.shareGrantId })).status).toBe('REVOKED');
    expect(value(await api.listShares({ resourceType: 'CONTAINER', resourceId: containerId }))).toEqual([]);
    expect(value(await api.listShares({ resourceType: 'CONTAINER', resourceId: containerId, includeInactive: true })).map((s) => s.status)).toEqual(['REVOKED']);
  });

  it('updates pair settings, including the ignore rules file', async () => {
    const updated = value(await api.updatePairSettings({ pairId, settings: { uploadLimit: 1_000_000, ignoreRules: '*.log\n*.bak' } }));
    expect(updated.settings).toMatchObject({ uploadLimit: 1_000_000, concurrency: 2, ignoreRules: '*.log\n*.bak' });
    expect(readFileSync(join(dir, '.folioignore'), 'utf8')).toBe('*.log\n*.bak');
  });

  it('refuses ignore rules with a line that would match nothing or be skipped, leaving the file as it was', async () => {
    const refused = await api.updatePairSettings({ pairId, settings: { ignoreRules: `*.tmp\nbad[ab\n${'x'.repeat(300)}` } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS', message: 'ignore rules: line 2 matches nothing: a "[" that is never closed by "]"; line 3 skipped: longer than 256 characters' } });
    expect(readFileSync(join(dir, '.folioignore'), 'utf8')).toBe('*.log\n*.bak');
  });

  let privateId = '';

  it('leaves excluded service folders out of the pair (selective sync)', async () => {
    value(await api.pausePair({ pairId }));
    await core.whenIdle();
    privateId = (await service.createContainer({ name: 'Private', parentId: containerId })).containerId;
    const secretFile = join(work, 'secret.txt');
    writeFileSync(secretFile, 'not for this laptop');
    await uploadFile(service, secretFile, { containerId: privateId, title: 'secret.txt' });
    expect(value(await api.updatePairSettings({ pairId, settings: { excludedFolders: [privateId] } })).settings.excludedFolders).toEqual([privateId]);
    value(await api.resumePair({ pairId }));
    await idlePair(pairId);
    expect(existsSync(join(dir, 'Private'))).toBe(false);
    value(await api.updatePairSettings({ pairId, settings: { excludedFolders: [] } }));
    await waitFor('the folder once it is included', () => existsSync(join(dir, 'Private', 'secret.txt')));
  });

  it('a folder excluded, deleted here, then included again comes back from the service, which keeps it', async () => {
    await idlePair(pairId);
    value(await api.updatePairSettings({ pairId, settings: { excludedFolders: [privateId] } }));
    await idlePair(pairId);
    rmSync(join(dir, 'Private'), { recursive: true });
    value(await api.syncNow({ pairId }));
    await idlePair(pairId);
    value(await api.updatePairSettings({ pairId, settings: { excludedFolders: [] } }));
    await idlePair(pairId);
    expect((await service.getContainer(privateId)).status).toBe('ACTIVE');
    expect((await docsIn(privateId)).has('secret.txt')).toBe(true);
    await waitFor('the folder downloaded again', () => existsSync(join(dir, 'Private', 'secret.txt')));
  });

  it('app settings persist, and pauseAll pauses every pair', async () => {
    const view = value(await api.updateSettings({ pauseAll: true, theme: 'dark' }));
    expect(view.settings).toMatchObject({ pauseAll: true, theme: 'dark' });
    await core.whenIdle();
    expect(value(await api.getStatus({})).pairs.every((p) => p.state === 'PAUSED')).toBe(true);
    value(await api.updateSettings({ pauseAll: false }));
  });

  it('stops a mass delete until it is confirmed', async () => {
    const guardedId = (await service.createContainer({ name: 'Guarded' })).containerId;
    const guardedDir = join(work, 'Guarded');
    const guarded = value(await api.addPair({ dir: guardedDir, containerId: guardedId, create: true }));
    for (let i = 0; i < 12; i++) writeFileSync(join(guardedDir, `f${i}.txt`), `file ${i}`);
    await waitFor('12 files on the service', async () => (await docsIn(guardedId)).size === 12);
    await idlePair(guarded.pairId);
    expect(await api.confirmDeletes({ pairId: guarded.pairId })).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });

    // No pause around the deletes: the loop scans a burst of local changes as one (docs/sync.md).
    for (let i = 0; i < 12; i++) rmSync(join(guardedDir, `f${i}.txt`));
    const waiting = await waitFor('the guard, with what it holds back', async () => {
      await core.whenIdle();
      const p = value(await api.getStatus({})).pairs.find((x) => x.pairId === guarded.pairId);
      return p?.state === 'WAITING' && value(await api.listPendingDeletes({ pairId: guarded.pairId })).totalElements > 0 ? p : undefined;
    });
    // All 12 gone empties the folder, which the guard treats as a possibly unmounted disk.
    expect(waiting.stateReason).toMatch(/is empty \(an unmounted disk\?\); 12 files would be deleted on the service/);
    expect(events.some((e) => e.type === 'notice' && e.title === 'Sync is waiting for you')).toBe(true);
    expect((await docsIn(guardedId)).size).toBe(12);
    // Names sort as text (f0, f1, f10, f11, f2 … f9): the third page of five holds f8 and f9.
    const page = value(await api.listPendingDeletes({ pairId: guarded.pairId, pageNumber: 3, pageSize: 5 }));
    expect(page).toMatchObject({ totalElements: 12, files: 12 });
    expect(page.items).toEqual([8, 9].map((i) => ({ path: `f${i}.txt`, kind: 'file', side: 'service' })));

    value(await api.confirmDeletes({ pairId: guarded.pairId }));
    await waitFor('the deletes carried out', async () => (await docsIn(guardedId)).size === 0);
    value(await api.removePair({ pairId: guarded.pairId }));
  });

  it('restores what a mass delete held back: the files come back on disk, and nothing is deleted on the service', async () => {
    const keptId = (await service.createContainer({ name: 'Kept' })).containerId;
    const keptDir = join(work, 'Kept');
    const kept = value(await api.addPair({ dir: keptDir, containerId: keptId, create: true }));
    expect(await api.restoreDeletes({ pairId: kept.pairId })).toMatchObject({ ok: false, error: { code: 'INVALID_STATE' } });
    for (let i = 0; i < 12; i++) writeFileSync(join(keptDir, `k${i}.txt`), `kept ${i}`);
    await waitFor('12 files on the service', async () => (await docsIn(keptId)).size === 12);
    await idlePair(kept.pairId);

    for (let i = 0; i < 12; i++) rmSync(join(keptDir, `k${i}.txt`));
    await waitFor('the guard, with what it holds back', async () => {
      await core.whenIdle();
      return value(await api.getStatus({})).pairs.find((x) => x.pairId === kept.pairId)?.state === 'WAITING' && value(await api.listPendingDeletes({ pairId: kept.pairId })).totalElements > 0;
    });
    expect(value(await api.listPendingDeletes({ pairId: kept.pairId })).files).toBe(12);
    value(await api.restoreDeletes({ pairId: kept.pairId }));
    await waitFor('the files back on disk', () => Array.from({ length: 12 }, (_, i) => join(keptDir, `k${i}.txt`)).every((f) => existsSync(f)));
    await idlePair(kept.pairId);
    expect(readFileSync(join(keptDir, 'k3.txt'), 'utf8')).toBe('kept 3');
    expect((await docsIn(keptId)).size).toBe(12);
    expect(value(await api.listPendingDeletes({ pairId: kept.pairId }))).toEqual({ totalElements: 0, files: 0, items: [] });
    value(await api.removePair({ pairId: kept.pairId }));
  });

  it('removes a pair without deleting anything', async () => {
    await core.whenIdle();
    value(await api.removePair({ pairId }));
    expect(value(await api.getStatus({})).pairs).toEqual([]);
    expect(existsSync(join(dir, 'note-0.txt'))).toBe(true);
    expect((await docsIn(containerId)).has('note-0.txt')).toBe(true);
  });

  it('signs out: the secret leaves the keychain, the service URL stays for the next sign-in', async () => {
    const before = value(await api.getAccount({}));
    const after = value(await api.signOut({}));
    expect(after).toMatchObject({ signedIn: false, serviceUrl: server.url });
    expect(await keychain.get(secretAccount(before))).toBeNull();
    expect(value(await api.getStatus({})).state).toBe('SIGNED_OUT');
  });
});

describe('a restart without a keychain', () => {
  it('keeps who was signed in (to prefill), but not the secret', async () => {
    const st = tempDir('folio-desk-restart-');
    const c1 = await DesktopCore.open({ stateDir: st, keychain: new MemoryKeychain('none') });
    const a = new Dispatcher(c1, () => {}).api();
    value(await a.signIn({ serviceUrl: server.url, clientId: tenant.clientId, clientSecret: tenant.clientSecret }));
    await c1.close();
    const c2 = await DesktopCore.open({ stateDir: st, keychain: new MemoryKeychain('none') });
    const account = value(await new Dispatcher(c2, () => {}).api().getAccount({}));
    expect(account).toMatchObject({ signedIn: false, serviceUrl: server.url, clientId: tenant.clientId });
    await c2.close();
    removeDir(st);
  });
});

describe('app settings locked by managed settings', () => {
  it('refuses to change a locked setting with LOCKED_BY_POLICY, changing nothing, and still changes the others', async () => {
    const st = tempDir('folio-desk-locked-settings-');
    const managed = normalize({ DisableAutoUpdate: true, LockedSettings: 'theme' }, 'test');
    const c = await DesktopCore.open({ stateDir: st, keychain: new MemoryKeychain('none'), managed });
    try {
      const a = new Dispatcher(c, () => {}).api();
      const before = value(await a.getSettings({}));
      expect(before.settings).toMatchObject({ autoUpdate: false, theme: 'system', notifications: true });
      expect([...before.locked].sort()).toEqual(['autoUpdate', 'theme']);

      const forced = await a.updateSettings({ autoUpdate: true });
      expect(forced).toMatchObject({ ok: false, error: { code: 'LOCKED_BY_POLICY' } });
      expect(forced.ok ? '' : forced.error.message).toMatch(/administrator: autoUpdate$/);
      // Locked without a forced value: the user's current value stays, and cannot be changed.
      expect(await a.updateSettings({ theme: 'dark' })).toMatchObject({ ok: false, error: { code: 'LOCKED_BY_POLICY' } });
      // A change that touches a locked setting is refused whole, its unlocked part included.
      expect(await a.updateSettings({ notifications: false, theme: 'dark' })).toMatchObject({ ok: false, error: { code: 'LOCKED_BY_POLICY' } });
      expect(value(await a.getSettings({})).settings).toEqual(before.settings);

      expect(value(await a.updateSettings({ notifications: false })).settings).toMatchObject({ notifications: false, autoUpdate: false, theme: 'system' });
    } finally {
      await c.close();
      removeDir(st);
    }
  });
});

describe('a service fixed by managed settings (ServerUrl)', () => {
  const lockedTo = (serverUrl: string): ManagedSettings => ({ ...NO_MANAGED_SETTINGS, serverUrl, sources: ['test'] });
  /** A port nothing listens on: a sign-in that reached it would fail as unreachable, not as refused. */
  const elsewhere = 'http://127.0.0.1:9';

  it('refuses to sign in to any other service, before sending it anything, and accepts the one IT set', async () => {
    const st = tempDir('folio-desk-locked-');
    const kc = new MemoryKeychain('none');
    const c = await DesktopCore.open({ stateDir: st, keychain: kc, managed: lockedTo(server.url) });
    const a = new Dispatcher(c, () => {}).api();
    const refused = await a.signIn({ serviceUrl: elsewhere, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
    expect(refused).toMatchObject({ ok: false, error: { code: 'SERVER_LOCKED_BY_POLICY' } });
    expect(refused.ok ? '' : refused.error.message).toContain(server.url);
    expect(value(await a.getAccount({}))).toMatchObject({ signedIn: false, serviceUrl: '' });
    expect(value(await a.getSettings({})).managed.serverUrl).toBe(server.url);

    // The same service with a trailing slash is the same service.
    const account = value(await a.signIn({ serviceUrl: `${server.url}/`, clientId: tenant.clientId, clientSecret: tenant.clientSecret }));
    expect(account).toMatchObject({ signedIn: true, tenantId: tenant.tenantId });
    await c.close();
    removeDir(st);
  });

  it('does not sign back in to a service chosen before IT fixed another one, so its pairs stay still', async () => {
    const st = tempDir('folio-desk-relocked-');
    const kc = new MemoryKeychain('none');
    const before = await DesktopCore.open({ stateDir: st, keychain: kc });
    const a1 = new Dispatcher(before, () => {}).api();
    value(await a1.signIn({ serviceUrl: server.url, clientId: tenant.clientId, clientSecret: tenant.clientSecret }));
    const containerId = (await service.createContainer({ name: 'Before the policy' })).containerId;
    const pairDir = join(work, 'BeforePolicy');
    const pair = value(await a1.addPair({ dir: pairDir, containerId, create: true }));
    await before.whenIdle();
    await before.close();

    const after = await DesktopCore.open({ stateDir: st, keychain: kc, managed: lockedTo(elsewhere) });
    const a2 = new Dispatcher(after, () => {}).api();
    expect(value(await a2.getAccount({}))).toMatchObject({ signedIn: false, serviceUrl: server.url });
    writeFileSync(join(pairDir, 'after-policy.txt'), 'must not reach the old service');
    expect(await a2.syncNow({ pairId: pair.pairId })).toMatchObject({ ok: true, value: { state: 'OFFLINE' } });
    await new Promise((r) => setTimeout(r, 800));
    await after.whenIdle();
    expect((await docsIn(containerId)).has('after-policy.txt')).toBe(false);
    expect(await a2.addPair({ dir: join(work, 'AfterPolicy'), containerId })).toMatchObject({ ok: false, error: { code: 'NOT_SIGNED_IN' } });
    await after.close();
    removeDir(st);
  });

  it('records a pair in sync for a quiet next start when it closes, not after every pass', async () => {
    const st = tempDir('folio-desk-close-');
    const own = await DesktopCore.open({ stateDir: st, keychain: new MemoryKeychain('no keychain in this test'), pollMs: 400 });
    try {
      const a = new Dispatcher(own, () => {}).api();
      value(await a.signIn({ serviceUrl: server.url, clientId: tenant.clientId, clientSecret: tenant.clientSecret }));
      const containerId = (await service.createContainer({ name: `Closing ${Date.now()}` })).containerId;
      const pair = value(await a.addPair({ dir: join(work, 'Closing'), containerId, create: true }));
      await waitFor('the pair in sync', async () => {
        await own.whenIdle();
        return value(await a.getStatus({})).pairs.find((p) => p.pairId === pair.pairId)?.state === 'IDLE';
      });
      expect(inSyncMark(st)).toBe('');
    } finally {
      await own.close();
    }
    expect(inSyncMark(st)).not.toBe('');
    removeDir(st);
  });
});
