/** The tray panel window, driven with a stand-in for Electron's BrowserWindow (Electron itself never runs in tests). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webPreferences } from '../../../main/electron/policy.ts';
import { PANEL_SIZE, panelPosition, panelWindowOptions, trayPanel, type PanelWindow, type Rect } from '../../../main/electron/trayPanel.ts';

const DIST = '/opt/Folio/resources/app/renderer/dist/';
const SCREEN: Rect = { x: 0, y: 0, width: 1920, height: 1040 };

class FakeWindow implements PanelWindow {
  loaded: { path: string; hash: string }[] = [];
  /** What loadFile rejects with, as Electron does when the file is missing. */
  loadFails: Error | null = null;
  position: [number, number] | null = null;
  visible = false;
  destroyed = false;
  private readonly listeners = new Map<string, () => void>();
  loadFile(path: string, options: { hash: string }): Promise<void> {
    this.loaded.push({ path, hash: options.hash });
    return this.loadFails ? Promise.reject(this.loadFails) : Promise.resolve();
  }
  setPosition(x: number, y: number): void {
    this.position = [x, y];
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  on(event: 'blur' | 'closed', listener: () => void): this {
    this.listeners.set(event, listener);
    return this;
  }
  emit(event: 'blur' | 'closed'): void {
    if (event === 'closed') this.destroyed = true;
    this.listeners.get(event)?.();
  }
}

function panelWith(tray: Rect, loadFails: Error | null = null) {
  const made: FakeWindow[] = [];
  const logged: string[] = [];
  const panel = trayPanel({
    create: () => {
      const w = new FakeWindow();
      w.loadFails = loadFails;
      made.push(w);
      return w;
    },
    rendererDir: DIST,
    anchor: () => tray,
    workArea: () => SCREEN,
    log: (line) => logged.push(line),
  });
  return { panel, made, logged };
}

describe('tray panel window', () => {
  it('logs a renderer that fails to load, and still shows the window', async () => {
    const { panel, made, logged } = panelWith({ x: 1800, y: 1040, width: 24, height: 40 }, new Error('ERR_FILE_NOT_FOUND (-6) loading index.html'));
    // Unhandled, the rejection of loadFile ended the app's main process.
    panel.toggle();
    await expect.poll(() => logged).toEqual([`tray panel: ${join(DIST, 'index.html')} did not load: ERR_FILE_NOT_FOUND (-6) loading index.html`]);
    expect(made[0]?.visible).toBe(true);
  });

  it('loads the renderer at #panel, beside the tray icon, on the first click', () => {
    const { panel, made } = panelWith({ x: 1800, y: 1040, width: 24, height: 40 });
    expect(made).toHaveLength(0);
    panel.toggle();
    expect(made).toHaveLength(1);
    const w = made[0] as FakeWindow;
    expect(w.loaded).toEqual([{ path: join(DIST, 'index.html'), hash: 'panel' }]);
    expect(w.visible).toBe(true);
    // A bottom taskbar: above the icon, and kept inside the screen's right edge.
    expect(w.position).toEqual([SCREEN.width - PANEL_SIZE.width, 1040 - PANEL_SIZE.height]);
  });

  it('hides on a second click and when it loses focus, and shows the same window again', () => {
    const { panel, made } = panelWith({ x: 900, y: 0, width: 24, height: 28 });
    panel.toggle();
    panel.toggle();
    expect(made[0]?.visible).toBe(false);
    panel.toggle();
    expect(made).toHaveLength(1);
    made[0]?.emit('blur');
    expect(made[0]?.visible).toBe(false);
    panel.toggle();
    expect(made).toHaveLength(1);
    expect(made[0]?.loaded).toHaveLength(1);
  });

  it('makes a new window after the old one was closed', () => {
    const { panel, made } = panelWith({ x: 900, y: 0, width: 24, height: 28 });
    panel.toggle();
    made[0]?.emit('closed');
    panel.toggle();
    expect(made).toHaveLength(2);
    expect(made[1]?.loaded[0]?.hash).toBe('panel');
  });

  it('sits below a top bar, above a bottom taskbar, and never off the screen', () => {
    expect(panelPosition({ x: 900, y: 0, width: 24, height: 28 }, { ...SCREEN, y: 28, height: 1052 })).toEqual({ x: 732, y: 28 });
    expect(panelPosition({ x: 1800, y: 1040, width: 24, height: 40 }, SCREEN)).toEqual({ x: 1560, y: 520 });
    expect(panelPosition({ x: 0, y: 500, width: 0, height: 0 }, SCREEN)).toEqual({ x: 0, y: 500 });
    expect(panelPosition({ x: 5000, y: 5000, width: 0, height: 0 }, SCREEN)).toEqual({ x: SCREEN.width - PANEL_SIZE.width, y: SCREEN.height - PANEL_SIZE.height });
  });

  it('is as sandboxed as the main window, with no frame and no taskbar entry', () => {
    const o = panelWindowOptions('/x/preload.cjs');
    expect(o.webPreferences).toEqual(webPreferences('/x/preload.cjs'));
    expect(o).toMatchObject({ show: false, frame: false, skipTaskbar: true, resizable: false, ...PANEL_SIZE });
  });
});
