/**
 * The desktop core with the web UI on a loopback URL: what `npm start` runs where Electron is not
 * installed, and what `folio daemon` (issue 5) will host next to its local server.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DesktopCore, type CoreOptions } from './core.ts';
import { Dispatcher } from './dispatcher.ts';
import { startHttpUi, type HttpUi } from './http.ts';
import { openKeychain } from './keychain.ts';
import { readManagedSettings } from './managedSettings.ts';

export const RENDERER_DIST = fileURLToPath(new URL('../../renderer/dist/', import.meta.url));

export interface HeadlessOptions extends Partial<CoreOptions> {
  stateDir: string;
  port?: number;
  staticDir?: string | null;
  token?: string;
}

export interface Headless {
  core: DesktopCore;
  ui: HttpUi;
  close(): Promise<void>;
}

export async function startHeadless(o: HeadlessOptions): Promise<Headless> {
  const keychain = o.keychain ?? (await openKeychain());
  const managed = o.managed ?? (await readManagedSettings());
  for (const p of managed.problems) console.error(`folio: managed settings: ${p}`);
  const core = await DesktopCore.open({ ...o, keychain, managed });
  const dispatcher = new Dispatcher(core);
  const staticDir = o.staticDir === undefined ? (existsSync(RENDERER_DIST) ? RENDERER_DIST : null) : o.staticDir;
  const ui = await startHttpUi({
    dispatcher,
    subscribe: (l) => core.events.subscribe(l),
    staticDir,
    ...(o.port !== undefined ? { port: o.port } : {}),
    ...(o.token !== undefined ? { token: o.token } : {}),
  });
  return {
    core,
    ui,
    close: async () => {
      await ui.close();
      await core.close();
    },
  };
}
