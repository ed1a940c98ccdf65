/**
 * An in-memory world for planner tests: the three trees, and an executor that applies operations
 * the way the real one does (checking each precondition when it runs, skipping what no longer
 * applies). It also enforces the no-loss rule: local content may only be removed or overwritten
 * when some service version holds it.
 */
import { plan, type Op } from '../../../main/sync/planner.ts';
import { caseFoldedNames, exactNames, type NameKey, type Trees } from '../../../main/sync/trees.ts';
import type { NodeState } from '../../../main/sync/model.ts';

export const ROOT = 'root';

export class ContentLost extends Error {}

export class World {
  remote = new Map<string, NodeState>();
  local = new Map<string, NodeState>();
  synced = new Map<string, NodeState>();
  /** Every content the service has ever held: current versions, old versions, the recycle bin. */
  serviceContent = new Set<string>();
  private next = 0;
  readonly localKey: NameKey;

  constructor(readonly caseInsensitive = false) {
    this.localKey = caseInsensitive ? caseFoldedNames : exactNames;
  }

  trees(): Trees {
    return { rootId: ROOT, remote: this.remote, local: this.local, synced: this.synced };
  }

  newId(prefix: string): string {
    let id: string;
    do id = `${prefix}${++this.next}`;
    while (this.remote.has(id) || this.local.has(id) || this.synced.has(id));
    return id;
  }

  occupied(side: 'local' | 'remote', parentId: string, name: string, except?: string): boolean {
    const tree = side === 'local' ? this.local : this.remote;
    const key = side === 'local' ? this.localKey : exactNames;
    for (const n of tree.values()) if (n.id !== except && n.parentId === parentId && key(n.name) === key(name)) return true;
    return false;
  }

  hasDir(side: 'local' | 'remote', id: string): boolean {
    if (id === ROOT) return true;
    return (side === 'local' ? this.local : this.remote).get(id)?.kind === 'dir';
  }

  isInside(side: 'local' | 'remote', id: string, ancestor: string): boolean {
    const tree = side === 'local' ? this.local : this.remote;
    for (let at: string | undefined = id, steps = 0; at && steps <= tree.size + 1; steps++) {
      if (at === ancestor) return true;
      at = tree.get(at)?.parentId;
    }
    return false;
  }

  subtree(side: 'local' | 'remote', id: string): NodeState[] {
    const tree = side === 'local' ? this.local : this.remote;
    return [...tree.values()].filter((n) => this.isInside(side, n.id, id));
  }

  /** Renames a node id everywhere (a new service id replaces a local one). */
  remap(from: string, to: string): void {
    for (const tree of [this.local, this.synced]) {
      const node = tree.get(from);
      if (node) {
        tree.delete(from);
        tree.set(to, { ...node, id: to });
      }
      for (const [id, n] of tree) if (n.parentId === from) tree.set(id, { ...n, parentId: to });
    }
  }

  private canPlace(side: 'local' | 'remote', id: string, parentId: string, name: string): boolean {
    return this.hasDir(side, parentId) && !this.occupied(side, parentId, name, id) && !(this.isInside(side, parentId, id));
  }

  private guardLocalContent(hash: string): void {
    if (hash && !this.serviceContent.has(hash)) throw new ContentLost(`local content ${hash} would be lost`);
  }

  /** Applies one operation; returns false when its preconditions no longer hold. */
  apply(op: Op): boolean {
    switch (op.type) {
      case 'upload': {
        const l = this.local.get(op.id);
        if (!l || l.kind !== 'file') return false;
        this.serviceContent.add(l.hash);
        if (!op.isNew) {
          const r = this.remote.get(op.id);
          if (!r) return false;
          this.remote.set(op.id, { ...r, hash: l.hash });
          this.synced.set(op.id, { ...(this.synced.get(op.id) ?? r), hash: l.hash });
          return true;
        }
        if (!this.canPlace('remote', '', l.parentId, l.name)) return false;
        const id = this.newId('r');
        this.remote.set(id, { ...l, id });
        this.remap(op.id, id);
        this.synced.set(id, { ...l, id });
        return true;
      }
      case 'createRemoteDir': {
        const l = this.local.get(op.id);
        if (!l || l.kind !== 'dir' || !this.canPlace('remote', '', l.parentId, l.name)) return false;
        const id = this.newId('r');
        this.remote.set(id, { ...l, id });
        this.remap(op.id, id);
        this.synced.set(id, { ...l, id });
        return true;
      }
      case 'download': {
        const r = this.remote.get(op.id);
        if (!r || r.kind !== 'file') return false;
        const l = this.local.get(op.id);
        if (op.isNew) {
          if (l || !this.canPlace('local', op.id, r.parentId, r.name)) return false;
          this.local.set(op.id, { ...r });
          this.synced.set(op.id, { ...r });
          return true;
        }
        if (!l) return false;
        this.guardLocalContent(l.hash);
        this.local.set(op.id, { ...l, hash: r.hash });
        this.synced.set(op.id, { ...(this.synced.get(op.id) ?? r), hash: r.hash });
        return true;
      }
      case 'createLocalDir': {
        const r = this.remote.get(op.id);
        if (!r || this.local.has(op.id) || !this.canPlace('local', op.id, r.parentId, r.name)) return false;
        this.local.set(op.id, { ...r });
        this.synced.set(op.id, { ...r });
        return true;
      }
      case 'moveRemote': {
        const r = this.remote.get(op.id);
        if (!r || !this.canPlace('remote', op.id, op.parentId, op.name)) return false;
        this.remote.set(op.id, { ...r, parentId: op.parentId, name: op.name });
        const s = this.synced.get(op.id);
        if (s) this.synced.set(op.id, { ...s, parentId: op.parentId, name: op.name });
        return true;
      }
      case 'moveLocal': {
        const l = this.local.get(op.id);
        if (!l || !this.canPlace('local', op.id, op.parentId, op.name)) return false;
        this.local.set(op.id, { ...l, parentId: op.parentId, name: op.name });
        const s = this.synced.get(op.id);
        if (s) this.synced.set(op.id, { ...s, parentId: op.parentId, name: op.name });
        return true;
      }
      case 'deleteRemote': {
        if (!this.remote.has(op.id)) return false;
        for (const n of this.subtree('remote', op.id)) {
          this.remote.delete(n.id);
          this.synced.delete(n.id);
        }
        return true;
      }
      case 'deleteLocal': {
        if (!this.local.has(op.id)) return false;
        const doomed = this.subtree('local', op.id);
        for (const n of doomed) this.guardLocalContent(n.hash);
        for (const n of doomed) {
          this.local.delete(n.id);
          this.synced.delete(n.id);
        }
        return true;
      }
      case 'conflictCopy': {
        const l = this.local.get(op.id);
        const r = this.remote.get(op.id);
        if (!l || !r || this.occupied('local', l.parentId, op.copyName)) return false;
        const copy = this.newId('local:');
        this.local.set(copy, { ...l, id: copy, name: op.copyName });
        this.local.set(op.id, { ...l, hash: r.hash });
        this.synced.set(op.id, { ...(this.synced.get(op.id) ?? r), hash: r.hash });
        return true;
      }
      case 'renameLocal': {
        const l = this.local.get(op.id);
        if (!l || this.occupied('local', l.parentId, op.name, op.id)) return false;
        this.local.set(op.id, { ...l, name: op.name });
        return true;
      }
      case 'adopt': {
        const l = this.local.get(op.localId);
        const r = this.remote.get(op.remoteId);
        if (!l || !r || this.local.has(op.remoteId)) return false;
        this.remap(op.localId, op.remoteId);
        this.synced.set(op.remoteId, { ...r });
        return true;
      }
      case 'record':
        this.synced.set(op.id, { ...op.node });
        return true;
      case 'forget':
        this.synced.delete(op.id);
        return true;
      default: {
        const unreachable: never = op;
        throw new Error(`unknown op ${JSON.stringify(unreachable)}`);
      }
    }
  }
}

const MAX_ROUNDS = 60;

/** Plans and applies (in a seeded shuffled order) until the planner returns nothing; returns the plans. */
export function converge(world: World, seed = 1): Op[][] {
  let rng = seed;
  const random = () => (rng = (rng * 1103515245 + 12345) % 2147483648) / 2147483648;
  const history: Op[][] = [];
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const ops = plan(world.trees(), { conflictStamp: '2026-11-21 120000 host', caseInsensitiveLocal: world.caseInsensitive });
    if (ops.length === 0) return history;
    history.push(ops);
    const shuffled = ops.map((op) => ({ op, k: random() })).sort((a, b) => a.k - b.k).map((x) => x.op);
    for (const op of inCreationOrder(shuffled)) world.apply(op);
  }
  throw new Error(`no convergence after ${MAX_ROUNDS} rounds`);
}

/**
 * The order the engine keeps in a batch, whatever else it runs at once: a new node on disk whose
 * folder the batch creates comes after that folder's creation (the engine runs a batch's
 * structure in plan order, and its transfers after). Otherwise the order is left as it is.
 */
function inCreationOrder(ops: Op[]): Op[] {
  const creating = new Map<string, string>();
  for (const op of ops) if (op.type === 'createLocalDir') creating.set(op.id, op.parentId);
  const depth = (parentId: string): number => {
    let d = 0;
    for (let at = parentId; creating.has(at) && d <= creating.size; at = creating.get(at) as string) d++;
    return d;
  };
  const level = (op: Op) => (op.type === 'createLocalDir' || (op.type === 'download' && op.isNew) ? depth(op.parentId) : 0);
  return ops.map((op, i) => ({ op, i, d: level(op) })).sort((a, b) => a.d - b.d || a.i - b.i).map((x) => x.op);
}

/** Adds a node present and agreed on both sides. */
export function synced(world: World, node: NodeState): void {
  world.remote.set(node.id, { ...node });
  world.local.set(node.id, { ...node });
  world.synced.set(node.id, { ...node });
  if (node.hash) world.serviceContent.add(node.hash);
}
