/**
 * The three trees of a sync pair (docs/architecture.md, "The sync engine"): remote (last seen on the service), local (last
 * observed on disk) and synced (the merge base). Nodes are keyed by id, never by path: a node
 * known to the service carries its service id on every side; a node seen only on disk carries a
 * local id until its upload gives it a service id.
 */
import type { LocalMeta, NodeState, RemoteMeta } from './model.ts';

export type Tree = ReadonlyMap<string, NodeState>;

export interface Trees {
  rootId: string;
  remote: Tree;
  local: Tree;
  synced: Tree;
}

export const LOCAL_ID_PREFIX = 'local:';

export function isLocalId(id: string): boolean {
  return id.startsWith(LOCAL_ID_PREFIX);
}

export function samePlace(a: NodeState, b: NodeState): boolean {
  return a.parentId === b.parentId && a.name === b.name;
}

/**
 * Equal in everything the trees keep (ids aside). A new observation that finds a node as it was
 * keeps the object it had: the trees then hold one object (and one set of strings) per node
 * instead of one per observation (docs/sync-performance.md, "Memory, session 15").
 */
export function sameNode(a: NodeState, b: NodeState): boolean {
  return a.parentId === b.parentId && a.name === b.name && a.kind === b.kind && a.hash === b.hash;
}

export function sameLocalMeta(a: LocalMeta, b: LocalMeta): boolean {
  return a.path === b.path && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino && a.checkedMs === b.checkedMs;
}

export function sameRemoteMeta(a: RemoteMeta, b: RemoteMeta): boolean {
  return a.versionId === b.versionId && a.size === b.size;
}

/** Children by parent id, for walking subtrees. */
export function childIndex(tree: Tree): Map<string, NodeState[]> {
  const index = new Map<string, NodeState[]>();
  for (const node of tree.values()) {
    const list = index.get(node.parentId);
    if (list) list.push(node);
    else index.set(node.parentId, [node]);
  }
  return index;
}

export function descendants(index: Map<string, NodeState[]>, id: string): NodeState[] {
  const out: NodeState[] = [];
  const stack = [...(index.get(id) ?? [])];
  while (stack.length > 0) {
    const node = stack.pop() as NodeState;
    out.push(node);
    stack.push(...(index.get(node.id) ?? []));
  }
  return out;
}

/** The key under which a name occupies a slot; case-insensitive disks fold case. */
export type NameKey = (name: string) => string;

export const exactNames: NameKey = (name) => name.normalize('NFC');
export const caseFoldedNames: NameKey = (name) => name.normalize('NFC').toLocaleLowerCase('en-US');

/**
 * Who sits at (parentId, name) in a tree: the names of each folder in a map of their own, so that
 * indexing a tree of 100,000 nodes builds no "parent/name" string per node.
 */
export class Slots {
  private readonly byParent = new Map<string, Map<string, string>>();

  constructor(
    tree: Tree,
    private readonly key: NameKey,
  ) {
    for (const node of tree.values()) {
      const names = this.byParent.get(node.parentId);
      if (names) names.set(key(node.name), node.id);
      else this.byParent.set(node.parentId, new Map([[key(node.name), node.id]]));
    }
  }

  /** The id of the node at that place, if any. */
  at(parentId: string, name: string): string | undefined {
    return this.byParent.get(parentId)?.get(this.key(name));
  }
}
