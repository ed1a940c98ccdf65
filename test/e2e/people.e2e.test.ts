/**
 * People, not ids, and a version history that acts: the headless web UI in the system Chromium,
 * against a real `folio serve` and a real `folio start --headless`. Shares a folder with a person
 * picked by name, restores v1 of a document and finds it on the disk, compares two versions, and
 * tells a person without SHARE whom to ask. Saves each changed screen at 420, 1024 and 1440 px.
 */
import { contract } from '../../shared/v1/contract/index.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioClient } from '../../main/remote/client.ts';
import { uploadFile } from '../../main/remote/transfer.ts';
import type { Result } from '../../shared/desktop/api.ts';
import type { ShareGrant } from '../../shared/v1/access.ts';
import type { VersionResult } from '../../shared/v1/resources.ts';
import { createTenant, createUser, FOLIO_BIN, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { GUARD_MS, HEAVY_TEST_MS, printed, stopped, until } from '../helpers/wait.ts';
import { launchChromium } from '../helpers/browser.ts';

const SHOTS = resolve(import.meta.dirname, 'screenshots');
const WIDTHS = [420, 1024, 1440];

let server: ServerHandle;
let tenant: Tenant;
let service: FolioClient;
let core: ChildProcess;
let ui = '';
let token = '';
let browser: Browser;
let page: Page;
const state = tempDir('folio-e2e-people-state-');
const work = tempDir('folio-e2e-people-work-');
const dir = join(work, 'Team');
let teamId = '';
let readonlyId = '';
let bobId = '';
let v1: VersionResult;

/** The screen at each width, then back to the test's own size. */
async function shots(name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SHOTS, `people-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** One DesktopApi call over the loopback transport, as the page makes it. */
async function desktop<T>(method: string, args: unknown): Promise<T> {
  const res = await fetch(`${ui}api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(args) });
  const r = (await res.json()) as Result<T>;
  if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

async function nav(label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: label }).click();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

async function grants(): Promise<ShareGrant[]> {
  return (await service.v1(contract.shareGrants.getPage, { resourceType: 'CONTAINER', resourceId: teamId })).content;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(dir, { recursive: true });
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  const [aliceId, bob, carolId] = await Promise.all(['alice', 'bob', 'carol'].map((n) => createUser(server.dataDir, tenant.tenantId, n)));
  bobId = bob as string;
  await createUser(server.dataDir, tenant.tenantId, 'Bobby Tables');
  service = new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { baseDelayMs: 20 } });
  teamId = (await service.createContainer({ name: 'Team', aclInheritEnabled: false })).containerId;
  readonlyId = (await service.createContainer({ name: 'Read only', aclInheritEnabled: false })).containerId;
  await service.v1(contract.acl.entriesSet, { containerId: teamId, entries: [{ principalType: 'USER', principalId: aliceId, role: 'MANAGER' }] });
  await service.v1(contract.acl.entriesSet, {
    containerId: readonlyId,
    entries: [
      { principalType: 'USER', principalId: aliceId, role: 'VIEWER' },
      { principalType: 'USER', principalId: carolId, role: 'MANAGER' },
    ],
  });
  const draft = join(work, 'plan.txt');
  writeFileSync(draft, 'The plan is to go north.\nWe leave on Monday.\n');
  v1 = await uploadFile(service, draft, { containerId: teamId, title: 'plan.txt' });
  writeFileSync(draft, 'The plan is to go south quickly.\nWe leave on Monday.\n');
  await uploadFile(service, draft, { docId: v1.docId });

  core = spawn(process.execPath, [FOLIO_BIN, 'start', '--headless', '--state', state], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } });
  let err = '';
  core.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const { match } = await printed(core, /ui on (http:\/\/127\.0\.0\.1:\d+\/)#token=([\w-]+)/, "the desktop core's UI line", () => err);
  ui = match[1] as string;
  token = match[2] as string;
  // Signing in is another screen's business: here alice signs in through the API the screen uses.
  await desktop('signIn', { serviceUrl: server.url, clientId: tenant.clientId, clientSecret: tenant.clientSecret, userName: 'alice', password: 'correct horse' });
  const pair = await desktop<{ pairId: string }>('addPair', { dir, containerId: teamId });
  await until('plan.txt v2 on the disk', () => readFileSync(join(dir, 'plan.txt'), 'utf8').includes('south'), { errorsMeanNotYet: true });
  expect(pair.pairId).not.toBe('');

  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page.setDefaultTimeout(GUARD_MS);
  await page.goto(`${ui}#token=${token}`);
  await page.getByRole('navigation', { name: 'Screens' }).waitFor();
}, HEAVY_TEST_MS);

afterAll(async () => {
  await browser?.close();
  await stopped(core);
  await server?.stop();
  removeDir(state);
  removeDir(work);
});

describe('people and versions in the web UI', { timeout: HEAVY_TEST_MS }, () => {
  it('names who made each version, says which one is shown, and compares two by page', async () => {
    await nav('Documents');
    await page.getByRole('button', { name: 'Open folder Team' }).click();
    const open = page.getByRole('button', { name: 'Open document plan.txt' });
    expect(await open.locator('svg.file-icon').getAttribute('data-kind')).toBe('text');
    await open.click();
    const rows = page.getByRole('table', { name: 'Versions' }).getByRole('row');
    await until('two versions listed', async () => (await rows.count()) === 3);
    expect(await rows.nth(1).getByRole('cell').nth(2).textContent()).toBe('the tenant application');
    await page.getByText('Showing v2 (current)').waitFor();
    await page.getByLabel('Compare with').selectOption({ label: 'v1' });
    const changes = page.getByRole('listitem', { name: 'Changes on page 1' });
    await changes.waitFor();
    expect(await changes.locator('del').allTextContents()).toContain('north');
    expect((await changes.locator('ins').allTextContents()).join('')).toContain('south');
    await page.getByText('1 of 1 page changed.').waitFor();
    await shots('versions-diff');
  });

  it('downloads an old version', async () => {
    const saving = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download version 1' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe('plan (v1).txt');
    const path = await download.path();
    expect(readFileSync(path, 'utf8')).toBe('The plan is to go north.\nWe leave on Monday.\n');
  });

  it('restores v1: a new current version on the service, then on the disk', async () => {
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByText(/Version 1 is current again, as version 3/).waitFor();
    await page.getByText('Showing v3 (current)').waitFor();
    const doc = await service.getDocument(v1.docId);
    expect(doc).toMatchObject({ currentVersionNo: 3, contentHash: v1.contentHash });
    await until('v1 back on the disk', () => readFileSync(join(dir, 'plan.txt'), 'utf8').includes('north'));
    await shots('versions-restored');
  });

  it('keeps the open document across screens, and "Choose another" returns to the folder', async () => {
    await nav('Shares');
    await nav('Documents');
    await page.getByText('Showing v3 (current)').waitFor();
    await page.getByRole('button', { name: 'Choose another' }).click();
    await page.getByRole('button', { name: 'Open document plan.txt' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Folder path' }).textContent()).toContain('Team');
  });

  it('shares with a person picked by name, says Saved, and undoes a revoke', async () => {
    await nav('Shares');
    await page.getByRole('button', { name: 'Open folder Team' }).click();
    await page.getByRole('button', { name: /Manage shares of: Team/ }).click();
    await page.getByText('Not shared with anyone').waitFor();
    await page.getByRole('button', { name: 'Add a share…' }).click();
    await page.getByRole('combobox', { name: 'Share with' }).fill('bo');
    const suggestions = page.getByRole('listbox', { name: 'Share with: suggestions' });
    await suggestions.getByRole('option').first().waitFor();
    expect(await suggestions.getByRole('option').allTextContents()).toEqual([expect.stringMatching(/^bob/), expect.stringMatching(/^Bobby Tables/)]);
    await shots('shares-picker');
    await suggestions.getByRole('option', { name: /^bob/ }).click();
    await page.getByRole('radio', { name: /Download/ }).check();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: shared with bob (download).' }).waitFor();
    const [created] = await grants();
    expect(created).toMatchObject({ granteeType: 'USER', granteeId: bobId, granteeName: 'bob', permissionPreset: 'DOWNLOAD', status: 'ACTIVE' });
    await shots('shares-saved');

    const row = page.getByRole('table', { name: 'Shares' }).getByRole('row').nth(1);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('group', { name: 'Confirm revoking access for bob' }).waitFor();
    expect((await grants())[0]?.status).toBe('ACTIVE');
    await shots('shares-confirm-revoke');
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.getByText('Access for bob revoked.').waitFor();
    await until('revoked on the service', async () => (await grants()).every((g) => g.status === 'REVOKED'));
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Access for bob is back.').waitFor();
    const active = (await grants()).filter((g) => g.status === 'ACTIVE');
    expect(active).toMatchObject([{ granteeId: bobId, permissionPreset: 'DOWNLOAD' }]);
  });

  it('tells a person without SHARE that they cannot share, and whom to ask', async () => {
    await page.getByRole('button', { name: 'Choose another' }).click();
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: 'All folders' }).click();
    await page.getByRole('button', { name: 'Open folder Read only' }).click();
    await page.getByRole('button', { name: /Manage shares of: Read only/ }).click();
    const note = page.getByRole('note', { name: 'You cannot share this' });
    await note.waitFor();
    expect(await note.textContent()).toMatch(/You can’t share this folder\..*Ask carol to share it for you\./);
    expect(await page.getByRole('button', { name: 'Add a share…' }).count()).toBe(0);
    await shots('shares-no-permission');
  });
});
