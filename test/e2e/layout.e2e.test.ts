/**
 * Fit any window, the tray panel, the keyboard, and axe: the headless web UI in the system Chromium,
 * against a real `folio serve` and a real `folio start --headless`. Every screen is checked by
 * axe-core and saved at 420, 1024 and 1440 px wide to test/e2e/screenshots/layout-*.png.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioClient } from '../../main/remote/client.ts';
import { uploadFile } from '../../main/remote/transfer.ts';
import type { Result, SettingsView, Status } from '../../shared/desktop/api.ts';
import { createTenant, createUser, FOLIO_BIN, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { GUARD_MS, HEAVY_TEST_MS, printed, stopped, until } from '../helpers/wait.ts';
import { launchChromium } from '../helpers/browser.ts';

const SHOTS = resolve(import.meta.dirname, 'screenshots');
const WIDTHS = [420, 1024, 1440];
const HEIGHT = 900;
const LONG_NAME = 'Quarterly budget review for the northern region, final draft with every appendix and the board comments.txt';

let server: ServerHandle;
let tenant: Tenant;
let service: FolioClient;
let core: ChildProcess;
let ui = '';
let token = '';
let browser: Browser;
let page: Page;
const state = tempDir('folio-e2e-layout-state-');
const work = tempDir('folio-e2e-layout-work-');
const dir = join(work, 'Handbook');
let containerId = '';
let pairId = '';

/** One DesktopApi call over the loopback transport, as the page makes it. */
async function desktop<T>(method: string, args: unknown): Promise<T> {
  const res = await fetch(`${ui}api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(args) });
  const r = (await res.json()) as Result<T>;
  if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** Goes to a screen from the sidebar, or from the menu button where the window is too narrow for one. */
async function nav(label: string, p: Page = page): Promise<void> {
  const menu = p.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await p.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: label }).click();
  await p.getByRole('heading', { level: 1 }).first().waitFor();
}

/** axe-core on the page as it is: no serious or critical violation, each one named if there is. */
async function expectAccessible(where: string, p: Page = page): Promise<void> {
  const { violations } = await new AxeBuilder({ page: p }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  // Soft: one run names every screen's violations, not only the first.
  expect.soft(bad.join('\n'), `axe on ${where}`).toBe('');
}

/** The screen at each width: axe, and a screenshot; then back to the tests' own size. */
async function everyWidth(name: string, p: Page = page): Promise<void> {
  for (const width of WIDTHS) {
    await p.setViewportSize({ width, height: HEIGHT });
    await expectAccessible(`${name} at ${width} px`, p);
    await p.screenshot({ path: join(SHOTS, `layout-${name}-${width}.png`), fullPage: true });
  }
  await p.setViewportSize({ width: 1280, height: HEIGHT });
}

type Box = { x: number; y: number; width: number; height: number };

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

function overlaps(a: Box, b: Box): boolean {
  const eps = 0.5;
  return a.x + a.width > b.x + eps && b.x + b.width > a.x + eps && a.y + a.height > b.y + eps && b.y + b.height > a.y + eps;
}

/** No part sticks out of the window sideways: nothing to scroll to, nothing cut at the right edge. */
async function expectNoSideways(p: Page = page): Promise<void> {
  const [scroll, width] = await p.evaluate<[number, number]>('[document.documentElement.scrollWidth, document.documentElement.clientWidth]');
  expect(scroll).toBeLessThanOrEqual(width);
}

async function focusedName(): Promise<string> {
  const focused = page.locator(':focus');
  return ((await focused.getAttribute('aria-label')) ?? (await focused.textContent()) ?? '').trim();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(dir, { recursive: true });
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  await createUser(server.dataDir, tenant.tenantId, 'bob');
  service = new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { baseDelayMs: 20 } });
  containerId = (await service.createContainer({ name: 'Team Handbook' })).containerId;
  await service.createContainer({ name: 'Archive of the northern region, every year since the office opened' });

  core = spawn(process.execPath, [FOLIO_BIN, 'start', '--headless', '--state', state], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } });
  let err = '';
  core.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const { match } = await printed(core, /ui on (http:\/\/127\.0\.0\.1:\d+\/)#token=([\w-]+)/, "the desktop core's UI line", () => err);
  ui = match[1] as string;
  token = match[2] as string;

  browser = await launchChromium();
  // axe-core/playwright needs pages of a context of their own.
  page = await (await browser.newContext({ viewport: { width: 1280, height: HEIGHT } })).newPage();
  page.setDefaultTimeout(GUARD_MS);
  await page.goto(`${ui}#token=${token}`);
}, HEAVY_TEST_MS);

afterAll(async () => {
  await browser?.close();
  await stopped(core);
  await server?.stop();
  removeDir(state);
  removeDir(work);
});

describe('the web UI fits any window, works from the keyboard, and passes axe', { timeout: HEAVY_TEST_MS }, () => {
  it('the sign-in screen passes axe at every width', async () => {
    await page.getByRole('heading', { name: 'Connect to your Folio service' }).waitFor();
    await everyWidth('sign-in');
    await page.setViewportSize({ width: 360, height: HEIGHT });
    await expectNoSideways();
    await page.setViewportSize({ width: 1280, height: HEIGHT });

    // Signing in is the sign-in tests' business: here it goes through the API the screen uses.
    await desktop('signIn', { serviceUrl: server.url, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
    pairId = (await desktop<{ pairId: string }>('addPair', { dir, containerId })).pairId;
    for (let i = 0; i < 8; i++) writeFileSync(join(dir, `chapter-${i}.txt`), `chapter ${i}\n`);
    writeFileSync(join(dir, LONG_NAME), 'the long one\n');
    await until('nine files on the service', async () => (await service.children(containerId)).documents.length === 9 || undefined);

    // A conflict: the same file changed here and on the service while the pair was paused.
    await desktop('pausePair', { pairId });
    writeFileSync(join(dir, 'chapter-3.txt'), 'my local edit\n');
    const doc = (await service.children(containerId)).documents.find((d) => d.title === 'chapter-3.txt');
    const theirs = join(work, 'theirs.txt');
    writeFileSync(theirs, 'an edit made on the service\n');
    await uploadFile(service, theirs, { docId: doc?.docId as string });
    await desktop('resumePair', { pairId });
    await until('the conflict', async () => ((await desktop<Status>('getStatus', {})).pairs[0]?.conflicts ?? 0) > 0 || undefined);
    await page.getByRole('heading', { name: 'Sync pairs' }).waitFor();
  });

  it('at 420 px the sidebar folds into a menu, and Activity rows neither overlap nor stick out', async () => {
    await page.setViewportSize({ width: 420, height: HEIGHT });
    const screens = page.getByRole('navigation', { name: 'Screens' });
    const menu = screens.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await screens.getByRole('button', { name: 'Activity' }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await screens.getByRole('button', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await screens.getByRole('button', { name: 'Folders' }).isVisible()).toBe(false);

    const list = page.getByRole('list', { name: 'Activity' });
    const rows = list.getByRole('listitem');
    await until('ten rows or more', async () => (await rows.count()) >= 10 || undefined);
    const listBox = await box(list);
    const boxes: Box[] = [];
    for (let i = 0; i < (await rows.count()); i++) {
      const row = rows.nth(i);
      const b = await box(row);
      if (b.y >= listBox.y + listBox.height) continue;
      boxes.push(b);
      expect(b.x + b.width).toBeLessThanOrEqual(listBox.x + listBox.width + 0.5);
      // Inside a row, the name, the progress (a transfer's) and the state badge each have their own place.
      const transfer = row.locator('.activity-transfer');
      const parts = [await box(row.locator('.activity-main')), ...((await transfer.count()) > 0 ? [await box(transfer)] : []), await box(row.locator('.badge'))];
      for (const [i, a] of parts.entries()) {
        expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
        for (const c of parts.slice(i + 1)) expect(overlaps(a, c)).toBe(false);
      }
    }
    expect(boxes.length).toBeGreaterThan(3);
    for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    // The long name is there whole: wrapped, not cut.
    const long = list.getByText(LONG_NAME);
    const { scroll, client } = await long.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    expect(await long.getAttribute('title')).toBe(LONG_NAME);
    await expectNoSideways();

    // A full screen keeps the sidebar, and no menu button.
    await page.setViewportSize({ width: 1440, height: HEIGHT });
    expect(await menu.isVisible()).toBe(false);
    expect(await screens.getByRole('button', { name: 'Folders' }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: HEIGHT });
  });

  it('at 760 px file names are whole, in Activity, the browser and the document panel', async () => {
    await page.setViewportSize({ width: 760, height: HEIGHT });
    await nav('Activity');
    const path = page.getByRole('list', { name: 'Activity' }).getByText(LONG_NAME);
    const cut = await path.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(false);
    await nav('Documents');
    await page.getByRole('button', { name: 'Open folder Team Handbook' }).click();
    const item = page.getByRole('button', { name: `Open document ${LONG_NAME}` });
    const name = item.locator('.browser-name');
    const { scroll, client } = await name.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    expect(await box(name).then((b) => b.x + b.width)).toBeLessThanOrEqual(760);
    await item.click();
    await page.getByRole('heading', { name: LONG_NAME }).waitFor();
    await expectNoSideways();
    await page.getByRole('button', { name: 'Choose another' }).click();
    await page.setViewportSize({ width: 1280, height: HEIGHT });
  });

  it('every screen passes axe at 420, 1024 and 1440 px (and is saved as a screenshot)', async () => {
    await nav('Folders');
    await page.getByRole('listitem', { name: 'Pair Team Handbook' }).waitFor();
    await everyWidth('pairs');
    await nav('Activity');
    await page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first().waitFor();
    await everyWidth('activity');
    await nav('Conflicts');
    await page.getByRole('listitem', { name: 'Conflict on chapter-3.txt' }).waitFor();
    await everyWidth('conflicts');
    await nav('Documents');
    await page.getByRole('button', { name: 'Open document chapter-3.txt' }).waitFor();
    await everyWidth('documents');
    await page.getByRole('button', { name: 'Open document chapter-3.txt' }).click();
    await until('two versions listed', async () => (await page.getByRole('table', { name: 'Versions' }).getByRole('row').count()) >= 3 || undefined);
    await page.getByRole('heading', { name: 'Text' }).waitFor();
    await everyWidth('versions');
    await nav('Shares');
    await page.getByRole('button', { name: 'Open folder Team Handbook' }).waitFor();
    await everyWidth('shares-browser');
    await page.getByRole('button', { name: 'Open folder Team Handbook' }).click();
    await page.getByRole('button', { name: /Manage shares of: Team Handbook/ }).click();
    await page.getByText('Not shared with anyone').waitFor();
    await everyWidth('shares');
    await page.getByRole('button', { name: 'Add a share…' }).click();
    await page.getByRole('dialog', { name: 'Add a share' }).waitFor();
    await everyWidth('share-dialog');
    await page.keyboard.press('Escape');
    await nav('Settings');
    await everyWidth('settings');
  });

  it('the tray panel at /#panel shows the state, problems and recent activity, and pauses and resumes syncing', async () => {
    const panel = await (await browser.newContext({ viewport: { width: 360, height: 560 } })).newPage();
    panel.setDefaultTimeout(GUARD_MS);
    await panel.goto(`${ui}#panel&token=${token}`);
    await panel.getByRole('heading', { name: 'Folio', level: 1 }).waitFor();
    expect(new URL(panel.url()).hash).toBe('#panel');
    const stateBadge = panel.getByRole('status', { name: 'Sync state' });
    await until('a state shown', async () => ((await stateBadge.textContent()) ?? '') !== '' || undefined);
    const problems = panel.getByRole('region', { name: 'Problems' });
    await problems.getByText(/needs? you/).waitFor();
    expect(Number(await problems.locator('[data-count]').getAttribute('data-count'))).toBeGreaterThan(0);
    const recent = panel.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
    await recent.first().waitFor();
    expect(await recent.count()).toBeGreaterThan(0);
    expect(await recent.count()).toBeLessThanOrEqual(5);
    await expectNoSideways(panel);
    await expectAccessible('the panel', panel);
    await panel.screenshot({ path: join(SHOTS, 'layout-panel-360.png'), fullPage: true });

    // The conflict keeps the overall state at "Needs attention"; the pause has its own line.
    await panel.getByRole('button', { name: 'Pause syncing' }).click();
    const pausedNote = panel.getByRole('status').filter({ hasText: 'Syncing is paused' });
    await pausedNote.waitFor();
    expect((await desktop<SettingsView>('getSettings', {})).settings.pauseAll).toBe(true);
    await until('the pair paused', async () => (await desktop<Status>('getStatus', {})).pairs[0]?.state === 'PAUSED' || undefined);
    await panel.screenshot({ path: join(SHOTS, 'layout-panel-paused-360.png'), fullPage: true });
    await panel.getByRole('button', { name: 'Resume syncing' }).click();
    await pausedNote.waitFor({ state: 'detached' });
    expect((await desktop<SettingsView>('getSettings', {})).settings.pauseAll).toBe(false);
    await until('the pair no longer paused', async () => (await desktop<Status>('getStatus', {})).pairs[0]?.state !== 'PAUSED' || undefined);
    await everyWidth('panel', panel);
    await panel.close();
  });

  it('the keyboard reaches every main action with a visible focus ring, arrows move in lists, and the share dialog traps focus, closes on Escape and gives focus back', async () => {
    // A fresh page opens on Folders, with Tab starting from the top (a click would move that start).
    await page.reload();
    await page.getByRole('listitem', { name: 'Pair Team Handbook' }).waitFor();
    const reached: string[] = [];
    for (let i = 0; i < 20 && !reached.includes('Sync now'); i++) {
      await page.keyboard.press('Tab');
      reached.push(await focusedName());
      const outline = await page.evaluate<string>('getComputedStyle(document.activeElement).outlineStyle');
      expect(outline, `focus ring on ${reached.at(-1)}`).not.toBe('none');
    }
    expect(reached[0]).toBe('Skip to content');
    expect(reached).toEqual(expect.arrayContaining(['Folders', 'Activity', expect.stringMatching(/^Conflicts/), 'Shares', 'Documents', 'Settings', 'Add a folder', 'Pause', 'Sync now']));

    // Arrows in the list of screens, and in the folder browser.
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Folders' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await focusedName()).toBe('Activity');
    await page.keyboard.press('End');
    expect(await focusedName()).toBe('Settings');
    await page.keyboard.press('Home');
    expect(await focusedName()).toBe('Folders');
    await nav('Shares');
    const another = page.getByRole('button', { name: 'Choose another' });
    // Shares keeps what was picked on an earlier visit: back to the browser, at the top.
    if (await another.isVisible()) await another.click();
    const top = page.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: 'All folders' });
    await top.click();
    const first = page.getByRole('list', { name: 'Contents of All folders' }).getByRole('button').first();
    await first.focus();
    const firstName = await focusedName();
    await page.keyboard.press('ArrowDown');
    expect(await focusedName()).not.toBe(firstName);
    await page.keyboard.press('ArrowUp');
    expect(await focusedName()).toBe(firstName);

    await page.getByRole('button', { name: 'Open folder Team Handbook' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /Manage shares of: Team Handbook/ }).focus();
    await page.keyboard.press('Enter');
    const add = page.getByRole('button', { name: 'Add a share…' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a share' });
    await dialog.waitFor();
    expect(await page.locator(':focus').getAttribute('role')).toBe('combobox');
    const inDialog = () => page.evaluate<boolean>("Boolean(document.activeElement && document.activeElement.closest('dialog'))");
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog(), `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog(), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await until('the dialog closed', async () => (await dialog.count()) === 0 || undefined);
    expect(await add.evaluate((el) => el.matches(':focus'))).toBe(true);
  });
});
