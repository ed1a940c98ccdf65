/**
 * Reading a strace record (test/helpers/strace.ts). Under -f, a call that another thread's call
 * interrupts is printed in two halves, `<unfinished ...>` and `<... resumed>`: the reader joins
 * them, so a durability test finds the call whatever the process's other threads were doing.
 * (Found in CI once the daemon got a checkpoint thread, whose fsyncs split the daemon's own.)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fsynced, indexOf, named, readTrace } from '../../helpers/strace.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

let dir: string;
beforeEach(() => {
  dir = tempDir('folio-strace-');
});
afterEach(() => removeDir(dir));

function trace(lines: string[]): string {
  const file = join(dir, 'trace.txt');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('readTrace', () => {
  it('joins a call split by another thread, where it completed, and drops the pids', () => {
    const file = trace([
      '101   fsync(12</data/Made offline> <unfinished ...>',
      '102   pwrite64(7</state/sync.db-wal>, "x", 1, 0) = 1',
      '102   fsync(7</state/sync.db-wal>) = 0',
      '101   <... fsync resumed>) = 0',
      '101   rename("/data/a.part", "/data/a") = 0',
    ]);
    const lines = readTrace(file);
    expect(lines).toEqual([
      'pwrite64(7</state/sync.db-wal>, "x", 1, 0) = 1',
      'fsync(7</state/sync.db-wal>) = 0',
      'fsync(12</data/Made offline>) = 0',
      'rename("/data/a.part", "/data/a") = 0',
    ]);
    expect(indexOf(lines, fsynced('/data/Made offline'))).toBe(2);
  });

  it('leaves a call that has not completed yet out, until it does', () => {
    const file = trace(['101   fsync(12</data/x> <unfinished ...>', '102   fsync(7</state/y>) = 0']);
    expect(readTrace(file)).toEqual(['fsync(7</state/y>) = 0']);
  });

  it('keeps the padding strace puts before a resumed call\'s result, which patterns must allow for', () => {
    // The shape strace 6 prints when a hash or checkpoint thread interrupts the service's link.
    const file = trace([
      '201   linkat(AT_FDCWD, "/data/blobs/.assembly", AT_FDCWD, "/data/blobs/ab/abcd" <unfinished ...>',
      '202   fsync(9</data/folio.db>) = 0',
      '201   <... linkat resumed>, 0)               = 0',
    ]);
    const lines = readTrace(file);
    expect(lines[1]).toBe('linkat(AT_FDCWD, "/data/blobs/.assembly", AT_FDCWD, "/data/blobs/ab/abcd", 0)               = 0');
    expect(indexOf(lines, named('link', '[^"]+', '/data/blobs/ab/abcd'))).toBe(1);
  });
});
