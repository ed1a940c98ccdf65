/** `folio serve`: the service on one data directory, until SIGTERM or SIGINT. */
import { parseArgs } from 'node:util';
import type { ServiceConfig } from '../service/config.ts';
import type { HousekeepingSettings } from '../service/housekeeping.ts';
import { Lifecycle } from '../service/health/lifecycle.ts';
import type { DataDirNodes } from '../store/dataDirNodes.ts';
import type { DatabaseLeadership } from '../store/leadership.ts';
import type { Store } from '../store/index.ts';
import { settingsFromEnv } from './environment.ts';
import { BadBlobLocation, parseBlobLocation, type S3Location } from '../store/blobLocation.ts';
import { CliFailure } from './failure.ts';
import { parsePort, requireOption, UsageError } from './options.ts';
import { OUTBOUND_OPTIONS, outboundSettings } from './outbound.ts';
import { RATE_LIMIT_OPTIONS, rateLimitSettings } from './rateLimit.ts';
import { LOG_OPTIONS, logSettings, openServeLog, type ServeLog } from './serveLog.ts';

export async function runServe(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { data: { type: 'string' }, blobs: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' }, port: { type: 'string', default: '0' }, ...OUTBOUND_OPTIONS, ...RATE_LIMIT_OPTIONS, ...LOG_OPTIONS },
    strict: true,
  });
  const dataDir = requireOption(values.data, '--data');
  const bucket = values.blobs === undefined ? undefined : blobLocation(values.blobs);
  const port = parsePort(values.port);
  const outbound = outboundSettings(values);
  const rateLimit = rateLimitSettings(values);
  const logging = logSettings(values);
  const settings = settingsFromEnv(process.env);
  const stop = untilSignal();
  const out = await openServeLog(logging);
  try {
    // Loaded once the flags are checked: a wrong call is told without loading the service.
    const { openStore } = await import('../store/index.ts');
    const store = await openStore(dataDir, bucket);
    await storeAnswers(store, values.blobs);
    await serveUntil(store, { host: values.host, port }, stop, { ...settings.service, outbound, rateLimit }, settings.housekeeping, out);
  } catch (err) {
    out.log.fatal({ err }, 'folio serve failed');
    throw err;
  } finally {
    await out.close();
  }
  return 0;
}

function blobLocation(text: string): S3Location {
  try {
    return parseBlobLocation(text);
  } catch (err) {
    if (err instanceof BadBlobLocation) throw new UsageError(err.message);
    throw err;
  }
}

/** A bucket that does not answer is told at start, not at the first upload. */
async function storeAnswers(store: Store, blobs: string | undefined): Promise<void> {
  try {
    await store.blobs.ready();
  } catch (err) {
    store.close();
    const where = blobs === undefined ? `the blob folder of ${store.dataDir}` : `the bucket of --blobs ${blobs}`;
    const reason = err instanceof Error ? err.message || err.name : String(err);
    throw new CliFailure('INTERNAL', `${where} does not answer: ${reason}`);
  }
}

/**
 * Resolves with the first SIGTERM or SIGINT. Installed before the store opens, so a signal that
 * arrives during start-up still ends in a clean shutdown rather than the default abrupt exit.
 */
export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise<NodeJS.Signals>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolve(signal);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}

/**
 * Serves the store until `stop` resolves, then closes the listener (letting requests in flight
 * finish) before the database, so no write is cut off. WAL checkpoints run on a thread of their
 * own meanwhile (main/store/checkpointer.ts). Prints one `listening on URL` line once ready, then
 * logs a start-up line; logs the signal that stops it, and a last line once all is closed.
 */
export async function serveUntil(
  store: Store,
  where: { host: string; port: number },
  stop: Promise<NodeJS.Signals>,
  config: ServiceConfig,
  housekeepingSettings: Partial<HousekeepingSettings>,
  out: ServeLog,
): Promise<void> {
  const { log } = out;
  const checkpoints = store.checkpointInBackground();
  let leadership: DatabaseLeadership | undefined;
  let nodes: DataDirNodes | undefined;
  try {
    const [{ buildApp }, { startHousekeeping }, { DatabaseLeadership }, { NodeLease }, { DataDirNodes }, { takeBackLeases }] = await Promise.all([
      import('../service/app.ts'),
      import('../service/housekeeping.ts'),
      import('../store/leadership.ts'),
      import('../jobs/nodeLease.ts'),
      import('../store/dataDirNodes.ts'),
      import('../service/takeBackLeases.ts'),
    ]);
    // Before any runner starts: alone on the data directory, this process takes back at once what the
    // processes before it left leased, rather than waiting for the leases to run out.
    nodes = await DataDirNodes.join(store.dataDir, async () => {
      const rows = await takeBackLeases(store.units);
      log.info({ rows }, 'alone on the data directory: took back the leases of the processes that ended');
    });
    // Several `folio serve` may share one store; one of them leads (main/store/leadership.ts).
    const lead = new DatabaseLeadership(store.units, NodeLease.ofThisProcess(config.leaseMs), log);
    leadership = lead;
    await lead.start();
    const lifecycle = new Lifecycle();
    const app = await buildApp(store, { config, log, lifecycle, leadership: lead });
    let housekeeping: { stop: () => Promise<void> } | undefined;
    lead.whenLeading(() => {
      housekeeping = startHousekeeping(store, config, housekeepingSettings, log, () => lead.leading);
      log.info('leading: this process runs the housekeeping, the sweeps and the search backfill of its data directory');
    });
    try {
      const address = await app.listen(where);
      out.announce(`listening on ${address}`);
      log.info({ address, rateLimit: config.rateLimit, leading: lead.leading }, 'started');
      log.info({ signal: await stop }, 'stopping: letting requests in flight finish');
      lifecycle.drain();
      lead.stopTrying();
    } finally {
      await housekeeping?.stop();
      // At once, not after the requests in flight: another node takes the lead on its next try.
      await lead.release();
      await app.close();
    }
  } finally {
    // Given up already unless the start failed half way; the store must still be open for it.
    await leadership?.release();
    nodes?.leave();
    await checkpoints.stop();
    store.close();
  }
  log.info('stopped');
}
