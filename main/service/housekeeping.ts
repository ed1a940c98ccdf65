/**
 * Periodic jobs of a running service: expired upload sessions, expired tokens, stale temp files,
 * change-feed entries older than the retention, and (at start, then daily) blob and rendition
 * files a crash left without a row.
 */
import { stderrLogger, type Logger } from '../platform/log/logger.ts';
import { sweepOrphanBlobs } from '../store/orphans.ts';
import type { Store } from '../store/index.ts';
import type { ServiceConfig } from './config.ts';
import { ContainerService } from './containers/service.ts';
import { purgeExpired } from './contentTypes/purge.ts';
import { DocumentService } from './documents/service.ts';
import { serviceDeps } from './services.ts';
import { ChunkedUploads } from './versions/chunked.ts';

export interface HousekeepingSettings {
  /** How often the jobs run: by default every minute, or a quarter of the upload TTL or of the change retention when shorter. */
  intervalMs: number;
  /** How long change-feed entries are kept. A cursor older than what is kept gets 130006. */
  changeRetentionMs: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600 * 1000;
const TEMP_MAX_AGE_MS = DAY_MS;
const ORPHAN_SWEEP_EVERY_MS = DAY_MS;
/** A blob file younger than this may belong to a finalize that is still running. */
const ORPHAN_GRACE_MS = 3600 * 1000;
export const DEFAULT_CHANGE_RETENTION_MS = 90 * DAY_MS;

/**
 * `leads` is asked before each pass: a node that has lost the lead (main/store/leadership.ts) skips
 * the pass, so that it never runs beside the new leader's.
 */
export function startHousekeeping(
  store: Store,
  config: ServiceConfig,
  settings: Partial<HousekeepingSettings> = {},
  log: Logger = stderrLogger('error'),
  leads: () => boolean = () => true,
): { stop: () => Promise<void> } {
  const deps = serviceDeps(store, config, undefined, log);
  // Only the sweep of expired sessions runs here; it finalizes nothing, but the uploads need their documents to be built.
  const uploads = new ChunkedUploads(deps, new DocumentService(deps, new ContainerService(deps)));
  const changeRetentionMs = settings.changeRetentionMs ?? DEFAULT_CHANGE_RETENTION_MS;
  const intervalMs = settings.intervalMs ?? Math.max(100, Math.floor(Math.min(MINUTE_MS * 4, config.uploadSessionTtlMs, changeRetentionMs) / 4));
  let lastOrphanSweep = 0;
  const tick = async () => {
    if (!leads()) return;
    await uploads.sweepExpired();
    await store.tokens.deleteExpired(Date.now());
    await store.authorizationCodes.deleteExpired(Date.now());
    await store.units.transaction((tx) => tx.changes.pruneOlderThan(new Date(Date.now() - changeRetentionMs).toISOString()));
    await store.blobs.clearTemp(TEMP_MAX_AGE_MS);
    await store.renditionBlobs.clearTemp(TEMP_MAX_AGE_MS);
    await purgeExpired(deps, new Date());
    if (Date.now() - lastOrphanSweep >= ORPHAN_SWEEP_EVERY_MS) {
      lastOrphanSweep = Date.now();
      await sweepOrphanBlobs(store, ORPHAN_GRACE_MS);
    }
  };
  // The tick in flight: a slow one (many files) must not overlap the next, and stop() waits for it.
  let current: Promise<void> | null = null;
  const run = () => {
    current ??= tick()
      .catch((err: unknown) => log.error({ err }, 'housekeeping failed'))
      .finally(() => {
        current = null;
      });
  };
  // The first run cleans up after a crash right away.
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  // The store may close once stop() resolves: no tick is left half way through it.
  return {
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
