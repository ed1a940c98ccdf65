/**
 * The activity stream: one entry per file transfer (updated in place as its bytes move), per
 * conflict, per failure and per finished round. It keeps the newest entries up to a bound, and
 * sends progress updates at most every `throttleMs` per entry so a fast transfer cannot flood a UI;
 * a change of state (done, failed) always goes out at once.
 */
import type { ActivityDirection, ActivityEntry, ActivityKind, Progress } from '../../shared/desktop/api.ts';
import type { AppliedChange, TransferDirection } from '../sync/executor.ts';

/** The speed of a transfer is measured over this much of its latest progress... */
const RATE_WINDOW_MS = 5_000;
/** ...and said only once progress spans at least this long. */
const RATE_MIN_SPAN_MS = 1_000;

interface Sample {
  at: number;
  bytes: number;
}

export interface ActivityOptions {
  capacity?: number;
  throttleMs?: number;
  now?: () => Date;
  onEntry: (entry: ActivityEntry) => void;
}

type NewEntry = Omit<ActivityEntry, 'seq' | 'time'>;

/** The engine's side-named changes, as the contract says them to a person: what was done, and where. */
const CHANGE_VIEW: Record<AppliedChange['type'], { kind: ActivityKind; direction: ActivityDirection }> = {
  deleteRemote: { kind: 'delete', direction: 'deleteOnService' },
  deleteLocal: { kind: 'delete', direction: 'deleteHere' },
  moveRemote: { kind: 'move', direction: 'moveOnService' },
  moveLocal: { kind: 'move', direction: 'moveHere' },
};

export class ActivityLog {
  private readonly entries = new Map<number, ActivityEntry>();
  /** Running transfers, by pair and path. */
  private readonly running = new Map<string, ActivityEntry>();
  /** Transfers finished in the round under way, by pair and path. */
  private readonly finished = new Map<string, ActivityEntry>();
  private readonly lastSent = new Map<number, number>();
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private seq = 0;
  private readonly capacity: number;
  private readonly throttleMs: number;
  /** Per pair, the transfers of the round under way. */
  private readonly rounds = new Map<string, Set<number>>();
  /** Running transfers' recent progress, by seq: what their speed is measured from. */
  private readonly samples = new Map<number, Sample[]>();

  constructor(private readonly o: ActivityOptions) {
    this.capacity = o.capacity ?? 100_000;
    this.throttleMs = o.throttleMs ?? 100;
  }

  private clock(): Date {
    return (this.o.now ?? (() => new Date()))();
  }

  private now(): string {
    return this.clock().toISOString();
  }

  add(e: NewEntry): ActivityEntry {
    const entry: ActivityEntry = { ...e, seq: ++this.seq, time: this.now() };
    this.entries.set(entry.seq, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as number;
      this.entries.delete(oldest);
      this.lastSent.delete(oldest);
      this.samples.delete(oldest);
    }
    this.o.onEntry(entry);
    this.lastSent.set(entry.seq, Date.now());
    return entry;
  }

  /** A transfer's bytes moved: the first call opens its entry, the last (done === total) closes it. */
  progress(pairId: string, path: string, done: number, total: number, direction: TransferDirection): void {
    const key = `${pairId}\0${path}`;
    let entry = this.running.get(key);
    // The transfer layer confirms a finished transfer once more when the service has answered:
    // that is the same transfer, not a new one.
    const just = this.finished.get(key);
    if (!entry && just && done >= total && just.direction === direction && just.bytesTotal === total && this.entries.has(just.seq)) return;
    if (!entry || !this.entries.has(entry.seq)) {
      entry = this.add({ pairId, path, kind: 'transfer', direction, state: 'running', bytesDone: 0, bytesTotal: total, message: '' });
      this.running.set(key, entry);
      this.roundOf(pairId).add(entry.seq);
    }
    entry.bytesDone = Math.max(0, Math.min(done, total));
    entry.bytesTotal = Math.max(0, total);
    entry.time = this.now();
    this.measure(entry);
    if (done >= total) {
      entry.state = 'done';
      this.stopMeasuring(entry);
      this.running.delete(key);
      this.finished.set(key, entry);
      this.send(entry.seq, true);
    } else {
      this.send(entry.seq, false);
    }
  }

  /** A delete or a move the engine carried out: one finished entry. */
  change(pairId: string, c: AppliedChange): void {
    const message = 'from' in c ? `from ${c.from || '/'}` : '';
    this.add({ pairId, path: c.path, ...CHANGE_VIEW[c.type], state: 'done', bytesDone: 0, bytesTotal: 0, message });
  }

  /** The round of a pair ended: transfers it left running failed (or were skipped). */
  endRound(pairId: string, errors: string[]): void {
    for (const [key, entry] of this.running) {
      if (entry.pairId !== pairId) continue;
      entry.state = 'failed';
      this.stopMeasuring(entry);
      entry.message = errors.find((e) => e.includes(entry.path)) ?? 'not finished in this round';
      this.running.delete(key);
      this.send(entry.seq, true);
    }
  }

  startRound(pairId: string): void {
    this.rounds.set(pairId, new Set());
    for (const [key, e] of this.finished) if (e.pairId === pairId) this.finished.delete(key);
  }

  /** What the round under way has moved so far. */
  roundProgress(pairId: string): Progress {
    const p: Progress = { filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0 };
    for (const seq of this.rounds.get(pairId) ?? []) {
      const e = this.entries.get(seq);
      if (!e) continue;
      p.filesTotal++;
      if (e.state !== 'running') p.filesDone++;
      p.bytesDone += e.state === 'done' ? e.bytesTotal : e.bytesDone;
      p.bytesTotal += e.bytesTotal;
    }
    return p;
  }

  /** The entry of a seq, while it is kept. */
  entry(seq: number): ActivityEntry | undefined {
    const e = this.entries.get(seq);
    return e && { ...e };
  }

  list(afterSeq = 0, limit = 1000): { entries: ActivityEntry[]; lastSeq: number } {
    const out: ActivityEntry[] = [];
    for (const e of this.entries.values()) {
      if (e.seq <= afterSeq) continue;
      out.push({ ...e });
    }
    return { entries: out.slice(-limit), lastSeq: this.seq };
  }

  forgetPair(pairId: string): void {
    for (const [key, e] of this.running) {
      if (e.pairId !== pairId) continue;
      this.samples.delete(e.seq);
      this.running.delete(key);
    }
    for (const [key, e] of this.finished) if (e.pairId === pairId) this.finished.delete(key);
    this.rounds.delete(pairId);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flush();
  }

  /** Keeps the latest progress of a running transfer, and its speed over RATE_WINDOW_MS once there is enough of it. */
  private measure(entry: ActivityEntry): void {
    const at = this.clock().getTime();
    const samples = this.samples.get(entry.seq) ?? [];
    samples.push({ at, bytes: entry.bytesDone });
    while (samples.length > 2 && at - (samples[1] as Sample).at >= RATE_WINDOW_MS) samples.shift();
    this.samples.set(entry.seq, samples);
    const first = samples[0] as Sample;
    const span = at - first.at;
    if (span >= RATE_MIN_SPAN_MS) entry.bytesPerSecond = Math.round(((entry.bytesDone - first.bytes) * 1000) / span);
  }

  private stopMeasuring(entry: ActivityEntry): void {
    this.samples.delete(entry.seq);
    delete entry.bytesPerSecond;
  }

  private send(seq: number, now: boolean): void {
    const last = this.lastSent.get(seq) ?? 0;
    if (now || Date.now() - last >= this.throttleMs) {
      this.pending.delete(seq);
      this.emit(seq);
      return;
    }
    this.pending.add(seq);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.throttleMs);
  }

  private flush(): void {
    for (const seq of [...this.pending]) this.emit(seq);
    this.pending.clear();
  }

  private emit(seq: number): void {
    const e = this.entries.get(seq);
    if (!e) return;
    this.lastSent.set(seq, Date.now());
    this.o.onEntry({ ...e });
  }

  private roundOf(pairId: string): Set<number> {
    let r = this.rounds.get(pairId);
    if (!r) this.rounds.set(pairId, (r = new Set()));
    return r;
  }
}
