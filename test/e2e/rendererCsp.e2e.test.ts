/**
 * The Electron window loads the renderer from file://, where no response header can carry the
 * CSP: the built index.html must carry it itself. Builds the renderer with its real Vite config
 * into a temporary folder, and opens that index.html from file:// in the system Chromium.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_CSP, RENDERER_META_CSP } from '../../shared/csp.ts';
import { removeDir, tempDir } from '../helpers/server.ts';
import { HEAVY_TEST_MS } from '../helpers/wait.ts';
import { launchChromium } from '../helpers/browser.ts';

const CONFIG = join(import.meta.dirname, '..', '..', 'renderer', 'vite.config.ts');
const out = tempDir('folio-renderer-csp-');
let browser: Browser;

beforeAll(async () => {
  await build({ configFile: CONFIG, logLevel: 'error', build: { outDir: out, emptyOutDir: true } });
  browser = await launchChromium();
}, HEAVY_TEST_MS);

afterAll(async () => {
  await browser?.close();
  removeDir(out);
});

describe('the built renderer page', { timeout: HEAVY_TEST_MS }, () => {
  it('is RENDERER_CSP without frame-ancestors, which a meta tag cannot carry', () => {
    const directives = (policy: string) => policy.split(';').map((d) => d.trim());
    expect(directives(RENDERER_META_CSP)).toEqual(directives(RENDERER_CSP).filter((d) => !d.startsWith('frame-ancestors')));
    expect(RENDERER_CSP).toMatch(/frame-ancestors/);
  });

  it('carries the policy in a meta tag before anything it loads, and the browser enforces it over file://', async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    const first = page.locator('head > :first-child');
    expect(await first.evaluate((el) => el.tagName)).toBe('META');
    expect(await first.getAttribute('http-equiv')).toBe('Content-Security-Policy');
    expect(await first.getAttribute('content')).toBe(RENDERER_META_CSP);
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').count()).toBe(1);

    // An injected inline script is what the policy is for: it must be refused, not run.
    await expect(page.addScriptTag({ content: 'window.injectedRan = true' })).rejects.toThrow(/inline script violates .*'script-src 'self''/);
    expect(await page.evaluate('window.injectedRan === true')).toBe(false);
    await page.close();
  });
});
