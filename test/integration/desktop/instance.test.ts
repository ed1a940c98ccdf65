/** One headless desktop per state folder: the lock file on a real folder, with real live and dead pids. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimInstance, LOCK_FILE, rememberedPort, runningInstance } from '../../../main/desktop/instance.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';
import { exited } from '../../helpers/wait.ts';

const dirs: string[] = [];
const fresh = () => {
  const d = tempDir('folio-instance-');
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach(removeDir));

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await exited(child);
  return child.pid as number;
}

describe('claimInstance', () => {
  it('takes a free state folder, publishes the UI, and a second claim names the first', () => {
    const state = fresh();
    const first = claimInstance(state);
    expect(first.kind).toBe('claimed');
    if (first.kind !== 'claimed') return;
    expect(statSync(join(state, LOCK_FILE)).mode & 0o777).toBe(0o600);
    expect(claimInstance(state, process.pid + 1)).toEqual({ kind: 'running', record: { pid: process.pid, port: 0, token: '' } });
    first.lock.publish(45678, 'tok');
    expect(runningInstance(state)).toEqual({ pid: process.pid, port: 45678, token: 'tok' });
    expect(rememberedPort(state)).toBe(45678);
    first.lock.release();
    expect(existsSync(join(state, LOCK_FILE))).toBe(false);
    expect(runningInstance(state)).toBeNull();
    // The port outlives the run: the next one asks for it again.
    expect(rememberedPort(state)).toBe(45678);
  });

  it('takes over a stale lock (its pid is gone, as after a kill -9) and a lock cut short mid-write', async () => {
    const state = fresh();
    writeFileSync(join(state, LOCK_FILE), JSON.stringify({ pid: await deadPid(), port: 40000, token: 'old' }));
    expect(runningInstance(state)).toBeNull();
    const taken = claimInstance(state);
    expect(taken.kind).toBe('claimed');
    expect(JSON.parse(readFileSync(join(state, LOCK_FILE), 'utf8'))).toEqual({ pid: process.pid, port: 0, token: '' });

    const cut = fresh();
    writeFileSync(join(cut, LOCK_FILE), '{"pid":');
    expect(claimInstance(cut).kind).toBe('claimed');
  });

  it('remembers no port from a missing or garbled file', () => {
    const state = fresh();
    expect(rememberedPort(state)).toBe(0);
    writeFileSync(join(state, 'ui-port'), 'seventy\n');
    expect(rememberedPort(state)).toBe(0);
  });
});
