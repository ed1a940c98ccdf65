/**
 * The tray panel: a small frameless window by the tray icon that loads the renderer at #panel (the
 * same page, and the same parts, as the main window). A click on the tray shows or hides it, and it
 * hides when it loses focus, as Dropbox's and OneDrive's panels do. Nothing here imports 'electron':
 * main.ts hands in the window maker and the screen, so unit tests drive it with stand-ins.
 */
import { join } from 'node:path';
import { webPreferences } from './policy.ts';

export const PANEL_HASH = 'panel';
export const PANEL_SIZE = { width: 360, height: 520 } as const;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the panel needs of a BrowserWindow. */
export interface PanelWindow {
  loadFile(path: string, options: { hash: string }): Promise<void>;
  setPosition(x: number, y: number): void;
  show(): void;
  hide(): void;
  isVisible(): boolean;
  isDestroyed(): boolean;
  on(event: 'blur' | 'closed', listener: () => void): unknown;
}

/** As sandboxed as the main window; no frame, no taskbar entry, above other windows while shown. */
export function panelWindowOptions(preloadPath: string) {
  return {
    ...PANEL_SIZE,
    show: false,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    alwaysOnTop: true,
    title: 'Folio',
    backgroundColor: '#f6f7f9',
    webPreferences: webPreferences(preloadPath),
  } as const;
}

const clamp = (v: number, low: number, high: number) => Math.max(low, Math.min(v, high));

/**
 * Centred on the tray icon, on the side of it that faces the screen's middle (above a bottom taskbar,
 * below a top bar), and kept inside the work area.
 */
export function panelPosition(tray: Rect, workArea: Rect, size: { width: number; height: number } = PANEL_SIZE): { x: number; y: number } {
  const x = clamp(Math.round(tray.x + tray.width / 2 - size.width / 2), workArea.x, workArea.x + workArea.width - size.width);
  const trayInTopHalf = tray.y + tray.height / 2 < workArea.y + workArea.height / 2;
  const y = clamp(trayInTopHalf ? tray.y + tray.height : tray.y - size.height, workArea.y, workArea.y + workArea.height - size.height);
  return { x, y };
}

export interface TrayPanelDeps {
  create(): PanelWindow;
  rendererDir: string;
  /** Where the tray icon is (some Linux trays do not say: then where the pointer is). */
  anchor(): Rect;
  workArea(anchor: Rect): Rect;
  /** Told when the renderer fails to load (its files missing from a broken install). */
  log(line: string): void;
}

export function trayPanel(deps: TrayPanelDeps): { toggle(): void } {
  let win: PanelWindow | null = null;
  const open = (): void => {
    if (!win || win.isDestroyed()) {
      const made = deps.create();
      made.on('blur', () => made.hide());
      made.on('closed', () => {
        if (win === made) win = null;
      });
      const page = join(deps.rendererDir, 'index.html');
      made.loadFile(page, { hash: PANEL_HASH }).catch((err: unknown) => deps.log(`tray panel: ${page} did not load: ${err instanceof Error ? err.message : String(err)}`));
      win = made;
    }
    const anchor = deps.anchor();
    const { x, y } = panelPosition(anchor, deps.workArea(anchor));
    win.setPosition(x, y);
    win.show();
  };
  return {
    toggle(): void {
      if (win && !win.isDestroyed() && win.isVisible()) win.hide();
      else open();
    },
  };
}
