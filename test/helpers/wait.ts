/**
 * How tests wait: for an event (a line a process prints, its exit, a change in a folder, the answer
 * to a request), never for a stretch of time. CI shares its two cores with other work, where a
 * process start or an OCR job can take many times what it takes on an idle machine, so no wait has
 * a deadline of its own that a slow machine could reach. The only limit is GUARD_MS, far beyond
 * anything a loaded machine needs: it turns a wait that can never end into a failure that names
 * what it waited for. The test's vitest timeout is the other guard.
 */
import type { ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';

export const GUARD_MS = 5 * 60_000;

/**
 * The vitest timeout of a test that starts processes one after another or waits for OCR: a guard as
 * well, set per test (the suite's default, a 5-minute guard, suits everything else). It outlasts GUARD_MS, so
 * that a wait that never ends fails with the name of what it waited for, not vitest's bare timeout.
 */
export const HEAVY_TEST_MS = 7 * 60_000;

/** Asks between answers, so that a wait does not keep a busy machine busier. */
const ASK_AGAIN_MS = 100;

function guard(what: string, detail: () => string = () => ''): { promise: Promise<never>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting for ${what} after ${GUARD_MS / 60_000} minutes${detail()}`)), GUARD_MS);
    timer.unref();
  });
  return { promise, clear: () => clearTimeout(timer) };
}

/**
 * Waits until `probe` answers with a truthy value, and returns it. The probe reads state (an HTTP
 * call, a database row, a file); it is asked again as soon as its last answer came back. A probe that
 * throws ends the wait, unless `errorsMeanNotYet` (a process still starting, a service being
 * restarted): then it is asked again, and its last error is part of the guard's message.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { errorsMeanNotYet = false }: { errorsMeanNotYet?: boolean } = {},
): Promise<T> {
  const started = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      if (!errorsMeanNotYet) throw err;
      last = err;
    }
    if (Date.now() - started > GUARD_MS) throw new Error(`still waiting for ${what} after ${GUARD_MS / 60_000} minutes${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, ASK_AGAIN_MS));
  }
}

/**
 * Waits until `probe` answers with a truthy value, asking it again each time something in `dir`
 * changes: SQLite appends to its `-wal` file at every commit, so watching a data directory wakes the
 * wait at each write of the process that owns it.
 */
export async function whenChanged<T>(dir: string, what: string, probe: () => T | undefined | null | false): Promise<T> {
  // Watching starts before the first look, so that a write between the two still wakes the wait.
  const watcher = watch(dir, { recursive: false });
  const limit = guard(what);
  try {
    const first = probe();
    if (first) return first;
    return await Promise.race([
      limit.promise,
      new Promise<T>((resolve, reject) => {
        watcher.on('error', reject);
        watcher.on('change', () => {
          try {
            const value = probe();
            if (value) resolve(value);
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      }),
    ]);
  } finally {
    limit.clear();
    watcher.close();
  }
}

/**
 * Resolves with the first match of `pattern` in what `child` prints on stdout (and all it printed
 * up to then); rejects when the process exits first, with `log()` (its stderr, say) in the message.
 */
export async function printed(child: ChildProcess, pattern: RegExp, what: string, log: () => string = () => ''): Promise<{ match: RegExpExecArray; out: string }> {
  const limit = guard(what, () => `: ${log()}`);
  let onData: ((d: Buffer) => void) | undefined;
  let onExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | undefined;
  try {
    return await Promise.race([
      limit.promise,
      new Promise<{ match: RegExpExecArray; out: string }>((resolve, reject) => {
        let out = '';
        onData = (d: Buffer) => {
          out += d.toString();
          const match = pattern.exec(out);
          if (match) resolve({ match, out });
        };
        onExit = (code, signal) => reject(new Error(`the process exited (${code ?? signal}) before ${what}: ${out} ${log()}`));
        child.stdout?.on('data', onData);
        child.once('exit', onExit);
      }),
    ]);
  } finally {
    limit.clear();
    if (onData) child.stdout?.off('data', onData);
    if (onExit) child.off('exit', onExit);
  }
}

/** Resolves when `child` has exited, at once if it already has. */
export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

/** Asks `child` to stop (SIGTERM) and resolves once it has exited; at once if it already has. */
export async function stopped(child: ChildProcess | undefined): Promise<void> {
  if (!child) return;
  const exit = exited(child);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exit;
}
