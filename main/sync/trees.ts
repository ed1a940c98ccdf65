/**
 * The three trees of a sync pair (docs/architecture.md, "The sync engine"): remote (last seen on the service), local (last
 * observed on disk) and synced (the merge base). Nodes are keyed by id, never by path: a node
 * known to the service carries its service id on every side; a node seen only on disk carries a
 * local id until its upload gives it a service id.
 */
import type { NodeState } from './model.ts';

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

/** Who sits at (parentId, name) in a tree. */
export function slotIndex(tree: Tree, key: NameKey): Map<string, string> {
  const index = new Map<string, string>();
  for (const node of tree.values()) index.set(`${node.parentId}/${key(node.name)}`, node.id);
  return index;
}
