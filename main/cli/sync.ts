/**
 * `folio sync --server URL --container ID --dir DIR [--state STATE_DIR] [--once] [--confirm-deletes]`
 *
 * Credentials come from the environment only (FOLIO_CLIENT_ID, FOLIO_CLIENT_SECRET, and
 * optionally FOLIO_USER + FOLIO_PASSWORD for the strong user channel), never from the command line,
 * where other users of the machine could read them.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FolioClient, sleep, type Credentials } from '../remote/client.ts';
import { CREDENTIAL_CODES, FolioApiError } from '../remote/errors.ts';
import { appDataDir } from '../platform/paths.ts';
import { openSyncStore, type SyncStore } from '../store/sync/index.ts';
import { emptySummary, PairSync, type SyncSummary } from '../sync/engine.ts';
import { PairOwner } from '../sync/owner.ts';
import { requireOption, UsageError } from './options.ts';

// The environment may shorten these (tests, impatient users); the defaults suit a desktop.
const POLL_MS = Number(process.env.FOLIO_POLL_MS ?? 30_000);
const FULL_SCAN_MS = Number(process.env.FOLIO_FULL_SCAN_MS ?? 10 * 60_000);
const DEBOUNCE_MS = Number(process.env.FOLIO_DEBOUNCE_MS ?? 300);
const MAX_ONCE_PASSES = 5;

export function credentialsFromEnv(env: NodeJS.ProcessEnv = process.env): Credentials {
  const clientId = env.FOLIO_CLIENT_ID;
  const clientSecret = env.FOLIO_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new UsageError('set FOLIO_CLIENT_ID and FOLIO_CLIENT_SECRET in the environment');
  if (Boolean(env.FOLIO_USER) !== Boolean(env.FOLIO_PASSWORD)) throw new UsageError('FOLIO_USER and FOLIO_PASSWORD go together');
  return { clientId, clientSecret, ...(env.FOLIO_USER && env.FOLIO_PASSWORD ? { user: { userName: env.FOLIO_USER, password: env.FOLIO_PASSWORD } } : {}) };
}

export function summaryLine(s: SyncSummary): string {
  return `uploaded ${s.uploaded}, downloaded ${s.downloaded}, moved ${s.moved}, deleted ${s.deleted}, conflicts ${s.conflicts}`;
}

/** The pair for this folder: created on first use; a folder belongs to one server container only. */
export function ensurePair(store: SyncStore, serverUrl: string, containerId: string, dir: string): string {
  const existing = store.findPairByDir(dir);
  if (existing) {
    if (existing.serverUrl !== serverUrl || existing.containerId !== containerId) {
      throw new UsageError(`${dir} is already paired with container ${existing.containerId} on ${existing.serverUrl}`);
    }
    return existing.pairId;
  }
  const pairId = createHash('sha256').update(`${serverUrl}\n${containerId}\n${dir}`).digest('hex').slice(0, 16);
  PairOwner.add(store, { pairId, serverUrl, containerId, dir });
  return pairId;
}

export async function runSync(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      server: { type: 'string' },
      container: { type: 'string' },
      dir: { type: 'string' },
      state: { type: 'string' },
      once: { type: 'boolean', default: false },
      'confirm-deletes': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const server = requireOption(values.server, '--server').replace(/\/+$/, '');
  const containerId = requireOption(values.container, '--container');
  const dir = resolve(requireOption(values.dir, '--dir'));
  const credentials = credentialsFromEnv();
  const store = await openSyncStore(values.state ?? appDataDir());
  const checkpoints = store.checkpointInBackground();
  try {
    const pairId = ensurePair(store, server, containerId, dir);
    const engine = new PairSync({ store, pairId, client: new FolioClient({ baseUrl: server, credentials }), onLog: (l) => console.error(l) });
    if (values['confirm-deletes']) engine.owner.confirmDeletes();
    return values.once ? await syncUntilConverged(engine) : await syncContinuously(engine, dir);
  } finally {
    await checkpoints.stop();
    store.close();
  }
}

/** Left-out entries are the user's business: one warning line each, on stderr. */
function reportLeftOut(s: SyncSummary): void {
  for (const l of s.leftOut) console.error(`left out (${l.side}): ${l.path}: ${l.reason}`);
}

async function syncUntilConverged(engine: PairSync): Promise<number> {
  const stop = () => engine.stop();
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const total = emptySummary();
  for (let pass = 1; pass <= MAX_ONCE_PASSES && !total.converged; pass++) {
    if (pass > 1) await sleep(500 * pass);
    const s = await engine.syncOnce();
    for (const k of ['uploaded', 'downloaded', 'moved', 'deleted', 'conflicts'] as const) total[k] += s[k];
    Object.assign(total, { converged: s.converged, blocked: s.blocked, errors: s.errors, leftOut: s.leftOut });
    if (s.blocked || engine.stopped) break;
  }
  process.removeListener('SIGTERM', stop);
  process.removeListener('SIGINT', stop);
  engine.recordInSync();
  reportLeftOut(total);
  console.log(summaryLine(total));
  if (total.converged) return 0;
  console.error(`not in sync: ${total.blocked || total.errors.join('; ') || 'did not converge'}`);
  return 1;
}

/** Watches the folder and polls the service until SIGTERM (or SIGINT), then stops cleanly. */
async function syncContinuously(engine: PairSync, dir: string): Promise<number> {
  let fatal: (code: number) => void = () => undefined;
  const finished = new Promise<number>((done) => {
    fatal = done;
    process.once('SIGTERM', () => done(0));
    process.once('SIGINT', () => done(0));
  });
  // Loaded here: `--once` needs no watcher, and a restart of a large pair is timed from the start of the process.
  const { PairLoop } = await import('../sync/loop.ts');
  const loop = new PairLoop(engine, {
    dir,
    pollMs: POLL_MS,
    fullScanMs: FULL_SCAN_MS,
    debounceMs: DEBOUNCE_MS,
    onRound: ({ outcome }) => {
      if (outcome.kind === 'summary') {
        const s = outcome.summary;
        reportLeftOut(s);
        console.log(s.blocked ? `paused: ${s.blocked}` : `${summaryLine(s)}${s.converged ? '' : ` (not in sync: ${s.errors.join('; ')})`}`);
        return;
      }
      console.error(`sync failed: ${outcome.reason}`);
      // Rejected credentials will not get better by waiting: stop, and say so in the exit code.
      if (outcome.kind === 'error' && outcome.cause instanceof FolioApiError && CREDENTIAL_CODES.has(outcome.cause.code)) fatal(1);
    },
    onWatcherError: (err) => console.error(`sync failed: ${err instanceof Error ? err.message : String(err)}`),
  });
  await loop.ready;
  const code = await finished;
  await loop.stop();
  return code;
}
