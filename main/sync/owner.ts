/**
 * A pair's owner: the one writer of its settings and its state (./condition.ts), and the holder of
 * its trees in memory (./state.ts). Pause, resume, settings, the confirmation of a mass delete and
 * removal go through it, whoever asks (the desktop core, `folio sync`, `folio pair`, the daemon),
 * and so do the stops and starts the engine makes itself. There is one per pair and store in a
 * process (PairOwner.of): the desktop core and the local server it hosts share theirs. The store
 * hands its pair writer to this module alone (SyncStore.claimPairWriter).
 */
import type { SyncStore } from '../store/sync/index.ts';
import type { Guard, NewPair, PairCondition, PairRecord, PairSettings, PairWriter } from './model.ts';
import type { PendingDelete } from './massDelete.ts';
import { validSettings } from './settings.ts';
import { PairState } from './state.ts';
import { childIndex, descendants } from './trees.ts';

interface Owners {
  writer: PairWriter;
  byPair: Map<string, PairOwner>;
}

const registry = new WeakMap<SyncStore, Owners>();

function ownersOf(store: SyncStore): Owners {
  let owners = registry.get(store);
  if (!owners) registry.set(store, (owners = { writer: store.claimPairWriter(), byPair: new Map() }));
  return owners;
}

/** The pair was removed (or never added): nothing may be written for it. */
export class PairGone extends Error {}

export class PairOwner {
  private trees: PairState | null = null;
  /** What the mass-delete guard stopped, from the pass that raised it; kept in memory, as the next pass finds it again. */
  private doomed: readonly PendingDelete[] = [];

  private constructor(
    private readonly store: SyncStore,
    private readonly writer: PairWriter,
    readonly pairId: string,
  ) {}

  /** The owner of one of this store's pairs: the same object for every caller in this process. */
  static of(store: SyncStore, pairId: string): PairOwner {
    const owners = ownersOf(store);
    let owner = owners.byPair.get(pairId);
    if (!owner) owners.byPair.set(pairId, (owner = new PairOwner(store, owners.writer, pairId)));
    return owner;
  }

  static add(store: SyncStore, pair: NewPair): PairOwner {
    ownersOf(store).writer.add(pair);
    return PairOwner.of(store, pair.pairId);
  }

  record(): PairRecord {
    const pair = this.store.getPair(this.pairId);
    if (!pair) throw new PairGone(`no sync pair ${this.pairId}`);
    return pair;
  }

  /**
   * Whether the user paused the pair, read before every operation: the one column, not the whole
   * record with its settings parsed, which cost a download of many small files about 2 % of its CPU.
   */
  get paused(): boolean {
    const kind = this.store.pairStateKind(this.pairId);
    if (kind === undefined) throw new PairGone(`no sync pair ${this.pairId}`);
    return kind === 'paused';
  }

  get condition(): PairCondition {
    return this.record().condition;
  }

  /** The pair's trees, loaded once and kept for every pass, whichever engine runs it. */
  state(): PairState {
    this.trees ??= new PairState(this.store, this.pairId, this.record().containerId);
    return this.trees;
  }

  /** No pass starts until resume(); one under way stops after its operations in flight. */
  pause(): void {
    this.set({ kind: 'paused' });
  }

  resume(): void {
    if (this.condition.kind === 'paused') this.set({ kind: 'active' });
  }

  /** Lets the deletes that tripped the guard go ahead: valid until the pair is next in sync. */
  confirmDeletes(): void {
    this.doomed = [];
    this.set({ kind: 'deletes-confirmed' });
  }

  /**
   * The engine stops the pair until the guard's cause is gone or confirmed; a pause the user made
   * meanwhile stands, and so does a confirmation of the deletes: the pass raising the guard read
   * the condition before the person confirmed, and the next pass goes ahead.
   */
  guard(guard: Guard, doomed: readonly PendingDelete[] = []): void {
    const now = this.condition.kind;
    if (now === 'paused' || (now === 'deletes-confirmed' && guard.kind === 'mass-delete')) return;
    this.doomed = guard.kind === 'mass-delete' ? doomed : [];
    this.set(guard);
  }

  /** What the mass-delete guard holds back: empty unless the pair waits for that choice. */
  pendingDeletes(): readonly PendingDelete[] {
    return this.condition.kind === 'mass-delete' ? this.doomed : [];
  }

  /**
   * The other answer to the mass-delete guard: nothing is deleted. The held-back items leave the
   * merge base, so the next pass finds each on one side only and copies it back to the side it
   * vanished from (a file deleted here is downloaded again). Returns how many items come back.
   */
  restoreDeletes(): number {
    const items = this.pendingDeletes();
    const state = this.state();
    state.atomically(() => {
      for (const item of items) if (state.synced.has(item.id)) state.remove('synced', item.id);
      this.set({ kind: 'active' });
    });
    this.doomed = [];
    return items.length;
  }

  /** The engine is past a guard or a confirmation: the pair is simply active again, unless the user paused it meanwhile. */
  release(): void {
    if (this.condition.kind !== 'paused') this.set({ kind: 'active' });
  }

  /**
   * Changes the pair's settings; they apply from the next pass. A folder newly left out by
   * selective sync leaves the merge base too: when it comes back in, both sides are compared
   * afresh, so nothing deleted on one side while it was out is taken for a delete to copy.
   */
  changeSettings(patch: Partial<PairSettings>): PairSettings {
    const pair = this.record();
    const settings = validSettings({ ...pair.settings, ...patch });
    const added = settings.excludedFolders.filter((id) => !pair.settings.excludedFolders.includes(id));
    const state = this.state();
    state.atomically(() => {
      for (const id of added) {
        const ids = [id, ...descendants(childIndex(state.synced), id).map((n) => n.id)];
        for (const x of ids) if (state.synced.has(x)) state.remove('synced', x);
      }
      this.writer.setSettings(this.pairId, settings);
    });
    return settings;
  }

  /** Forgets the pair and its trees; nothing on disk or on the service changes. Its loop must be stopped first. */
  remove(): void {
    this.record();
    this.writer.remove(this.pairId);
    this.trees = null;
    ownersOf(this.store).byPair.delete(this.pairId);
  }

  private set(condition: PairCondition): void {
    this.record();
    this.writer.setCondition(this.pairId, condition);
  }
}
