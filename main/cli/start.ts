/**
 * `folio start [--state DIR] [--port N] [--headless]` (what `npm start` runs): the Electron app when
 * its runtime is installed; otherwise one line saying so, then the same desktop core headless, with
 * the web UI on a loopback URL carrying its per-run token, and the embedded local /v1 server beside
 * it. Works with no service configured: the UI opens on its sign-in screen.
 *
 * Headless, one desktop runs per state folder (main/desktop/instance.ts): a second start prints
 * the running one's URL and exits with ALREADY_RUNNING. Without --port the UI asks for the port it
 * had last time, and says so when that one is taken.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { claimInstance, rememberedPort, uiUrls, type InstanceRecord } from '../desktop/instance.ts';
import { appDataDir } from '../platform/paths.ts';
import { parsePort } from './options.ts';

/** The exit code of a start that found the desktop running on its state folder already (docs/cli.md). */
export const ALREADY_RUNNING = 3;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PRELOAD = join(ROOT, 'dist', 'electron', 'preload.cjs');

/** The Electron binary, when the package is installed with its runtime (its postinstall downloaded it). */
export function electronBinary(): string | null {
  try {
    const pkg = createRequire(import.meta.url).resolve('electron/package.json');
    const dir = dirname(pkg);
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** Builds what is missing with Vite: the renderer (both modes) and, for Electron, the preload. */
async function ensureBuilt(withPreload: boolean): Promise<void> {
  const { build } = await import('vite');
  const { RENDERER_DIST } = await import('../desktop/headless.ts');
  if (!existsSync(join(RENDERER_DIST, 'index.html'))) await build({ configFile: join(ROOT, 'renderer', 'vite.config.ts'), logLevel: 'warn' });
  if (withPreload && !existsSync(PRELOAD)) await build({ configFile: join(ROOT, 'preload', 'vite.config.ts'), logLevel: 'warn' });
}

export async function runStart(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { state: { type: 'string' }, port: { type: 'string' }, headless: { type: 'boolean', default: false } },
    strict: true,
  });
  const port = values.port === undefined ? null : parsePort(values.port);

  const electron = values.headless ? null : electronBinary();
  if (electron) {
    await ensureBuilt(true);
    const child = spawn(electron, [ROOT], { stdio: 'inherit' });
    return new Promise((done) => child.once('exit', (code) => done(code ?? 1)));
  }
  if (!values.headless) console.log('folio: the Electron runtime is not installed here; starting the headless desktop with its web UI instead');
  const stateDir = values.state ?? appDataDir();
  mkdirSync(stateDir, { recursive: true });
  const claim = claimInstance(stateDir);
  if (claim.kind === 'running') return alreadyRunning(stateDir, claim.record);
  try {
    await ensureBuilt(false);
    // Loaded once the flags are checked: a wrong call is told without loading the desktop core.
    const { startHeadless } = await import('../desktop/headless.ts');
    const remembered = rememberedPort(stateDir);
    const headless = await startHeadless({ stateDir, port: port ?? remembered, portFallback: port === null });
    const { ui } = headless;
    claim.lock.publish(ui.port, ui.token);
    if (ui.portTaken) console.log(`folio: the UI's port ${ui.portTaken} from the last run is taken; it is on port ${ui.port} now`);
    console.log(`local api on ${headless.apiUrl}`);
    console.log(`ui on ${ui.openUrl}`);
    await new Promise<void>((resolve) => {
      process.once('SIGTERM', resolve);
      process.once('SIGINT', resolve);
    });
    await headless.close();
  } finally {
    claim.lock.release();
  }
  return 0;
}

function alreadyRunning(stateDir: string, running: InstanceRecord): number {
  if (running.port === 0) {
    console.log(`folio: Folio is already running on ${stateDir} (pid ${running.pid}) and still starting; run 'folio open' in a moment for its URL`);
  } else {
    console.log(`folio: Folio is already running on ${stateDir} (pid ${running.pid})`);
    console.log(`ui on ${uiUrls(running).openUrl}`);
  }
  return ALREADY_RUNNING;
}
