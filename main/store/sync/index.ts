/** The desktop's sync state: pairs and their three trees, in SQLite (better-sqlite3, WAL). */
import { fileURLToPath } from 'node:url';
import type { NodeKind, NodeState } from '../../sync/trees.ts';
import { openDatabase, Repository } from '../db.ts';
import { nowIso } from '../ids.ts';

const MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url));

export type Side = 'remote' | 'local' | 'synced';
export type PairStateName = 'ACTIVE' | 'PAUSED' | 'GUARD' | 'ERROR';

export interface PairSettings {
  concurrency: number;
  /** Bytes per second; 0 means unlimited. */
  uploadLimit: number;
  downloadLimit: number;
  /** Remote folder ids left out of this pair (selective sync). */
  excludedFolders: string[];
  caseInsensitive: boolean;
}

export const DEFAULT_SETTINGS: PairSettings = { concurrency: 4, uploadLimit: 0, downloadLimit: 0, excludedFolders: [], caseInsensitive: process.platform === 'win32' || process.platform === 'darwin' };

export interface PairRecord {
  pairId: string;
  serverUrl: string;
  containerId: string;
  dir: string;
  state: PairStateName;
  stateReason: string;
  settings: PairSettings;
  cursor: string;
}

export interface LocalMeta {
  id: string;
  path: string;
  size: number;
  mtimeMs: number;
  ino: string;
}

export interface RemoteMeta {
  id: string;
  versionId: string;
  size: number;
}

interface PairRow {
  pair_id: string;
  server_url: string;
  container_id: string;
  dir: string;
  state: PairStateName;
  state_reason: string;
  settings: string;
  cursor: string;
}

const toPair = (r: PairRow): PairRecord => ({
  pairId: r.pair_id,
  serverUrl: r.server_url,
  containerId: r.container_id,
  dir: r.dir,
  state: r.state,
  stateReason: r.state_reason,
  settings: { ...DEFAULT_SETTINGS, ...(JSON.parse(r.settings) as Partial<PairSettings>) },
  cursor: r.cursor,
});

export class SyncStore extends Repository {

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  close(): void {
    this.db.close();
  }

  addPair(p: { pairId: string; serverUrl: string; containerId: string; dir: string; settings?: Partial<PairSettings> }): PairRecord {
    this.db
      .prepare('INSERT INTO pairs (pair_id, server_url, container_id, dir, settings, create_time) VALUES (?, ?, ?, ?, ?, ?)')
      .run(p.pairId, p.serverUrl, p.containerId, p.dir, JSON.stringify({ ...DEFAULT_SETTINGS, ...p.settings }), nowIso());
    return this.getPair(p.pairId) as PairRecord;
  }

  getPair(pairId: string): PairRecord | undefined {
    const row = this.db.prepare<[string], PairRow>('SELECT * FROM pairs WHERE pair_id = ?').get(pairId);
    return row && toPair(row);
  }

  findPairByDir(dir: string): PairRecord | undefined {
    const row = this.db.prepare<[string], PairRow>('SELECT * FROM pairs WHERE dir = ?').get(dir);
    return row && toPair(row);
  }

  listPairs(): PairRecord[] {
    return this.db.prepare<[], PairRow>('SELECT * FROM pairs ORDER BY create_time').all().map(toPair);
  }

  removePair(pairId: string): void {
    this.db.prepare('DELETE FROM pairs WHERE pair_id = ?').run(pairId);
  }

  setState(pairId: string, state: PairStateName, reason = ''): void {
    this.db.prepare('UPDATE pairs SET state = ?, state_reason = ? WHERE pair_id = ?').run(state, reason, pairId);
  }

  setCursor(pairId: string, cursor: string): void {
    this.db.prepare('UPDATE pairs SET cursor = ? WHERE pair_id = ?').run(cursor, pairId);
  }

  setSettings(pairId: string, settings: PairSettings): void {
    this.db.prepare('UPDATE pairs SET settings = ? WHERE pair_id = ?').run(JSON.stringify(settings), pairId);
  }

  loadTree(pairId: string, side: Side): Map<string, NodeState> {
    const rows = this.db
      .prepare<[string, Side], { id: string; parent_id: string; name: string; kind: NodeKind; hash: string }>(
        'SELECT id, parent_id, name, kind, hash FROM nodes WHERE pair_id = ? AND side = ?',
      )
      .all(pairId, side);
    return new Map(rows.map((r) => [r.id, { id: r.id, parentId: r.parent_id, name: r.name, kind: r.kind, hash: r.hash }]));
  }

  private readonly putStmt = this.db.prepare('INSERT OR REPLACE INTO nodes (pair_id, side, id, parent_id, name, kind, hash) VALUES (?, ?, ?, ?, ?, ?, ?)');

  putNode(pairId: string, side: Side, n: NodeState): void {
    this.putStmt.run(pairId, side, n.id, n.parentId, n.name, n.kind, n.hash);
  }

  deleteNode(pairId: string, side: Side, id: string): void {
    this.db.prepare('DELETE FROM nodes WHERE pair_id = ? AND side = ? AND id = ?').run(pairId, side, id);
  }

  replaceTree(pairId: string, side: Side, nodes: Iterable<NodeState>): void {
    this.db.prepare('DELETE FROM nodes WHERE pair_id = ? AND side = ?').run(pairId, side);
    for (const n of nodes) this.putNode(pairId, side, n);
  }

  /** A node's id changes everywhere at once (its upload gave it a service id). */
  remap(pairId: string, from: string, to: string): void {
    this.db.prepare('UPDATE nodes SET id = ? WHERE pair_id = ? AND id = ?').run(to, pairId, from);
    this.db.prepare('UPDATE nodes SET parent_id = ? WHERE pair_id = ? AND parent_id = ?').run(to, pairId, from);
    this.db.prepare('UPDATE local_meta SET id = ? WHERE pair_id = ? AND id = ?').run(to, pairId, from);
  }

  loadLocalMeta(pairId: string): Map<string, LocalMeta> {
    const rows = this.db
      .prepare<[string], { id: string; path: string; size: number; mtime_ms: number; ino: string }>('SELECT id, path, size, mtime_ms, ino FROM local_meta WHERE pair_id = ?')
      .all(pairId);
    return new Map(rows.map((r) => [r.id, { id: r.id, path: r.path, size: r.size, mtimeMs: r.mtime_ms, ino: r.ino }]));
  }

  replaceLocalMeta(pairId: string, metas: Iterable<LocalMeta>): void {
    this.db.prepare('DELETE FROM local_meta WHERE pair_id = ?').run(pairId);
    const stmt = this.db.prepare('INSERT INTO local_meta (pair_id, id, path, size, mtime_ms, ino) VALUES (?, ?, ?, ?, ?, ?)');
    for (const m of metas) stmt.run(pairId, m.id, m.path, m.size, m.mtimeMs, m.ino);
  }

  putLocalMeta(pairId: string, m: LocalMeta): void {
    this.db.prepare('INSERT OR REPLACE INTO local_meta (pair_id, id, path, size, mtime_ms, ino) VALUES (?, ?, ?, ?, ?, ?)').run(pairId, m.id, m.path, m.size, m.mtimeMs, m.ino);
  }

  getRemoteMeta(pairId: string, id: string): RemoteMeta | undefined {
    const r = this.db.prepare<[string, string], { id: string; version_id: string; size: number }>('SELECT id, version_id, size FROM remote_meta WHERE pair_id = ? AND id = ?').get(pairId, id);
    return r && { id: r.id, versionId: r.version_id, size: r.size };
  }

  putRemoteMeta(pairId: string, m: RemoteMeta): void {
    this.db.prepare('INSERT OR REPLACE INTO remote_meta (pair_id, id, version_id, size) VALUES (?, ?, ?, ?)').run(pairId, m.id, m.versionId, m.size);
  }

  deleteRemoteMeta(pairId: string, id: string): void {
    this.db.prepare('DELETE FROM remote_meta WHERE pair_id = ? AND id = ?').run(pairId, id);
  }
}

export async function openSyncStore(stateDir: string): Promise<SyncStore> {
  return new SyncStore(await openDatabase(stateDir, 'sync.db', MIGRATIONS));
}
