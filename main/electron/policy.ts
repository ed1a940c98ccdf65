/**
 * The Electron shell's security policy as plain data and pure functions (docs/architecture.md, "The desktop app"), so unit
 * tests read exactly what main.ts applies. Nothing here imports 'electron'.
 */
import { pathToFileURL } from 'node:url';

/** webPreferences of the main window: the renderer is a sandboxed web page that sees only DesktopApi. */
export function webPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
  } as const;
}

export function windowOptions(preloadPath: string) {
  return {
    width: 1200,
    height: 800,
    minWidth: 360,
    minHeight: 520,
    show: false,
    title: 'Folio',
    backgroundColor: '#f6f7f9',
    autoHideMenuBar: true,
    webPreferences: webPreferences(preloadPath),
  } as const;
}

/** The app's own pages: files under the built renderer's folder, loaded over file://. */
export function isAppUrl(url: string, rendererDir: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'file:') return false;
  const root = pathToFileURL(rendererDir.endsWith('/') ? rendererDir : `${rendererDir}/`).href;
  const bare = `${parsed.origin === 'null' ? 'file://' : parsed.origin}${parsed.pathname}`;
  return bare.startsWith(root) && !decodeURIComponent(parsed.pathname).split('/').includes('..');
}

/** The window never navigates away from the app (a link opens outside, if allowed at all). */
export function allowNavigation(url: string, rendererDir: string): boolean {
  return isAppUrl(url, rendererDir);
}

/**
 * shell.openExternal only for https URLs on the configured service's origin: a compromised page
 * cannot make the app open arbitrary programs, files or sites.
 */
export function allowExternal(url: string, serviceUrl: string): boolean {
  let target: URL;
  let service: URL;
  try {
    target = new URL(url);
    service = new URL(serviceUrl);
  } catch {
    return false;
  }
  return target.protocol === 'https:' && service.protocol === 'https:' && target.origin === service.origin && target.username === '' && target.password === '';
}

/** Permission requests from the page (camera, notifications, …): none is granted. */
export function allowPermission(_permission: string): boolean {
  return false;
}
