/**
 * The headless web UI in a real browser (the system Chromium through playwright-core), against a
 * real `folio serve` and the real desktop core process (`folio start --headless`, with its embedded
 * local server). Saves a screenshot of each screen to test/e2e/screenshots/.
 */
import { contract } from '../../shared/v1/contract/index.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioClient } from '../../main/remote/client.ts';
import { uploadFile } from '../../main/remote/transfer.ts';
import type { ActivityEntry } from '../../shared/desktop/api.ts';
import { drawText, pdf, png } from '../fixtures/text.ts';
import { createTenant, createUser, FOLIO_BIN, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { GUARD_MS, HEAVY_TEST_MS, printed, stopped, until } from '../helpers/wait.ts';
import { launchChromium } from '../helpers/browser.ts';

const SHOTS = resolve(import.meta.dirname, 'screenshots');
const FILES = 50;

let server: ServerHandle;
let tenant: Tenant;
let service: FolioClient;
let core: ChildProcess;
let openUrl = '';
let browser: Browser;
let page: Page;
const state = tempDir('folio-e2e-state-');
const work = tempDir('folio-e2e-work-');
const dir = join(work, 'Synced');
let containerId = '';
let bobId = '';

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

async function startCore(): Promise<string> {
  core = spawn(process.execPath, [FOLIO_BIN, 'start', '--headless', '--state', state], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } });
  let err = '';
  core.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const { match } = await printed(core, /ui on (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/, "the desktop core's UI line", () => err);
  return match[1] as string;
}

/** The same service again, on the same data and port (the account remembers the URL). */
async function restartServer(old: ServerHandle): Promise<ServerHandle> {
  const port = new URL(old.url).port;
  const child = spawn(process.execPath, [FOLIO_BIN, 'serve', '--data', old.dataDir, '--host', '127.0.0.1', '--port', port], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((ok, fail) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('listening on')) ok();
    });
    child.once('exit', (code) => fail(new Error(`folio serve exited with ${code}`)));
  });
  const stop = () =>
    new Promise<number | null>((res) => {
      if (child.exitCode !== null) return res(child.exitCode);
      child.once('exit', (code) => res(code));
      child.kill('SIGTERM');
    });
  return { url: old.url, dataDir: old.dataDir, process: child, stop };
}

async function serviceTitles(): Promise<string[]> {
  return (await service.children(containerId)).documents.map((d) => d.title).sort();
}

async function nav(label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: label }).click();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  bobId = await createUser(server.dataDir, tenant.tenantId, 'bob');
  service = new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { baseDelayMs: 20 } });
  containerId = (await service.createContainer({ name: 'Team Handbook' })).containerId;
  await service.createContainer({ name: 'Archive' });
  openUrl = await startCore();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
  page.setDefaultTimeout(GUARD_MS);
  await page.goto(openUrl);
}, HEAVY_TEST_MS);

afterAll(async () => {
  await browser?.close();
  await stopped(core);
  await server?.stop();
  removeDir(state);
  removeDir(work);
});

describe('Folio Desktop web UI', { timeout: HEAVY_TEST_MS }, () => {
  it('keeps the token out of the address bar and signs in', async () => {
    await page.getByRole('heading', { name: 'Connect to your Folio service' }).waitFor();
    expect(page.url()).not.toContain('token');
    // The core runs with no D-Bus, so no Secret Service: the screen says where the secret goes instead.
    const noKeychain = page.getByRole('status').filter({ hasText: 'No keychain is available' });
    await noKeychain.waitFor();
    expect(await noKeychain.textContent()).toMatch(/No keychain is available on this computer: Folio keeps your secret in memory only/);
    expect(await page.getByText("Secrets stay in this computer's keychain").count()).toBe(0);
    await shot('01-sign-in');
    await page.getByLabel('Service URL').fill(server.url);
    // Client credentials, for application-only use, sit under Advanced (the browser sign-in has its own test).
    await page.getByText('Advanced: sign in with a client ID and secret').click();
    await page.getByLabel('Client ID').fill(tenant.clientId);
    await page.getByLabel('Client secret').fill('not the secret');
    await page.getByRole('button', { name: 'Sign in with client credentials' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/did not accept this client ID and secret/);
    await page.getByLabel('Client secret').fill(tenant.clientSecret);
    await page.getByRole('button', { name: 'Sign in with client credentials' }).click();
    await page.getByRole('heading', { name: 'Sync pairs' }).waitFor();
    await page.getByText('No folders sync yet').waitFor();
    await shot('02-pairs-empty');
  });

  it('adds a pair from the service tree, syncs 50 dropped files, and the progress bars reach done', async () => {
    await page.getByRole('button', { name: 'Add a folder' }).first().click();
    await page.getByLabel('Folder on this computer').fill(dir);
    await page.getByRole('button', { name: 'Open folder Team Handbook' }).click();
    await page.getByRole('button', { name: /Choose this folder: Team Handbook/ }).click();
    await shot('03-add-pair');
    await page.getByRole('button', { name: 'Start syncing' }).click();
    // The folder does not exist yet: the app asks before it makes it.
    await page.getByRole('alertdialog', { name: 'Create the folder?' }).getByRole('button', { name: 'Create folder' }).click();
    const card = page.getByRole('listitem', { name: 'Pair Team Handbook' });
    await card.waitFor();
    await until('the pair to be idle', async () => (await card.getAttribute('data-state')) === 'IDLE');

    for (let i = 0; i < FILES; i++) writeFileSync(join(dir, `chapter-${String(i).padStart(2, '0')}.txt`), `${randomBytes(48 * 1024).toString('base64')}\n`);
    await until('a round to start', async () => (await card.getAttribute('data-state')) === 'SYNCING');
    await shot('04-pairs-syncing');
    const titles = await until('50 files on the service', async () => {
      const t = await serviceTitles();
      return t.filter((x) => x.startsWith('chapter-')).length === FILES ? t : undefined;
    });
    expect(titles).toContain('chapter-49.txt');
    await until('the pair to be idle again', async () => (await card.getAttribute('data-state')) === 'IDLE');
    const bar = card.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await bar.getAttribute('data-complete')).toBe('true');
    await shot('05-pairs-done');

    await nav('Activity');
    const rows = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
    await rows.first().waitFor();
    const transfers = page.locator('.activity-row[data-kind="transfer"]');
    const visible = await transfers.count();
    expect(visible).toBeGreaterThan(5);
    for (let i = 0; i < visible; i++) {
      const row = transfers.nth(i);
      expect(await row.getAttribute('data-state')).toBe('done');
      expect(await row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      // Dropped files went up: the row says so to the eye and to a screen reader.
      expect(await row.getByRole('img', { name: 'Uploaded', exact: true }).count()).toBe(1);
    }
    await shot('06-activity');

    await nav('Documents');
    await page.getByRole('button', { name: 'Open folder Team Handbook' }).click();
    await page.getByRole('button', { name: 'Open document chapter-49.txt' }).waitFor();
    await shot('07-documents-browser');
  });

  it('shows a conflict and resolves it from the UI', async () => {
    await nav('Folders');
    const card = page.getByRole('listitem', { name: 'Pair Team Handbook' });
    await card.getByRole('button', { name: 'Pause' }).click();
    await until('paused', async () => (await card.getAttribute('data-state')) === 'PAUSED');
    writeFileSync(join(dir, 'chapter-07.txt'), 'my local edit\n');
    const doc = (await service.children(containerId)).documents.find((d) => d.title === 'chapter-07.txt');
    const theirs = join(work, 'theirs.txt');
    writeFileSync(theirs, 'an edit made on the service\n');
    await uploadFile(service, theirs, { docId: doc?.docId as string });
    await card.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: /Conflicts/ }).getByLabel('1 conflicts').waitFor();

    await nav('Conflicts');
    const conflict = page.getByRole('listitem', { name: 'Conflict on chapter-07.txt' });
    await conflict.waitFor();
    await shot('08-conflicts');
    await conflict.getByRole('button', { name: 'Keep my copy' }).click();
    await page.getByText('No conflicts').waitFor();
    await shot('09-conflicts-resolved');
    await until('my edit is the service version, and the copy is gone', async () => {
      const t = await serviceTitles();
      if (t.some((x) => x.includes('conflicted copy'))) return undefined;
      const current = await service.getDocument(doc?.docId as string);
      return current.sizeBytes === Buffer.byteLength('my local edit\n') ? true : undefined;
    });
    expect(readFileSync(join(dir, 'chapter-07.txt'), 'utf8')).toBe('my local edit\n');
  });

  it('opens a document panel with its versions', async () => {
    // Documents remembers the folder the user was in (Team Handbook, from the browsing above).
    await nav('Documents');
    await page.getByRole('button', { name: 'Open document chapter-07.txt' }).click();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.waitFor();
    const rows = versions.getByRole('row');
    await until('three versions listed', async () => (await rows.count()) >= 4);
    expect(await rows.nth(1).textContent()).toMatch(/^v3/);
    await page.getByRole('heading', { name: 'Text' }).waitFor();
    await shot('10-document-panel');
  });

  it('manages shares: create one, change its expiry, revoke it', async () => {
    const grants = async () =>
      (await service.v1(contract.shareGrants.getPage, { resourceType: 'CONTAINER', resourceId: containerId })).content;
    await nav('Shares');
    await page.getByRole('button', { name: 'Open folder Team Handbook' }).click();
    await page.getByRole('button', { name: /Manage shares of: Team Handbook/ }).click();
    await page.getByRole('heading', { name: /Folder: Team Handbook/ }).waitFor();
    await page.getByText('Not shared with anyone').waitFor();
    await page.getByRole('button', { name: 'Add a share…' }).click();
    await page.getByRole('combobox', { name: 'Share with' }).fill('bob');
    await page.getByRole('option', { name: /^bob/ }).click();
    await page.getByRole('radio', { name: /Download/ }).check();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const row = page.getByRole('table', { name: 'Shares' }).getByRole('row').nth(1);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('ACTIVE');
    await row.getByText('bob').first().waitFor();
    const [created] = await grants();
    expect(created).toMatchObject({ granteeType: 'USER', granteeId: bobId, permissionPreset: 'DOWNLOAD', status: 'ACTIVE', expiresAt: '' });
    await shot('11-shares-created');

    const expiry = row.getByLabel(/^Expiry for /);
    await expiry.fill('2031-06-30');
    const expected = new Date('2031-06-30T23:59:59').getTime();
    await until('the new expiry on the service', async () => {
      const at = (await grants())[0]?.expiresAt;
      return at ? Math.abs(Date.parse(at) - expected) < 1000 : undefined;
    });
    await until('the expiry shown after a reload', async () => (await expiry.inputValue()) === '2031-06-30');
    await shot('11b-shares-expiry');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await until('revoked', async () => (await row.getAttribute('data-status')) === 'REVOKED');
    expect(await row.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
    expect(await expiry.isDisabled()).toBe(true);
    const [revoked] = await grants();
    expect(revoked?.status).toBe('REVOKED');
    expect(revoked?.revokedAt).not.toBe('');
    await shot('11c-shares-revoked');
  });

  it('reads the extracted text of page 2 of a synced PDF', async () => {
    writeFileSync(join(dir, 'field-guide.pdf'), pdf([['Chapter one: getting started'], ['Page two covers the quarterly budget review']]));
    const doc = await until('the PDF on the service', async () => (await service.children(containerId)).documents.find((d) => d.title === 'field-guide.pdf'));
    await until('its text READY', async () => {
      const t = await service.v1(contract.versions.text, { versionId: doc.currentVersionId });
      return t.status === 'READY' || undefined;
    });

    // The document opened last is still open: "Choose another" goes back to its folder.
    await nav('Documents');
    await page.getByRole('button', { name: 'Choose another' }).click();
    await page.getByRole('button', { name: 'Open document field-guide.pdf' }).click();
    await page.getByText('Extracted from the document · 2 pages').waitFor();
    const pages = page.locator('.text-pages').getByRole('listitem');
    expect(await pages.count()).toBe(2);
    await page.getByLabel('Page', { exact: true }).selectOption('2');
    await page.getByText('Extracted from the document · page 2 of 2').waitFor();
    const two = page.getByRole('listitem', { name: 'Page 2' });
    await two.waitFor();
    expect(await pages.count()).toBe(1);
    expect(await two.locator('.text-body').textContent()).toContain('Page two covers the quarterly budget review');
    expect(await page.getByText('Chapter one: getting started').count()).toBe(0);
    await shot('10b-document-text-page-2');
  });

  it('shows the settings', async () => {

    await nav('Settings');
    await page.getByLabel('Ignore rules (like .gitignore, one pattern per line)').fill('*.log\nbuild/');
    await page.getByLabel('Upload limit (KB/s, 0 = none)').fill('512');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(readFileSync(join(dir, '.folioignore'), 'utf8')).toBe('*.log\nbuild/');
    // Headless, there is no file manager to open the log folder in: the UI shows where it is.
    await page.getByRole('button', { name: 'Open the log folder' }).click();
    const logFolder = page.getByLabel('Log folder');
    await logFolder.waitFor();
    expect(await logFolder.textContent()).toBe(join(state, 'logs'));
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    await shot('12-settings');
  });

  it('shows the OCR confidence of a page recognised from an image', async () => {
    writeFileSync(join(dir, 'whiteboard.png'), await png(drawText(['Folio reads scanned pages', 'and says how sure it is'])));
    const doc = await until('the image on the service', async () => (await service.children(containerId)).documents.find((d) => d.title === 'whiteboard.png'));
    const text = await until('its text READY', async () => {
      const t = await service.v1(contract.versions.text, { versionId: doc.currentVersionId });
      return t.status === 'READY' ? t : undefined;
    });
    expect(text.source).toBe('OCR');
    const confidence = text.pages?.[0]?.confidence ?? 0;
    expect(confidence).toBeGreaterThan(0.8);

    // The document opened last is still open: "Choose another" goes back to its folder.
    await nav('Documents');
    await page.getByRole('button', { name: 'Choose another' }).click();
    await page.getByRole('button', { name: 'Open document whiteboard.png' }).click();
    await page.getByText('Recognised by OCR · 1 page').waitFor();
    const one = page.getByRole('listitem', { name: 'Page 1' });
    const badge = one.getByText(/^OCR confidence \d+%$/);
    expect(await badge.textContent()).toBe(`OCR confidence ${Math.round(confidence * 100)}%`);
    expect(await badge.getAttribute('class')).toContain('badge-ok');
    expect(await one.getByText('digital text').count()).toBe(0);
    expect((await one.locator('.text-body').textContent())?.toLowerCase()).toContain('scanned pages');
    await shot('10c-document-text-ocr');
  });

  it('shows the offline banner while the service is gone, counts a local edit as waiting, and clears it when the edit reached the service', async () => {
    await server.stop();
    await nav('Folders');
    const card = page.getByRole('listitem', { name: 'Pair Team Handbook' });
    await card.getByRole('button', { name: 'Sync now' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
    await banner.waitFor();
    await until('the pair offline', async () => (await card.getAttribute('data-state')) === 'OFFLINE');
    const waiting = async () => Number(/(\d+) files? waiting to upload/.exec((await banner.textContent()) ?? '')?.[1] ?? 0);
    const before = await waiting();

    writeFileSync(join(dir, 'written offline.txt'), 'made while the service was away');
    await until('the edit counted as waiting', async () => (await waiting()) === before + 1);
    await shot('13-offline');

    server = await restartServer(server);
    await until('back online', async () => {
      await card.getByRole('button', { name: 'Sync now' }).click();
      return (await page.getByText('You are offline.').count()) === 0;
    });
    await until('the edit on the service', async () => (await serviceTitles()).includes('written offline.txt'));
    await until('the pair idle', async () => (await card.getAttribute('data-state')) === 'IDLE');
  });

  it('keeps a 100,000-entry activity list smooth (virtualized)', async () => {
    const entries: ActivityEntry[] = Array.from({ length: 100_000 }, (_, i) => ({
      seq: i + 1,
      time: new Date(Date.now() - (100_000 - i) * 1000).toISOString(),
      pairId: 'p',
      path: `archive/2026/box-${Math.floor(i / 1000)}/scan-${i}.pdf`,
      kind: 'transfer',
      direction: i % 2 === 0 ? 'upload' : 'download',
      state: i % 97 === 0 ? 'failed' : 'done',
      bytesDone: 1000 + i,
      bytesTotal: 1000 + i,
      message: '',
    }));
    const body = JSON.stringify({ ok: true, value: { entries, lastSeq: 100_000 } });
    const big = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    await big.route('**/api/listActivity', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
    await big.goto(openUrl);
    await big.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Activity' }).click();
    big.setDefaultTimeout(GUARD_MS);
    await big.getByText('100,000 entries').waitFor();
    const list = big.getByRole('list', { name: 'Activity' });
    expect(await list.getByRole('listitem').count()).toBeLessThan(60);
    // Scroll through the whole list in 40 jumps, one frame each: the rows in the page stay a
    // window's worth all the way (how fast it feels is measured by no test here: CI's machine is busy).
    await list.evaluate(async (el) => {
      for (let i = 1; i <= 40; i++) {
        el.scrollTop = (el.scrollHeight * i) / 40;
        await new Promise((r) => (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame(() => r(null)));
      }
    });
    expect(await list.getByRole('listitem').count()).toBeLessThan(60);
    await big.getByText('archive/2026/box-0/scan-0.pdf').waitFor();
    const first = list.getByRole('listitem').filter({ hasText: 'archive/2026/box-0/scan-0.pdf' });
    expect(await first.getByRole('img', { name: 'Upload failed', exact: true }).count()).toBe(1);
    const second = list.getByRole('listitem').filter({ hasText: 'archive/2026/box-0/scan-1.pdf' });
    expect(await second.getByRole('img', { name: 'Downloaded', exact: true }).count()).toBe(1);
    await big.screenshot({ path: join(SHOTS, '14-activity-100k.png') });
    await big.close();
    expect(existsSync(join(SHOTS, '14-activity-100k.png'))).toBe(true);
  });
});
