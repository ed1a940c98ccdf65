/** The desktop's sync state: pairs and their three trees, in SQLite (better-sqlite3, WAL). */
import { DesktopStore } from './desktop.ts';
import { OfflineStore } from '../offline/state.ts';
import type { Intent, LeftOutRow, LocalMeta, NodeKind, NodeState, PairRecord, PairSettings, PairWriter, RemoteMeta, Side } from '../../sync/model.ts';
import { Checkpointer } from '../checkpointer.ts';
import { openDatabase, Repository } from '../db.ts';
import { nowIso } from '../ids.ts';
import { columnsOf, conditionOf } from './pairCondition.ts';
import { SYNC_MIGRATIONS } from './syncMigrations.ts';

/** A node's id on every side at once, through the primary key (test/unit/store/queryPlans.test.ts holds the plan). */
export const REMAP_NODE = "UPDATE nodes SET id = ? WHERE pair_id = ? AND side IN ('local', 'remote', 'synced') AND id = ?";

export const DEFAULT_SETTINGS: PairSettings = {
  // Eight requests in flight keep the service busy while each small upload waits on its fsyncs:
  // a first sync of 10,000 small files took a tenth less time than with four (docs/sync-performance.md).
  concurrency: 8,
  uploadLimit: 0,
  downloadLimit: 0,
  excludedFolders: [],
  caseInsensitive: process.platform === 'win32' || process.platform === 'darwin',
  massDeleteMinimum: 10,
};

interface PairRow {
  pair_id: string;
  server_url: string;
  container_id: string;
  dir: string;
  state_kind: string;
  state_message: string;
  settings: string;
  cursor: string;
  in_sync_with: string;
}

const toPair = (r: PairRow): PairRecord => ({
  pairId: r.pair_id,
  serverUrl: r.server_url,
  containerId: r.container_id,
  dir: r.dir,
  condition: conditionOf(r.state_kind, r.state_message),
  settings: { ...DEFAULT_SETTINGS, ...(JSON.parse(r.settings) as Partial<PairSettings>) },
  cursor: r.cursor,
  inSyncWith: r.in_sync_with,
});

export class SyncStore extends Repository {
  private readonly putNodeStmt = this.db.prepare('INSERT OR REPLACE INTO nodes (pair_id, side, id, parent_id, name, kind, hash) VALUES (?, ?, ?, ?, ?, ?, ?)');
  private readonly deleteNodeStmt = this.db.prepare('DELETE FROM nodes WHERE pair_id = ? AND side = ? AND id = ?');
  private readonly putLocalMetaStmt = this.db.prepare('INSERT OR REPLACE INTO local_meta (pair_id, id, path, size, mtime_ms, ino, checked_ms) VALUES (?, ?, ?, ?, ?, ?, ?)');
  private readonly deleteLocalMetaStmt = this.db.prepare('DELETE FROM local_meta WHERE pair_id = ? AND id = ?');
  private readonly putRemoteMetaStmt = this.db.prepare('INSERT OR REPLACE INTO remote_meta (pair_id, id, version_id, size) VALUES (?, ?, ?, ?)');
  private readonly deleteRemoteMetaStmt = this.db.prepare('DELETE FROM remote_meta WHERE pair_id = ? AND id = ?');
  private readonly putIntentStmt = this.db.prepare('INSERT OR REPLACE INTO intents (pair_id, side, id, hash, parent_id, name) VALUES (?, ?, ?, ?, ?, ?)');
  private readonly deleteIntentStmt = this.db.prepare('DELETE FROM intents WHERE pair_id = ? AND side = ? AND id = ?');
  private readonly remapIdStmt = this.db.prepare(REMAP_NODE);
  private readonly remapParentStmt = this.db.prepare('UPDATE nodes SET parent_id = ? WHERE pair_id = ? AND parent_id = ?');
  private readonly remapLocalMetaStmt = this.db.prepare('UPDATE local_meta SET id = ? WHERE pair_id = ? AND id = ?');
  private readonly hasRemoteNodeStmt = this.db.prepare("SELECT 1 FROM nodes WHERE pair_id = ? AND side = 'remote' AND id = ?").pluck(true);
  private readonly stateKindStmt = this.db.prepare('SELECT state_kind FROM pairs WHERE pair_id = ?').pluck(true);

  /**
   * better-sqlite3 builds five wrapper functions for each db.transaction(fn): built once here, the
   * one wrapper takes the work as its argument. Every download records itself through this.
   */
  private readonly atomic = this.db.transaction(<T>(fn: () => T): T => fn());

  /** Runs fn atomically: a transaction, or a savepoint inside an open one. */
  transaction<T>(fn: () => T): T {
    return this.atomic.immediate(fn) as T;
  }

  private groupOpen = false;

  /** Opens a transaction that later work joins (as savepoints) until commit(): writes grouped into one commit. */
  begin(): void {
    this.db.exec('BEGIN');
    this.groupOpen = true;
  }

  commit(): void {
    if (this.db.inTransaction) this.db.exec('COMMIT');
    this.groupOpen = false;
  }

  /**
   * Commits a group left open by begin() and opens the next one, so that what was written so far is
   * on disk now; without a group, writes are committed as they go. The group's operations are each
   * complete, so committing them early only makes them durable sooner.
   */
  settleGroup(): void {
    if (!this.groupOpen) return;
    this.commit();
    this.begin();
  }

  /** Moves WAL checkpoints to a thread of their own, for a long sync (../checkpointer.ts). */
  checkpointInBackground(): Checkpointer {
    return Checkpointer.start(this.db);
  }

  close(): void {
    this.db.close();
  }

  /**
   * The desktop core's tables, on this same connection. A second connection in this process would
   * wait for a lock synchronously, blocking the event loop that ends a grouped transaction. The
   * account and settings a user changes settle a group left open here, so they are on disk at once.
   */
  desktop(): DesktopStore {
    return new DesktopStore(this.db, () => this.settleGroup());
  }

  /**
   * The offline bookkeeping (outbox, ids, cached answers), on this same connection for the same
   * reason. Its writes must be on disk when they return, so each settles a group left open here.
   */
  offline(): OfflineStore {
    return new OfflineStore(this.db, () => this.settleGroup());
  }

  /** Rows written since the database was opened: lets tests and benchmarks see what a round persisted. */
  writes(): number {
    return (this.prepared('SELECT total_changes() AS n').get() as { n: number }).n;
  }

  private writerClaimed = false;

  /** The pairs' writer, handed out once: main/sync/owner.ts claims it for every owner of this store's pairs. */
  claimPairWriter(): PairWriter {
    if (this.writerClaimed) throw new Error("this store's pair writer is claimed already: change a pair through its PairOwner (main/sync/owner.ts)");
    this.writerClaimed = true;
    return {
      add: (p) => {
        this.prepared('INSERT INTO pairs (pair_id, server_url, container_id, dir, settings, create_time) VALUES (?, ?, ?, ?, ?, ?)')
          .run(p.pairId, p.serverUrl, p.containerId, p.dir, JSON.stringify({ ...DEFAULT_SETTINGS, ...p.settings }), nowIso());
      },
      setCondition: (pairId, condition) => {
        this.prepared('UPDATE pairs SET state_kind = ?, state_message = ? WHERE pair_id = ?').run(...columnsOf(condition), pairId);
      },
      setSettings: (pairId, settings) => {
        this.prepared('UPDATE pairs SET settings = ? WHERE pair_id = ?').run(JSON.stringify(settings), pairId);
      },
      remove: (pairId) => {
        this.prepared('DELETE FROM pairs WHERE pair_id = ?').run(pairId);
      },
    };
  }

  getPair(pairId: string): PairRecord | undefined {
    const row = this.prepared<[string], PairRow>('SELECT * FROM pairs WHERE pair_id = ?').get(pairId);
    return row && toPair(row);
  }

  findPairByDir(dir: string): PairRecord | undefined {
    const row = this.prepared<[string], PairRow>('SELECT * FROM pairs WHERE dir = ?').get(dir);
    return row && toPair(row);
  }

  listPairs(): PairRecord[] {
    return this.prepared<[], PairRow>('SELECT * FROM pairs ORDER BY create_time').all().map(toPair);
  }

  setCursor(pairId: string, cursor: string): void {
    this.prepared('UPDATE pairs SET cursor = ? WHERE pair_id = ?').run(cursor, pairId);
  }

  /** What the pair leaves out now, by path. */
  leftOut(pairId: string): LeftOutRow[] {
    return this.prepared<[string], LeftOutRow>('SELECT side, path, reason FROM left_out WHERE pair_id = ? ORDER BY path, side').all(pairId);
  }

  replaceLeftOut(pairId: string, rows: readonly LeftOutRow[]): void {
    this.transaction(() => {
      this.prepared('DELETE FROM left_out WHERE pair_id = ?').run(pairId);
      const insert = this.prepared('INSERT OR REPLACE INTO left_out (pair_id, side, path, reason) VALUES (?, ?, ?, ?)');
      for (const r of rows) insert.run(pairId, r.side, r.path, r.reason);
    });
  }

  setInSync(pairId: string, fingerprint: string): void {
    this.prepared('UPDATE pairs SET in_sync_with = ? WHERE pair_id = ?').run(fingerprint, pairId);
  }

  /**
   * Whether the remote tree holds a node: enough to tell whether a change in the feed concerns the
   * pair, one lookup by primary key per change, without loading the tree's ids.
   */
  /** The kind of the pair's condition alone (see getPair), undefined when there is no such pair. */
  pairStateKind(pairId: string): string | undefined {
    return this.stateKindStmt.get(pairId) as string | undefined;
  }

  hasRemoteNode(pairId: string, id: string): boolean {
    return this.hasRemoteNodeStmt.get(pairId, id) !== undefined;
  }

  // Loading reads rows as arrays (better-sqlite3's raw mode): a large pair loads several times faster.
  loadTree(pairId: string, side: Side): Map<string, NodeState> {
    const rows = this.db.prepare('SELECT id, parent_id, name, kind, hash FROM nodes WHERE pair_id = ? AND side = ?').raw(true).all(pairId, side) as [string, string, string, NodeKind, string][];
    const tree = new Map<string, NodeState>();
    for (const [id, parentId, name, kind, hash] of rows) tree.set(id, { id, parentId, name, kind, hash });
    return tree;
  }

  putNode(pairId: string, side: Side, n: NodeState): void {
    this.putNodeStmt.run(pairId, side, n.id, n.parentId, n.name, n.kind, n.hash);
  }

  deleteNode(pairId: string, side: Side, id: string): void {
    this.deleteNodeStmt.run(pairId, side, id);
  }

  /** A node's id changes everywhere at once (its upload gave it a service id). Only a folder has children to follow. */
  remap(pairId: string, from: string, to: string, isDir: boolean): void {
    this.remapIdStmt.run(to, pairId, from);
    if (isDir) this.remapParentStmt.run(to, pairId, from);
    this.remapLocalMetaStmt.run(to, pairId, from);
  }

  loadLocalMeta(pairId: string): Map<string, LocalMeta> {
    const rows = this.db.prepare('SELECT id, path, size, mtime_ms, ino, checked_ms FROM local_meta WHERE pair_id = ?').raw(true).all(pairId) as [string, string, number, number, string, number][];
    const metas = new Map<string, LocalMeta>();
    for (const [id, path, size, mtimeMs, ino, checkedMs] of rows) metas.set(id, { id, path, size, mtimeMs, ino, checkedMs });
    return metas;
  }

  putLocalMeta(pairId: string, m: LocalMeta): void {
    this.putLocalMetaStmt.run(pairId, m.id, m.path, m.size, m.mtimeMs, m.ino, m.checkedMs);
  }

  deleteLocalMeta(pairId: string, id: string): void {
    this.deleteLocalMetaStmt.run(pairId, id);
  }

  loadRemoteMeta(pairId: string): Map<string, RemoteMeta> {
    const rows = this.db.prepare('SELECT id, version_id, size FROM remote_meta WHERE pair_id = ?').raw(true).all(pairId) as [string, string, number][];
    const metas = new Map<string, RemoteMeta>();
    for (const [id, versionId, size] of rows) metas.set(id, { id, versionId, size });
    return metas;
  }

  putRemoteMeta(pairId: string, m: RemoteMeta): void {
    this.putRemoteMetaStmt.run(pairId, m.id, m.versionId, m.size);
  }

  deleteRemoteMeta(pairId: string, id: string): void {
    this.deleteRemoteMetaStmt.run(pairId, id);
  }

  loadIntents(pairId: string): Intent[] {
    return this.prepared<[string], { side: 'remote' | 'local'; id: string; hash: string; parent_id: string; name: string }>('SELECT side, id, hash, parent_id, name FROM intents WHERE pair_id = ?')
      .all(pairId)
      .map((r) => ({ side: r.side, id: r.id, hash: r.hash, parentId: r.parent_id, name: r.name }));
  }

  putIntent(pairId: string, i: Intent): void {
    this.putIntentStmt.run(pairId, i.side, i.id, i.hash, i.parentId, i.name);
  }

  deleteIntent(pairId: string, side: Intent['side'], id: string): void {
    this.deleteIntentStmt.run(pairId, side, id);
  }
}

export async function openSyncStore(stateDir: string): Promise<SyncStore> {
  const db = await openDatabase(stateDir, 'sync.db', SYNC_MIGRATIONS);
  // Each transfer's record is a savepoint inside a grouped transaction (PairState.grouped), and a
  // savepoint copies every page it changes to a sub-journal first. On disk (once a large savepoint
  // spilled it there) that was several writes to a temp file per downloaded file; in memory it is a copy.
  db.pragma('temp_store = MEMORY');
  return new SyncStore(db);
}
