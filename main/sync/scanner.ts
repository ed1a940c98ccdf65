/**
 * The local observation. A scan of the pair's folder is the truth; chokidar only hints where to
 * look (docs/sync.md, "Observation"). A node keeps its id across renames and moves by its inode.
 * A file is hashed only when its size, mtime or inode changed since the last scan, or when that
 * scan saw it within the file system's timestamp granularity of its last write ("racily clean",
 * as git calls it): a later write in the same tick would not have moved its mtime.
 *
 * A scan may be partial: given the folders to look at, it lists only those (and folders it has
 * never seen), and carries every other entry over from the previous scan without touching it.
 */
import { createHash } from 'node:crypto';
import { lstatSync } from 'node:fs';
import { join, sep } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { LocalMeta, NodeKind, NodeState } from './model.ts';
import type { IgnoreRules } from './ignore.ts';
import { canonicalName, localNameProblem, serviceNameProblem, type LeftOut } from './names.ts';
import { DOWNLOAD_PART } from './parts.ts';
import type { Clock } from './clock.ts';
import { nodeFs, type FsStats, type SyncFs } from './syncFs.ts';
import { LOCAL_ID_PREFIX, sameLocalMeta, sameNode } from './trees.ts';

/**
 * How close to a write a scan may see a file and still trust its hash next time: the file
 * system's timestamp granularity, with a margin. A file system that keeps sub-millisecond
 * timestamps (ext4, APFS, NTFS, btrfs) stamps writes at the kernel's clock tick (at most ~16 ms);
 * one with whole-second or coarser stamps (FAT: 2 s, HFS+: 1 s) gets the coarse window. A file
 * whose stamp happens to fall on a whole millisecond is treated as coarse: safe, only slower.
 */
export function racyWindowMs(mtimeMs: number): number {
  return Number.isInteger(mtimeMs) ? 2_000 : 100;
}

/** Whether a hash taken at `checkedMs` of a file stamped `mtimeMs` may have missed a later write in the same tick. */
export function isRacy(meta: { mtimeMs: number; checkedMs: number }): boolean {
  return meta.checkedMs - meta.mtimeMs < racyWindowMs(meta.mtimeMs);
}
const SMALL_FILE = 4 * 1024 * 1024;

export interface LocalScan {
  tree: Map<string, NodeState>;
  metas: Map<string, LocalMeta>;
  /** Entries that cannot be synced, with why. */
  leftOut: LeftOut[];
  /** How many files were read to hash them. */
  hashed: number;
  /** Our own partial-download files found on the way (.folio-*.part), relative paths. */
  parts: string[];
  /** The folders this scan listed (relative paths), or 'all': leftOut is complete only for these. */
  listed: ReadonlySet<string> | 'all';
}

export interface ScanInput {
  root: string;
  rootId: string;
  previous: { tree: ReadonlyMap<string, NodeState>; metas: ReadonlyMap<string, LocalMeta> };
  rules: IgnoreRules;
  /** Folders (relative, '/'-separated) that may have changed; absent means the whole folder. */
  only?: Iterable<string>;
  platform?: NodeJS.Platform;
  newId?: () => string;
  /** The folder's file system; node:fs by default. */
  fs?: SyncFs;
  /** Stamps when each file was looked at (racily clean or not); the system clock by default. */
  now?: Clock['now'];
}

/** The pair's folder cannot be read at all: it was removed, or its disk is not mounted. */
export class RootMissing extends Error {}

interface Entry {
  relPath: string;
  parentRel: string;
  name: string;
  kind: NodeKind;
  size: number;
  mtimeMs: number;
  ino: string;
  checkedMs: number;
  /** False when carried over from the previous scan without a look. */
  fresh: boolean;
}

const parentOf = (rel: string) => (rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '');

export async function scanLocal(input: ScanInput): Promise<LocalScan> {
  const { root, rootId, previous, rules } = input;
  const fs = input.fs ?? nodeFs;
  const now = input.now ?? Date.now;
  const platform = input.platform ?? process.platform;
  const byPath = new Map<string, LocalMeta>();
  for (const m of previous.metas.values()) byPath.set(m.path, m);
  const knownDir = (rel: string) => rel === '' || (byPath.has(rel) && previous.tree.get((byPath.get(rel) as LocalMeta).id)?.kind === 'dir');

  const out: Omit<LocalScan, 'tree' | 'metas' | 'hashed' | 'listed'> & { entries: Entry[] } = { entries: [], leftOut: [], parts: [] };
  const listed = new Set<string>();
  const queue: string[] = [];
  const wanted = new Set<string>();
  if (input.only === undefined) wanted.add('');
  else {
    for (const hint of input.only) {
      let at = hint.replace(/^\/+|\/+$/g, '');
      while (!knownDir(at)) at = parentOf(at);
      wanted.add(at);
    }
  }
  queue.push(...[...wanted].sort());
  const full = input.only === undefined;
  let sinceYield = 0;
  for (let next = 0; next < queue.length; next++) {
    const dirRel = queue[next] as string;
    if (listed.has(dirRel)) continue;
    const entriesBefore = out.entries.length;
    const subdirs = listDir({ fs, now, root, rules, platform }, dirRel, out);
    if (subdirs === 'gone') {
      // A hinted folder that is gone: its parent's listing says so.
      if (!full) queue.push(parentOf(dirRel));
      continue;
    }
    if (subdirs === 'unreadable') continue;
    listed.add(dirRel);
    for (const sub of subdirs) {
      // A folder seen before, at the same place, keeps what the last scan saw in it unless hinted.
      const before = byPath.get(sub.relPath);
      if (full || wanted.has(sub.relPath) || !before || before.ino !== sub.ino) queue.push(sub.relPath);
    }
    // Listing is synchronous (much faster for many small entries); other work gets a turn now and then.
    sinceYield += out.entries.length - entriesBefore;
    if (sinceYield > 2_000) {
      sinceYield = 0;
      await yieldToLoop();
    }
  }

  // A folder that could not be listed keeps what the last scan saw in it: unreadable is not deleted.
  const entries = [...carriedOver(previous, listed), ...out.entries];
  const { unreadable, ...scan } = await identify(fs, root, rootId, previous, byPath, keepRooted(entries), input.newId ?? randomLocalId);
  return { ...scan, leftOut: [...out.leftOut, ...unreadable.map((path) => ({ side: 'local' as const, path, reason: 'unreadable' as const }))], parts: out.parts, listed: full ? 'all' : listed };
}

/** Entries of the previous scan in folders this scan did not list. */
function carriedOver(previous: ScanInput['previous'], listed: Set<string>): Entry[] {
  const entries: Entry[] = [];
  for (const m of previous.metas.values()) {
    const parentRel = parentOf(m.path);
    const node = previous.tree.get(m.id);
    if (listed.has(parentRel) || !node) continue;
    entries.push({ relPath: m.path, parentRel, name: m.path.slice(parentRel ? parentRel.length + 1 : 0), kind: node.kind, size: m.size, mtimeMs: m.mtimeMs, ino: m.ino, checkedMs: m.checkedMs, fresh: false });
  }
  return entries;
}

/** Drops entries whose folder is gone (a carried-over entry below a folder that was deleted or moved). */
function keepRooted(entries: Entry[]): Entry[] {
  const dirs = new Set(entries.filter((e) => e.kind === 'dir').map((e) => e.relPath));
  const rooted = new Map<string, boolean>([['', true]]);
  const isRooted = (rel: string): boolean => {
    const known = rooted.get(rel);
    if (known !== undefined) return known;
    const ok = dirs.has(rel) && isRooted(parentOf(rel));
    rooted.set(rel, ok);
    return ok;
  };
  return entries.filter((e) => isRooted(e.parentRel));
}

/** Lists one folder into `out.entries`; returns its subfolders. */
function listDir(at: { fs: SyncFs; now: () => number; root: string; rules: IgnoreRules; platform: NodeJS.Platform }, dirRel: string, out: { entries: Entry[]; leftOut: LeftOut[]; parts: string[] }): Entry[] | 'gone' | 'unreadable' {
  const { fs, root, rules, platform } = at;
  let names: string[];
  try {
    names = fs.readdirSync(join(root, dirRel));
  } catch (err) {
    if (dirRel === '') throw new RootMissing(`cannot read ${root}: ${(err as Error).message}`);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'gone';
    out.leftOut.push({ side: 'local', path: dirRel, reason: code === 'ENAMETOOLONG' ? 'path-too-long' : 'unreadable' });
    return 'unreadable';
  }
  const subdirs: Entry[] = [];
  for (const name of names) {
    const relPath = dirRel ? `${dirRel}/${name}` : name;
    if (DOWNLOAD_PART.test(name)) {
      out.parts.push(relPath);
      continue;
    }
    const checkedMs = at.now();
    let st: FsStats | undefined;
    try {
      st = fs.lstatSync(join(root, relPath));
    } catch {
      st = undefined;
    }
    if (!st) {
      // Gone since the listing, or a name that does not survive the trip through UTF-8.
      if (serviceNameProblem(name)) out.leftOut.push({ side: 'local', path: relPath, reason: 'not-a-service-name' });
      continue;
    }
    const isDir = st.isDirectory();
    if (rules.ignores(relPath, isDir)) continue;
    if (!isDir && !st.isFile()) {
      // Links are not followed (the target may be outside the folder, or loop), and a fifo or a socket has no content to send.
      out.leftOut.push({ side: 'local', path: relPath, reason: st.isSymbolicLink() ? 'symlink' : 'special-file' });
      continue;
    }
    const problem = serviceNameProblem(name) ?? localNameProblem(name, platform);
    if (problem) {
      out.leftOut.push({ side: 'local', path: relPath, reason: problem });
      continue;
    }
    // A folder's mtime moves with every entry added to it; only its inode says which folder it is.
    const ino = inodeOf(st, join(root, relPath));
    const entry: Entry = isDir
      ? { relPath, parentRel: dirRel, name, kind: 'dir', size: 0, mtimeMs: 0, ino, checkedMs: 0, fresh: true }
      : { relPath, parentRel: dirRel, name, kind: 'file', size: st.size, mtimeMs: st.mtimeMs, ino, checkedMs, fresh: true };
    out.entries.push(entry);
    if (isDir) subdirs.push(entry);
  }
  return subdirs;
}

/**
 * What identifies a file across renames: "device:inode:birth time". File systems reuse a freed
 * inode number at once (an editor's save, our own download replacing a file, frees one), so the
 * inode alone could make a new file pass for an old one moved; its birth time tells them apart
 * where the file system keeps one (ext4, btrfs, APFS, NTFS), and is 0 where it does not. The
 * number form of lstat is a good deal faster than the bigint one; an inode beyond 2^53 (possible
 * on some file systems) is read again exactly, from the real disk: only it has such numbers.
 */
export function inodeOf(st: FsStats, abs: string): string {
  if (st.ino <= Number.MAX_SAFE_INTEGER && st.dev <= Number.MAX_SAFE_INTEGER) return `${st.dev}:${st.ino}:${st.birthtimeMs}`;
  const exact = lstatSync(abs, { bigint: true });
  return `${exact.dev}:${exact.ino}:${Number(exact.birthtimeNs / 1000n) / 1000}`;
}

/** Gives each entry its node id (the one it had, by path or by inode, or a new one) and its hash. */
async function identify(fs: SyncFs, root: string, rootId: string, previous: ScanInput['previous'], byPath: Map<string, LocalMeta>, entries: Entry[], newId: () => string): Promise<Omit<LocalScan, 'leftOut' | 'parts' | 'listed'> & { unreadable: string[] }> {
  // Built only when some entry is not where it was: an unchanged folder never needs them.
  let moves: { byIno: Map<string, LocalMeta>; currentInos: Set<string>; stillThere: Set<string> } | undefined;
  const lookups = () => {
    if (moves) return moves;
    moves = { byIno: new Map(), currentInos: new Set(), stillThere: new Set() };
    for (const m of previous.metas.values()) moves.byIno.set(m.ino, m);
    for (const e of entries) {
      moves.currentInos.add(e.ino);
      moves.stillThere.add(`${e.relPath}\0${e.ino}`);
    }
    return moves;
  };
  const taken = new Set<string>();
  const kindOf = (id: string) => previous.tree.get(id)?.kind;

  // An editor that saves by writing a new file and renaming it over the old one changes the inode:
  // a path match wins unless the old inode is still here under another name (then it moved).
  const idOf = (e: Entry): string => {
    const atPath = byPath.get(e.relPath);
    if (atPath && atPath.ino === e.ino && !taken.has(atPath.id) && kindOf(atPath.id) === e.kind) return atPath.id;
    const { byIno, currentInos, stillThere } = lookups();
    if (atPath && !taken.has(atPath.id) && kindOf(atPath.id) === e.kind && !currentInos.has(atPath.ino)) return atPath.id;
    const moved = byIno.get(e.ino);
    // Without a birth time to tell a reused inode from a moved file, a file must also keep its mtime (a rename does).
    const plausible = e.kind === 'dir' || !e.ino.endsWith(':0') || moved?.mtimeMs === e.mtimeMs;
    if (moved && plausible && !taken.has(moved.id) && kindOf(moved.id) === e.kind && !stillThere.has(`${moved.path}\0${moved.ino}`)) return moved.id;
    return newId();
  };

  // Only folders are looked up by path (as parents): a map of every file's path would be the scan's largest.
  const idOfPath = new Map<string, string>([['', rootId]]);
  const ids: string[] = [];
  for (const e of entries) {
    const id = idOf(e);
    taken.add(id);
    if (e.kind === 'dir') idOfPath.set(e.relPath, id);
    ids.push(id);
  }

  const tree = new Map<string, NodeState>();
  const metas = new Map<string, LocalMeta>();
  const unreadable: string[] = [];
  let hashed = 0;
  for (const [i, e] of entries.entries()) {
    const id = ids[i] as string;
    const before = previous.metas.get(id);
    const old = previous.tree.get(id);
    let node: NodeState = { id, parentId: idOfPath.get(e.parentRel) ?? rootId, name: canonicalName(e.name), kind: e.kind, hash: '' };
    let meta: LocalMeta = { id, path: e.relPath, size: e.size, mtimeMs: e.mtimeMs, ino: e.ino, checkedMs: e.checkedMs };
    if (e.kind === 'file') {
      const unchanged = before !== undefined && old !== undefined && before.size === e.size && before.mtimeMs === e.mtimeMs && before.ino === e.ino;
      if (unchanged && (!e.fresh || !isRacy(before))) {
        node = { ...node, hash: old.hash };
        meta = { ...meta, checkedMs: before.checkedMs };
      } else {
        const hash = await hashLocal(fs, join(root, e.relPath), e.size);
        hashed++;
        if (hash === 'gone') continue;
        if (hash === 'unreadable') {
          // Kept as last seen: a file we cannot read is not a file the user deleted.
          unreadable.push(e.relPath);
          if (!old || !before) continue;
          node = old;
          meta = before;
        } else node = { ...node, hash };
      }
    }
    // What did not change keeps its objects: a scan of a folder seen before then allocates
    // nothing that outlives it, and the state holds one copy of each node, not two while it replaces them.
    tree.set(id, old !== undefined && old.id === id && sameNode(old, node) ? old : node);
    metas.set(id, before !== undefined && before.id === id && sameLocalMeta(before, meta) ? before : meta);
  }
  return { tree, metas, hashed, unreadable };
}

/** SHA-256 of a file: small ones in one read, large ones streamed. */
async function hashLocal(fs: SyncFs, abs: string, size: number): Promise<string | 'gone' | 'unreadable'> {
  try {
    if (size <= SMALL_FILE) return createHash('sha256').update(fs.readFileSync(abs)).digest('hex');
    return (await fs.hashFile(abs)).hash;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'gone' : 'unreadable';
  }
}

/**
 * What a scan saw of the folder, as one hash: every entry's name, kind, size, mtime and identity,
 * folder by folder. A pass that ends in sync keeps it; a restart walks the folder, hashes what it
 * finds the same way, and if the two match, nothing changed on this side: the trees need not be
 * loaded, nor even the stored metadata of every file (for 100,000 files, reading those rows cost
 * more than the walk). '' when some file was seen within the racy window of its last write: its
 * stat cannot vouch for its content, so the next start looks properly.
 *
 * Each folder's entries are hashed into a digest of their own, and the digest of the whole is
 * taken over the folders' digests: a walk then holds one folder's entries at a time, not a line
 * per file of the whole pair, and sorts names within a folder instead of every path.
 */
export function digestOfScan(scan: Pick<LocalScan, 'tree' | 'metas'>): string {
  const folders = new Map<string, string[]>([['', []]]);
  for (const m of scan.metas.values()) {
    const kind = scan.tree.get(m.id)?.kind;
    if (!kind) return '';
    if (kind === 'file' && isRacy(m)) return '';
    const parent = parentOf(m.path);
    const name = m.path.slice(parent ? parent.length + 1 : 0);
    const line = kind === 'dir' ? digestLine(name, 'dir', 0, 0, m.ino) : digestLine(name, 'file', m.size, m.mtimeMs, m.ino);
    const lines = folders.get(parent);
    if (lines) lines.push(line);
    else folders.set(parent, [line]);
    if (kind === 'dir' && !folders.has(m.path)) folders.set(m.path, []);
  }
  const digests = new Map<string, string>();
  for (const [path, lines] of folders) digests.set(path, digestOf(lines));
  return digestOfFolders(digests);
}

/**
 * The digest of the folder as it is now (see digestOfScan), or '' when it holds something a full
 * scan must deal with (our own leftover temp file). Synchronous calls, folder by folder: a restart
 * costs the walk and little else, and lstat through the thread pool cost a handoff between
 * threads per entry (docs/sync-performance.md). Each folder's names are sorted before they are
 * hashed, which orders its lines as sorting them would (no name holds the NUL that ends one); a
 * folder's lines are hashed in one call, not one each, and only its digest is kept. Other work
 * gets a turn now and then: the feed is read meanwhile.
 */
export async function digestOfFolder(input: { root: string; rules: IgnoreRules; fs?: SyncFs }): Promise<string> {
  const fs = input.fs ?? nodeFs;
  const digests = new Map<string, string>();
  const folders = [''];
  let sinceYield = 0;
  for (let next = 0; next < folders.length; next++) {
    const dirRel = folders[next] as string;
    const dirAbs = join(input.root, dirRel);
    let names: string[];
    try {
      names = fs.readdirSync(dirAbs);
    } catch {
      return '';
    }
    names.sort();
    const base = dirAbs.endsWith(sep) ? dirAbs : dirAbs + sep;
    const prefix = dirRel ? `${dirRel}/` : '';
    let lines = '';
    for (const name of names) {
      if (DOWNLOAD_PART.test(name)) return '';
      const abs = base + name;
      const st = fs.lstatSync(abs);
      if (!st) return '';
      const isDir = st.isDirectory();
      if (!isDir && !st.isFile()) continue;
      const relPath = prefix + name;
      if (input.rules.ignores(relPath, isDir)) continue;
      const ino = inodeOf(st, abs);
      lines += isDir ? digestLine(name, 'dir', 0, 0, ino) : digestLine(name, 'file', st.size, st.mtimeMs, ino);
      if (isDir) folders.push(relPath);
    }
    digests.set(dirRel, createHash('sha256').update(lines).digest('hex'));
    sinceYield += names.length;
    if (sinceYield > 2_000) {
      sinceYield = 0;
      await yieldToLoop();
    }
  }
  return digestOfFolders(digests);
}

function digestLine(name: string, kind: NodeKind, size: number, mtimeMs: number, ino: string): string {
  return `${name}\0${kind}\0${size}\0${mtimeMs}\0${ino}\n`;
}

function digestOf(lines: string[]): string {
  lines.sort();
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line);
  return hash.digest('hex');
}

/** One digest over every folder's, in path order. */
function digestOfFolders(digests: ReadonlyMap<string, string>): string {
  return digestOf([...digests].map(([path, digest]) => `${path}\0${digest}\n`));
}

export function randomLocalId(): string {
  return `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`;
}
