/**
 * The Electron main process: hosts DesktopCore with its embedded local server, one secure window,
 * the tray, notifications, the taskbar progress, start at login and auto-update. The only module
 * besides its siblings here that imports 'electron'; everything it decides comes from ./policy.ts,
 * ./ipc.ts, ./trayModel.ts and ./updatePolicy.ts, which the unit tests read.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, Notification, screen, session, shell, Tray, type WebContents } from 'electron';
import type { DesktopEvent, Status } from '../../shared/desktop/api.ts';
import { setLinuxAutostart } from '../platform/autostart.ts';
import { appDataDir } from '../platform/paths.ts';
import { Dispatcher } from '../desktop/dispatcher.ts';
import { failure } from '../desktop/failure.ts';
import { RENDERER_DIST } from '../desktop/headless.ts';
import { openKeychain } from '../desktop/keychain.ts';
import { openLocalDesktop } from '../desktop/local.ts';
import { RENDERER_CSP } from '../../shared/csp.ts';
import { readManagedSettings } from '../desktop/managedSettings.ts';
import type { Opener } from '../desktop/opener.ts';
import { pickFolderWith } from './folderDialog.ts';
import { forwardEvents, registerIpc } from './ipc.ts';
import { firstInstance } from './singleInstance.ts';
import { allowExternal, allowNavigation, allowPermission, isAppUrl, windowOptions } from './policy.ts';
import { trayIconPng } from './trayIcons.ts';
import { trayView } from './trayModel.ts';
import { panelWindowOptions, trayPanel } from './trayPanel.ts';
import { startUpdater } from './updater.ts';

const PRELOAD = fileURLToPath(new URL('../../dist/electron/preload.cjs', import.meta.url));
const ICON = fileURLToPath(new URL('../../assets/icon.png', import.meta.url));

if (firstInstance(app)) {
  void app.whenReady().then(start, (err: unknown) => {
    console.error('folio: could not start:', err);
    app.exit(1);
  });
}

/** Activity's "Show in folder" and "Open": the shell selects the file in the file manager, or opens it with its app. */
const shellOpener: Opener = {
  showInFolder: async (path) => shell.showItemInFolder(path),
  open: async (path) => {
    const problem = await shell.openPath(path);
    if (problem) throw failure('NOT_SUPPORTED', `the system could not open ${path}: ${problem}`);
  },
};

async function start(): Promise<void> {
  const managed = await readManagedSettings();
  for (const p of managed.problems) console.error(`folio: managed settings: ${p}`);
  let win: BrowserWindow | null = null;
  const desktop = await openLocalDesktop({
    stateDir: appDataDir(),
    keychain: await openKeychain(),
    managed,
    openPath: async (p) => void (await shell.openPath(p)),
    openExternal: (url) => shell.openExternal(url),
    opener: shellOpener,
    pickFolder: () => (win && !win.isDestroyed() ? pickFolderWith(dialog, win) : Promise.resolve(null)),
  });
  const { core } = desktop;
  const dispatcher = new Dispatcher(core, (line) => desktop.log.error(line));

  // Every response with headers gets the CSP; the renderer's own pages come from file://, which has
  // none, so its index.html carries the policy in a meta tag. The page may ask for no permission.
  session.defaultSession.webRequest.onHeadersReceived((details, done) => {
    done({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] } });
  });
  session.defaultSession.setPermissionRequestHandler((_wc, permission, decide) => decide(allowPermission(permission)));
  session.defaultSession.setPermissionCheckHandler((_wc, permission) => allowPermission(permission));

  const disposeIpc = registerIpc({ ipcMain, dispatcher, isTrustedFrame: (url) => isAppUrl(url, RENDERER_DIST) });

  // Both windows show only the app's own pages, and what they open goes through allowExternal.
  const guard = (contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!allowNavigation(url, RENDERER_DIST)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!allowNavigation(url, RENDERER_DIST)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      const serviceUrl = core.accountServiceUrl();
      if (serviceUrl && allowExternal(url, serviceUrl)) shell.openExternal(url).catch((err: unknown) => desktop.log.warn({ err, url }, 'the browser could not be opened'));
      return { action: 'deny' };
    });
    const unsubscribe = forwardEvents((l) => core.events.subscribe(l), contents);
    contents.once('destroyed', unsubscribe);
  };

  const showWindow = () => {
    if (win && !win.isDestroyed()) {
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
      return;
    }
    // The platform icons are rendered by the release build; a development run has none.
    win = new BrowserWindow({ ...windowOptions(PRELOAD), ...(existsSync(ICON) ? { icon: ICON } : {}) });
    guard(win.webContents);
    win.on('closed', () => {
      win = null;
    });
    win.once('ready-to-show', () => win?.show());
    win.loadFile(join(RENDERER_DIST, 'index.html')).catch((err: unknown) => desktop.log.error({ err }, 'the window did not load the renderer'));
  };

  app.on('second-instance', showWindow);
  // Closing the window keeps syncing in the tray; quitting is in the tray menu.
  app.on('window-all-closed', () => undefined);
  app.on('activate', showWindow);

  const tray = new Tray(nativeImage.createFromBuffer(trayIconPng('signed-out'), { scaleFactor: 2 }));
  const panel = trayPanel({
    create: () => {
      const w = new BrowserWindow(panelWindowOptions(PRELOAD));
      guard(w.webContents);
      return w;
    },
    rendererDir: RENDERER_DIST,
    anchor: () => {
      const b = tray.getBounds();
      return b.width > 0 ? b : { ...screen.getCursorScreenPoint(), width: 0, height: 0 };
    },
    workArea: (a) => screen.getDisplayNearestPoint({ x: a.x, y: a.y }).workArea,
    log: (line) => desktop.log.error(line),
  });
  tray.on('click', () => panel.toggle());
  const paint = (status: Status) => {
    const view = trayView(status);
    tray.setImage(nativeImage.createFromBuffer(trayIconPng(view.icon), { scaleFactor: 2 }));
    tray.setToolTip(view.tooltip);
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: view.tooltip, enabled: false },
        { type: 'separator' },
        { label: 'Open Folio', click: showWindow },
        { label: 'Show the status panel', click: () => panel.toggle() },
        {
          label: core.settings().pauseAll ? 'Resume syncing' : 'Pause syncing',
          click: () => void dispatcher.dispatch('updateSettings', { pauseAll: !core.settings().pauseAll }),
        },
        { type: 'separator' },
        { label: 'Quit Folio', click: () => app.quit() },
      ]),
    );
    if (win && !win.isDestroyed()) win.setProgressBar(view.progress);
  };
  paint(await core.getStatus());

  // Electron's login items do nothing on Linux; an XDG autostart entry does. A packaged AppImage
  // runs from a new mount each time, so the entry names the .AppImage file itself.
  const linuxCommand = () => (app.isPackaged ? [process.env.APPIMAGE ?? process.execPath] : [process.execPath, app.getAppPath()]);
  const applyLogin = (startAtLogin: boolean) => {
    if (process.platform !== 'linux') return app.setLoginItemSettings({ openAtLogin: startAtLogin, openAsHidden: true });
    setLinuxAutostart(startAtLogin, linuxCommand()).catch((err: unknown) => console.error(`folio: start at login: ${String(err)}`));
  };
  applyLogin(core.settings().startAtLogin);
  const updater = app.isPackaged ? startUpdater(managed, core.settings(), (l) => console.error(`folio: ${l}`)) : null;

  core.events.subscribe((event: DesktopEvent) => {
    switch (event.type) {
      case 'status':
        return paint(event.status);
      case 'settings':
        applyLogin(event.settings.settings.startAtLogin);
        updater?.apply(event.settings.settings);
        return;
      case 'notice':
        if (core.settings().notifications && event.level !== 'info' && Notification.isSupported()) {
          const n = new Notification({ title: event.title, body: event.body, silent: event.level === 'warning' });
          n.on('click', showWindow);
          n.show();
        }
        return;
      default:
        return;
    }
  });

  app.on('before-quit', () => {
    disposeIpc();
    updater?.stop();
    desktop.close().catch((err: unknown) => console.error('folio: closing the desktop core failed:', err));
  });

  if (!process.argv.includes('--hidden')) showWindow();
}
