/**
 * Setting up and steering the headless desktop in a real browser (the system Chromium through
 * playwright-core), against a real `folio serve` and real `folio start` / `folio open` processes:
 * one desktop per state folder, the UI's port kept across restarts, the folder picker with its
 * create prompt, the mass-delete choice both ways, and the pausing states.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioClient } from '../../main/remote/client.ts';
import { createTenant, FOLIO_BIN, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { exited, GUARD_MS, HEAVY_TEST_MS, printed, stopped, until } from '../helpers/wait.ts';
import { launchChromium } from '../helpers/browser.ts';

const SHOTS = resolve(import.meta.dirname, 'screenshots');
const FILES = 12;
const UI_LINE = /^ui on (http:\/\/127\.0\.0\.1:(\d+)\/#token=[\w-]+)$/m;

let server: ServerHandle;
let tenant: Tenant;
let service: FolioClient;
let core: ChildProcess;
let openUrl = '';
let browser: Browser;
let page: Page;
const state = tempDir('folio-setup-state-');
const home = tempDir('folio-setup-home-');
const dir = join(home, 'Projects', 'Handbook');
let containerId = '';

/** The core and the CLI see `home` as the user's home folder: the picker starts there. */
const env = { ...process.env, HOME: home, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' };

function folio(args: string[]): ChildProcess {
  return spawn(process.execPath, [FOLIO_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
}

/** Runs a short folio command to its end. */
async function run(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = folio(args);
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const { code } = await exited(child);
  return { code, out, err };
}

async function startCore(): Promise<{ url: string; port: number; out: string }> {
  core = folio(['start', '--headless', '--state', state]);
  let err = '';
  core.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  // A core that ends on its own leaves every later wait hanging: say so, with what it last wrote.
  const started = core;
  started.on('exit', (code, signal) => {
    if (started.killed) return;
    console.error(`the desktop core ended on its own (code ${code}, signal ${signal}); its last stderr:\n${err.slice(-4000)}`);
  });
  const { match, out } = await printed(core, UI_LINE, "the desktop core's UI line", () => err);
  return { url: match[1] as string, port: Number(match[2]), out };
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

async function nav(label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: label }).click();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

async function documents(): Promise<{ docId: string; title: string }[]> {
  return (await service.children(containerId)).documents;
}

const card = () => page.getByRole('listitem', { name: 'Pair Handbook' });
const stateOf = async () => card().getAttribute('data-state');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(join(home, 'Projects'));
  mkdirSync(join(home, 'Documents'));
  mkdirSync(join(home, '.config'));
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  service = new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { baseDelayMs: 20 } });
  containerId = (await service.createContainer({ name: 'Handbook' })).containerId;
  await service.createContainer({ name: 'Private', parentId: containerId });
  openUrl = (await startCore()).url;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
  page.setDefaultTimeout(GUARD_MS);
}, HEAVY_TEST_MS);

afterAll(async () => {
  await browser?.close();
  await stopped(core);
  await server?.stop();
  removeDir(state);
  removeDir(home);
});

describe('Setting up Folio Desktop headless', { timeout: HEAVY_TEST_MS }, () => {
  it('refuses a second folio start on the same state folder, printing the running URL, with exit code 3', async () => {
    const second = await run(['start', '--headless', '--state', state]);
    expect(second.code).toBe(3);
    expect(second.out).toMatch(/^folio: Folio is already running on .+ \(pid \d+\)$/m);
    expect(UI_LINE.exec(second.out)?.[1]).toBe(openUrl);
    // The running one was not disturbed.
    expect(core.exitCode).toBeNull();
  });

  it('folio open prints a URL that logs in', async () => {
    const opened = await run(['open', '--state', state]);
    expect(opened.code).toBe(0);
    const url = UI_LINE.exec(opened.out)?.[1] as string;
    expect(url).toBe(openUrl);
    await page.goto(url);
    await page.getByRole('heading', { name: 'Connect to your Folio service' }).waitFor();
    expect(page.url()).not.toContain('token');

    const nobody = await run(['open', '--state', join(home, 'no-desktop-here')]);
    expect(nobody.code).toBe(1);
    expect(nobody.err).toMatch(/^folio: Folio is not running on .+no-desktop-here; start it with 'folio start' \(code 120001\)$/m);
  });

  it('picks the folder on this computer through the folder browser, and creates a missing one only when asked', async () => {
    await page.getByLabel('Service URL').fill(server.url);
    await page.getByText('Advanced: sign in with a client ID and secret').click();
    await page.getByLabel('Client ID').fill(tenant.clientId);
    await page.getByLabel('Client secret').fill(tenant.clientSecret);
    await page.getByRole('button', { name: 'Sign in with client credentials' }).click();
    await page.getByRole('heading', { name: 'Sync pairs' }).waitFor();

    await page.getByRole('button', { name: 'Add a folder' }).first().click();
    await page.getByRole('button', { name: 'Browse…' }).click();
    const picker = page.getByRole('group', { name: 'Choose a folder on this computer' });
    expect(await picker.getByLabel('Current folder').textContent()).toBe(home);
    const listed = picker.getByRole('list', { name: 'Folders on this computer' }).getByRole('button');
    expect(await listed.allTextContents()).toEqual([' Documents', ' Projects']);
    await picker.getByLabel('Show hidden folders').check();
    await picker.getByRole('button', { name: 'Open local folder .config' }).waitFor();
    await picker.getByRole('button', { name: 'Open local folder Projects' }).click();
    await picker.getByText('No folders in here.').waitFor();
    expect(await picker.getByLabel('Current folder').textContent()).toBe(join(home, 'Projects'));
    await shot('setup-01-folder-picker');
    await picker.getByRole('button', { name: `Use this folder: ${join(home, 'Projects')}` }).click();
    const input = page.getByLabel('Folder on this computer');
    expect(await input.inputValue()).toBe(join(home, 'Projects'));

    await input.fill(dir);
    await page.getByRole('button', { name: 'Open folder Handbook' }).click();
    await page.getByRole('button', { name: /Choose this folder: Handbook/ }).click();
    await page.getByRole('button', { name: 'Start syncing' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Create the folder?' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain(`Create folder ${dir}?`);
    expect(existsSync(dir)).toBe(false);
    await shot('setup-02-create-prompt');
    await ask.getByRole('button', { name: "Don't create" }).click();
    expect(await ask.count()).toBe(0);
    expect(existsSync(dir)).toBe(false);

    await page.getByRole('button', { name: 'Start syncing' }).click();
    await ask.getByRole('button', { name: 'Create folder' }).click();
    await card().waitFor();
    expect(existsSync(dir)).toBe(true);
    await until('the pair idle', async () => (await stateOf()) === 'IDLE');
  });

  async function dropFiles(): Promise<void> {
    for (let i = 0; i < FILES; i++) writeFileSync(join(dir, `page-${String(i).padStart(2, '0')}.txt`), `page ${i}\n`);
    await until(`${FILES} files on the service`, async () => (await documents()).length === FILES);
    await until('the pair idle', async () => (await stateOf()) === 'IDLE');
  }

  async function deleteAllAndSeeThemHeld(): Promise<void> {
    for (const f of readdirSync(dir)) if (f.startsWith('page-')) rmSync(join(dir, f));
    const held = card().getByRole('list', { name: 'Files held back' });
    await until('the mass delete held back, listing every file', async () => (await held.getByRole('listitem').count()) === FILES);
    expect(await held.getByRole('listitem').first().textContent()).toBe('page-00.txt');
    expect(await card().getByText(`${FILES} files were deleted on this computer.`).count()).toBe(1);
  }

  it('the mass-delete choice "Restore them": the files come back on disk, and the service keeps them', async () => {
    await dropFiles();
    await deleteAllAndSeeThemHeld();
    await shot('setup-03-mass-delete-held');
    await card().getByRole('button', { name: 'Restore them' }).click();
    await until('the files back on disk', () => Array.from({ length: FILES }, (_, i) => join(dir, `page-${String(i).padStart(2, '0')}.txt`)).every((f) => existsSync(f)));
    await until('the pair idle', async () => (await stateOf()) === 'IDLE');
    expect(await card().getByRole('list', { name: 'Files held back' }).count()).toBe(0);
    expect((await documents()).length).toBe(FILES);
  });

  it('the mass-delete choice "Delete them on the service too": they go to the service\'s recycle bin', async () => {
    const before = await documents();
    await deleteAllAndSeeThemHeld();
    await card().getByRole('button', { name: 'Delete them on the service too' }).click();
    await until('no documents left on the service', async () => (await documents()).length === 0);
    for (const d of before) expect((await service.getDocument(d.docId)).state).toBe('DELETED');
    await until('the pair idle', async () => (await stateOf()) === 'IDLE');
    expect(readdirSync(dir).filter((f) => f.startsWith('page-'))).toEqual([]);
  });

  it('under "Pause all syncing" a folder\'s Resume is disabled and says why, and "Resume all syncing" lifts it', async () => {
    await nav('Settings');
    await page.getByLabel('Pause all syncing').check();
    await nav('Folders');
    await until('the pair paused', async () => (await stateOf()) === 'PAUSED');
    const resume = card().getByRole('button', { name: 'Resume', exact: true });
    expect(await resume.isDisabled()).toBe(true);
    const why = card().getByText("All syncing is paused, so this folder's own Resume cannot start it.");
    await why.waitFor();
    expect(await resume.getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
    await shot('setup-04-paused-all');
    await card().getByRole('button', { name: 'Resume all syncing' }).click();
    await until('the pair no longer paused', async () => (await stateOf()) !== 'PAUSED');
    expect(await why.count()).toBe(0);
    await card().getByRole('button', { name: 'Pause', exact: true }).click();
    await until('the pair paused by itself', async () => (await stateOf()) === 'PAUSED');
    expect(await resume.isDisabled()).toBe(false);
    await resume.click();
    await until('the pair resumed', async () => (await stateOf()) !== 'PAUSED');
  });

  it('a folder left out of selective sync says it no longer syncs', async () => {
    await until('the Private folder on disk', () => existsSync(join(dir, 'Private')));
    await nav('Settings');
    const folders = page.getByRole('group', { name: 'Folders to sync' });
    await folders.getByLabel('Private').uncheck();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await folders.getByText('not syncing — left out by you').waitFor();
    await nav('Folders');
    await card().getByText('not syncing — left out by you').waitFor();
    expect(await card().getByText(/1 folder stays on this computer but no longer syncs/).count()).toBe(1);
    expect(existsSync(join(dir, 'Private'))).toBe(true);
    await shot('setup-05-left-out');
  });

  it('keeps the UI port across restarts, after a kill -9 too, and moves to a free one when it is taken', async () => {
    const port = Number(new URL(openUrl).port);
    await stopped(core);
    const again = await startCore();
    expect(again.port).toBe(port);

    const killed = exited(core);
    core.kill('SIGKILL');
    await killed;
    // The stale lock of the killed process does not block the next start.
    const afterKill = await startCore();
    expect(afterKill.port).toBe(port);
    // The new run's URL logs in; with no keychain here the secret went with the old run, so it asks to sign in again.
    await page.goto(afterKill.url);
    await page.getByRole('heading', { name: 'Connect to your Folio service' }).waitFor();

    await stopped(core);
    // It drops whatever connects: the browser, still on the old port, keeps asking it, and close()
    // waits for every open connection.
    const squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((ok) => squatter.listen(port, '127.0.0.1', () => ok()));
    try {
      const moved = await startCore();
      expect(moved.port).not.toBe(port);
      expect(moved.out).toContain(`folio: the UI's port ${port} from the last run is taken; it is on port ${moved.port} now`);
    } finally {
      await new Promise<void>((ok) => squatter.close(() => ok()));
    }
  });
});
