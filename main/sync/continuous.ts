/**
 * Keeps a pair in sync while it runs: chokidar events are hints (which folders to look at, and
 * when, after a short debounce); the change feed is polled; and a periodic full scan is the truth,
 * catching whatever the watcher missed (docs/sync.md, "Observation").
 */
import { relative, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { PairSync, SyncSummary } from './engine.ts';
import { IGNORE_FILE } from './ignore.ts';

export interface ContinuousOptions {
  dir: string;
  /** How often the service's change feed is read. */
  pollMs: number;
  /** How often the whole folder is scanned, hints or not. */
  fullScanMs: number;
  /** Quiet time after the last local event before a pass starts. */
  debounceMs: number;
  /** After a pass that could not finish (offline, a failed operation), the next one comes this soon. */
  retryMs?: number;
  onPass?: (summary: SyncSummary) => void;
  onError?: (err: unknown) => void;
}

const OUR_TEMP_FILE = /(^|[\\/])\.folio-[^\\/]*\.part$/;

export class ContinuousSync {
  private watcher: FSWatcher | null = null;
  /** What the next pass must scan locally: everything, some folders, or nothing (the feed only). */
  private pending: Set<string> | 'full' = 'full';
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private debounce: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly engine: PairSync,
    private readonly o: ContinuousOptions,
  ) {}

  /** Starts watching and runs the first pass (a full scan); resolves once the watcher is ready. */
  async start(): Promise<void> {
    const watcher = watch(this.o.dir, { ignoreInitial: true, ignored: (path: string) => OUR_TEMP_FILE.test(path) });
    this.watcher = watcher;
    watcher.on('all', (_event, path) => this.hint(path));
    watcher.on('error', (err) => this.o.onError?.(err));
    await new Promise<void>((ready) => watcher.once('ready', ready));
    this.timers.push(setInterval(() => this.kick(), this.o.pollMs));
    this.timers.push(
      setInterval(() => {
        this.pending = 'full';
        this.kick();
      }, this.o.fullScanMs),
    );
    this.kick();
  }

  /** Stops watching and polling; waits for the pass in progress to finish its operations in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    if (this.debounce) clearTimeout(this.debounce);
    if (this.retry) clearTimeout(this.retry);
    this.engine.stop();
    await this.watcher?.close();
    await this.running;
    this.engine.recordInSync();
  }

  /** Whether a pass is running now; for tests and status displays. */
  get busy(): boolean {
    return this.running !== null;
  }

  private hint(path: string): void {
    const rel = relative(this.o.dir, path).split(sep).join('/');
    if (rel.startsWith('..')) return;
    if (rel === IGNORE_FILE) this.pending = 'full';
    else if (this.pending !== 'full') this.pending.add(rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '');
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => this.kick(), this.o.debounceMs);
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async pass(): Promise<void> {
    const scope = this.pending;
    this.pending = new Set();
    try {
      const summary = await this.engine.syncOnce(scope === 'full' ? {} : { hints: scope });
      this.o.onPass?.(summary);
      if (!summary.converged && !summary.blocked) this.retrySoon();
    } catch (err) {
      this.o.onError?.(err);
      this.retrySoon();
    }
  }

  /** A pass that did not finish is followed by a full one, soon. */
  private retrySoon(): void {
    if (this.stopped) return;
    this.pending = 'full';
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => this.kick(), this.o.retryMs ?? Math.min(5_000, this.o.pollMs));
  }
}
