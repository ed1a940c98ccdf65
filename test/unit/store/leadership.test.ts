/** The leader lock of several `folio serve` on one data directory, on a real folder: what goes wrong goes to the service's log. */
import { afterEach, describe, expect, it } from 'vitest';
import { LeaderLock } from '../../../main/store/leadership.ts';
import { memoryLog } from '../../helpers/memoryLog.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';
import { until } from '../../helpers/wait.ts';

const locks: LeaderLock[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const lock of locks.splice(0)) lock.close();
  for (const dir of dirs.splice(0)) removeDir(dir);
});

function lockOn(dir: string, log = memoryLog().log): LeaderLock {
  // Tries again every 10 ms: the test waits for the takeover, not for the clock.
  const lock = new LeaderLock(dir, log, 10);
  locks.push(lock);
  return lock;
}

describe('the leader lock', () => {
  it('logs to the service log the work of a new leader that fails to start, and starts the rest', async () => {
    const dir = tempDir('folio-leader-');
    dirs.push(dir);
    const first = lockOn(dir);
    const { log, lines } = memoryLog();
    const second = lockOn(dir, log);
    expect([first.leading, second.leading]).toEqual([true, false]);
    let started = false;
    second.whenLeading(() => {
      throw new Error('the runner would not start');
    });
    second.whenLeading(() => {
      started = true;
    });
    first.close();
    await until('the second process to lead', () => second.leading);
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'leader lock: starting the work of the leader failed', err: expect.objectContaining({ message: 'the runner would not start' }) })]);
    expect(started).toBe(true);
  });

  it('logs to the service log a try to lead that fails, and keeps trying: the data directory was removed', async () => {
    const dir = tempDir('folio-leader-');
    dirs.push(dir);
    const first = lockOn(dir);
    const { log, lines } = memoryLog();
    const second = lockOn(dir, log);
    // A real fault: the folder goes while both run, so the lock file can no longer be checked.
    removeDir(dir);
    first.close();
    await until('the failed try to be logged', () => lines.length > 0);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'leader lock: could not try to lead', err: { code: 'SQLITE_IOERR_FSTAT' } });
    expect(second.leading).toBe(false);
  });
});
