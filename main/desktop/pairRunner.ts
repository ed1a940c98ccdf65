/**
 * Keeps one sync pair in sync while the app runs: chokidar events on the folder are hints to sync
 * soon (debounced), a poll picks up the service's changes, and one round runs at a time — a
 * request during a round runs one more round after it. The engine (PairSync) does the work.
 */
import { watch, type FSWatcher } from 'chokidar';
import type { FolioClient } from '../remote/client.ts';
import type { SyncStore } from '../store/sync/index.ts';
import { PairSync, type SyncSummary } from '../sync/engine.ts';
import type { AppliedChange, TransferDirection } from '../sync/executor.ts';
import { isUnreachable } from './failure.ts';

export type RunnerPhase = 'STARTING' | 'SYNCING' | 'IDLE' | 'OFFLINE' | 'ERROR';

export interface RunnerHooks {
  onRoundStart(pairId: string): void;
  onRoundEnd(pairId: string, outcome: RoundOutcome): void;
  onProgress(pairId: string, path: string, done: number, total: number, direction: TransferDirection): void;
  onChange(pairId: string, change: AppliedChange): void;
}

export type RoundOutcome =
  | { kind: 'summary'; summary: SyncSummary }
  | { kind: 'offline'; reason: string }
  | { kind: 'error'; reason: string };

export interface RunnerOptions {
  store: SyncStore;
  pairId: string;
  dir: string;
  client: FolioClient;
  hooks: RunnerHooks;
  pollMs: number;
  debounceMs?: number;
  /** False while every pair is paused (the app-wide setting): rounds are skipped. */
  enabled: () => boolean;
}

// A watcher's own temp files and the engine's transfer files are not changes worth a round.
const OWN_FILES = /(^|[\\/])\.folio-[^\\/]*$/;

export class PairRunner {
  phase: RunnerPhase = 'STARTING';
  lastOutcome: RoundOutcome | null = null;
  private readonly engine: PairSync;
  private watcher: FSWatcher | null = null;
  private poll: NodeJS.Timeout | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly o: RunnerOptions) {
    this.engine = new PairSync({
      store: o.store,
      pairId: o.pairId,
      client: o.client,
      onProgress: (path, done, total, direction) => o.hooks.onProgress(o.pairId, path, done, total, direction),
      onChange: (change) => o.hooks.onChange(o.pairId, change),
    });
  }

  start(): void {
    this.watcher = watch(this.o.dir, { ignoreInitial: true, ignored: (p) => OWN_FILES.test(p) });
    this.watcher.on('all', () => this.soon());
    // A folder that vanishes makes chokidar report an error; the next round's guard handles it.
    this.watcher.on('error', () => this.soon());
    this.setPoll(this.o.pollMs);
    this.syncNow();
  }

  setPoll(ms: number): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = setInterval(() => this.syncNow(), ms);
  }

  /** A round now, or right after the one under way. */
  syncNow(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (!this.o.enabled()) return;
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.syncNow();
      }
    });
  }

  /** Resolves when the round under way (if any) and any round it queued are over. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    if (this.debounce) clearTimeout(this.debounce);
    await this.watcher?.close();
    await this.idle();
    this.engine.recordInSync();
  }

  private soon(): void {
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => this.syncNow(), this.o.debounceMs ?? 300);
  }

  private async round(): Promise<void> {
    this.phase = 'SYNCING';
    this.o.hooks.onRoundStart(this.o.pairId);
    let outcome: RoundOutcome;
    try {
      const summary = await this.engine.syncOnce();
      // The engine keeps going past an unreachable service and says so in its summary.
      outcome = summary.unreachable ? { kind: 'offline', reason: summary.errors.join('; ') } : { kind: 'summary', summary };
      this.phase = summary.unreachable ? 'OFFLINE' : 'IDLE';
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      outcome = isUnreachable(err) ? { kind: 'offline', reason } : { kind: 'error', reason };
      this.phase = outcome.kind === 'offline' ? 'OFFLINE' : 'ERROR';
    }
    this.lastOutcome = outcome;
    this.o.hooks.onRoundEnd(this.o.pairId, outcome);
  }
}
