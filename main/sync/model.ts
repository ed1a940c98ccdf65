/**
 * The sync engine's vocabulary: the nodes of the three trees, a pair and its settings and state,
 * and what the engine keeps about each node between rounds. Pure types, below both the engine and
 * the store that keeps them in sync.db (docs/architecture.md, "Layers"), so the arrows between the
 * two go one way: the engine uses the store, and the store knows only these types.
 */

/** A node of one of the three trees (./trees.ts), keyed by id, never by path. */
export type NodeKind = 'file' | 'dir';

export interface NodeState {
  id: string;
  parentId: string;
  name: string;
  kind: NodeKind;
  /** SHA-256 of a file's content; '' for directories. */
  hash: string;
}

/** A stop the engine made itself: it waits for the folder to come back, or for a confirmation. */
export type Guard =
  | { kind: 'mass-delete'; message: string }
  | { kind: 'root-missing'; message: string }
  | { kind: 'remote-root-missing'; message: string };

export type PairCondition =
  | { kind: 'active' }
  | { kind: 'paused' }
  /** The user confirmed the deletes a guard stopped: they go ahead until the pair is next in sync. */
  | { kind: 'deletes-confirmed' }
  | Guard;

export type ConditionKind = PairCondition['kind'];

export type Side = 'remote' | 'local' | 'synced';

export interface PairSettings {
  /** How many requests carrying content run at once. */
  concurrency: number;
  /** Bytes per second; 0 means unlimited. */
  uploadLimit: number;
  downloadLimit: number;
  /** Remote folder ids left out of this pair (selective sync). */
  excludedFolders: string[];
  caseInsensitive: boolean;
  /** A round that would delete fewer files than this never trips the mass-delete guard. */
  massDeleteMinimum: number;
}

export interface PairRecord {
  pairId: string;
  serverUrl: string;
  containerId: string;
  dir: string;
  condition: PairCondition;
  settings: PairSettings;
  cursor: string;
  /** When the last pass ended in sync: a fingerprint of what it was in sync under; else ''. */
  inSyncWith: string;
}

export interface LocalMeta {
  id: string;
  path: string;
  size: number;
  mtimeMs: number;
  ino: string;
  /** Wall-clock time of the stat that went with the last hash; 0 when unknown. */
  checkedMs: number;
}

/**
 * Content a transfer is about to put on one side: written before the upload can land or the
 * download is put in place, cleared with the result. After a crash it tells the engine that
 * this content on that side is its own doing, not an edit (main/sync/intents.ts).
 */
export interface Intent {
  side: 'remote' | 'local';
  /** The node's id; for a new document, its local id. */
  id: string;
  hash: string;
  /** Where the content goes, for a node that has no id on that side yet. */
  parentId: string;
  name: string;
}

/** An entry a pair leaves out, as stored (shared/leftOut.ts gives the reasons). */
export interface LeftOutRow {
  side: 'local' | 'remote';
  path: string;
  reason: string;
}

export interface RemoteMeta {
  id: string;
  versionId: string;
  size: number;
}

export interface NewPair {
  pairId: string;
  serverUrl: string;
  containerId: string;
  dir: string;
  settings?: Partial<PairSettings>;
}

/**
 * The writes that change what a pair is: its row, its settings, its state. SyncStore hands them
 * out once (claimPairWriter), to the pairs' owner (main/sync/owner.ts), so no other code can hold them.
 */
export interface PairWriter {
  add(p: NewPair): void;
  setCondition(pairId: string, condition: PairCondition): void;
  setSettings(pairId: string, settings: PairSettings): void;
  remove(pairId: string): void;
}
