/**
 * The local observation: a full scan of the pair's folder is the truth (chokidar only hints when
 * to scan). A node keeps its id across renames and moves by its inode; a file is hashed only when
 * its size, mtime or inode changed since the last scan.
 */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { hashFile } from '../remote/transfer.ts';
import type { LocalMeta } from '../store/sync/index.ts';
import type { IgnoreRules } from './ignore.ts';
import { canonicalName, localNameProblem } from './names.ts';
import { LOCAL_ID_PREFIX, type NodeKind, type NodeState } from './trees.ts';

export interface LocalScan {
  tree: Map<string, NodeState>;
  metas: Map<string, LocalMeta>;
  /** Paths left out because their names cannot be synced. */
  skipped: string[];
}

interface Entry {
  relPath: string;
  parentRel: string;
  name: string;
  kind: NodeKind;
  size: number;
  mtimeMs: number;
  ino: string;
}

export async function scanLocal(root: string, rootId: string, previous: { tree: ReadonlyMap<string, NodeState>; metas: ReadonlyMap<string, LocalMeta> }, rules: IgnoreRules, newId: () => string = randomLocalId): Promise<LocalScan> {
  const { entries, skipped } = await walk(root, rules);
  const byPath = new Map([...previous.metas.values()].map((m) => [m.path, m]));
  const byIno = new Map([...previous.metas.values()].map((m) => [m.ino, m]));
  const currentInos = new Set(entries.map((e) => e.ino));
  const stillThere = new Set(entries.map((e) => `${e.relPath}\0${e.ino}`));
  const taken = new Set<string>();
  const idOfPath = new Map<string, string>([['', rootId]]);
  const tree = new Map<string, NodeState>();
  const metas = new Map<string, LocalMeta>();

  // An editor that saves by writing a new file and renaming it over the old one changes the inode:
  // a path match wins unless the old inode is still here under another name (then it moved).
  const identify = (e: Entry): string => {
    const atPath = byPath.get(e.relPath);
    if (atPath && !taken.has(atPath.id) && previous.tree.get(atPath.id)?.kind === e.kind && (atPath.ino === e.ino || !currentInos.has(atPath.ino))) return atPath.id;
    const moved = byIno.get(e.ino);
    if (moved && !taken.has(moved.id) && previous.tree.get(moved.id)?.kind === e.kind && !stillThere.has(`${moved.path}\0${moved.ino}`)) return moved.id;
    return newId();
  };

  for (const e of entries) {
    const id = identify(e);
    taken.add(id);
    idOfPath.set(e.relPath, id);
    const before = previous.metas.get(id);
    const unchanged = before && before.size === e.size && before.mtimeMs === e.mtimeMs && before.ino === e.ino;
    const oldHash = previous.tree.get(id)?.hash;
    const hash = e.kind === 'dir' ? '' : unchanged && oldHash ? oldHash : (await hashFile(join(root, e.relPath))).hash;
    tree.set(id, { id, parentId: idOfPath.get(e.parentRel) ?? rootId, name: canonicalName(e.name), kind: e.kind, hash });
    metas.set(id, { id, path: e.relPath, size: e.size, mtimeMs: e.mtimeMs, ino: e.ino });
  }
  return { tree, metas, skipped };
}

/** Every entry below `root`, parents before children; symlinks are not followed. */
async function walk(root: string, rules: IgnoreRules): Promise<{ entries: Entry[]; skipped: string[] }> {
  const entries: Entry[] = [];
  const skipped: string[] = [];
  const queue = [''];
  while (queue.length > 0) {
    const dirRel = queue.shift() as string;
    const dirents = await readdir(join(root, dirRel), { withFileTypes: true }).catch(() => []);
    for (const d of dirents) {
      if (!d.isFile() && !d.isDirectory()) continue;
      const relPath = dirRel ? `${dirRel}/${d.name}` : d.name;
      const isDir = d.isDirectory();
      if (rules.ignores(relPath, isDir)) continue;
      if (localNameProblem(d.name)) {
        skipped.push(relPath);
        continue;
      }
      const st = await lstat(join(root, relPath), { bigint: true }).catch(() => null);
      if (!st) continue;
      entries.push({ relPath, parentRel: dirRel, name: d.name, kind: isDir ? 'dir' : 'file', size: Number(st.size), mtimeMs: Number(st.mtimeNs / 1000n) / 1000, ino: `${st.dev}:${st.ino}` });
      if (isDir) queue.push(relPath);
    }
  }
  return { entries, skipped };
}

export function randomLocalId(): string {
  return `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`;
}
