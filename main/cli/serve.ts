/** `folio serve`: the service on one data directory, until SIGTERM or SIGINT. */
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG, type ServiceConfig } from '../service/config.ts';
import type { HousekeepingSettings } from '../service/housekeeping.ts';
import type { Store } from '../store/index.ts';
import { settingsFromEnv } from './environment.ts';
import { parsePort, requireOption } from './options.ts';
import { OUTBOUND_OPTIONS, outboundSettings } from './outbound.ts';
import { RATE_LIMIT_OPTIONS, rateLimitSettings } from './rateLimit.ts';

export async function runServe(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { data: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' }, port: { type: 'string', default: '0' }, ...OUTBOUND_OPTIONS, ...RATE_LIMIT_OPTIONS },
    strict: true,
  });
  const dataDir = requireOption(values.data, '--data');
  const port = parsePort(values.port);
  const outbound = outboundSettings(values);
  const rateLimit = rateLimitSettings(values);
  const settings = settingsFromEnv(process.env);
  const stop = untilSignal();
  // Loaded once the flags are checked: a wrong call is told without loading the service.
  const { openStore } = await import('../store/index.ts');
  const store = await openStore(dataDir);
  await serveUntil(store, { host: values.host, port }, stop, { ...settings.service, outbound, rateLimit }, settings.housekeeping);
  return 0;
}

/**
 * Resolves on the first SIGTERM or SIGINT. Installed before the store opens, so a signal that
 * arrives during start-up still ends in a clean shutdown rather than the default abrupt exit.
 */
export function untilSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolve();
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}

/**
 * Serves the store until `stop` resolves, then closes the listener (letting requests in flight
 * finish) before the database, so no write is cut off. WAL checkpoints run on a thread of their
 * own meanwhile (main/store/checkpointer.ts). Prints one `listening on URL` line once ready.
 */
export async function serveUntil(
  store: Store,
  where: { host: string; port: number },
  stop: Promise<void>,
  config: ServiceConfig = DEFAULT_CONFIG,
  housekeepingSettings: Partial<HousekeepingSettings> = {},
): Promise<void> {
  const checkpoints = store.checkpointInBackground();
  try {
    const [{ buildApp }, { startHousekeeping }] = await Promise.all([import('../service/app.ts'), import('../service/housekeeping.ts')]);
    const app = await buildApp(store, { config });
    const housekeeping = startHousekeeping(store, config, housekeepingSettings);
    try {
      const address = await app.listen(where);
      console.log(`listening on ${address}`);
      await stop;
    } finally {
      await housekeeping.stop();
      await app.close();
    }
  } finally {
    await checkpoints.stop();
    store.close();
  }
}
