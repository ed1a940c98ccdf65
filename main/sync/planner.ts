/**
 * The sync planner: a pure function from the three trees to a batch of operations that may run
 * concurrently (docs/architecture.md, "The sync engine"). The engine runs a batch, observes again and plans again until the
 * planner returns nothing; after a crash the same loop recovers, because nothing but the trees is
 * persisted.
 *
 * Rules, each enforced here and tested in test/unit/sync/:
 * - an edit beats a delete, on either side, for files and for folders that hold edits;
 * - both sides changed to the same state: record it, no conflict;
 * - both changed a file's content differently: the service copy keeps the name, the local copy is
 *   kept as "name (conflicted copy …).ext" and uploaded next to it;
 * - a rename or move is one operation; when both sides moved a node differently, the service wins;
 * - parents before children: a node is placed only under a parent that exists on that side, or,
 *   for a new folder or file on disk, under a folder this batch creates there first: the engine
 *   runs a batch's structure in plan order and its transfers after it, so a new tree on the service
 *   comes down in one round;
 * - local content is deleted only when the merge base, i.e. a service version, holds it;
 * - a name already taken on the target side is resolved on the local side, by renaming the local
 *   node out of the way (never by overwriting).
 * At most one operation per node per batch, so concurrent execution never races on a node; only a
 * new node's creation on disk may depend on its parent's, earlier in the same batch.
 */
import { caseFoldedNames, childIndex, descendants, exactNames, samePlace, Slots, type NameKey, type Trees } from './trees.ts';
import type { NodeState } from './model.ts';
import { conflictCopyName } from './names.ts';

export type Op =
  /** Send a file's local content to the service: a new version, or a new document when isNew. */
  | { type: 'upload'; id: string; isNew: boolean; parentId: string; name: string }
  | { type: 'createRemoteDir'; id: string; parentId: string; name: string }
  /** Fetch a file's remote content: in place, or as a new local file when isNew. */
  | { type: 'download'; id: string; isNew: boolean; parentId: string; name: string }
  | { type: 'createLocalDir'; id: string; parentId: string; name: string }
  | { type: 'moveRemote'; id: string; parentId: string; name: string }
  | { type: 'moveLocal'; id: string; parentId: string; name: string }
  /** To the service's recycle bin, with everything below it. */
  | { type: 'deleteRemote'; id: string }
  | { type: 'deleteLocal'; id: string }
  /** Keep the local edit as a new local file named copyName, then download the remote content in place. */
  | { type: 'conflictCopy'; id: string; copyName: string }
  /** Move a local node out of a name the other side needs; it then syncs under its new name. */
  | { type: 'renameLocal'; id: string; name: string }
  /** The same file or folder appeared on both sides: the local node takes the service id. */
  | { type: 'adopt'; localId: string; remoteId: string }
  /** Both sides agree: advance the merge base. */
  | { type: 'record'; id: string; node: NodeState }
  | { type: 'forget'; id: string };

export type OpType = Op['type'];

export interface PlanOptions {
  /** Fold case when comparing local names (Windows, macOS by default). */
  caseInsensitiveLocal?: boolean;
  /** Inserted into conflict names, e.g. "2026-11-21 143002 laptop". */
  conflictStamp: string;
}

type Side = 'local' | 'remote';

interface Placement {
  side: Side;
  id: string;
  parentId: string;
  name: string;
  op: Op;
}

export function plan(trees: Trees, options: PlanOptions): Op[] {
  return new Planner(trees, options).run();
}

class Planner {
  private readonly ops: Op[] = [];
  private readonly claimed = new Set<string>();
  private readonly placements: Placement[] = [];
  private readonly vacating: Record<Side, Set<string>> = { local: new Set(), remote: new Set() };
  private readonly deleteCandidates: Record<Side, Set<string>> = { local: new Set(), remote: new Set() };
  private readonly localKey: NameKey;
  private readonly slots: Record<Side, Slots>;
  private readonly children: { local: Map<string, NodeState[]>; remote: Map<string, NodeState[]> };
  private readonly reservedLocalNames = new Set<string>();
  /** Folders this batch creates on disk: new nodes may be placed under them in the same batch. */
  private readonly creatingLocal = new Set<string>();

  constructor(
    private readonly t: Trees,
    private readonly options: PlanOptions,
  ) {
    this.localKey = options.caseInsensitiveLocal ? caseFoldedNames : exactNames;
    this.slots = { local: new Slots(t.local, this.localKey), remote: new Slots(t.remote, exactNames) };
    this.children = { local: childIndex(t.local), remote: childIndex(t.remote) };
  }

  run(): Op[] {
    const ids = new Set(this.t.remote.keys());
    for (const id of this.t.local.keys()) ids.add(id);
    for (const id of this.t.synced.keys()) ids.add(id);
    ids.delete(this.t.rootId);
    for (const id of [...ids].sort()) this.intend(id);
    this.emitDeletes('local');
    this.emitDeletes('remote');
    const waiting = this.placeUnderNewFolders(this.placements.filter((p) => !this.claimed.has(p.id) && !this.tryPlace(p)));
    if (this.ops.length === 0 && waiting.length > 0) this.breakCycle(waiting);
    return this.ops;
  }

  /**
   * Places what waits for a folder this batch creates on disk, a level per pass, so that each
   * creation comes after its parent's in the plan. Returns what still waits.
   */
  private placeUnderNewFolders(waiting: Placement[]): Placement[] {
    let left = waiting;
    for (let placed = true; placed; ) {
      placed = false;
      left = left.filter((p) => {
        if (this.claimed.has(p.id)) return false;
        if (!this.underNewFolder(p) || !this.tryPlace(p)) return true;
        placed = true;
        return false;
      });
    }
    return left;
  }

  /** A new folder or file on disk whose folder this batch creates: the only placements that may depend on another of the batch. */
  private underNewFolder(p: Placement): boolean {
    const creates = p.op.type === 'createLocalDir' || (p.op.type === 'download' && p.op.isNew);
    return p.side === 'local' && creates && this.creatingLocal.has(p.parentId);
  }

  /** Decides what a node needs; placements and deletes are emitted later, once slots are known. */
  private intend(id: string): void {
    const { remote, local, synced } = this.t;
    const r = remote.get(id);
    const l = local.get(id);
    const s = synced.get(id);
    if (s && r && l) return this.reconcile(s, r, l);
    if (s && r) return this.locallyGone(s, r);
    if (s && l) return this.remotelyGone(s, l);
    if (s) return this.emit({ type: 'forget', id });
    if (r && l) return this.unbased(r, l);
    if (r) return this.intendPlace('local', r, r.kind === 'dir' ? { type: 'createLocalDir', id, parentId: r.parentId, name: r.name } : { type: 'download', id, isNew: true, parentId: r.parentId, name: r.name });
    if (l) return this.intendPlace('remote', l, l.kind === 'dir' ? { type: 'createRemoteDir', id, parentId: l.parentId, name: l.name } : { type: 'upload', id, isNew: true, parentId: l.parentId, name: l.name });
  }

  /** Present everywhere: compare each side with the merge base. */
  private reconcile(s: NodeState, r: NodeState, l: NodeState): void {
    if (samePlace(l, r) && l.hash === r.hash) {
      if (!samePlace(s, r) || s.hash !== r.hash) this.emit({ type: 'record', id: r.id, node: r });
      return;
    }
    const localEdit = l.hash !== s.hash;
    const remoteEdit = r.hash !== s.hash;
    if (r.kind === 'file' && localEdit && remoteEdit && l.hash !== r.hash) {
      return this.emit({ type: 'conflictCopy', id: r.id, copyName: this.conflictName(l.parentId, l.name) });
    }
    const localMoved = !samePlace(l, s);
    const remoteMoved = !samePlace(r, s);
    if (localMoved && !remoteMoved && !this.wouldCycle('remote', r.id, l.parentId)) {
      return this.intendPlace('remote', l, { type: 'moveRemote', id: r.id, parentId: l.parentId, name: l.name });
    }
    if (localMoved || remoteMoved) {
      if (!samePlace(l, r)) return this.intendPlace('local', r, { type: 'moveLocal', id: r.id, parentId: r.parentId, name: r.name });
      return this.emit({ type: 'record', id: r.id, node: { ...s, parentId: r.parentId, name: r.name } });
    }
    if (localEdit && remoteEdit) return this.emit({ type: 'record', id: r.id, node: { ...s, hash: r.hash } });
    if (localEdit) return this.emit({ type: 'upload', id: r.id, isNew: false, parentId: r.parentId, name: r.name });
    if (remoteEdit) return this.emit({ type: 'download', id: r.id, isNew: false, parentId: r.parentId, name: r.name });
  }

  /** Deleted (or moved out of the pair) on disk. */
  private locallyGone(s: NodeState, r: NodeState): void {
    const keep = r.kind === 'file' ? r.hash !== s.hash : this.subtreeChanged('remote', r.id);
    if (keep) {
      const op: Op = r.kind === 'dir' ? { type: 'createLocalDir', id: r.id, parentId: r.parentId, name: r.name } : { type: 'download', id: r.id, isNew: true, parentId: r.parentId, name: r.name };
      return this.intendPlace('local', r, op);
    }
    // Wait while something below still lives on disk elsewhere: its move must reach the service first.
    if (r.kind === 'dir' && descendants(this.children.remote, r.id).some((d) => this.t.local.has(d.id))) return;
    this.deleteCandidates.remote.add(r.id);
  }

  /** Deleted (or moved out of the pair) on the service. */
  private remotelyGone(s: NodeState, l: NodeState): void {
    const keep = l.kind === 'file' ? l.hash !== s.hash : this.subtreeChanged('local', l.id);
    if (keep) {
      const op: Op = l.kind === 'dir' ? { type: 'createRemoteDir', id: l.id, parentId: l.parentId, name: l.name } : { type: 'upload', id: l.id, isNew: true, parentId: l.parentId, name: l.name };
      return this.intendPlace('remote', l, op);
    }
    if (l.kind === 'dir' && descendants(this.children.local, l.id).some((d) => this.t.remote.has(d.id))) return;
    this.deleteCandidates.local.add(l.id);
  }

  /** On both sides but not in the merge base: only after an interrupted adopt. */
  private unbased(r: NodeState, l: NodeState): void {
    if (r.kind === 'file' && l.kind === 'file' && l.hash !== r.hash) {
      return this.emit({ type: 'conflictCopy', id: r.id, copyName: this.conflictName(l.parentId, l.name) });
    }
    if (!samePlace(l, r)) return this.intendPlace('local', r, { type: 'moveLocal', id: r.id, parentId: r.parentId, name: r.name });
    this.emit({ type: 'record', id: r.id, node: r });
  }

  /** True when a folder's subtree on `side` differs from the merge base: it holds edits a delete must not lose. */
  private subtreeChanged(side: Side, id: string): boolean {
    const tree = side === 'local' ? this.t.local : this.t.remote;
    return descendants(this.children[side], id).some((d) => {
      const s = this.t.synced.get(d.id);
      return !s || !samePlace(s, d) || s.hash !== d.hash || tree.get(d.parentId) === undefined;
    });
  }

  private intendPlace(side: Side, from: NodeState, op: Op): void {
    const target = op as Extract<Op, { parentId: string; name: string }>;
    const current = (side === 'local' ? this.t.local : this.t.remote).get(from.id);
    if (current && !samePlace(current, { ...current, parentId: target.parentId, name: target.name })) this.vacating[side].add(from.id);
    // Under a folder the service does not hold yet, nothing can be placed in this batch (tryPlace),
    // nor occupy a slot a cycle waits on: a first sync's round would hold a placement per new file.
    if (side === 'remote' && target.parentId !== this.t.rootId && !this.t.remote.has(target.parentId)) return;
    this.placements.push({ side, id: from.id, parentId: target.parentId, name: target.name, op });
  }

  /** Deletes only the topmost of a deleted subtree: the rest goes with it. */
  private emitDeletes(side: Side): void {
    const tree = side === 'local' ? this.t.local : this.t.remote;
    const candidates = this.deleteCandidates[side];
    for (const id of candidates) {
      const parent = tree.get(id)?.parentId ?? '';
      if (candidates.has(parent)) continue;
      this.emit(side === 'local' ? { type: 'deleteLocal', id } : { type: 'deleteRemote', id });
      this.vacating[side].add(id);
      for (const d of descendants(this.children[side], id)) this.vacating[side].add(d.id);
    }
  }

  /** Emits a placement when its parent exists and its name is free there; else resolves or waits. */
  private tryPlace(p: Placement): boolean {
    const tree = p.side === 'local' ? this.t.local : this.t.remote;
    if (p.parentId !== this.t.rootId && !tree.has(p.parentId) && !this.underNewFolder(p)) return false;
    if (p.side === 'local' && this.wouldCycle('local', p.id, p.parentId)) return false;
    const occupant = this.slots[p.side].at(p.parentId, p.name);
    if (occupant === undefined || occupant === p.id) {
      this.emit(p.op);
      return true;
    }
    if (this.vacating[p.side].has(occupant)) return false;
    if (p.side === 'local') return this.resolveLocalOccupant(p, occupant);
    // The service has the name. A remote node that is new too is handled when it is placed locally.
    const remoteOccupant = this.t.remote.get(occupant);
    if (remoteOccupant && !this.t.synced.has(occupant) && !this.t.local.has(occupant)) return false;
    const mine = this.t.local.get(p.id);
    if (mine && !this.claimed.has(p.id)) this.emit({ type: 'renameLocal', id: p.id, name: this.conflictName(mine.parentId, mine.name) });
    return false;
  }

  private resolveLocalOccupant(p: Placement, occupantId: string): boolean {
    if (this.claimed.has(occupantId)) return false;
    const occupant = this.t.local.get(occupantId) as NodeState;
    const incoming = this.t.remote.get(p.id);
    const occupantIsNew = !this.t.synced.has(occupantId) && !this.t.remote.has(occupantId);
    const incomingIsNew = incoming !== undefined && !this.t.synced.has(p.id) && !this.t.local.has(p.id);
    if (occupantIsNew && incomingIsNew && occupant.kind === incoming.kind && occupant.hash === incoming.hash && occupant.name === incoming.name) {
      this.emit({ type: 'adopt', localId: occupantId, remoteId: p.id });
      this.claimed.add(p.id);
      return true;
    }
    this.emit({ type: 'renameLocal', id: occupantId, name: this.conflictName(occupant.parentId, occupant.name) });
    return false;
  }

  /**
   * Nothing could run because placements wait on each other (a swap of two names, say). Moving
   * one occupant to a temporary name on that side frees the slot; the next batch moves it on.
   */
  private breakCycle(waiting: Placement[]): void {
    for (const p of waiting) {
      const occupantId = this.slots[p.side].at(p.parentId, p.name);
      if (!occupantId || occupantId === p.id || !this.vacating[p.side].has(occupantId)) continue;
      const occupant = (p.side === 'local' ? this.t.local : this.t.remote).get(occupantId) as NodeState;
      const name = this.freeName(p.side, occupant.parentId, (n) => `${occupant.name}.folio-move${n === 1 ? '' : ` ${n}`}`);
      this.emit(p.side === 'local' ? { type: 'moveLocal', id: occupantId, parentId: occupant.parentId, name } : { type: 'moveRemote', id: occupantId, parentId: occupant.parentId, name });
      return;
    }
  }

  /** True when placing `id` under `parentId` on `side` would put a folder inside itself. */
  private wouldCycle(side: Side, id: string, parentId: string): boolean {
    const tree = side === 'local' ? this.t.local : this.t.remote;
    for (let at = parentId, steps = 0; at && steps <= tree.size; steps++) {
      if (at === id) return true;
      at = tree.get(at)?.parentId ?? '';
    }
    return false;
  }

  /** "report (conflicted copy 2026-11-21 143002 laptop).pdf", numbered when taken on either side. */
  private conflictName(parentId: string, name: string): string {
    return this.freeName('both', parentId, (n) => conflictCopyName(name, this.options.conflictStamp, n));
  }

  private freeName(side: Side | 'both', parentId: string, nth: (n: number) => string): string {
    for (let n = 1; ; n++) {
      const candidate = nth(n);
      const localKey = `${parentId}/${this.localKey(candidate)}`;
      const taken =
        ((side === 'local' || side === 'both') && this.slots.local.at(parentId, candidate) !== undefined) ||
        ((side === 'remote' || side === 'both') && this.slots.remote.at(parentId, candidate) !== undefined) ||
        this.reservedLocalNames.has(localKey);
      if (!taken) {
        this.reservedLocalNames.add(localKey);
        return candidate;
      }
    }
  }

  private emit(op: Op): void {
    const id = op.type === 'adopt' ? op.localId : op.id;
    if (this.claimed.has(id)) return;
    this.claimed.add(id);
    this.ops.push(op);
    if (op.type === 'createLocalDir') this.creatingLocal.add(op.id);
  }
}

