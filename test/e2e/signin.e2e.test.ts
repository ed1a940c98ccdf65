/**
 * The first screen, signed out, in the system Chromium: under managed settings a service URL that
 * IT set is shown read-only, with why, and cannot be edited; the user can go on without a service
 * and come back to sign in; the 'system' theme follows the OS. The core (in this process, over its real
 * loopback HTTP transport) carries the managed settings; the core-level refusal of any other
 * service is covered in test/integration/desktop/core.test.ts.
 */
import { join, resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeadless, type Headless } from '../../main/desktop/headless.ts';
import { MemoryKeychain } from '../../main/desktop/keychain.ts';
import { NO_MANAGED_SETTINGS } from '../../main/desktop/managedSettings.ts';
import { removeDir, tempDir } from '../helpers/server.ts';
import { HEAVY_TEST_MS } from '../helpers/wait.ts';
import { launchChromium } from '../helpers/browser.ts';

const SHOTS = resolve(import.meta.dirname, 'screenshots');
const MANAGED_URL = 'https://folio.example.com';

let headless: Headless;
let browser: Browser;
let page: Page;
const state = tempDir('folio-e2e-managed-');

beforeAll(async () => {
  headless = await startHeadless({
    stateDir: state,
    keychain: new MemoryKeychain('no keychain in this test'),
    managed: { ...NO_MANAGED_SETTINGS, serverUrl: MANAGED_URL, clientId: 'desktop-app', sources: ['test'] },
  });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
});

afterAll(async () => {
  await browser?.close();
  await headless?.close();
  removeDir(state);
});

describe('sign-in with managed settings', { timeout: HEAVY_TEST_MS }, () => {
  it('shows the service IT set read-only, says why, and keeps it when typed over', async () => {
    await page.goto(headless.ui.openUrl);
    const url = page.getByLabel('Service URL');
    await expect.poll(() => url.inputValue()).toBe(MANAGED_URL);
    expect(await url.getAttribute('readonly')).not.toBeNull();
    const describedBy = await url.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/set by your administrator/i);
    await url.press('End');
    await page.keyboard.type('.evil.example');
    expect(await url.inputValue()).toBe(MANAGED_URL);
    await page.getByText('Advanced: sign in with a client ID and secret').click();
    expect(await page.getByLabel('Client ID').inputValue()).toBe('desktop-app');
    // The logo is the app's icon (assets/icon.svg), served with the UI and allowed by its CSP.
    const logo = page.locator('img.brand-mark');
    expect(await logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'signin-managed.png') });
  });

  it('goes on without a service when asked, says so plainly, and leads back to sign-in', async () => {
    await page.goto(headless.ui.openUrl);
    await page.getByRole('button', { name: 'Use Folio without a service' }).click();
    await page.getByText('Local only.').waitFor();
    expect(await page.getByRole('navigation', { name: 'Screens' }).getByText('Local only').count()).toBe(1);
    await page.getByText('No service connected', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Add a folder' }).count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'local-only.png') });
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByText(headless.apiUrl).waitFor();
    await page.screenshot({ path: join(SHOTS, 'local-only-settings.png') });
    await page.getByRole('button', { name: 'Connect a service' }).first().click();
    await page.getByRole('heading', { name: 'Connect to your Folio service' }).waitFor();
  });

  it("follows the system's light or dark mode while the theme setting is 'system'", async () => {
    const theme = () => page.locator('html').getAttribute('data-theme');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(theme).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(theme).toBe('light');
  });
});
