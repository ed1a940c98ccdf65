/**
 * Signing in through the browser (RFC 8252), in the system Chromium, against a real `folio serve`
 * and a real `folio start --headless`: the person types only the service URL, the service's
 * sign-in page opens in a new tab, they type their name and password there, and the app is signed
 * in and syncs. A wrong address, a server that is not Folio and a wrong password are each told in
 * words. Screenshots of the sign-in screens at 420, 1024 and 1440 px go to test/e2e/screenshots/.
 */
import { contract } from '../../shared/v1/contract/index.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolioClient } from '../../main/remote/client.ts';
import { createTenant, createUser, FOLIO_BIN, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { GUARD_MS, HEAVY_TEST_MS, stopped } from '../helpers/wait.ts';
import { launchChromium } from '../helpers/browser.ts';

const SHOTS = resolve(import.meta.dirname, 'screenshots');
const WIDTHS = [420, 1024, 1440];

let server: ServerHandle;
let tenant: Tenant;
let service: FolioClient;
let core: ChildProcess;
let notFolio: Server;
let browser: Browser;
let page: Page;
const state = tempDir('folio-e2e-browser-state-');
const work = tempDir('folio-e2e-browser-work-');

async function shots(p: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await p.setViewportSize({ width, height: 820 });
    await p.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await p.setViewportSize({ width: 1024, height: 820 });
}

async function startCore(): Promise<string> {
  core = spawn(process.execPath, [FOLIO_BIN, 'start', '--headless', '--state', state], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } });
  let err = '';
  core.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`the desktop core did not start: ${err}`)), 60_000);
    core.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ui on (http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    core.once('exit', (code) => fail(new Error(`the desktop core exited with ${code}: ${err}`)));
  });
}

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Types a URL, asks for the browser sign-in, and returns the alert's sentence (the tab it opened closes again). */
async function failedSignIn(url: string): Promise<string> {
  await page.getByLabel('Service URL').fill(url);
  await page.getByRole('button', { name: 'Sign in with your browser' }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  return (await alert.locator('.note-text').textContent()) ?? '';
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  await createUser(server.dataDir, tenant.tenantId, 'bob');
  service = new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { baseDelayMs: 20 } });
  await service.createContainer({ name: 'Projects' });
  notFolio = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>It works!</h1>'));
  await new Promise<void>((r) => notFolio.listen(0, '127.0.0.1', r));
  const openUrl = await startCore();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1024, height: 820 } });
  page.setDefaultTimeout(45_000);
  await page.goto(openUrl);
}, HEAVY_TEST_MS);

afterAll(async () => {
  await browser?.close();
  await stopped(core);
  await server?.stop();
  notFolio?.close();
  removeDir(state);
  removeDir(work);
});

describe('sign-in through the browser', { timeout: HEAVY_TEST_MS }, () => {
  it('asks only for the service URL, with client credentials under Advanced', async () => {
    await page.getByRole('heading', { name: 'Connect to your Folio service' }).waitFor();
    expect(await page.getByLabel('Client ID', { exact: true }).isVisible()).toBe(false);
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(false);
    await shots(page, 'signin-browser');
  });

  it('says a wrong address in words, the technical detail under Details', async () => {
    const port = await closedPort();
    const sentence = await failedSignIn(`http://127.0.0.1:${port}`);
    expect(sentence).toBe(`Folio could not reach 127.0.0.1:${port}. Check the address, and that this computer is online.`);
    const details = page.getByRole('alert').locator('details');
    expect(await details.locator('.code').isVisible()).toBe(false);
    await details.locator('summary').click();
    expect(await details.locator('.code').textContent()).toMatch(/ECONNREFUSED/);
    await shots(page, 'signin-error-unreachable');
  });

  it('says a server that is not Folio in words', async () => {
    const url = `http://127.0.0.1:${(notFolio.address() as AddressInfo).port}`;
    const sentence = await failedSignIn(url);
    expect(sentence).toMatch(/answered, but it is not a Folio service/);
    expect(sentence).not.toMatch(/404|code|HTTP/);
    await shots(page, 'signin-error-not-folio');
  });

  it("opens the service's page in a new tab; a wrong password is said there; then the app is signed in", async () => {
    await page.getByLabel('Service URL').fill(server.url);
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Sign in with your browser' }).click()]);
    await tab.getByRole('heading', { name: 'Sign in to Folio' }).waitFor();
    expect(tab.url().startsWith(`${server.url}/v1/auth/authorize?`)).toBe(true);
    await page.getByText('Finish signing in in your browser.').waitFor();
    await shots(page, 'signin-waiting');
    await shots(tab, 'signin-service-page');

    await tab.getByLabel('User name').fill('bob');
    await tab.getByLabel('Password').fill('not his password');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByRole('alert').waitFor();
    expect(await tab.getByRole('alert').textContent()).toBe('The user name or password is not right.');
    await shots(tab, 'signin-service-wrong-password');

    await tab.getByLabel('Password').fill('correct horse');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByText('You are signed in. You can close this tab and go back to Folio.').waitFor();
    expect(new URL(tab.url()).hostname).toBe('127.0.0.1');
    await shots(tab, 'signin-service-done');
    await tab.close();

    await page.getByRole('heading', { name: 'Sync pairs' }).waitFor();
  });

  it('syncs as the person who signed in', async () => {
    const dir = join(work, 'Projects');
    await page.getByRole('button', { name: 'Add a folder' }).first().click();
    await page.getByLabel('Folder on this computer').fill(dir);
    await page.getByRole('button', { name: 'Open folder Projects' }).click();
    await page.getByRole('button', { name: /Choose this folder: Projects/ }).click();
    await page.getByRole('button', { name: 'Start syncing' }).click();
    // The folder does not exist yet: the app asks before it makes it.
    await page.getByRole('alertdialog', { name: 'Create the folder?' }).getByRole('button', { name: 'Create folder' }).click();
    const card = page.getByRole('listitem', { name: 'Pair Projects' });
    await card.waitFor();
    await expect.poll(() => card.getAttribute('data-state'), { timeout: GUARD_MS }).toBe('IDLE');
    writeFileSync(join(dir, 'plan.txt'), 'signed in through the browser\n');
    await expect
      .poll(async () => {
        const containers = await service.v1(contract.containers.getPage, { pageSize: 100, pageNumber: 1 });
        const id = containers.content.find((c) => c.name === 'Projects')?.containerId ?? '';
        const docs = (await service.children(id)).documents;
        return docs.find((d) => d.title === 'plan.txt')?.createByName ?? '';
      }, { timeout: GUARD_MS, interval: 250 })
      .toBe('bob');
  });

  it('signs out and remembers the service URL for the next sign-in', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Connect to your Folio service' }).waitFor();
    expect(await page.getByLabel('Service URL').inputValue()).toBe(server.url);
  });
});
