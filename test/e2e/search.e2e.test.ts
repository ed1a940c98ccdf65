/**
 * Search, Activity and offline reads in a real browser (the system Chromium through
 * playwright-core), against a real `folio serve` (its tesseract OCR included) and the real desktop
 * core (`folio start --headless`, with its embedded local server). "Show in folder" and "Open" run
 * FOLIO_OPENER, here a script that records what it was asked to open. Saves screenshots to
 * test/e2e/screenshots/.
 */
import { contract } from '../../shared/v1/contract/index.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioClient } from '../../main/remote/client.ts';
import { uploadFile } from '../../main/remote/transfer.ts';
import type { VersionText } from '../../shared/v1/text.ts';
import { drawText, pdf } from '../fixtures/text.ts';
import { createTenant, FOLIO_BIN, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { GUARD_MS, HEAVY_TEST_MS, printed, stopped, until } from '../helpers/wait.ts';
import { launchChromium } from '../helpers/browser.ts';

const SHOTS = resolve(import.meta.dirname, 'screenshots');

let server: ServerHandle;
let tenant: Tenant;
let service: FolioClient;
let core: ChildProcess;
let browser: Browser;
let page: Page;
let containerId = '';
const state = tempDir('folio-e2e-search-state-');
const work = tempDir('folio-e2e-search-work-');
const dir = join(work, 'Research');
const opened = join(work, 'opened.txt');
const opener = join(work, 'opener.mjs');

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

async function nav(label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: label }).click();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

async function upload(title: string, bytes: Buffer): Promise<string> {
  const file = join(work, `upload-${title}`);
  writeFileSync(file, bytes);
  const r = await uploadFile(service, file, { containerId, title });
  rmSync(file);
  return r.versionId;
}

async function textReady(versionId: string): Promise<VersionText> {
  return until(`the text of ${versionId} READY`, async () => {
    const t = await service.v1(contract.versions.text, { versionId });
    return t.status === 'READY' && t;
  });
}

/** What the recording opener was asked to open, one path a line. */
const openRequests = () => (existsSync(opened) ? readFileSync(opened, 'utf8').split('\n').filter(Boolean) : []);

async function search(words: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search documents' }).fill(words);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Started with the path as its one argument, never through a shell: it appends the path to a file.
  writeFileSync(opener, `#!${process.execPath}\nimport { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(opened)}, process.argv[2] + '\\n');\n`, { mode: 0o755 });
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  service = new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { baseDelayMs: 20 } });
  containerId = (await service.createContainer({ name: 'Research' })).containerId;
  // A scan: two image pages, no text layer; "pelican" is on page 2 and only in the picture.
  await upload('minutes.pdf', pdf([drawText(['Quarterly minutes draft'], 1200, 200, 48), drawText(['Pelican budget approved'], 1200, 200, 48)]));
  await upload('field notes.txt', Buffer.from('the kingfisher came back to the river'));
  await upload('old draft.txt', Buffer.from('to be deleted'));

  core = spawn(process.execPath, [FOLIO_BIN, 'start', '--headless', '--state', state], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent', FOLIO_OPENER: opener },
  });
  let err = '';
  core.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const { match } = await printed(core, /ui on (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/, "the desktop core's UI line", () => err);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
  page.setDefaultTimeout(GUARD_MS);
  await page.goto(match[1] as string);

  await page.getByLabel('Service URL').fill(server.url);
  await page.getByText('Advanced: sign in with a client ID and secret').click();
  await page.getByLabel('Client ID').fill(tenant.clientId);
  await page.getByLabel('Client secret').fill(tenant.clientSecret);
  await page.getByRole('button', { name: 'Sign in with client credentials' }).click();
  await page.getByRole('button', { name: 'Add a folder' }).first().click();
  await page.getByLabel('Folder on this computer').fill(dir);
  await page.getByRole('button', { name: 'Open folder Research' }).click();
  await page.getByRole('button', { name: /Choose this folder: Research/ }).click();
  await page.getByRole('button', { name: 'Start syncing' }).click();
  // The folder does not exist yet: the app asks before it makes it.
  await page.getByRole('alertdialog', { name: 'Create the folder?' }).getByRole('button', { name: 'Create folder' }).click();
  await until('the files on disk', () => ['minutes.pdf', 'field notes.txt', 'old draft.txt'].every((f) => existsSync(join(dir, f))));
}, HEAVY_TEST_MS);

afterAll(async () => {
  await browser?.close();
  await stopped(core);
  await server?.stop();
  removeDir(state);
  removeDir(work);
});

describe('search, Activity and offline reads in the web UI', { timeout: HEAVY_TEST_MS }, () => {
  it("finds a word that exists only in an OCR'd scan, and opens the scan at that page with the word marked", async () => {
    const scan = (await service.children(containerId)).documents.find((d) => d.title === 'minutes.pdf');
    const text = await textReady(scan?.currentVersionId ?? '');
    expect(text.source).toBe('OCR');

    await search('pelican');
    const results = page.getByRole('region', { name: 'Search results' });
    const hit = results.getByRole('button', { name: 'Open minutes.pdf at page 2' });
    await hit.waitFor();
    expect(await hit.textContent()).toContain('Research · page 2');
    expect((await hit.locator('mark').first().textContent())?.toLowerCase()).toBe('pelican');
    expect(await results.getByRole('status').textContent()).toBe('1 result for “pelican”');
    await shot('20-search-results');

    await hit.click();
    await page.getByRole('heading', { name: 'minutes.pdf' }).waitFor();
    await page.getByText('Recognised by OCR · page 2 of 2').waitFor();
    const two = page.getByRole('listitem', { name: 'Page 2' });
    expect((await two.locator('mark').first().textContent())?.toLowerCase()).toBe('pelican');
    expect(await page.getByRole('listitem', { name: 'Page 1' }).count()).toBe(0);
    await shot('21-search-opened-at-page');
  });

  it('filters Activity, says a delete is a delete, and shows or opens a file through the system opener', async () => {
    rmSync(join(dir, 'old draft.txt'));
    await until('the delete on the service', async () => !(await service.children(containerId)).documents.some((d) => d.title === 'old draft.txt'));
    await nav('Activity');
    const rows = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
    await page.getByLabel('Show', { exact: true }).selectOption('deletes');
    const deleted = rows.filter({ hasText: 'old draft.txt' });
    await deleted.waitFor();
    expect(await rows.count()).toBe(1);
    expect(await deleted.locator('.activity-verb').textContent()).toBe('Deleted on service');
    expect(await deleted.getByRole('img', { name: 'Deleted on the service' }).count()).toBe(1);
    expect(await deleted.textContent()).not.toMatch(/change/i);
    await shot('22-activity-deletes');

    await page.getByLabel('Show', { exact: true }).selectOption('downloads');
    await page.getByLabel('Find in activity').fill('notes');
    const notes = rows.filter({ hasText: 'field notes.txt' });
    await notes.waitFor();
    expect(await rows.count()).toBe(1);
    expect(await notes.locator('.activity-verb').textContent()).toBe('Downloaded');
    await shot('23-activity-downloads-found');

    await notes.getByRole('button', { name: 'Show field notes.txt in folder' }).click();
    await until('the folder opened', () => openRequests().includes(dir));
    await notes.getByRole('button', { name: 'Open field notes.txt' }).click();
    await until('the file opened', () => openRequests().includes(join(dir, 'field notes.txt')));
    expect(openRequests()).toEqual([dir, join(dir, 'field notes.txt')]);
  });

  it('with the service away, Documents, Shares and search read the copy on this computer, and say so', async () => {
    const notes = (await service.children(containerId)).documents.find((d) => d.title === 'field notes.txt');
    await textReady(notes?.currentVersionId ?? '');
    const mirror = new Database(join(state, 'mirror', 'folio.db'), { readonly: true, fileMustExist: true });
    try {
      await until('the text in the mirror', () => mirror.prepare<[string], { n: number }>('SELECT count(*) AS n FROM search_text WHERE version_id = ?').get(notes?.currentVersionId ?? '')?.n);
    } finally {
      mirror.close();
    }
    await server.stop();
    await nav('Folders');
    await page.getByRole('listitem', { name: 'Pair Research' }).getByRole('button', { name: 'Sync now' }).click();
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor();

    await nav('Documents');
    await page.getByRole('button', { name: 'Choose another' }).click();
    await page.getByRole('button', { name: 'Open folder Research' }).click();
    const note = page.getByRole('status').filter({ hasText: 'Offline — showing the copy on this computer, as of' });
    await note.waitFor();
    await page.getByRole('button', { name: 'Open document field notes.txt' }).waitFor();
    expect(await page.getByText('ECONNREFUSED').count()).toBe(0);
    await page.getByRole('button', { name: 'Open document field notes.txt' }).click();
    await page.getByRole('table', { name: 'Versions' }).getByRole('row').nth(1).waitFor();
    await page.getByRole('listitem', { name: 'Page 1' }).getByText('the kingfisher came back to the river').waitFor();
    await shot('24-offline-documents');

    await nav('Shares');
    await note.waitFor();
    await page.getByRole('button', { name: 'All folders' }).click();
    await page.getByRole('button', { name: 'Open folder Research' }).waitFor();
    expect(await page.getByText('ECONNREFUSED').count()).toBe(0);
    await shot('25-offline-shares');

    await search('kingfisher');
    const results = page.getByRole('region', { name: 'Search results' });
    await results.getByText('Searching the copy on this computer.').waitFor();
    const hit = results.getByRole('button', { name: 'Open field notes.txt at page 1' });
    expect((await hit.locator('mark').first().textContent())?.toLowerCase()).toBe('kingfisher');
    await shot('26-offline-search');
  });
});
