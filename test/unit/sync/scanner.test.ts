/** The local scanner on real folders: identity by inode, no needless hashing, partial scans. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IgnoreRules } from '../../../main/sync/ignore.ts';
import { digestOfFolder, digestOfScan, isRacy, RootMissing, scanLocal, type LocalScan } from '../../../main/sync/scanner.ts';
import type { LocalMeta } from '../../../main/sync/model.ts';
import { tempDir } from '../../helpers/server.ts';

const ROOT = 'root';
let dir: string;
let ids = 0;

beforeEach(() => {
  dir = tempDir('folio-scan-');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(rel: string, content: string, ageSeconds = 60): void {
  const path = join(dir, rel);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  const t = Date.now() / 1000 - ageSeconds;
  utimesSync(path, t, t);
}

function scan(previous?: LocalScan, only?: string[], platform: NodeJS.Platform = 'linux'): Promise<LocalScan> {
  return scanLocal({
    root: dir,
    rootId: ROOT,
    previous: previous ?? { tree: new Map(), metas: new Map() },
    rules: IgnoreRules.fromPatterns(['*.log']),
    platform,
    newId: () => `local:${++ids}`,
    ...(only ? { only } : {}),
  });
}

const idAt = (s: LocalScan, rel: string) => [...s.metas.values()].find((m) => m.path === rel)?.id;
const paths = (s: LocalScan) => [...s.metas.values()].map((m) => m.path).sort();

describe('scanner', () => {
  it('gives files and folders ids, parents first, with NFC names and content hashes', async () => {
    write('a/b/c.txt', 'c');
    write('cafe\u0301.txt', 'nfd');
    const s = await scan();
    const c = s.tree.get(idAt(s, 'a/b/c.txt') as string);
    expect(c?.parentId).toBe(idAt(s, 'a/b'));
    expect(s.tree.get(idAt(s, 'a') as string)?.parentId).toBe(ROOT);
    expect(c?.hash).toBe('2e7d2c03a9507ae265ecf5b5356885a53393a2029d241394997265a1a25aefc6');
    expect(s.tree.get(idAt(s, 'cafe\u0301.txt') as string)?.name).toBe('caf\u00e9.txt');
  });

  it('does not hash unchanged files again', async () => {
    for (let i = 0; i < 50; i++) write(`d${i % 5}/f${i}.txt`, `file ${i}`);
    const first = await scan();
    expect(first.hashed).toBe(50);
    const second = await scan(first);
    expect(second.hashed).toBe(0);
    expect([...second.tree]).toEqual([...first.tree]);
  });

  it('keeps the previous objects of what did not change, and makes new ones only for what did', async () => {
    for (let i = 0; i < 20; i++) write(`d${i % 4}/f${i}.txt`, `file ${i}`);
    const first = await scan();
    write('d1/f1.txt', 'edited', 30);
    const second = await scan(first);
    const edited = idAt(first, 'd1/f1.txt') as string;
    for (const [id, node] of second.tree) {
      if (id === edited) continue;
      expect(node).toBe(first.tree.get(id));
      expect(second.metas.get(id)).toBe(first.metas.get(id));
    }
    expect(second.tree.get(edited)).not.toBe(first.tree.get(edited));
    expect(second.metas.get(edited)).not.toBe(first.metas.get(edited));
    expect(second.metas.get(edited)?.path).toBe('d1/f1.txt');
  });

  it('hashes a file whose size, mtime or inode changed', async () => {
    write('a.txt', 'one');
    write('b.txt', 'two');
    const first = await scan();
    write('a.txt', 'three', 30);
    const second = await scan(first);
    expect(second.hashed).toBe(1);
    expect(second.tree.get(idAt(first, 'a.txt') as string)?.hash).not.toBe(first.tree.get(idAt(first, 'a.txt') as string)?.hash);
  });

  it('hashes again a file its last scan saw within the racy window, catching an edit that kept size and mtime', async () => {
    // A whole-second stamp, as a coarse file system keeps it, just ahead of the scan.
    const stamp = Math.ceil(Date.now() / 1000);
    write('racy.txt', 'aaaa');
    utimesSync(join(dir, 'racy.txt'), stamp, stamp);
    const { mtime } = statSync(join(dir, 'racy.txt'));
    const first = await scan();
    writeFileSync(join(dir, 'racy.txt'), 'bbbb');
    utimesSync(join(dir, 'racy.txt'), mtime, mtime);
    const second = await scan(first);
    expect(second.hashed).toBe(1);
    expect(second.tree.get(idAt(first, 'racy.txt') as string)?.hash).not.toBe(first.tree.get(idAt(first, 'racy.txt') as string)?.hash);
  });

  it('trusts a file stamped well before its last scan: the racy window is the file system granularity', () => {
    expect(isRacy({ mtimeMs: 1_000.123, checkedMs: 1_050 })).toBe(true);
    expect(isRacy({ mtimeMs: 1_000.123, checkedMs: 1_200 })).toBe(false);
    expect(isRacy({ mtimeMs: 1_000, checkedMs: 2_500 })).toBe(true);
    expect(isRacy({ mtimeMs: 1_000, checkedMs: 3_100 })).toBe(false);
  });

  it('keeps a node id across a rename and a move (same inode), without hashing', async () => {
    write('a/x.txt', 'x');
    mkdirSync(join(dir, 'b'));
    const first = await scan();
    const id = idAt(first, 'a/x.txt');
    renameSync(join(dir, 'a/x.txt'), join(dir, 'b/y.txt'));
    const second = await scan(first);
    expect(idAt(second, 'b/y.txt')).toBe(id);
    expect(second.tree.get(id as string)?.parentId).toBe(idAt(first, 'b'));
    expect(second.hashed).toBe(0);
  });

  it('does not take a new file on a reused inode number for the old file moved: the birth time tells them apart', async () => {
    write('old.txt', 'old');
    const first = await scan();
    const oldId = idAt(first, 'old.txt') as string;
    rmSync(join(dir, 'old.txt'));
    write('new.txt', 'new');
    const st = statSync(join(dir, 'new.txt'));
    const previous = (ino: string) => ({ ...first, metas: new Map([[oldId, { ...(first.metas.get(oldId) as LocalMeta), ino }]]) });
    // The old file had this inode number, but was born at another time: a reuse, not a move.
    const reused = await scan(previous(`${st.dev}:${st.ino}:${st.birthtimeMs - 5000}`) as LocalScan);
    expect(idAt(reused, 'new.txt')).not.toBe(oldId);
    const moved = await scan(previous(`${st.dev}:${st.ino}:${st.birthtimeMs}`) as LocalScan);
    expect(idAt(moved, 'new.txt')).toBe(oldId);
  });

  it('keeps a node id when an editor saves by replacing the file (new inode, same path)', async () => {
    write('doc.txt', 'v1');
    const first = await scan();
    write('doc.tmp-save', 'v2');
    renameSync(join(dir, 'doc.tmp-save'), join(dir, 'doc.txt'));
    const second = await scan(first);
    expect(idAt(second, 'doc.txt')).toBe(idAt(first, 'doc.txt'));
  });

  it('gives a new id to a folder that replaced a file of the same name', async () => {
    write('x', 'file');
    const first = await scan();
    rmSync(join(dir, 'x'));
    write('x/inside.txt', 'in');
    const second = await scan(first);
    expect(idAt(second, 'x')).not.toBe(idAt(first, 'x'));
    expect(second.tree.get(idAt(second, 'x') as string)?.kind).toBe('dir');
  });

  it('leaves out ignored names and lists its own temp files apart', async () => {
    write('keep.txt', 'k');
    write('debug.log', 'ignored by the pattern');
    write('~$lock.docx', 'built-in');
    write('.folio-0123456789abcdef0123.part', 'ours');
    const s = await scan();
    expect(paths(s)).toEqual(['keep.txt']);
    expect(s.parts).toEqual(['.folio-0123456789abcdef0123.part']);
  });

  // Found in CI: the engine removed the temp file of a .folioignore the desktop was writing, and the write failed.
  it("lists as its own only the engine's download parts, not another writer's temp file, which is still left out", async () => {
    write('keep.txt', 'k');
    write('.folio-.folioignore-0a1b2c3d4e5f.part', 'the desktop writing the ignore rules');
    const s = await scan();
    expect(paths(s)).toEqual(['keep.txt']);
    expect(s.parts).toEqual([]);
  });

  it('leaves out and reports names the service or the disk cannot hold', async () => {
    write('line\nbreak.txt', 'x');
    write('con.txt', 'reserved on Windows');
    write('fine.txt', 'f');
    const linux = await scan();
    expect(linux.leftOut).toEqual([{ side: 'local', path: 'line\nbreak.txt', reason: 'not-a-service-name' }]);
    const windows = await scan(undefined, undefined, 'win32');
    expect(windows.leftOut.map((l) => l.reason).sort()).toEqual(['not-a-service-name', 'windows-reserved-name']);
  });

  it('leaves out and reports a symlink and a fifo, unless an ignore rule skips them', async () => {
    write('real.txt', 'r');
    symlinkSync('real.txt', join(dir, 'link'));
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    const s = await scan();
    expect(paths(s)).toEqual(['real.txt']);
    expect([...s.leftOut].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { side: 'local', path: 'link', reason: 'symlink' },
      { side: 'local', path: 'pipe', reason: 'special-file' },
    ]);
    const ignoring = await scanLocal({ root: dir, rootId: ROOT, previous: { tree: new Map(), metas: new Map() }, rules: IgnoreRules.fromPatterns(['link', 'pipe']), platform: 'linux' });
    expect(ignoring.leftOut).toEqual([]);
  });

  it('throws RootMissing when the folder itself is gone', async () => {
    rmSync(dir, { recursive: true });
    await expect(scan()).rejects.toBeInstanceOf(RootMissing);
    mkdirSync(dir);
  });
});

describe('partial scans', () => {
  it('lists only the hinted folders and carries everything else over untouched', async () => {
    write('a/1.txt', '1');
    write('b/2.txt', '2');
    const first = await scan();
    write('a/new.txt', 'new in a');
    write('b/new.txt', 'new in b');
    const partial = await scan(first, ['a']);
    expect(paths(partial)).toEqual(['a', 'a/1.txt', 'a/new.txt', 'b', 'b/2.txt']);
    expect(partial.hashed).toBe(1);
    const full = await scan(partial);
    expect(paths(full)).toContain('b/new.txt');
  });

  it('walks a hinted folder it has never seen, from its nearest known parent', async () => {
    write('a/1.txt', '1');
    const first = await scan();
    write('a/fresh/deep/x.txt', 'x');
    const partial = await scan(first, ['a/fresh/deep']);
    expect(paths(partial)).toEqual(['a', 'a/1.txt', 'a/fresh', 'a/fresh/deep', 'a/fresh/deep/x.txt']);
  });

  it('drops what was in a hinted folder that is gone', async () => {
    write('a/b/1.txt', '1');
    write('c.txt', 'c');
    const first = await scan();
    rmSync(join(dir, 'a/b'), { recursive: true });
    const partial = await scan(first, ['a/b']);
    expect(paths(partial)).toEqual(['a', 'c.txt']);
  });

  it('keeps ids when a folder is renamed and both its old and new parent are hinted', async () => {
    write('a/sub/1.txt', '1');
    mkdirSync(join(dir, 'b'));
    const first = await scan();
    renameSync(join(dir, 'a/sub'), join(dir, 'b/moved'));
    const partial = await scan(first, ['a', 'b']);
    expect(idAt(partial, 'b/moved')).toBe(idAt(first, 'a/sub'));
    expect(idAt(partial, 'b/moved/1.txt')).toBe(idAt(first, 'a/sub/1.txt'));
    expect(paths(partial)).toEqual(['a', 'b', 'b/moved', 'b/moved/1.txt']);
  });
});

describe('the folder digest: the quiet restart check', () => {
  const quiet = async (before: LocalScan) => {
    const then = digestOfScan(before);
    return then !== '' && then === (await digestOfFolder({ root: dir, rules: IgnoreRules.fromPatterns(['*.log']) }));
  };
  const tree = () => {
    for (let i = 0; i < 300; i++) write(`d${i % 7}/sub${i % 3}/f${i}.txt`, `file ${i}`);
    write('top.txt', 'top');
    mkdirSync(join(dir, 'empty'));
  };

  it('holds for a folder exactly as scanned, and for an ignored newcomer', async () => {
    tree();
    const before = await scan();
    expect(await quiet(before)).toBe(true);
    write('d1/sub1/debug.log', 'ignored');
    expect(await quiet(before)).toBe(true);
  });

  // The walk sorts names and the recorded digest sorts whole lines: the two agree only while a
  // name that begins another sorts first in both.
  it('holds for names that begin with another name, in any case and with any punctuation', async () => {
    for (const name of ['a', 'a b', 'a-', 'a.txt', 'A', 'ab', 'a\u00e9', 'a0', '~a']) write(`mix/${name}`, name);
    expect(await quiet(await scan())).toBe(true);
  });

  const changes: [string, () => void][] = [
    ['a new file deep down', () => write('d6/sub2/new.txt', 'new')],
    ['a new empty folder', () => mkdirSync(join(dir, 'd3', 'newdir'))],
    ['a file removed', () => rmSync(join(dir, 'd2/sub2/f2.txt'))],
    ['a folder removed', () => rmSync(join(dir, 'empty'), { recursive: true })],
    ['an edit that changes the size', () => write('d0/sub0/f0.txt', 'file 0 and more')],
    ['an edit of the same size (mtime)', () => write('d4/sub1/f4.txt', 'FILE 4', 10)],
    ['a file replaced by another (inode)', () => {
      write('d5/sub2/replacement', 'file 5');
      renameSync(join(dir, 'd5/sub2/replacement'), join(dir, 'd5/sub2/f5.txt'));
    }],
    ['a folder replaced by a file', () => {
      rmSync(join(dir, 'empty'), { recursive: true });
      write('empty', 'now a file');
    }],
    ['a rename', () => renameSync(join(dir, 'top.txt'), join(dir, 'top2.txt'))],
    ['a leftover download part', () => write('d0/.folio-0123456789abcdef0123.part', 'partial')],
  ];
  for (const [what, change] of changes) {
    it(`fails for ${what}`, async () => {
      tree();
      const before = await scan();
      change();
      expect(await quiet(before)).toBe(false);
    });
  }

  it('fails for a file scanned within its racy window, whose content the stat cannot vouch for', async () => {
    tree();
    write('fresh.txt', 'just written', 0);
    expect(await quiet(await scan())).toBe(false);
  });
});
