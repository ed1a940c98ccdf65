/**
 * An in-memory folder that implements the engine's SyncFs with POSIX semantics (rename replaces a
 * file, an empty folder; link fails on an existing name; inodes are never reused). Every
 * asynchronous call first passes the world's gate: an await point where the simulation may crash
 * the engine, let a user act, or reorder completions.
 */
import { createHash } from 'node:crypto';
import type { WatchFolder, WatchHandlers } from '../../main/sync/loop.ts';
import type { FsStats, SyncFs } from '../../main/sync/syncFs.ts';

interface Inode {
  ino: number;
  kind: 'file' | 'dir';
  data: Buffer;
  mtimeMs: number;
  birthtimeMs: number;
  mode: number;
  /** How many names it has: a hard link adds one, a removal takes one away. */
  nlink: number;
  children: Map<string, Inode>;
}

/**
 * An await point of the engine, around one call: 'before' it runs (a crash there means it never
 * ran) and 'after' it ran (a crash there means its result was never seen).
 */
export type Gate = (label: string, phase: 'before' | 'after') => Promise<void>;

export function fsError(code: string, op: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${op} '${path}'`), { code });
}

const parts = (path: string) => path.split('/').filter((p) => p !== '');
const parentPath = (path: string) => `/${parts(path).slice(0, -1).join('/')}`;
const baseName = (path: string) => parts(path).at(-1) ?? '';

export class MemFs implements SyncFs {
  private nextIno = 1;
  private readonly root: Inode;
  gate: Gate = () => Promise.resolve();

  /** Runs one call of the engine between its two await points. */
  private async io<T>(label: string, op: () => T): Promise<T> {
    await this.gate(label, 'before');
    const result = op();
    await this.gate(label, 'after');
    return result;
  }
  /** The loop's watcher, when one runs: told of every change, as chokidar would be. */
  private watching: { dir: string; ignored: (path: string) => boolean; handlers: WatchHandlers } | null = null;

  constructor(private readonly now: () => number) {
    this.root = this.inode('dir');
  }

  private inode(kind: Inode['kind'], data: Buffer = Buffer.alloc(0)): Inode {
    const t = this.now();
    return { ino: this.nextIno++, kind, data, mtimeMs: t, birthtimeMs: t, mode: kind === 'dir' ? 0o755 : 0o644, nlink: 1, children: new Map() };
  }

  private find(path: string): Inode | undefined {
    let at: Inode | undefined = this.root;
    for (const name of parts(path)) {
      if (!at || at.kind !== 'dir') return undefined;
      at = at.children.get(name);
    }
    return at;
  }

  private get(path: string, op: string): Inode {
    const node = this.find(path);
    if (!node) throw fsError('ENOENT', op, path);
    return node;
  }

  private dirOf(path: string, op: string): Inode {
    const dir = this.find(parentPath(path));
    if (!dir) throw fsError('ENOENT', op, path);
    if (dir.kind !== 'dir') throw fsError('ENOTDIR', op, path);
    return dir;
  }

  private stats(n: Inode): FsStats {
    return {
      size: n.kind === 'file' ? n.data.length : 4096,
      mtimeMs: n.mtimeMs,
      birthtimeMs: n.birthtimeMs,
      ino: n.ino,
      dev: 1,
      mode: n.mode,
      nlink: n.nlink,
      isFile: () => n.kind === 'file',
      isDirectory: () => n.kind === 'dir',
      isSymbolicLink: () => false,
    };
  }

  /** A WatchFolder for the loop over this folder: ready at once, then told of every change. */
  watcher(): WatchFolder {
    return (dir, ignored, handlers) => {
      this.watching = { dir, ignored, handlers };
      queueMicrotask(() => handlers.onReady());
      return {
        close: () => {
          this.unwatch();
          return Promise.resolve();
        },
      };
    };
  }

  unwatch(): void {
    this.watching = null;
  }

  private emit(event: 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir', path: string): void {
    const w = this.watching;
    if (!w || !path.startsWith(`${w.dir}/`) || w.ignored(path)) return;
    const n = this.find(path);
    w.handlers.onEvent(event, path, n && event !== 'unlink' && event !== 'unlinkDir' ? this.stats(n) : undefined);
  }

  /** Events for a node and everything below it, as it appears at or leaves `path`. */
  private emitTree(path: string, node: Inode, appears: boolean): void {
    if (node.kind === 'file') return this.emit(appears ? 'add' : 'unlink', path);
    this.emit(appears ? 'addDir' : 'unlinkDir', path);
    for (const [name, child] of node.children) this.emitTree(`${path}/${name}`, child, appears);
  }

  // The world's own hands (users, the simulated service): no gate, no failure injection.

  exists(path: string): boolean {
    return this.find(path) !== undefined;
  }

  isDir(path: string): boolean {
    return this.find(path)?.kind === 'dir';
  }

  mkdirp(path: string): void {
    let at = this.root;
    let walked = '';
    for (const name of parts(path)) {
      let next = at.children.get(name);
      walked += `/${name}`;
      if (!next) {
        next = this.inode('dir');
        at.children.set(name, next);
        this.emit('addDir', walked);
      }
      at = next;
    }
  }

  /** Writes a file in place (same inode when it exists), as an editor that saves in place does. */
  writeFile(path: string, data: Buffer): void {
    const existing = this.find(path);
    if (existing?.kind === 'dir') throw fsError('EISDIR', 'write', path);
    if (existing) {
      existing.data = data;
      existing.mtimeMs = this.now();
      this.emit('change', path);
      return;
    }
    this.dirOf(path, 'write').children.set(baseName(path), this.inode('file', data));
    this.emit('add', path);
  }

  readFile(path: string): Buffer {
    const n = this.get(path, 'read');
    if (n.kind !== 'file') throw fsError('EISDIR', 'read', path);
    return n.data;
  }

  /** Removes a file or a whole folder. */
  remove(path: string): void {
    const dir = this.dirOf(path, 'rm');
    const node = dir.children.get(baseName(path));
    dir.children.delete(baseName(path));
    if (!node) return;
    node.nlink--;
    this.emitTree(path, node, false);
  }

  moveSync(from: string, to: string): void {
    const node = this.get(from, 'rename');
    const target = this.dirOf(to, 'rename');
    if (node.kind === 'dir' && `${to}/`.startsWith(`${from}/`)) throw fsError('EINVAL', 'rename', to);
    const existing = target.children.get(baseName(to));
    if (existing === node) return;
    if (existing) {
      if (existing.kind === 'dir' && node.kind !== 'dir') throw fsError('EISDIR', 'rename', to);
      if (existing.kind !== 'dir' && node.kind === 'dir') throw fsError('ENOTDIR', 'rename', to);
      if (existing.kind === 'dir' && existing.children.size > 0) throw fsError('ENOTEMPTY', 'rename', to);
      existing.nlink--;
    }
    this.dirOf(from, 'rename').children.delete(baseName(from));
    target.children.set(baseName(to), node);
    this.emitTree(from, node, false);
    this.emitTree(to, node, true);
  }

  /** Every entry below `path`, relative, '/'-separated, with its kind and (for files) content. */
  walk(path: string): { rel: string; kind: Inode['kind']; data: Buffer }[] {
    const out: { rel: string; kind: Inode['kind']; data: Buffer }[] = [];
    const visit = (n: Inode, rel: string) => {
      for (const [name, child] of [...n.children].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const childRel = rel ? `${rel}/${name}` : name;
        out.push({ rel: childRel, kind: child.kind, data: child.data });
        if (child.kind === 'dir') visit(child, childRel);
      }
    };
    visit(this.get(path, 'walk'), '');
    return out;
  }

  // SyncFs: what the engine calls.

  readdirSync(path: string): string[] {
    const n = this.get(path, 'scandir');
    if (n.kind !== 'dir') throw fsError('ENOTDIR', 'scandir', path);
    return [...n.children.keys()];
  }

  lstatSync(path: string): FsStats | undefined {
    const n = this.find(path);
    return n ? this.stats(n) : undefined;
  }

  statSync(path: string): FsStats {
    return this.stats(this.get(path, 'stat'));
  }

  readFileSync(path: string): Buffer {
    return this.readFile(path);
  }

  readText(path: string): Promise<string> {
    return this.io(`fs.readText ${path}`, () => this.readFile(path).toString('utf8'));
  }

  stat(path: string): Promise<FsStats> {
    return this.io(`fs.stat ${path}`, () => this.statSync(path));
  }

  lstat(path: string): Promise<FsStats> {
    return this.stat(path);
  }

  readdir(path: string): Promise<string[]> {
    return this.io(`fs.readdir ${path}`, () => this.readdirSync(path));
  }

  mkdir(path: string): Promise<void> {
    return this.io(`fs.mkdir ${path}`, () => {
    const dir = this.dirOf(path, 'mkdir');
    if (dir.children.has(baseName(path))) throw fsError('EEXIST', 'mkdir', path);
    dir.children.set(baseName(path), this.inode('dir'));
    this.emit('addDir', path);
    });
  }

  rename(from: string, to: string): Promise<void> {
    return this.io(`fs.rename ${from} ${to}`, () => this.moveSync(from, to));
  }

  renameDurably(from: string, to: string): Promise<void> {
    return this.rename(from, to);
  }

  link(from: string, to: string): Promise<void> {
    return this.io(`fs.link ${from} ${to}`, () => {
    const node = this.get(from, 'link');
    if (node.kind === 'dir') throw fsError('EPERM', 'link', from);
    const dir = this.dirOf(to, 'link');
    if (dir.children.has(baseName(to))) throw fsError('EEXIST', 'link', to);
    dir.children.set(baseName(to), node);
    node.nlink++;
    this.emit('add', to);
    });
  }

  unlink(path: string): Promise<void> {
    return this.io(`fs.unlink ${path}`, () => {
    if (this.get(path, 'unlink').kind === 'dir') throw fsError('EISDIR', 'unlink', path);
    this.remove(path);
    });
  }

  rmdir(path: string): Promise<void> {
    return this.io(`fs.rmdir ${path}`, () => {
    const n = this.get(path, 'rmdir');
    if (n.kind !== 'dir') throw fsError('ENOTDIR', 'rmdir', path);
    if (n.children.size > 0) throw fsError('ENOTEMPTY', 'rmdir', path);
    this.remove(path);
    });
  }

  rmFile(path: string): Promise<void> {
    return this.io(`fs.rm ${path}`, () => {
    const n = this.find(path);
    if (!n) return;
    if (n.kind === 'dir') throw fsError('EISDIR', 'rm', path);
    this.remove(path);
    });
  }

  syncDirectory(path: string): Promise<void> {
    return this.io(`fs.fsyncdir ${path}`, () => {
    if (this.get(path, 'open').kind !== 'dir') throw fsError('ENOTDIR', 'open', path);
    });
  }

  hashFile(path: string): Promise<{ hash: string; size: number }> {
    return this.io(`fs.hash ${path}`, () => {
      const data = this.readFile(path);
      return { hash: createHash('sha256').update(data).digest('hex'), size: data.length };
    });
  }
}
