/** The Electron shell's security policy, read as the data main.ts applies (Electron itself never runs in tests). */
import { describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '../../../shared/csp.ts';
import { allowExternal, allowNavigation, allowPermission, isAppUrl, webPreferences, windowOptions } from '../../../main/electron/policy.ts';
import { inflateSync } from 'node:zlib';
import { TRAY_COLOURS, trayIconPng } from '../../../main/electron/trayIcons.ts';
import { trayView } from '../../../main/electron/trayModel.ts';
import type { Status } from '../../../shared/desktop/api.ts';

const DIST = '/opt/Folio/resources/app/renderer/dist/';

describe('main window', () => {
  it('is sandboxed and isolated, with no Node in the page', () => {
    const w = windowOptions('/x/preload.cjs');
    expect(w.show).toBe(false);
    expect(w.webPreferences).toMatchObject({
      preload: '/x/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(webPreferences('/x/preload.cjs')).toEqual(w.webPreferences);
  });

  it('has a CSP without inline script, eval or remote origins', () => {
    expect(RENDERER_CSP).toContain("default-src 'none'");
    expect(RENDERER_CSP).toContain("script-src 'self'");
    expect(RENDERER_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    expect(RENDERER_CSP).toContain("frame-ancestors 'none'");
  });

  it('grants no permission to the page', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) expect(allowPermission(p)).toBe(false);
  });
});

describe('navigation and the IPC sender check', () => {
  it('accepts only the app\'s own files', () => {
    expect(isAppUrl(`file://${DIST}index.html`, DIST)).toBe(true);
    expect(isAppUrl(`file://${DIST}index.html#/activity`, DIST)).toBe(true);
    expect(isAppUrl(`file://${DIST.slice(0, -1)}`, DIST)).toBe(false);
    expect(isAppUrl(`file://${DIST}../../evil.html`, DIST)).toBe(false);
    expect(isAppUrl(`file://${DIST}%2e%2e/evil.html`, DIST)).toBe(false);
    expect(isAppUrl('file:///etc/passwd', DIST)).toBe(false);
    expect(isAppUrl('file:///opt/Folio/resources/app/renderer/dist-evil/index.html', DIST)).toBe(false);
    expect(isAppUrl('https://folio.example.com/', DIST)).toBe(false);
    expect(isAppUrl('about:blank', DIST)).toBe(false);
    expect(isAppUrl('not a url', DIST)).toBe(false);
  });

  it('never navigates the window away from the app', () => {
    expect(allowNavigation('https://evil.example/', DIST)).toBe(false);
    expect(allowNavigation('javascript:alert(1)', DIST)).toBe(false);
    expect(allowNavigation(`file://${DIST}index.html`, DIST)).toBe(true);
  });
});

describe('openExternal allow-list', () => {
  const service = 'https://folio.example.com';
  it('allows https links on the configured service only', () => {
    expect(allowExternal('https://folio.example.com/docs/1', service)).toBe(true);
    expect(allowExternal('https://folio.example.com:443/x', service)).toBe(true);
  });
  it('refuses everything else', () => {
    for (const url of [
      'http://folio.example.com/x',
      'https://evil.example/x',
      'https://folio.example.com.evil.example/x',
      'https://user:pw@folio.example.com/x',
      'file:///etc/passwd',
      'smb://share/x',
      'javascript:alert(1)',
      'https://folio.example.com:8443/x',
      'nonsense',
    ])
      expect(allowExternal(url, service), url).toBe(false);
    expect(allowExternal('http://127.0.0.1:8080/x', 'http://127.0.0.1:8080')).toBe(false);
  });
});

describe('tray and taskbar', () => {
  const base: Status = { state: 'IDLE', pairs: [], progress: { filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 }, offline: { offline: false, since: '', reason: '', outboxLength: 0, pendingUploads: 0 } };
  it('shows the state, with progress while syncing', () => {
    expect(trayView(base)).toEqual({ tooltip: 'Folio: up to date', icon: 'idle', progress: -1 });
    expect(trayView({ ...base, state: 'SYNCING', progress: { filesDone: 3, filesTotal: 10, bytesDone: 25, bytesTotal: 100 } })).toEqual({ tooltip: 'Folio: syncing 3 of 10 files', icon: 'syncing', progress: 0.25 });
    expect(trayView({ ...base, state: 'OFFLINE', offline: { offline: true, since: 'x', reason: 'r', outboxLength: 4, pendingUploads: 2 } }).tooltip).toBe('Folio: offline, 6 changes waiting');
    expect(trayView({ ...base, state: 'OFFLINE', offline: { offline: true, since: 'x', reason: 'r', outboxLength: 0, pendingUploads: 1 } }).tooltip).toBe('Folio: offline, 1 change waiting');
    expect(trayView({ ...base, state: 'SIGNED_OUT' }).icon).toBe('signed-out');
    expect(trayView({ ...base, state: 'LOCAL_ONLY' })).toEqual({ tooltip: 'Folio: local only, no service connected', icon: 'signed-out', progress: -1 });
  });
});

describe('tray icons', () => {
  it('are valid PNGs with the state colour in the middle and a transparent corner', () => {
    for (const icon of Object.keys(TRAY_COLOURS) as (keyof typeof TRAY_COLOURS)[]) {
      const png = trayIconPng(icon, 32);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.readUInt32BE(16)).toBe(32);
      expect(png.readUInt32BE(20)).toBe(32);
      const idatLength = png.readUInt32BE(33);
      expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
      const pixels = inflateSync(png.subarray(41, 41 + idatLength));
      const at = (x: number, y: number) => [...pixels.subarray(y * 129 + 1 + x * 4, y * 129 + 1 + x * 4 + 4)];
      expect(at(16, 16)).toEqual([...TRAY_COLOURS[icon], 255]);
      expect(at(0, 0)[3]).toBe(0);
    }
  });
});
