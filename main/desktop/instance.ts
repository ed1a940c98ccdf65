/**
 * One headless desktop per state folder, and the UI's port across restarts.
 *
 * `STATE/instance.lock` (mode 0600, like `local-token`) holds the running desktop's pid, and once
 * its web UI listens, the UI's port and per-run token: a second `folio start` prints that URL
 * instead of starting a second core on the same state, and `folio open` prints it again. The lock
 * is made with an exclusive create; one whose pid is no longer alive (a kill -9, a power cut) is
 * stale, and is taken over. `STATE/ui-port` remembers the last port, to be asked for again.
 */
import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'instance.lock';
export const PORT_FILE = 'ui-port';

export interface InstanceRecord {
  pid: number;
  /** 0 until the UI listens. */
  port: number;
  token: string;
}

export type Claim = { kind: 'claimed'; lock: InstanceLock } | { kind: 'running'; record: InstanceRecord };

export class InstanceLock {
  constructor(
    private readonly stateDir: string,
    private readonly pid: number,
  ) {}

  /** Says where the UI is, for a second start and for `folio open`; remembers the port for the next run. */
  publish(port: number, token: string): void {
    const path = join(this.stateDir, LOCK_FILE);
    const tmp = `${path}.${this.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ pid: this.pid, port, token } satisfies InstanceRecord), { mode: 0o600 });
    renameSync(tmp, path);
    writeFileSync(join(this.stateDir, PORT_FILE), `${port}\n`);
  }

  /** Removes the lock, unless another process holds it by now. */
  release(): void {
    const held = readInstance(this.stateDir);
    if (held?.pid === this.pid) unlinkSync(join(this.stateDir, LOCK_FILE));
  }
}

/** Takes the state folder for this process, or names the desktop that runs on it. */
export function claimInstance(stateDir: string, pid: number = process.pid): Claim {
  const path = join(stateDir, LOCK_FILE);
  // Two tries: the second follows the removal of a stale lock, which another starter may win.
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const held = readInstance(stateDir);
      if (held && held.pid !== pid && isAlive(held.pid)) return { kind: 'running', record: held };
      removeStale(path);
      continue;
    }
    try {
      writeSync(fd, JSON.stringify({ pid, port: 0, token: '' } satisfies InstanceRecord));
    } finally {
      closeSync(fd);
    }
    return { kind: 'claimed', lock: new InstanceLock(stateDir, pid) };
  }
  const held = readInstance(stateDir);
  if (held) return { kind: 'running', record: held };
  throw new Error(`could not take ${path}: another start is racing for it`);
}

/** The desktop that runs on the state folder, or null when none does (no lock, or a stale one). */
export function runningInstance(stateDir: string): InstanceRecord | null {
  const held = readInstance(stateDir);
  return held && isAlive(held.pid) ? held : null;
}

/** The port the UI had last time, or 0 (a free one). */
export function rememberedPort(stateDir: string): number {
  try {
    const port = Number(readFileSync(join(stateDir, PORT_FILE), 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : 0;
  } catch {
    return 0;
  }
}

export function uiUrls(record: Pick<InstanceRecord, 'port' | 'token'>): { url: string; openUrl: string } {
  const url = `http://127.0.0.1:${record.port}/`;
  return { url, openUrl: `${url}#token=${record.token}` };
}

function readInstance(stateDir: string): InstanceRecord | null {
  let raw: string;
  try {
    raw = readFileSync(join(stateDir, LOCK_FILE), 'utf8');
  } catch {
    return null;
  }
  try {
    const r = JSON.parse(raw) as Partial<InstanceRecord>;
    if (!Number.isInteger(r.pid) || (r.pid as number) <= 0) return null;
    return { pid: r.pid as number, port: Number.isInteger(r.port) ? (r.port as number) : 0, token: typeof r.token === 'string' ? r.token : '' };
  } catch {
    // A lock cut short by a crash mid-write holds no pid: nobody can be holding it.
    return null;
  }
}

/** Signal 0 checks that the process exists; EPERM means it does, as another user's. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeStale(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
