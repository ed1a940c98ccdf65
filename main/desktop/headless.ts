/**
 * The desktop core and its embedded local server, with the web UI on a loopback URL: what
 * `npm start` runs where Electron is not installed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DesktopCore } from './core.ts';
import { Dispatcher } from './dispatcher.ts';
import { startHttpUi, type HttpUi } from './http.ts';
import { openKeychain } from './keychain.ts';
import { openLocalDesktop, type LocalDesktopOptions } from './local.ts';
import { readManagedSettings } from './managedSettings.ts';
import { commandOpener } from './opener.ts';

export const RENDERER_DIST = fileURLToPath(new URL('../../renderer/dist/', import.meta.url));

export interface HeadlessOptions extends Omit<LocalDesktopOptions, 'keychain'> {
  keychain?: LocalDesktopOptions['keychain'];
  port?: number;
  /** When `port` is taken, use a free one (the port remembered from the last run). */
  portFallback?: boolean;
  staticDir?: string | null;
  token?: string;
}

export interface Headless {
  core: DesktopCore;
  ui: HttpUi;
  /** The embedded local /v1 server. */
  apiUrl: string;
  close(): Promise<void>;
}

export async function startHeadless(o: HeadlessOptions): Promise<Headless> {
  const { port, portFallback, staticDir: wantedStatic, token, ...rest } = o;
  const keychain = o.keychain ?? (await openKeychain());
  const managed = o.managed ?? (await readManagedSettings());
  for (const p of managed.problems) console.error(`folio: managed settings: ${p}`);
  const desktop = await openLocalDesktop({ opener: commandOpener(), ...rest, keychain, managed });
  const { core } = desktop;
  const dispatcher = new Dispatcher(core, (line) => desktop.log.error(line));
  const staticDir = wantedStatic === undefined ? (existsSync(RENDERER_DIST) ? RENDERER_DIST : null) : wantedStatic;
  const ui = await startHttpUi({
    dispatcher,
    subscribe: (l) => core.events.subscribe(l),
    staticDir,
    ...(port !== undefined ? { port } : {}),
    ...(portFallback !== undefined ? { portFallback } : {}),
    ...(token !== undefined ? { token } : {}),
  });
  return {
    core,
    ui,
    apiUrl: desktop.apiUrl,
    close: async () => {
      await ui.close();
      await desktop.close();
    },
  };
}
