/** The loopback HTTP transport's guards, against a real core (no service needed for these calls). */
import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopEvent, Result } from '../../../shared/desktop/api.ts';
import { startHeadless, type Headless } from '../../../main/desktop/headless.ts';
import { MemoryKeychain } from '../../../main/desktop/keychain.ts';
import { NO_MANAGED_SETTINGS } from '../../../main/desktop/managedSettings.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

let h: Headless;
let state: string;
let site: string;

beforeAll(async () => {
  state = tempDir('folio-desk-http-');
  site = tempDir('folio-desk-site-');
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Folio</title>');
  writeFileSync(join(site, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(join(state, 'secret.txt'), 'outside the site');
  h = await startHeadless({ stateDir: state, keychain: new MemoryKeychain('test'), managed: NO_MANAGED_SETTINGS, staticDir: site });
});

afterAll(async () => {
  await h.close();
  removeDir(state);
  removeDir(site);
});

const auth = () => ({ authorization: `Bearer ${h.ui.token}` });

async function call(method: string, body: unknown, headers: Record<string, string> = { ...auth(), 'content-type': 'application/json' }): Promise<{ status: number; result: Result<unknown>; headers: Headers }> {
  const res = await fetch(`${h.ui.url}api/${method}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, result: (await res.json()) as Result<unknown>, headers: res.headers };
}

/** A raw request, for the headers fetch will not let us set (Host). */
function raw(path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: h.ui.port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('loopback HTTP transport', () => {
  it('listens on 127.0.0.1 only, and hands the token in the URL fragment', () => {
    expect(h.ui.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(h.ui.openUrl).toBe(`${h.ui.url}#token=${h.ui.token}`);
    expect(h.ui.token.length).toBeGreaterThanOrEqual(43);
  });

  it('requires the token on every API call', async () => {
    expect((await call('getAccount', {}, { 'content-type': 'application/json' })).status).toBe(401);
    expect((await call('getAccount', {}, { 'content-type': 'application/json', authorization: `Bearer ${h.ui.token}x` })).status).toBe(401);
    expect((await call('getAccount', {}, { 'content-type': 'application/json', authorization: h.ui.token })).status).toBe(401);
    const ok = await call('getAccount', {});
    expect(ok.status).toBe(200);
    expect(ok.result).toMatchObject({ ok: true, value: { signedIn: false, keychain: { available: false, backend: 'memory' } } });
    expect((await fetch(`${h.ui.url}api/events`)).status).toBe(401);
  });

  it('refuses a Host that is not its loopback address (DNS rebinding)', async () => {
    expect((await raw('/api/getAccount', { host: 'evil.example', ...auth() }, 'POST')).status).toBe(421);
    expect((await raw('/', { host: `evil.example:${h.ui.port}` })).status).toBe(421);
    expect((await raw('/', { host: `localhost:${h.ui.port}` })).status).toBe(200);
  });

  it('refuses cross-origin calls even with the token', async () => {
    const r = await call('getAccount', {}, { ...auth(), 'content-type': 'application/json', origin: 'http://evil.example' });
    expect(r.status).toBe(403);
    const same = await call('getAccount', {}, { ...auth(), 'content-type': 'application/json', origin: h.ui.url.replace(/\/$/, '') });
    expect(same.status).toBe(200);
  });

  it('takes JSON only, within a size limit, and answers bad input with error values', async () => {
    expect((await call('getAccount', '{}', { ...auth(), 'content-type': 'text/plain' })).status).toBe(415);
    const badJson = await call('getAccount', '{nope', { ...auth(), 'content-type': 'application/json' });
    expect(badJson).toMatchObject({ status: 400, result: { ok: false, error: { code: 'INVALID_ARGUMENTS' } } });
    const huge = await call('updateSettings', { theme: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(await call('noSuchMethod', {})).toMatchObject({ status: 404, result: { ok: false, error: { code: 'UNKNOWN_METHOD' } } });
    expect(await call('__proto__', {})).toMatchObject({ status: 404, result: { ok: false, error: { code: 'UNKNOWN_METHOD' } } });
    expect(await call('updateSettings', { pollSeconds: 'often' })).toMatchObject({ status: 400, result: { ok: false, error: { code: 'INVALID_ARGUMENTS' } } });
    expect(await call('addPair', { dir: '/tmp/x', containerId: 'c' })).toMatchObject({ status: 200, result: { ok: false, error: { code: 'NOT_SIGNED_IN' } } });
    const get = await fetch(`${h.ui.url}api/getAccount`, { headers: auth() });
    expect(get.status).toBe(405);
  });

  it('sends a strict CSP and no-sniff on pages and API answers', async () => {
    for (const res of [await fetch(h.ui.url), (await call('getAccount', {})).headers]) {
      const headers = res instanceof Response ? res.headers : res;
      expect(headers.get('content-security-policy')).toMatch(/default-src 'none'.*script-src 'self'.*frame-ancestors 'none'/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('serves the renderer, app routes get the page, and nothing outside it', async () => {
    const page = await fetch(h.ui.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Folio</title>');
    const asset = await fetch(`${h.ui.url}assets/app-123.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${h.ui.url}activity`)).status).toBe(200);
    expect((await fetch(`${h.ui.url}missing.js`)).status).toBe(404);
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%00']) {
      const r = await raw(path, { host: `127.0.0.1:${h.ui.port}` });
      expect(r.body, path).not.toContain('outside the site');
    }
    expect((await raw('/', { host: `127.0.0.1:${h.ui.port}` }, 'POST')).status).toBe(405);
  });

  it('streams events as Server-Sent Events to a caller with the token', async () => {
    const ac = new AbortController();
    const res = await fetch(`${h.ui.url}api/events`, { headers: auth(), signal: ac.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const next = async (): Promise<DesktopEvent> => {
      for (;;) {
        const m = /(?:^|\n)data: (.*)\n\n/.exec(buffer);
        if (m && !buffer.startsWith('event: ready') && m[1] !== '{}') {
          buffer = buffer.slice((m.index ?? 0) + m[0].length);
          return JSON.parse(m[1] as string) as DesktopEvent;
        }
        if (m) buffer = buffer.slice((m.index ?? 0) + m[0].length);
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    await call('updateSettings', { theme: 'dark' });
    const event = await next();
    expect(event).toMatchObject({ type: 'settings', settings: { settings: { theme: 'dark' } } });
    ac.abort();
  });
});
