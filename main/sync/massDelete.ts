/**
 * What a batch that tripped the mass-delete guard would delete: the items the user is shown and
 * chooses for ("Restore them" or "Delete them on the service too"). Folders count with every file in them.
 */
import type { NodeState } from './model.ts';
import { childIndex, descendants, type Tree, type Trees } from './trees.ts';

/** service: deleted here, the batch would delete it on the service; here: deleted on the service, the batch would delete it here. */
export type DeleteSide = 'service' | 'here';

export interface PendingDelete {
  id: string;
  /** '/'-separated, relative to the pair's folder. */
  path: string;
  kind: NodeState['kind'];
  side: DeleteSide;
}

interface DeleteOp {
  type: string;
  id?: string;
}

/** Every node the batch's deletes would remove, on the side that still has it, the content of deleted folders included. */
export function pendingDeletes(ops: readonly DeleteOp[], t: Trees): PendingDelete[] {
  const out: PendingDelete[] = [];
  const indexes = new Map<'remote' | 'local', Map<string, NodeState[]>>();
  for (const op of ops) {
    if ((op.type !== 'deleteRemote' && op.type !== 'deleteLocal') || op.id === undefined) continue;
    const treeSide = op.type === 'deleteRemote' ? 'remote' : 'local';
    const side: DeleteSide = op.type === 'deleteRemote' ? 'service' : 'here';
    const tree = t[treeSide];
    const node = tree.get(op.id);
    if (!node) continue;
    let index = indexes.get(treeSide);
    if (!index) indexes.set(treeSide, (index = childIndex(tree)));
    for (const n of [node, ...descendants(index, node.id)]) out.push({ id: n.id, path: pathIn(tree, t.rootId, n), kind: n.kind, side });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

export function fileCount(items: readonly PendingDelete[]): number {
  return items.filter((i) => i.kind === 'file').length;
}

function pathIn(tree: Tree, rootId: string, node: NodeState): string {
  const names = [node.name];
  let parent = node.parentId;
  // A parent chain longer than the tree would be a cycle in a corrupt tree: the path stops there.
  for (let depth = 0; parent !== rootId && depth < tree.size; depth++) {
    const p = tree.get(parent);
    if (!p) break;
    names.unshift(p.name);
    parent = p.parentId;
  }
  return names.join('/');
}
