/** Virtual time for the simulation: it moves only when the world says so, and fires timers on the way. */
import type { Clock, ClockTimer } from '../../main/sync/clock.ts';

interface Timer extends ClockTimer {
  due: number;
  every: number;
  fn: () => void;
  live: boolean;
}

export class SimClock implements Clock {
  private t = Date.UTC(2026, 0, 1);
  private timers: Timer[] = [];

  now = (): number => this.t;

  setTimeout(fn: () => void, ms: number): ClockTimer {
    return this.add(fn, ms, 0);
  }

  setInterval(fn: () => void, ms: number): ClockTimer {
    return this.add(fn, ms, Math.max(1, ms));
  }

  clear(timer: ClockTimer): void {
    (timer as Timer).live = false;
    this.timers = this.timers.filter((t) => t !== timer);
  }

  /** Forgets every timer: what a crashed process had set never fires. */
  reset(): void {
    for (const t of this.timers) t.live = false;
    this.timers = [];
  }

  /** Moves time on by `ms`, firing what falls due, in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const next = this.timers.filter((t) => t.live && t.due <= end).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.t = Math.max(this.t, next.due);
      if (next.every > 0) next.due += next.every;
      else this.clear(next);
      next.fn();
    }
    this.t = end;
  }

  private add(fn: () => void, ms: number, every: number): Timer {
    const timer: Timer = { clockTimer: true, due: this.t + Math.max(0, ms), every, fn, live: true };
    this.timers.push(timer);
    return timer;
  }
}
