/**
 * One sync pair's loop (docs/architecture.md, "The sync engine"): observe both sides, plan, check the mass-delete guard,
 * execute, and again, until the planner has nothing left to do. The trees live in memory between
 * passes and are written through to the sync store, so a pass after a crash starts from them.
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import PQueue from 'p-queue';
import type { FolioClient } from '../remote/client.ts';
import { CREDENTIAL_CODES, FolioApiError, isUnreachable } from '../remote/errors.ts';
import { systemClock, type Clock } from './clock.ts';
import { nodeFs, type SyncFs } from './syncFs.ts';
import { clientRemote, type SyncRemote } from './syncRemote.ts';
import { Throttle } from '../remote/throttle.ts';
import { FileChanged, HashMismatch } from '../remote/transfer.ts';
import type { Change } from '../../shared/v1/resources.ts';
import type { SyncStore } from '../store/sync/index.ts';
import type { Guard, LeftOutRow, PairRecord } from './model.ts';
import { isLeftOutReason } from '../../shared/leftOut.ts';
import { missingCaseError } from '../../shared/missingCaseError.ts';
import { Executor, StaleObservation, type ExecutorContext } from './executor.ts';
import { IgnoreRules, type IgnoreProblem } from './ignore.ts';
import { settleDownloads, settleUploads } from './intents.ts';
import type { LeftOut } from './names.ts';
import { plan, type Op } from './planner.ts';
import { rootFolderState } from './rootFolder.ts';
import { transferOrder } from './transferOrder.ts';
import { runInWaves } from './waves.ts';
import { applyChanges, walkRemote, type RemoteView } from './remoteTree.ts';
import { digestOfFolder, digestOfScan, RootMissing, scanLocal, type LocalScan } from './scanner.ts';
import { OwnWrites } from './ownWrites.ts';
import { fileCount, pendingDeletes, type PendingDelete } from './massDelete.ts';
import { PairOwner } from './owner.ts';
import type { PairState } from './state.ts';
import type { Tree, Trees } from './trees.ts';
import { pairView } from './view.ts';
import { ErrorCodes } from '../../shared/errors.ts';

export interface SyncSummary {
  uploaded: number;
  downloaded: number;
  moved: number;
  deleted: number;
  conflicts: number;
  rounds: number;
  converged: boolean;
  /** Why the pair is not syncing (paused, a mass delete waiting for confirmation, a missing folder). */
  blocked: string;
  /** Operations that failed in the last round, with why. */
  errors: string[];
  /** What this pair leaves out, with why (names a side cannot hold, clashes, unreadable entries). */
  leftOut: LeftOut[];
  /** The service could not be reached while observing it: the caller may show the pair offline. */
  unreachable: boolean;
  /** Lines of the pair's `.folioignore` that are skipped or can match nothing, with why. */
  ignoreProblems: IgnoreProblem[];
}

export interface SyncRequest {
  /** Local folders that may have changed (watcher hints); absent means scan everything. */
  hints?: Iterable<string>;
}

interface EngineParts {
  store: SyncStore;
  pairId: string;
  host?: string;
  /** The folder's file system: node:fs unless a simulation runs the engine. */
  fs?: SyncFs;
  /** The wall clock and timers: the system's unless a simulation runs the engine. */
  clock?: Clock;
  /** Mints ids for new local nodes: random unless a simulation needs them repeatable. */
  newId?: () => string;
  /** Whose naming rules the local disk follows; the running platform by default. */
  platform?: NodeJS.Platform;
  onProgress?: ExecutorContext['onProgress'];
  onChange?: ExecutorContext['onChange'];
  onTransfer?: ExecutorContext['onTransfer'];
  /** An operation failed and is left for the next round: the service's code and request id when it refused. */
  onFailure?: (failure: OpFailure) => void;
  onLog?: (line: string) => void;
  /** A pass is about to look at the trees (the start was not quiet): told before each such pass, so a caller can start what only they need. */
  onFullPass?: () => void;
  /** What the pair leaves out changed since the last pass: told once per change, not every round. */
  onLeftOut?: (change: LeftOutChange) => void;
}

export interface LeftOutChange {
  added: LeftOut[];
  /** Synced now, or gone. */
  cleared: LeftOut[];
}

/** The service is reached through a /v1 client, or through any SyncRemote (a simulated service). */
export type EngineOptions = EngineParts & ({ client: FolioClient } | { remote: SyncRemote });

/** What a pass reports while the user has the pair paused. */
const PAUSED = 'paused by the user';

export interface OpFailure {
  op: Op['type'];
  id: string;
  error: string;
  code?: number;
  rid?: string;
}

// A new local tree goes up one level per round (a new service tree comes down in one): a deep one needs as many rounds as levels.
const MAX_ROUNDS = 200;
/** Rounds in a row in which no operation succeeded before a pass gives up. */
const MAX_IDLE_ROUNDS = 3;
/**
 * How often the results of transfers in flight are committed together. A longer group writes each
 * index page it dirties once for more transfers: a second instead of 250 ms took a tenth off the
 * client's CPU in a first sync of 10,000 small files. A crash loses at most this long of results,
 * which the intents account for.
 */
const GROUP_COMMIT_MS = 1000;
/** Transfers whose intents are recorded together (see execute): few enough to hold, enough that writing them costs one commit per slice. */
export const INTENT_SLICE = 1000;
const FS_ERRORS = new Set(['ENOENT', 'EEXIST', 'ENOTEMPTY', 'ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'EBUSY', 'ENAMETOOLONG', 'EXDEV', 'ENOSPC', 'EMFILE', 'ENFILE', 'EIO']);

export function emptySummary(): SyncSummary {
  return { uploaded: 0, downloaded: 0, moved: 0, deleted: 0, conflicts: 0, rounds: 0, converged: false, blocked: '', errors: [], leftOut: [], unreachable: false, ignoreProblems: [] };
}

export class PairSync {
  private readonly host: string;
  private readonly remote: SyncRemote;
  private readonly fs: SyncFs;
  private readonly clock: Clock;
  /** The pair's one writer of settings and state, and the holder of its trees. */
  readonly owner: PairOwner;
  /** What this engine just did to the folder: the loop's watcher ignores its echo. */
  readonly ownWrites = new OwnWrites();
  /** Whether a pass of this engine has looked at the trees: until then a start may be quiet (quiet()). */
  private observed = false;
  private stopping = false;
  /** The last pass that ended in sync, as it saw the pair, until recordInSync() or the next pass. */
  private lastInSync: { pair: PairRecord; rules: IgnoreRules; scan: LocalScan } | null = null;
  /** Versions our writes replaced that a failure kept out of the folder (ExecutorContext.unkept). */
  private readonly unkept = new Map<string, (executor: Executor) => Promise<void>>();

  constructor(private readonly o: EngineOptions) {
    this.host = o.host ?? hostname();
    this.remote = 'remote' in o ? o.remote : clientRemote(o.client);
    this.fs = o.fs ?? nodeFs;
    this.clock = o.clock ?? systemClock;
    this.owner = PairOwner.of(o.store, o.pairId);
  }

  pair(): PairRecord {
    return this.owner.record();
  }

  /** Finishes the operations in flight and starts no more; the pair resumes where it stopped next time. */
  stop(): void {
    this.stopping = true;
  }

  get stopped(): boolean {
    return this.stopping;
  }

  async syncOnce(request: SyncRequest = {}): Promise<SyncSummary> {
    const summary = emptySummary();
    if (this.stopping) return summary;
    let pair = this.pair();
    const blocked = await this.stillBlocked(pair);
    if (blocked) return { ...summary, blocked };
    pair = this.pair();
    const confirmed = pair.condition.kind === 'deletes-confirmed';
    const rules = await IgnoreRules.forDir(pair.dir, this.fs);
    summary.ignoreProblems = [...rules.problems];
    if (!this.observed && request.hints === undefined && (await this.quiet(pair, rules))) return { ...summary, converged: true };
    // A stop that came before the pass changed anything leaves the last pass's word standing.
    if (this.stopping) return summary;
    this.o.onFullPass?.();
    // From here the trees may change: they are no longer known to be equal until the pass ends in sync.
    this.lastInSync = null;
    if (pair.inSyncWith !== '') this.o.store.setInSync(pair.pairId, '');
    const root = await rootFolderState(pair.dir, this.fs);
    if (root === 'file') return this.block(summary, 'root-missing', `${pair.dir} is a file, not a folder; nothing is deleted until the folder is back`);
    if (root === 'missing') return this.block(summary, 'root-missing', `the folder ${pair.dir} is missing (an unmounted disk?); nothing is deleted until it is back`);
    const state = this.owner.state();
    this.observed = true;
    try {
      if (!(await this.observeRemote(pair, state))) return this.block(summary, 'remote-root-missing', 'the service folder of this pair is gone (deleted or moved to the recycle bin); nothing is deleted until it is back');
    } catch (err) {
      if (!isOperational(err)) throw err;
      return { ...summary, unreachable: isUnreachable(err), errors: [`observing the service: ${(err as Error).message}`] };
    }
    const executor = this.executor(pair, state);
    // A pass held at the mass-delete guard adopted none of its scan, so the paths it saw change are
    // no longer among the hints: while the guard or a confirmation stands, every pass scans it all,
    // or a pass over a few later paths would find nothing to do and release the guard.
    const hints = request.hints === undefined || pair.condition.kind !== 'active' ? undefined : [...request.hints];
    let idle = 0;

    // The first round runs even when a stop came while the pass observed the service: its scan and
    // plan tell whether the trees are equal, and the stop records that (recordInSync). Cut before
    // it, the pass would have cleared the mark and left nothing to record. Stopping, it keeps no
    // replaced version and runs no operation: they wait for the next start.
    for (let round = 1; round <= MAX_ROUNDS && (round === 1 || !this.stopping); round++) {
      summary.rounds = round;
      // Before the scan, which then finds them in the folder.
      const unkept = this.stopping ? [] : await executor.keepUnkept();
      for (const err of unkept) if (!isOperational(err)) throw err;
      let scan;
      try {
        scan = await scanLocal({ root: pair.dir, rootId: pair.containerId, previous: { tree: state.local, metas: state.localMetas }, rules, fs: this.fs, now: this.clock.now, ...(this.o.newId ? { newId: this.o.newId } : {}), ...(hints ? { only: hints } : {}), ...(this.o.platform ? { platform: this.o.platform } : {}) });
      } catch (err) {
        if (!(err instanceof RootMissing)) throw err;
        return this.block(summary, 'root-missing', `the folder ${pair.dir} vanished during the scan; nothing is deleted until it is back`);
      }
      settleDownloads(state, scan);
      // The scan is adopted only once the guard lets it through: files that vanish and come back
      // (a disk unmounted and mounted again) keep their identity.
      const view = pairView(
        { rootId: pair.containerId, remote: state.remote, local: scan.tree, synced: state.synced },
        {
          excludedFolders: pair.settings.excludedFolders,
          caseInsensitive: pair.settings.caseInsensitive,
          rules,
          platform: this.o.platform ?? process.platform,
          dir: pair.dir,
          localPath: (id) => scan.metas.get(id)?.path ?? id,
        },
      );
      summary.leftOut = this.noteLeftOut(pair.pairId, scan, view.leftOut);
      const ops = plan(view.trees, { conflictStamp: this.conflictStamp(), caseInsensitiveLocal: pair.settings.caseInsensitive });
      const doomed = confirmed ? [] : pendingDeletes(ops, view.trees);
      const massDelete = massDeleteReason(doomed, view.trees, scan.tree.size === 0, pair);
      if (massDelete) return this.block(summary, 'mass-delete', massDelete, doomed);
      state.atomically(() => state.replace('local', scan.tree, scan.metas));
      if (ops.length === 0 && executor.hasUnkept) return { ...summary, errors: unkept.map((err) => `keeping a replaced version: ${(err as Error).message}`) };
      if (ops.length === 0) {
        await this.converged(this.pair(), scan.parts);
        // Nothing left out either: a later quiet restart would not report what this pass did.
        if (summary.leftOut.length === 0) this.lastInSync = { pair, rules, scan };
        return { ...summary, converged: true, errors: [] };
      }
      if (this.stopping) return summary;
      this.o.onLog?.(`round ${round}: ${ops.length} operations`);
      const { errors, succeeded } = await this.execute(executor, state, ops, summary);
      summary.errors = errors;
      if (this.pair().condition.kind === 'paused') return { ...summary, blocked: PAUSED };
      idle = succeeded === 0 ? idle + 1 : 0;
      if (idle >= MAX_IDLE_ROUNDS) return summary;
      try {
        if (!(await this.observeRemote(this.pair(), state))) return this.block(summary, 'remote-root-missing', 'the service folder of this pair is gone');
      } catch (err) {
        if (!isOperational(err)) throw err;
        return { ...summary, unreachable: isUnreachable(err), errors: [...summary.errors, `observing the service: ${(err as Error).message}`] };
      }
    }
    return summary;
  }

  /**
   * What the pair leaves out after this round's observation, kept in the store (the UI reads it
   * there); a change is told to onLeftOut. A partial scan vouches only for the folders it listed:
   * what was left out elsewhere is still left out.
   */
  private noteLeftOut(pairId: string, scan: LocalScan, remote: LeftOut[]): LeftOut[] {
    const key = (l: LeftOut | LeftOutRow) => `${l.side}\0${l.path}`;
    const before = this.o.store.leftOut(pairId).flatMap((r): LeftOut[] => (isLeftOutReason(r.reason) ? [{ side: r.side, path: r.path, reason: r.reason }] : []));
    const listed = scan.listed;
    const stillOut = listed === 'all' ? [] : before.filter((l) => l.side === 'local' && !listed.has(l.path.includes('/') ? l.path.slice(0, l.path.lastIndexOf('/')) : ''));
    const now = new Map<string, LeftOut>();
    for (const l of [...stillOut, ...scan.leftOut, ...remote]) if (!now.has(key(l))) now.set(key(l), l);
    const same = (a: LeftOut, b: LeftOut | undefined) => b !== undefined && a.reason === b.reason;
    const had = new Map(before.map((l) => [key(l), l]));
    const added = [...now.values()].filter((l) => !same(l, had.get(key(l))));
    const cleared = before.filter((l) => !same(l, now.get(key(l))));
    if (added.length > 0 || cleared.length > 0) {
      this.o.store.replaceLeftOut(pairId, [...now.values()]);
      this.o.onLeftOut?.({ added, cleared });
    }
    return [...now.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /**
   * Records that the pair is in sync, so that the next start can be quiet (quiet()), if the last
   * pass ended in sync and no pass started since. Taking the folder's digest costs about 0.2 s per
   * 100,000 files, so it is taken once, when the caller is done with the engine (the end of
   * `--once`, a stop), not after every pass of continuous mode. A process that dies before this
   * only costs the next start a full pass.
   */
  recordInSync(): void {
    const last = this.lastInSync;
    this.lastInSync = null;
    if (!last) return;
    const digest = digestOfScan(last.scan);
    if (digest !== '') this.o.store.setInSync(last.pair.pairId, this.inSyncMark(last.pair, last.rules, digest));
  }

  /**
   * Whether nothing changed since the last pass ended in sync, under the same settings and rules:
   * the service's feed holds nothing about the pair, and the folder hashes as it did then
   * (digestOfFolder). Then the trees are still equal, and they need not even be loaded.
   */
  private async quiet(pair: PairRecord, rules: IgnoreRules): Promise<boolean> {
    if (pair.condition.kind !== 'active' || pair.inSyncWith === '' || !pair.cursor) return false;
    // The walk is this thread's work and the feed is the network's: both at once.
    const [cursor, digest] = await Promise.all([this.feedQuietSince(pair), digestOfFolder({ root: pair.dir, rules, fs: this.fs })]);
    if (cursor === null || digest === '' || this.inSyncMark(pair, rules, digest) !== pair.inSyncWith) return false;
    if (cursor !== pair.cursor) this.o.store.setCursor(pair.pairId, cursor);
    return true;
  }

  /** The feed's end if nothing in it since the pair's cursor concerns the pair; null if something does, or the feed cannot be read. */
  private async feedQuietSince(pair: PairRecord): Promise<string | null> {
    let cursor = pair.cursor;
    const root = pair.containerId;
    const known = (id: string) => this.o.store.hasRemoteNode(pair.pairId, id);
    const concerns = (c: Change) => c.id === root || c.parentId === root || known(c.id) || known(c.parentId);
    try {
      for (let more = true; more; ) {
        const page = await this.remote.changes(cursor);
        if (page.changes.some(concerns)) return null;
        cursor = page.nextCursor;
        more = page.hasMore;
      }
    } catch (err) {
      if (isOperational(err)) return null;
      throw err;
    }
    return cursor;
  }

  /** What being in sync depends on: what the pair leaves out, how it compares names, and what the folder held. */
  private inSyncMark(pair: PairRecord, rules: IgnoreRules, folderDigest: string): string {
    const { excludedFolders, caseInsensitive } = pair.settings;
    return createHash('sha256')
      .update(JSON.stringify({ excluded: [...excludedFolders].sort(), caseInsensitive, rules: rules.source, platform: this.o.platform ?? process.platform, folderDigest }))
      .digest('hex');
  }

  /**
   * The reason the pair may not sync now, or ''. A missing folder that is back unblocks itself; a
   * mass delete is weighed again each pass (the files may be back), and blocks again if it must.
   */
  private async stillBlocked(pair: PairRecord): Promise<string> {
    const c = pair.condition;
    switch (c.kind) {
      case 'active':
      case 'deletes-confirmed':
      case 'mass-delete':
        return '';
      case 'paused':
        return PAUSED;
      case 'root-missing':
        if ((await rootFolderState(pair.dir, this.fs)) !== 'folder') return c.message;
        this.owner.release();
        return '';
      case 'remote-root-missing': {
        const root = await this.remote.getContainer(pair.containerId).catch(() => null);
        if (root?.status !== 'ACTIVE') return c.message;
        // Walk again: what happened below the folder while it was away is not in the feed we kept.
        this.o.store.setCursor(pair.pairId, '');
        this.owner.release();
        return '';
      }
      default:
        throw missingCaseError(c);
    }
  }

  private executor(pair: PairRecord, state: PairState): Executor {
    return new Executor({
      remote: this.remote,
      fs: this.fs,
      clock: this.clock,
      ...(this.o.newId ? { newId: this.o.newId } : {}),
      state,
      dir: pair.dir,
      pairId: pair.pairId,
      caseInsensitive: pair.settings.caseInsensitive,
      limiter: new PQueue({ concurrency: pair.settings.concurrency }),
      ...(pair.settings.uploadLimit > 0 ? { upload: new Throttle(pair.settings.uploadLimit) } : {}),
      ...(pair.settings.downloadLimit > 0 ? { download: new Throttle(pair.settings.downloadLimit) } : {}),
      ...(this.o.onProgress ? { onProgress: this.o.onProgress } : {}),
      ...(this.o.onChange ? { onChange: this.o.onChange } : {}),
      ownWrites: this.ownWrites,
      conflictStamp: () => this.conflictStamp(),
      unkept: this.unkept,
      ...(this.o.onTransfer ? { onTransfer: this.o.onTransfer } : {}),
    });
  }

  /** In sync: our leftover temp files go, and a guard or a confirmation of deletes is done with. */
  private async converged(pair: PairRecord, parts: string[]): Promise<void> {
    for (const rel of parts) await this.fs.rmFile(join(pair.dir, ...rel.split('/')));
    if (pair.condition.kind !== 'active' && pair.condition.kind !== 'paused') this.owner.release();
  }

  /**
   * Structure first, one at a time (folders, moves, deletes: each changes paths the next may
   * use); then transfers, concurrently. An operation that fails is reported and planned again
   * next round; only a bug stops the pass.
   */
  private async execute(executor: Executor, state: PairState, ops: Op[], summary: SyncSummary): Promise<{ errors: string[]; succeeded: number }> {
    const errors: string[] = [];
    let succeeded = 0;
    const run = async (op: Op) => {
      if (this.stopping || this.owner.paused) return;
      try {
        await executor.run(op);
        count(summary, op);
        succeeded++;
      } catch (err) {
        if (!isOperational(err)) throw err;
        const id = 'id' in op ? op.id : op.localId;
        const error = (err as Error).message;
        errors.push(`${op.type} ${id}: ${error}`);
        this.o.onFailure?.({ op: op.type, id, error, ...(err instanceof FolioApiError ? { code: err.code, rid: err.rid } : {}) });
        this.o.onLog?.(`skipped ${op.type}: ${error}`);
      }
    };
    const isTransfer = (op: Op) => op.type === 'upload' || op.type === 'download' || op.type === 'conflictCopy';
    const concurrency = Math.max(1, this.pair().settings.concurrency);
    await runInWaves(ops.filter((op) => !isTransfer(op)), concurrency, run);
    const transfers = transferOrder(ops.filter(isTransfer));
    if (transfers.length === 0) return { errors, succeeded };
    // Files in flight are bounded by the pair's concurrency; so are requests, by the executor's
    // limiter. Transfers are queued a few at a time, not all at once: 100,000 waiting tasks cost memory.
    const files = new PQueue({ concurrency });
    const bugs: unknown[] = [];
    await state.grouped(GROUP_COMMIT_MS, async () => {
      for (const [i, op] of transfers.entries()) {
        if (bugs.length > 0) break;
        // Intents a slice at a time, durable before the slice's first transfer can land: a first
        // sync of 100,000 files holds a slice of them, not one per file of the whole pair.
        if (i % INTENT_SLICE === 0) state.durably(() => executor.prepare(transfers.slice(i, i + INTENT_SLICE)));
        await files.onSizeLessThan(concurrency);
        files.add(() => run(op)).catch((err: unknown) => bugs.push(err));
      }
      await files.onIdle();
    }, this.clock);
    if (bugs.length > 0) throw bugs[0];
    return { errors, succeeded };
  }

  /** Brings the remote tree up to date, and settles uploads that landed; false when the pair's own folder is gone on the service. */
  private async observeRemote(pair: PairRecord, state: PairState): Promise<boolean> {
    // The version each upload of a new version was made over, while it was in flight.
    const over = new Map<string, string>();
    for (const intent of state.intents.values()) {
      const observed = state.remoteMetas.get(intent.id)?.versionId;
      if (intent.side === 'remote' && observed) over.set(intent.id, observed);
    }
    const present = await this.readRemote(pair, state);
    if (!present) return present;
    // One that landed unrecorded (a crash, a lost answer) never looked at what it replaced
    // (Executor.keepReplaced): that look waits for the next round.
    for (const id of settleUploads(state)) {
      const observed = over.get(id);
      const ours = state.remoteMetas.get(id);
      const hash = state.remote.get(id)?.hash;
      const file = state.local.get(id);
      if (!observed || !ours || !hash || !file || observed === ours.versionId) continue;
      this.unkept.set(`${id}\0${ours.versionId}`, (executor) => executor.keepReplaced(id, observed, { versionId: ours.versionId, contentHash: hash }, file));
    }
    return present;
  }

  private async readRemote(pair: PairRecord, state: PairState): Promise<boolean> {
    if (pair.cursor) {
      try {
        // Page by page: after a large upload the feed holds two changes per file, and they need not all be in memory at once.
        let cursor = pair.cursor;
        let view: RemoteView | null = null;
        let rootGone = false;
        for (let more = true; more; ) {
          const page = await this.remote.changes(cursor);
          if (page.changes.length > 0) {
            view ??= { tree: new Map(state.remote), metas: new Map(state.remoteMetas) };
            rootGone = (await applyChanges(this.remote, pair.containerId, view, page.changes)).rootGone || rootGone;
          }
          cursor = page.nextCursor;
          more = page.hasMore;
        }
        const observed = view;
        state.atomically(() => {
          if (observed) state.replace('remote', observed.tree, observed.metas);
          if (cursor !== pair.cursor) this.o.store.setCursor(pair.pairId, cursor);
        });
        return !rootGone;
      } catch (err) {
        if (!(err instanceof FolioApiError) || err.code !== ErrorCodes.CURSOR_EXPIRED.code) throw err;
        this.o.onLog?.('the change feed no longer holds our cursor: walking the service folder');
      }
    }
    const root = await this.remote.getContainer(pair.containerId);
    if (root.status !== 'ACTIVE') return false;
    const cursor = await this.remote.latestCursor();
    const walked = await walkRemote(this.remote, pair.containerId);
    state.atomically(() => {
      state.replace('remote', walked.tree, walked.metas);
      this.o.store.setCursor(pair.pairId, cursor);
    });
    return true;
  }

  private block(summary: SyncSummary, kind: Guard['kind'], message: string, doomed: readonly PendingDelete[] = []): SyncSummary {
    this.owner.guard({ kind, message }, doomed);
    this.o.onLog?.(`paused: ${message}`);
    return { ...summary, blocked: message };
  }

  private conflictStamp(): string {
    const d = new Date(this.clock.now());
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())} ${this.host}`;
  }
}

/** Failures of the world (the network, the service, the disk) that a later pass may get past; not bugs, not rejected credentials. */
function isOperational(err: unknown): boolean {
  if (err instanceof FolioApiError && CREDENTIAL_CODES.has(err.code)) return false;
  if (err instanceof StaleObservation || err instanceof FolioApiError || isUnreachable(err) || err instanceof HashMismatch || err instanceof FileChanged) return true;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && FS_ERRORS.has(code);
}

/**
 * Why this batch must wait for a confirmation, or '': it deletes more than half of the pair's
 * files and at least the configured minimum, or it finds the folder empty where there were files.
 */
function massDeleteReason(items: readonly PendingDelete[], t: Trees, folderEmpty: boolean, pair: PairRecord): string {
  const doomed = fileCount(items);
  if (doomed === 0) return '';
  if (folderEmpty) return `the folder ${pair.dir} is empty (an unmounted disk?); ${doomed} files would be deleted on the service; confirm to go ahead`;
  const files = countFiles(t.synced);
  if (doomed >= pair.settings.massDeleteMinimum && doomed * 2 > files) return `${doomed} of ${files} files would be deleted; confirm to go ahead`;
  return '';
}

function countFiles(tree: Tree): number {
  let n = 0;
  for (const node of tree.values()) if (node.kind === 'file') n++;
  return n;
}


function count(summary: SyncSummary, op: Op): void {
  switch (op.type) {
    case 'upload':
    case 'createRemoteDir':
      summary.uploaded++;
      return;
    case 'download':
    case 'createLocalDir':
      summary.downloaded++;
      return;
    case 'moveRemote':
    case 'moveLocal':
      summary.moved++;
      return;
    case 'deleteRemote':
    case 'deleteLocal':
      summary.deleted++;
      return;
    case 'conflictCopy':
    case 'renameLocal':
      summary.conflicts++;
      return;
    case 'adopt':
    case 'record':
    case 'forget':
      return;
    default:
      throw missingCaseError(op);
  }
}

