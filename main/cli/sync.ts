/**
 * `folio sync --server URL --container ID --dir DIR [--state STATE_DIR] [--once] [--confirm-deletes]`
 *
 * Credentials come from the environment only (main/cli/credentials.ts).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FolioClient, sleep, type Credentials } from '../remote/client.ts';
import { CREDENTIAL_CODES, FolioApiError } from '../remote/errors.ts';
import { boundHeapGrowth } from '../platform/heap.ts';
import { appDataDir } from '../platform/paths.ts';
import type { Checkpointer } from '../store/checkpointer.ts';
import { openSyncStore, type SyncStore } from '../store/sync/index.ts';
import { emptySummary, PairSync, type LeftOutChange, type SyncSummary } from '../sync/engine.ts';
import type { LeftOut } from '../sync/names.ts';
import { IGNORE_FILE } from '../sync/ignore.ts';
import { credentialsFromEnv } from './credentials.ts';
import { failureLine } from './failure.ts';
import { parseServerUrl, requireOption } from './options.ts';
import { checkContainer, existingPair, refuseFile, savePair, type PairTarget } from './pairing.ts';

// The environment may shorten these (tests, impatient users); the defaults suit a desktop.
const POLL_MS = Number(process.env.FOLIO_POLL_MS ?? 30_000);
const FULL_SCAN_MS = Number(process.env.FOLIO_FULL_SCAN_MS ?? 10 * 60_000);
const DEBOUNCE_MS = Number(process.env.FOLIO_DEBOUNCE_MS ?? 300);
const MAX_ONCE_PASSES = 5;

export function summaryLine(s: SyncSummary): string {
  const leftOut = s.leftOut.length > 0 ? `, left out ${s.leftOut.length}` : '';
  return `uploaded ${s.uploaded}, downloaded ${s.downloaded}, moved ${s.moved}, deleted ${s.deleted}, conflicts ${s.conflicts}${leftOut}`;
}

/** One entry the pair does not sync, as the summary lists it. */
export function leftOutLine(l: LeftOut): string {
  return `left out: ${printable(l.path)} (${l.reason}${l.side === 'remote' ? ', on the service' : ''})`;
}

/** A path on one line: a control character in a name (one reason to leave it out) is shown escaped, as JSON would. */
function printable(path: string): string {
  // eslint-disable-next-line no-control-regex
  return path.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
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
  const target: PairTarget = {
    serverUrl: parseServerUrl(requireOption(values.server, '--server')),
    containerId: requireOption(values.container, '--container'),
    dir: resolve(requireOption(values.dir, '--dir')),
    stateFlag: values.state,
  };
  const credentials = credentialsFromEnv();
  await refuseFile(target.dir);
  const store = await openSyncStore(values.state ?? appDataDir());
  // The WAL checkpoint thread serves passes that write the trees: a quiet restart writes at most
  // the feed's cursor, and is spared the thread's start (docs/performance.md, "Restart").
  let checkpoints: Checkpointer | undefined;
  const onFullPass = () => {
    checkpoints ??= store.checkpointInBackground();
    boundHeapGrowth();
  };
  try {
    const pairId = await pairOf(store, target, credentials);
    const client = new FolioClient({ baseUrl: target.serverUrl, credentials });
    // --once lists what is left out in its summary; a continuous run says what changed, as it changes.
    const onLeftOut = values.once ? undefined : (c: LeftOutChange) => {
      for (const l of c.added) console.log(leftOutLine(l));
      for (const l of c.cleared) console.log(`no longer left out: ${l.path}`);
    };
    const engine = new PairSync({ store, pairId, client, onLog: (l) => console.error(l), onFullPass, ...(onLeftOut ? { onLeftOut } : {}) });
    if (values['confirm-deletes']) engine.owner.confirmDeletes();
    return values.once ? await syncUntilConverged(engine) : await syncContinuously(engine, target.dir);
  } finally {
    await checkpoints?.stop();
    store.close();
  }
}

/**
 * The folder's pair. A new one is saved only once the service has answered for its container, so
 * that a run with a wrong --server, secret or container leaves nothing behind to trip the next one.
 */
async function pairOf(store: SyncStore, target: PairTarget, credentials: Credentials): Promise<string> {
  const existing = existingPair(store, target);
  if (existing !== undefined) return existing;
  // Few attempts: a person waits for the answer, and an unreachable first run has nothing to resume.
  await checkContainer(new FolioClient({ baseUrl: target.serverUrl, credentials, retry: { attempts: 2 } }), target.containerId);
  return savePair(store, target);
}

/** Ineffective ignore rules are the user's business: one warning line each, on stderr. */
function reportIgnoreProblems(s: SyncSummary): void {
  for (const p of s.ignoreProblems) console.error(`${IGNORE_FILE} line ${p.line}: ${p.reason}`);
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
    Object.assign(total, { converged: s.converged, blocked: s.blocked, errors: s.errors, leftOut: s.leftOut, ignoreProblems: s.ignoreProblems });
    if (s.blocked || engine.stopped) break;
  }
  process.removeListener('SIGTERM', stop);
  process.removeListener('SIGINT', stop);
  engine.recordInSync();
  reportIgnoreProblems(total);
  for (const l of total.leftOut) console.log(leftOutLine(l));
  console.log(summaryLine(total));
  if (total.converged) return 0;
  console.error(`not in sync: ${total.blocked || total.errors.join('; ') || 'did not converge'}`);
  return 1;
}

/**
 * Watches the folder and polls the service until SIGTERM (or SIGINT), then stops cleanly.
 * Rejected credentials end it: they will not get better by waiting, and the exit code says so.
 */
async function syncContinuously(engine: PairSync, dir: string): Promise<number> {
  let fatal: (err: FolioApiError) => void = () => undefined;
  const finished = new Promise<FolioApiError | null>((done) => {
    fatal = done;
    process.once('SIGTERM', () => done(null));
    process.once('SIGINT', () => done(null));
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
        reportIgnoreProblems(s);
        console.log(s.blocked ? `paused: ${s.blocked}` : `${summaryLine(s)}${s.converged ? '' : ` (not in sync: ${s.errors.join('; ')})`}`);
      } else if (outcome.kind === 'error' && outcome.cause instanceof FolioApiError && CREDENTIAL_CODES.has(outcome.cause.code)) {
        fatal(outcome.cause);
      } else {
        console.error(`sync failed: ${outcome.kind === 'error' ? failureLine(outcome.cause) : outcome.reason}`);
      }
    },
    onWatcherError: (err) => console.error(`sync failed: ${err instanceof Error ? err.message : String(err)}`),
  });
  await loop.ready;
  const failure = await finished;
  await loop.stop();
  if (failure) throw failure;
  return 0;
}
