/** Periodic jobs of a running service: expired upload sessions, expired tokens, stale temp files. */
import type { Store } from '../store/index.ts';
import { ChunkedUploads } from './versions/chunked.ts';
import { DEFAULT_CONFIG } from './config.ts';
import { Access } from './access.ts';
import { EventBus } from './events.ts';
import { purgeExpired } from './contentTypes/purge.ts';

const EVERY_MS = 60_000;
const TEMP_MAX_AGE_MS = 24 * 3600 * 1000;

export function startHousekeeping(store: Store, intervalMs = EVERY_MS): { stop: () => void } {
  const uploads = new ChunkedUploads({ store, config: DEFAULT_CONFIG, access: new Access(store), events: new EventBus() });
  const tick = async () => {
    await uploads.sweepExpired();
    store.tokens.deleteExpired(Date.now());
    await store.blobs.clearTemp(TEMP_MAX_AGE_MS);
    await purgeExpired({ store }, new Date());
  };
  const timer = setInterval(() => {
    tick().catch((err: unknown) => console.error('housekeeping failed:', err));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
