/**
 * `folio daemon [--state STATE_DIR] [--port N] [--poll-ms N] [--probe-max-ms N]`
 *
 * Runs the desktop core headless (docs/offline.md): every sync pair of the state directory and
 * the embedded local /v1 server on 127.0.0.1, until SIGTERM or SIGINT. The pairs' account comes
 * from the environment, as for `folio sync` (FOLIO_CLIENT_ID, FOLIO_CLIENT_SECRET, and optionally
 * FOLIO_USER + FOLIO_PASSWORD): secrets are never stored in the state directory.
 */
import { parseArgs } from 'node:util';
import type { Credentials } from '../remote/client.ts';
import { openRotatingLog } from '../platform/log/rotating.ts';
import { appDataDir } from '../platform/paths.ts';
import { UsageError } from './options.ts';
import { credentialsFromEnv } from './credentials.ts';

function intOption(raw: string | undefined, flag: string, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be an integer from ${min} to ${max}, not ${raw}`);
  return n;
}

function optionalCredentials(): Credentials | null {
  try {
    return credentialsFromEnv();
  } catch (err) {
    if (err instanceof UsageError) return null;
    throw err;
  }
}

export async function runDaemon(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      state: { type: 'string' },
      port: { type: 'string' },
      'poll-ms': { type: 'string' },
      'probe-max-ms': { type: 'string' },
    },
    strict: true,
  });
  const stateDir = values.state ?? appDataDir();
  const port = intOption(values.port, '--port', 0, 0, 65535);
  const pollMs = intOption(values['poll-ms'], '--poll-ms', 30_000, 100, 24 * 3600 * 1000);
  const probeMaxMs = intOption(values['probe-max-ms'], '--probe-max-ms', 30_000, 100, 3600 * 1000);

  // Loaded once the flags are checked: a wrong call is told without loading the desktop core.
  const [{ Daemon }, { openSyncStore }] = await Promise.all([import('../offline/daemon.ts'), import('../store/sync/index.ts')]);
  const store = await openSyncStore(stateDir);
  const pairCount = store.listPairs().length;
  store.close();
  // Without a pair the credentials may come later, with the first `folio pair add`.
  const credentials = pairCount > 0 ? credentialsFromEnv() : optionalCredentials();

  const { log, close } = openRotatingLog(stateDir, 'folio-daemon');
  try {
    const daemon = await Daemon.start({
      stateDir,
      host: '127.0.0.1',
      port,
      pollMs,
      probeMinMs: Math.min(250, probeMaxMs),
      probeMaxMs,
      credentials,
      onLog: (line) => {
        console.error(line);
        log.info(line);
      },
      log,
    });
    console.log(`local api on ${daemon.url}`);
    log.info({ stateDir, url: daemon.url, pairs: pairCount }, 'started');
    const signal = await new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGTERM', resolve);
      process.once('SIGINT', resolve);
    });
    log.info({ signal }, 'stopping');
    await daemon.stop();
    log.info('stopped');
  } catch (err) {
    log.fatal({ err }, 'folio daemon failed');
    throw err;
  } finally {
    await close();
  }
  return 0;
}
