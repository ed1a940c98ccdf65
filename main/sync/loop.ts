/**
 * Keeps one pair in sync while it runs: the only loop of the engine, for `folio sync`, the desktop
 * core and `folio daemon` alike (docs/sync.md, "The loop"). One round (a pass of PairSync) runs
 * at a time, and a request during a round runs one more after it. What starts a round:
 *   - the folder's watcher: each event names the folder to scan (a hint), after a short quiet
 *     time; the echo of the engine's own writes is ignored (./ownWrites.ts);
 *   - the poll: the service's change feed, and the hints gathered so far;
 *   - the full scan, periodically: the truth, whatever the watcher missed;
 *   - a round that could not finish (offline, a failed operation): a full one, soon;
 *   - syncNow(): a full one, now.
 */
import { relative, sep } from 'node:path';
import { watch } from 'chokidar';
import { isUnreachable } from '../remote/errors.ts';
import type { PairSync, SyncSummary } from './engine.ts';
import { IGNORE_FILE } from './ignore.ts';
import { systemClock, type Clock, type ClockTimer } from './clock.ts';
import { Coalescer } from './coalescer.ts';
import type { FileSeen, WatchEvent } from './ownWrites.ts';

export interface LoopOptions {
  dir: string;
  /** How often the service's change feed is read. */
  pollMs: number;
  /** How often the whole folder is scanned, hints or not. */
  fullScanMs: number;
  /** Quiet time after the last local event before a round starts. */
  debounceMs: number;
  /** After a round that could not finish, the next (full) one comes this soon; by default the poll's interval, at most 5 s. */
  retryMs?: number;
  /** False while rounds must not start (the pair or every pair paused); what the watcher saw waits. */
  enabled?: () => boolean;
  onRoundStart?: () => void;
  onRound?: (round: Round) => void;
  onWatcherError?: (err: unknown) => void;
  /** The folder's watcher: chokidar unless a simulation runs the loop. */
  watch?: WatchFolder;
  /** Time and timers: the system's unless a simulation runs the loop. */
  clock?: Clock;
}

/** What a folder watcher tells the loop. */
export interface WatchHandlers {
  onEvent(event: string, path: string, stats: FileSeen | undefined): void;
  onError(err: unknown): void;
  /** The watcher has read the folder: what changes after is reported. */
  onReady(): void;
}

/** Starts watching `dir` (absolute paths in events), skipping paths `ignored` accepts. */
export type WatchFolder = (dir: string, ignored: (path: string) => boolean, handlers: WatchHandlers) => { close(): Promise<void> };

const chokidarWatch: WatchFolder = (dir, ignored, h) => {
  const watcher = watch(dir, { ignoreInitial: true, alwaysStat: true, ignored });
  watcher.on('all', (event, path, stats) => h.onEvent(event, path, stats));
  watcher.on('error', (err) => h.onError(err));
  watcher.once('ready', () => h.onReady());
  return watcher;
};

export type RoundOutcome =
  | { kind: 'summary'; summary: SyncSummary }
  | { kind: 'offline'; reason: string }
  | { kind: 'error'; reason: string; cause: unknown };

export interface Round {
  /** 1 for the loop's first round. */
  seq: number;
  /** When it began (ms since the epoch). */
  startedAt: number;
  /** What the round scanned locally: everything, or the folders the watcher named ([] for the feed alone). */
  scope: 'full' | string[];
  outcome: RoundOutcome;
}

export type LoopPhase = 'STARTING' | 'SYNCING' | 'IDLE' | 'OFFLINE' | 'ERROR';

// Our transfer files and our temp files (replaceFile's) are not changes worth a round.
const OUR_FILES = /(^|[\\/])\.folio-[^\\/]*$/;

export class PairLoop {
  phase: LoopPhase = 'STARTING';
  lastOutcome: RoundOutcome | null = null;
  /** Resolves once the watcher has read the folder: what changes after is reported. */
  readonly ready: Promise<void>;
  private readonly watcher: { close(): Promise<void> };
  private readonly clock: Clock;
  private readonly rounds: Coalescer;
  /** What the next round must scan locally: everything, some folders, or nothing (the feed only). */
  private pending: Set<string> | 'full' = 'full';
  private seq = 0;
  private stopped = false;
  private readonly timers: ClockTimer[] = [];
  private poll: ClockTimer | null = null;
  private debounce: ClockTimer | null = null;
  private retry: ClockTimer | null = null;

  /**
   * Starts watching the folder; once the watcher has read it, the timers and the first round (a
   * full scan) start: a change made before then is in that scan, and one made after is reported.
   */
  constructor(
    private readonly engine: PairSync,
    private readonly o: LoopOptions,
  ) {
    this.rounds = new Coalescer(() => this.round());
    this.clock = o.clock ?? systemClock;
    let ready = (): void => undefined;
    const watcherReady = new Promise<void>((resolve) => (ready = resolve));
    this.watcher = (o.watch ?? chokidarWatch)(o.dir, (path: string) => OUR_FILES.test(path), {
      onEvent: (event, path, stats) => this.observe(event, path, stats),
      // A folder that vanishes makes the watcher report an error; the next full round's guard handles it.
      onError: (err) => {
        o.onWatcherError?.(err);
        this.pending = 'full';
        this.soon();
      },
      onReady: () => ready(),
    });
    this.ready = watcherReady.then(() => {
      if (this.stopped) return;
      this.setPoll(o.pollMs);
      this.timers.push(this.clock.setInterval(() => this.syncNow(), o.fullScanMs));
      this.rounds.kick();
    });
  }

  setPoll(ms: number): void {
    if (this.stopped) return;
    if (this.poll) this.clock.clear(this.poll);
    this.poll = this.clock.setInterval(() => this.rounds.kick(), ms);
  }

  /** A full round now, or right after the one under way. */
  syncNow(): void {
    this.pending = 'full';
    this.rounds.kick();
  }

  get busy(): boolean {
    return this.rounds.busy;
  }

  /** Resolves when the round under way (if any) and any round it queued are over. */
  idle(): Promise<void> {
    return this.rounds.idle();
  }

  /** Stops watching and polling; waits for the round under way to finish its operations in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of [...this.timers, this.poll, this.debounce, this.retry]) if (t) this.clock.clear(t);
    this.engine.stop();
    await this.watcher.close();
    await this.rounds.stop();
    this.engine.recordInSync();
  }

  private observe(event: string, path: string, stats: FileSeen | undefined): void {
    if (!isWatchEvent(event)) return;
    const rel = relative(this.o.dir, path).split(sep).join('/');
    if (rel.startsWith('..') || this.engine.ownWrites.isEcho(event, rel, stats)) return;
    if (rel === IGNORE_FILE) this.pending = 'full';
    else if (this.pending !== 'full') this.pending.add(rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '');
    this.soon();
  }

  private soon(): void {
    if (this.stopped) return;
    if (this.debounce) this.clock.clear(this.debounce);
    this.debounce = this.clock.setTimeout(() => this.rounds.kick(), this.o.debounceMs);
  }

  private async round(): Promise<void> {
    if (this.stopped || !(this.o.enabled?.() ?? true)) return;
    const scope = this.pending;
    this.pending = new Set();
    const startedAt = this.clock.now();
    this.phase = 'SYNCING';
    this.o.onRoundStart?.();
    let outcome: RoundOutcome;
    try {
      const summary = await this.engine.syncOnce(scope === 'full' ? {} : { hints: scope });
      // The engine keeps going past an unreachable service and says so in its summary.
      outcome = summary.unreachable ? { kind: 'offline', reason: summary.errors.join('; ') } : { kind: 'summary', summary };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      outcome = isUnreachable(err) ? { kind: 'offline', reason } : { kind: 'error', reason, cause: err };
    }
    this.phase = outcome.kind === 'summary' ? 'IDLE' : outcome.kind === 'offline' ? 'OFFLINE' : 'ERROR';
    this.lastOutcome = outcome;
    this.o.onRound?.({ seq: ++this.seq, startedAt, scope: scope === 'full' ? 'full' : [...scope].sort(), outcome });
    if (outcome.kind !== 'summary' || (!outcome.summary.converged && !outcome.summary.blocked)) this.retrySoon();
  }

  /** A round that did not finish is followed by a full one, soon. */
  private retrySoon(): void {
    if (this.stopped) return;
    this.pending = 'full';
    if (this.retry) this.clock.clear(this.retry);
    this.retry = this.clock.setTimeout(() => this.rounds.kick(), this.o.retryMs ?? Math.min(5_000, this.o.pollMs));
  }
}

function isWatchEvent(event: string): event is WatchEvent {
  return event === 'add' || event === 'addDir' || event === 'change' || event === 'unlink' || event === 'unlinkDir';
}
