/** The engine's own writes, as the loop's watcher filter sees them (main/sync/ownWrites.ts). */
import { describe, expect, it } from 'vitest';
import { OwnWrites } from '../../../main/sync/ownWrites.ts';

function clock() {
  const c = { t: 1_000_000, now: () => c.t };
  return c;
}

describe('OwnWrites', () => {
  it('takes a file event for an echo only with the size and mtime the engine left', () => {
    const own = new OwnWrites();
    own.file('d/a.txt', { size: 5, mtimeMs: 1234.5 });
    expect(own.isEcho('add', 'd/a.txt', { size: 5, mtimeMs: 1234.5 })).toBe(true);
    expect(own.isEcho('change', 'd/a.txt', { size: 5, mtimeMs: 1234.5 })).toBe(true);
    // The user wrote it again: another size or mtime is theirs.
    expect(own.isEcho('change', 'd/a.txt', { size: 6, mtimeMs: 1234.5 })).toBe(false);
    expect(own.isEcho('change', 'd/a.txt', { size: 5, mtimeMs: 2000 })).toBe(false);
    expect(own.isEcho('add', 'd/a.txt')).toBe(false);
    expect(own.isEcho('add', 'd/b.txt', { size: 5, mtimeMs: 1234.5 })).toBe(false);
    expect(own.isEcho('unlink', 'd/a.txt')).toBe(false);
  });

  it('takes a removal below a path the engine removed for an echo, and nothing else', () => {
    const own = new OwnWrites();
    own.gone('old');
    own.dir('new');
    expect(own.isEcho('unlinkDir', 'old')).toBe(true);
    expect(own.isEcho('unlink', 'old/deep/x.txt')).toBe(true);
    expect(own.isEcho('unlink', 'older.txt')).toBe(false);
    expect(own.isEcho('addDir', 'old')).toBe(false);
    expect(own.isEcho('addDir', 'new')).toBe(true);
    // A folder the engine made does not hide what the user puts in it.
    expect(own.isEcho('add', 'new/mine.txt', { size: 1, mtimeMs: 1 })).toBe(false);
    expect(own.isEcho('unlinkDir', 'new')).toBe(false);
  });

  it('forgets what it was told after a while: a late event is taken for the user', () => {
    const c = clock();
    const own = new OwnWrites(c.now);
    own.file('a.txt', { size: 1, mtimeMs: 1 });
    c.t += 10_000;
    own.gone('b');
    c.t += 6_000;
    expect(own.isEcho('add', 'a.txt', { size: 1, mtimeMs: 1 })).toBe(false);
    expect(own.isEcho('unlink', 'b/x')).toBe(true);
    // Noted again, a path is young again.
    own.file('a.txt', { size: 1, mtimeMs: 1 });
    c.t += 10_000;
    expect(own.isEcho('unlink', 'b/x')).toBe(false);
    expect(own.isEcho('add', 'a.txt', { size: 1, mtimeMs: 1 })).toBe(true);
  });
});
