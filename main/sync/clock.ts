/**
 * Time as the engine and its loop see it: the wall clock and timers, behind one interface, so a
 * simulation can run them on virtual time (docs/sync.md, "The simulation").
 */

/** A timer set by a Clock; only that clock can clear it. */
export interface ClockTimer {
  readonly clockTimer: true;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): ClockTimer;
  setInterval(fn: () => void, ms: number): ClockTimer;
  /** Clears a timeout or an interval; nothing when it already fired or was cleared. */
  clear(timer: ClockTimer): void;
}

type NodeTimer = ClockTimer & { handle: NodeJS.Timeout; repeat: boolean };

/** The process's own clock and timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms): NodeTimer => ({ clockTimer: true, handle: setTimeout(fn, ms), repeat: false }),
  setInterval: (fn, ms): NodeTimer => ({ clockTimer: true, handle: setInterval(fn, ms), repeat: true }),
  clear: (timer) => {
    const t = timer as NodeTimer;
    if (t.repeat) clearInterval(t.handle);
    else clearTimeout(t.handle);
  },
};
