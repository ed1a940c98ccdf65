/**
 * A pair's trees in memory, written through to the sync store: every mutation an operation makes
 * is persisted in the same SQLite transaction, so a crash leaves trees that a new scan can trust.
 */
import type { LocalMeta, RemoteMeta, Side, SyncStore } from '../store/sync/index.ts';
import { childIndex, descendants, type NodeState } from './trees.ts';

export class PairState {
  readonly remote: Map<string, NodeState>;
  readonly local: Map<string, NodeState>;
  readonly synced: Map<string, NodeState>;
  readonly localMetas: Map<string, LocalMeta>;
  readonly remoteMetas = new Map<string, RemoteMeta>();

  constructor(
    private readonly store: SyncStore,
    readonly pairId: string,
    readonly rootId: string,
  ) {
    this.remote = store.loadTree(pairId, 'remote');
    this.local = store.loadTree(pairId, 'local');
    this.synced = store.loadTree(pairId, 'synced');
    this.localMetas = store.loadLocalMeta(pairId);
    for (const id of this.remote.keys()) {
      const m = store.getRemoteMeta(pairId, id);
      if (m) this.remoteMetas.set(id, m);
    }
  }

  tree(side: Side): Map<string, NodeState> {
    return side === 'remote' ? this.remote : side === 'local' ? this.local : this.synced;
  }

  /** Runs a group of mutations as one transaction. */
  atomically<T>(fn: () => T): T {
    return this.store.transaction(fn);
  }

  put(side: Side, node: NodeState): void {
    this.tree(side).set(node.id, node);
    this.store.putNode(this.pairId, side, node);
  }

  remove(side: Side, id: string): void {
    this.tree(side).delete(id);
    this.store.deleteNode(this.pairId, side, id);
    if (side === 'local') this.localMetas.delete(id);
    if (side === 'remote') {
      this.remoteMetas.delete(id);
      this.store.deleteRemoteMeta(this.pairId, id);
    }
  }

  /** Removes a node and everything below it on one side. */
  removeSubtree(side: Side, id: string): string[] {
    const ids = [id, ...descendants(childIndex(this.tree(side)), id).map((n) => n.id)];
    for (const x of ids) this.remove(side, x);
    return ids;
  }

  remap(from: string, to: string): void {
    for (const tree of [this.local, this.synced, this.remote]) {
      const node = tree.get(from);
      if (node) {
        tree.delete(from);
        tree.set(to, { ...node, id: to });
      }
      for (const [id, n] of tree) if (n.parentId === from) tree.set(id, { ...n, parentId: to });
    }
    const meta = this.localMetas.get(from);
    if (meta) {
      this.localMetas.delete(from);
      this.localMetas.set(to, { ...meta, id: to });
    }
    this.store.remap(this.pairId, from, to);
  }

  setLocalMeta(meta: LocalMeta): void {
    this.localMetas.set(meta.id, meta);
    this.store.putLocalMeta(this.pairId, meta);
  }

  setRemoteMeta(meta: RemoteMeta): void {
    this.remoteMetas.set(meta.id, meta);
    this.store.putRemoteMeta(this.pairId, meta);
  }

  /** Replaces a whole side after a full observation (scan or walk). */
  replace(side: 'local' | 'remote', nodes: Map<string, NodeState>, metas: { local?: Map<string, LocalMeta>; remote?: Map<string, RemoteMeta> }): void {
    // Snapshots first: the caller may pass the very maps being replaced.
    const nodeList = [...nodes.values()];
    const localMetas = metas.local ? [...metas.local.values()] : null;
    const remoteMetas = metas.remote ? [...metas.remote] : null;
    const tree = this.tree(side);
    tree.clear();
    for (const n of nodeList) tree.set(n.id, n);
    this.store.replaceTree(this.pairId, side, nodeList);
    if (localMetas) {
      this.localMetas.clear();
      for (const m of localMetas) this.localMetas.set(m.id, m);
      this.store.replaceLocalMeta(this.pairId, localMetas);
    }
    if (remoteMetas) {
      this.remoteMetas.clear();
      for (const [id, m] of remoteMetas) {
        this.remoteMetas.set(id, m);
        this.store.putRemoteMeta(this.pairId, m);
      }
    }
  }

  /** The path of a local node relative to the pair's folder, '/'-separated ('' for the root). */
  localPath(id: string): string {
    if (id === this.rootId) return '';
    const meta = this.localMetas.get(id);
    if (meta) return meta.path;
    const node = this.local.get(id);
    if (!node) throw new Error(`no local node ${id}`);
    const parent = this.localPath(node.parentId);
    return parent ? `${parent}/${node.name}` : node.name;
  }
}
