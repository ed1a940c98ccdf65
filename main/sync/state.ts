/**
 * A pair's trees in memory, written through to the sync store: every mutation an operation makes
 * is persisted in the same SQLite transaction, so a crash leaves trees that a new scan can trust.
 * A new observation is persisted as its difference from the last one, so a round in which little
 * changed writes little, however large the pair.
 */
import type { SyncStore } from '../store/sync/index.ts';
import type { Intent, LocalMeta, NodeState, RemoteMeta, Side } from './model.ts';
import { systemClock, type Clock } from './clock.ts';
import { childIndex, descendants, sameLocalMeta, sameNode, sameRemoteMeta } from './trees.ts';

export class PairState {
  readonly remote: Map<string, NodeState>;
  readonly local: Map<string, NodeState>;
  readonly synced: Map<string, NodeState>;
  readonly localMetas: Map<string, LocalMeta>;
  readonly remoteMetas: Map<string, RemoteMeta>;
  /** Transfers whose result may have landed without being recorded (see intents.ts), by side and id. */
  readonly intents: Map<string, Intent>;

  constructor(
    private readonly store: SyncStore,
    readonly pairId: string,
    readonly rootId: string,
  ) {
    this.remote = store.loadTree(pairId, 'remote');
    this.local = store.loadTree(pairId, 'local');
    this.synced = store.loadTree(pairId, 'synced');
    this.localMetas = store.loadLocalMeta(pairId);
    this.remoteMetas = store.loadRemoteMeta(pairId);
    this.intents = new Map(store.loadIntents(pairId).map((i) => [`${i.side}\0${i.id}`, i]));
  }

  /** Records what a transfer is about to put on a side; durable before the transfer can land. */
  intend(intent: Intent): void {
    this.intents.set(`${intent.side}\0${intent.id}`, intent);
    this.store.putIntent(this.pairId, intent);
  }

  clearIntent(side: Intent['side'], id: string): void {
    if (this.intents.delete(`${side}\0${id}`)) this.store.deleteIntent(this.pairId, side, id);
  }

  tree(side: Side): Map<string, NodeState> {
    return side === 'remote' ? this.remote : side === 'local' ? this.local : this.synced;
  }

  /** Runs a group of mutations as one transaction (or one savepoint of an open group). */
  atomically<T>(fn: () => T): T {
    return this.store.transaction(fn);
  }

  /** Like atomically, and durable when it returns even inside a group: for what must be on disk before acting on it. */
  durably<T>(fn: () => T): T {
    const result = this.store.transaction(fn);
    this.store.settleGroup();
    return result;
  }

  /**
   * Runs work whose mutations are committed together, every `everyMs` and at the end, instead of
   * one commit each: many small transfers cost far less. A crash loses at most the last group,
   * which the intents recorded before the transfers (durably) account for.
   */
  async grouped<T>(everyMs: number, work: () => Promise<T>, clock: Clock = systemClock): Promise<T> {
    this.store.begin();
    const timer = clock.setInterval(() => this.store.settleGroup(), everyMs);
    try {
      return await work();
    } finally {
      clock.clear(timer);
      this.store.commit();
    }
  }

  put(side: Side, node: NodeState): void {
    this.tree(side).set(node.id, node);
    this.store.putNode(this.pairId, side, node);
  }

  remove(side: Side, id: string): void {
    this.tree(side).delete(id);
    this.store.deleteNode(this.pairId, side, id);
    if (side === 'local') this.removeLocalMeta(id);
    if (side === 'remote' && this.remoteMetas.delete(id)) this.store.deleteRemoteMeta(this.pairId, id);
  }

  /** Removes a node and everything below it on one side; returns the ids removed. */
  removeSubtree(side: Side, id: string): string[] {
    const tree = this.tree(side);
    const ids = tree.get(id)?.kind === 'dir' ? [id, ...descendants(childIndex(tree), id).map((n) => n.id)] : [id];
    for (const x of ids) this.remove(side, x);
    return ids;
  }

  /** A node takes its service id on every side; a folder's children follow it. */
  remap(from: string, to: string): void {
    let isDir = false;
    for (const tree of [this.local, this.synced, this.remote]) {
      const node = tree.get(from);
      if (!node) continue;
      isDir ||= node.kind === 'dir';
      tree.delete(from);
      tree.set(to, { ...node, id: to });
    }
    if (isDir) {
      for (const tree of [this.local, this.synced, this.remote]) for (const [id, n] of tree) if (n.parentId === from) tree.set(id, { ...n, parentId: to });
    }
    const meta = this.localMetas.get(from);
    if (meta) {
      this.localMetas.delete(from);
      this.localMetas.set(to, { ...meta, id: to });
    }
    this.store.remap(this.pairId, from, to, isDir);
  }

  setLocalMeta(meta: LocalMeta): void {
    this.localMetas.set(meta.id, meta);
    this.store.putLocalMeta(this.pairId, meta);
  }

  removeLocalMeta(id: string): void {
    if (this.localMetas.delete(id)) this.store.deleteLocalMeta(this.pairId, id);
  }

  setRemoteMeta(meta: RemoteMeta): void {
    this.remoteMetas.set(meta.id, meta);
    this.store.putRemoteMeta(this.pairId, meta);
  }

  /**
   * Makes one side equal to a new full observation (scan or walk), writing only what differs.
   * `nodes` and `metas` must be new maps, not this state's own.
   */
  replace(side: 'local', nodes: ReadonlyMap<string, NodeState>, metas: ReadonlyMap<string, LocalMeta>): void;
  replace(side: 'remote', nodes: ReadonlyMap<string, NodeState>, metas: ReadonlyMap<string, RemoteMeta>): void;
  replace(side: 'local' | 'remote', nodes: ReadonlyMap<string, NodeState>, metas: ReadonlyMap<string, LocalMeta> | ReadonlyMap<string, RemoteMeta>): void {
    const tree = this.tree(side);
    if (nodes === tree) throw new Error('replace needs a new observation, not the current tree');
    for (const id of [...tree.keys()]) {
      if (nodes.has(id)) continue;
      tree.delete(id);
      this.store.deleteNode(this.pairId, side, id);
    }
    // The observation's objects replace equal ones too: while the caller still holds the
    // observation, every node of it would otherwise be in memory twice.
    for (const n of nodes.values()) {
      const old = tree.get(n.id);
      tree.set(n.id, n);
      if (!old || !sameNode(old, n)) this.store.putNode(this.pairId, side, n);
    }
    if (side === 'local') this.replaceLocalMetas(metas as ReadonlyMap<string, LocalMeta>);
    else this.replaceRemoteMetas(metas as ReadonlyMap<string, RemoteMeta>);
  }

  private replaceLocalMetas(metas: ReadonlyMap<string, LocalMeta>): void {
    for (const id of [...this.localMetas.keys()]) if (!metas.has(id)) this.removeLocalMeta(id);
    for (const m of metas.values()) {
      const old = this.localMetas.get(m.id);
      if (!old || !sameLocalMeta(old, m)) this.setLocalMeta(m);
      else this.localMetas.set(m.id, m);
    }
  }

  private replaceRemoteMetas(metas: ReadonlyMap<string, RemoteMeta>): void {
    for (const id of [...this.remoteMetas.keys()]) {
      if (!metas.has(id) && this.remoteMetas.delete(id)) this.store.deleteRemoteMeta(this.pairId, id);
    }
    for (const m of metas.values()) {
      const old = this.remoteMetas.get(m.id);
      if (!old || !sameRemoteMeta(old, m)) this.setRemoteMeta(m);
      else this.remoteMetas.set(m.id, m);
    }
  }

  /** The path of a local node relative to the pair's folder, '/'-separated ('' for the root), as it is on disk. */
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
