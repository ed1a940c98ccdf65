/**
 * The desktop core together with the embedded local server (docs/architecture.md, "Offline mode"), over one state
 * directory, in one process: what `folio start` runs, headless or in Electron. The offline Daemon
 * is hosted rather than run beside the core: the core's loops (main/sync/loop.ts) are the only
 * ones of the pairs, and report each round to the daemon, which keeps the mirror and the outbox after them and
 * serves /v1 on 127.0.0.1. The account is the core's (signed in from the UI, secrets in the
 * keychain); with none, the local server still serves what the mirror holds.
 */
import { Daemon } from '../offline/daemon.ts';
import type { Logger } from '../platform/log/logger.ts';
import { openRotatingLog } from '../platform/log/rotating.ts';
import { openSyncStore } from '../store/sync/index.ts';
import { DesktopCore, type CoreOptions } from './core.ts';

export interface LocalDesktopOptions extends Omit<CoreOptions, 'local' | 'store' | 'log'> {
  /** The local /v1 server's port; 0 (the default) takes a free one. */
  apiPort?: number;
  /** How long the probe waits at most between tries while the service is away. */
  probeMaxMs?: number;
  /** The local server's own lines; by default they go to the log file. */
  onLog?: (line: string) => void;
}

export interface LocalDesktop {
  core: DesktopCore;
  /** The log file of the state folder (`<state>/logs/folio.log`), open until close(). */
  log: Logger;
  /** The local /v1 server, e.g. http://127.0.0.1:41234. */
  apiUrl: string;
  close(): Promise<void>;
}

const POLL_MS = 30_000;
const PROBE_MIN_MS = 250;

export async function openLocalDesktop(o: LocalDesktopOptions): Promise<LocalDesktop> {
  const fileLog = openRotatingLog(o.stateDir, 'folio-desktop');
  const { log } = fileLog;
  const { apiPort = 0, probeMaxMs = 30_000, onLog = (line: string) => log.info({ part: 'local-server' }, line), ...coreOptions } = o;
  // One connection to the state database for both, which this function owns.
  const store = await openSyncStore(o.stateDir).catch(async (err: unknown) => {
    await fileLog.close();
    throw err;
  });
  const checkpoints = store.checkpointInBackground();
  const release = async () => {
    await checkpoints.stop();
    store.close();
    log.info('stopped');
    await fileLog.close();
  };
  log.info({ stateDir: o.stateDir }, 'started');
  // The daemon and the core call each other; the daemon starts first and reaches the core once open.
  let core: DesktopCore | null = null;
  const daemon = await Daemon.start({
    stateDir: o.stateDir,
    host: '127.0.0.1',
    port: apiPort,
    pollMs: POLL_MS,
    probeMinMs: Math.min(PROBE_MIN_MS, probeMaxMs),
    probeMaxMs,
    credentials: null,
    onLog,
    hostedBy: { syncSoon: () => core?.syncAll(), changed: () => core?.localChanged() },
    syncStore: store,
  }).catch(async (err: unknown) => {
    await release();
    throw err;
  });
  try {
    core = await DesktopCore.open({ ...coreOptions, local: daemon, store, log });
  } catch (err) {
    await daemon.stop();
    await release();
    throw err;
  }
  const opened = core;
  return {
    core: opened,
    log,
    apiUrl: daemon.url,
    close: async () => {
      // Runners first: their last rounds report to the daemon, which finishes its pass on stop.
      await opened.close();
      await daemon.stop();
      await release();
    },
  };
}
