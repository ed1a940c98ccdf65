/**
 * The problems list in a real browser (the system Chromium through playwright-core), against a
 * real `folio serve` and `folio start --headless`: a folder holding a symlink and a file whose name
 * has a control character shows each, with its reason in plain words and what to do, and neither
 * the pair nor the summary says "Up to date". Saves screenshots to test/e2e/screenshots/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioClient } from '../../main/remote/client.ts';
import { createTenant, FOLIO_BIN, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { GUARD_MS, HEAVY_TEST_MS, printed, stopped } from '../helpers/wait.ts';
import { launchChromium } from '../helpers/browser.ts';

const SHOTS = resolve(import.meta.dirname, 'screenshots');

let server: ServerHandle;
let tenant: Tenant;
let core: ChildProcess;
let browser: Browser;
let page: Page;
const state = tempDir('folio-e2e-problems-state-');
const work = tempDir('folio-e2e-problems-work-');
const dir = join(work, 'Synced');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(dir);
  writeFileSync(join(dir, 'plan.txt'), 'the plan');
  symlinkSync('plan.txt', join(dir, 'shortcut to plan'));
  writeFileSync(join(dir, 'budget\t2026.txt'), 'numbers');
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  await new FolioClient({ baseUrl: server.url, credentials: tenant }).createContainer({ name: 'Projects' });
  core = spawn(process.execPath, [FOLIO_BIN, 'start', '--headless', '--state', state], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } });
  let err = '';
  core.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const { match } = await printed(core, /ui on (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/, "the desktop core's UI line", () => err);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1024, height: 820 } });
  page.setDefaultTimeout(GUARD_MS);
  await page.goto(match[1] as string);
}, HEAVY_TEST_MS);

afterAll(async () => {
  await browser?.close();
  await stopped(core);
  await server?.stop();
  removeDir(state);
  removeDir(work);
});

describe('the problems list', { timeout: HEAVY_TEST_MS }, () => {
  it('shows a symlink and an illegal name with what to do, and the summary does not say "Up to date"', async () => {
    await page.getByLabel('Service URL').fill(server.url);
    await page.getByText('Advanced: sign in with a client ID and secret').click();
    await page.getByLabel('Client ID').fill(tenant.clientId);
    await page.getByLabel('Client secret').fill(tenant.clientSecret);
    await page.getByRole('button', { name: 'Sign in with client credentials' }).click();
    await page.getByRole('heading', { name: 'Sync pairs' }).waitFor();
    await page.getByRole('button', { name: 'Add a folder' }).first().click();
    await page.getByLabel('Folder on this computer').fill(dir);
    await page.getByRole('button', { name: 'Open folder Projects' }).click();
    await page.getByRole('button', { name: /Choose this folder: Projects/ }).click();
    await page.getByRole('button', { name: 'Start syncing' }).click();

    const card = page.getByRole('listitem', { name: 'Pair Projects' });
    await expect.poll(() => card.getAttribute('data-state'), { timeout: GUARD_MS }).toBe('ATTENTION');
    const problems = card.getByRole('region', { name: 'Not synced in Projects' });
    await problems.getByRole('heading', { name: '2 items not synced' }).waitFor();
    const link = problems.getByRole('listitem').filter({ hasText: 'shortcut to plan' });
    expect(await link.textContent()).toContain("It's a link. Folio doesn't follow links.");
    const tabbed = problems.getByRole('listitem').filter({ hasText: '2026.txt' });
    expect(await tabbed.textContent()).toContain("Its name can't be used on the service");
    expect(await tabbed.textContent()).toContain('Rename it.');
    // The technical reason is one click away.
    expect(await link.getByText('symlink · on this computer').isVisible()).toBe(false);
    await link.getByText('Details').click();
    await link.getByText('symlink · on this computer', { exact: false }).waitFor();

    // Neither the pair nor the summary says "Up to date" while something is left out.
    expect(await card.locator('.badge').first().textContent()).toBe('Needs attention');
    expect(await page.locator('.overall .badge').textContent()).toBe('Needs attention');
    expect(await page.getByText('Up to date').count()).toBe(0);
    for (const width of [420, 1024, 1440]) {
      await page.setViewportSize({ width, height: 820 });
      await page.screenshot({ path: join(SHOTS, `problems-${width}.png`), fullPage: true });
    }
  });
});
