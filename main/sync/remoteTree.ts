/**
 * The remote observation: the change feed keeps the remote tree current cheaply; a full walk
 * rebuilds it when there is no cursor yet or the service no longer holds it (130006).
 */
import type { Change } from '../../shared/v1/resources.ts';
import type { NodeState, RemoteMeta } from './model.ts';
import { canonicalName } from './names.ts';
import type { RemoteDocument, SyncRemote } from './syncRemote.ts';
import { childIndex, descendants, sameNode, sameRemoteMeta } from './trees.ts';

export interface RemoteView {
  tree: Map<string, NodeState>;
  metas: Map<string, RemoteMeta>;
}

/** Walks the pair's container breadth-first. Documents without a version have no content to sync yet. */
export async function walkRemote(client: SyncRemote, rootId: string, into: RemoteView = { tree: new Map(), metas: new Map() }): Promise<RemoteView> {
  const queue = [rootId];
  for (let next = 0; next < queue.length; next++) {
    const containerId = queue[next] as string;
    const { containers, documents } = await client.children(containerId);
    for (const c of containers) {
      setNode(into, { id: c.containerId, parentId: containerId, name: canonicalName(c.name), kind: 'dir', hash: '' });
      queue.push(c.containerId);
    }
    for (const d of documents) addDocument(into, d.containerId, d);
  }
  return into;
}

function addDocument(view: RemoteView, parentId: string, d: Omit<RemoteDocument, 'containerId'>): void {
  if (d.currentVersionNo === 0) return;
  setNode(view, { id: d.docId, parentId, name: canonicalName(d.title), kind: 'file', hash: d.contentHash });
  const meta: RemoteMeta = { id: d.docId, versionId: d.currentVersionId, size: d.sizeBytes };
  const held = view.metas.get(d.docId);
  view.metas.set(d.docId, held !== undefined && sameRemoteMeta(held, meta) ? held : meta);
}

/**
 * A node the view already holds as the feed or the walk tells it keeps its object: after a first
 * sync the feed repeats every upload, and the node the upload recorded is shared with the other
 * two trees (docs/sync-performance.md, "Memory, session 15").
 */
function setNode(view: RemoteView, node: NodeState): void {
  const held = view.tree.get(node.id);
  view.tree.set(node.id, held !== undefined && sameNode(held, node) ? held : node);
}

function removeSubtree(view: RemoteView, id: string): void {
  for (const d of descendants(childIndex(view.tree), id)) {
    view.tree.delete(d.id);
    view.metas.delete(d.id);
  }
  view.tree.delete(id);
  view.metas.delete(id);
}

/** Applies feed entries in commit order. A container that moves in from outside the pair is walked. */
export async function applyChanges(client: SyncRemote, rootId: string, view: RemoteView, changes: Change[]): Promise<{ rootGone: boolean }> {
  let rootGone = false;
  for (const c of changes) {
    if (c.id === rootId) {
      if (c.deleted) rootGone = true;
      continue;
    }
    const inView = c.parentId === rootId || view.tree.get(c.parentId)?.kind === 'dir';
    if (c.deleted || !inView) {
      removeSubtree(view, c.id);
      continue;
    }
    if (c.kind === 'container') {
      const known = view.tree.has(c.id);
      setNode(view, { id: c.id, parentId: c.parentId, name: canonicalName(c.name), kind: 'dir', hash: '' });
      if (!known) await walkRemote(client, c.id, view);
    } else {
      addDocument(view, c.parentId, { docId: c.id, title: c.name, contentHash: c.contentHash, currentVersionId: c.versionId, sizeBytes: c.sizeBytes, currentVersionNo: c.versionNo });
    }
  }
  return { rootGone };
}
