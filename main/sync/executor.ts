/**
 * Carries out planned operations on the disk and on the service, and advances the trees after each
 * success. Before it touches local content it checks the file is still what the scan saw: a file
 * edited in the meantime is left alone, and the next round sees the edit.
 */
import { dirname, join } from 'node:path';
import type PQueue from 'p-queue';
import { missingCaseError } from '../../shared/missingCaseError.ts';
import { CREDENTIAL_CODES, FolioApiError, isTransient } from '../remote/errors.ts';
import type { Throttle } from '../remote/throttle.ts';
import type { LocalMeta, NodeState } from './model.ts';
import { attributesOfFile } from './attributes.ts';
import { DirectorySyncs } from './directorySyncs.ts';
import { downloadPartName } from './parts.ts';
import type { Op } from './planner.ts';
import { inodeOf, isRacy, randomLocalId } from './scanner.ts';
import type { Clock } from './clock.ts';
import type { PairState } from './state.ts';
import type { OwnWrites } from './ownWrites.ts';
import type { FsStats, SyncFs } from './syncFs.ts';
import type { DeletedDocument, RemoteVersion, SyncRemote, Uploaded } from './syncRemote.ts';
import { childIndex, descendants, samePlace } from './trees.ts';
import { conflictCopyName } from './names.ts';
import { ErrorCodes } from '../../shared/errors.ts';

export interface ExecutorContext {
  remote: SyncRemote;
  fs: SyncFs;
  clock: Clock;
  /** Mints the id of a conflict copy's local node; random by default. */
  newId?: () => string;
  state: PairState;
  dir: string;
  pairId: string;
  caseInsensitive: boolean;
  /** One slot per request carrying content, shared by every transfer of the pair. */
  limiter: PQueue;
  upload?: Throttle;
  download?: Throttle;
  onProgress?: (path: string, done: number, total: number, direction: TransferDirection) => void;
  /** A file's content moved, or failed to: once per transfer, when it ends. */
  onTransfer?: (report: TransferReport) => void;
  /** A delete or a move carried out on one side, after it succeeded. */
  onChange?: (change: AppliedChange) => void;
  /** Where the executor notes what it does to the folder, before it does it, for the watcher to ignore. */
  ownWrites: OwnWrites;
  /** Goes into the name of a conflict copy the executor makes itself (see keepVersion). */
  conflictStamp: () => string;
  /**
   * Versions a write of ours replaced that a failure kept out of the folder, by key: each is
   * tried again before the next scan (keepUnkept). The engine keeps the map as long as it lives.
   */
  unkept: Map<string, (executor: Executor) => Promise<void>>;
}

/** How many of a document's newest versions an upload looks at to find the one its own replaced. */
const RECENT_VERSIONS = 5;

/** Which way a file's content moves: to the service, or to this computer. */
export type TransferDirection = 'upload' | 'download';

/** How one transfer ended, for the log: the service's code and request id when it refused. */
export interface TransferReport {
  path: string;
  direction: TransferDirection;
  /** The file's size as the scan or the service saw it: what was sent or fetched, or was to be. */
  bytes: number;
  result: 'done' | 'failed';
  ms: number;
  error?: string;
  code?: number;
  rid?: string;
}

/**
 * A structural change carried to a side: `path` is where the node is (a move: now; a delete: was),
 * relative to the pair's folder; a move also says where it came from.
 */
export type AppliedChange =
  | { type: 'deleteRemote' | 'deleteLocal'; path: string }
  | { type: 'moveRemote' | 'moveLocal'; path: string; from: string };

/** The world is not what the last observation saw; the next round observes again and replans. */
export class StaleObservation extends Error {}

/** What may go with a deleted folder although it is not synced: system litter and our own temp files. */
const JUNK = /^(\.DS_Store|Thumbs\.db|desktop\.ini|\.folio-.*\.part)$/;

export class Executor {
  /** Downloads landing in one folder together share its fsync. */
  private readonly directorySyncs: DirectorySyncs;

  constructor(private readonly c: ExecutorContext) {
    this.directorySyncs = new DirectorySyncs((dir) => c.fs.syncDirectory(dir));
  }

  private get s(): PairState {
    return this.c.state;
  }

  private abs(rel: string): string {
    return join(this.c.dir, ...rel.split('/'));
  }

  private childPath(parentId: string, name: string): string {
    // A folder the same batch was to create first, and did not (its name was taken meanwhile).
    if (parentId !== this.s.rootId && !this.s.local.has(parentId)) throw new StaleObservation(`folder ${parentId} is not on disk`);
    const parent = this.s.localPath(parentId);
    return parent ? `${parent}/${name}` : name;
  }

  /**
   * Records, in one transaction, the intents of a batch's transfers (see intents.ts): the content
   * each upload and download is about to put on the other side, as the observation saw it. An
   * upload that finds its file changed since records the content it really sends.
   */
  prepare(ops: readonly Op[]): void {
    this.s.atomically(() => {
      for (const op of ops) {
        if (op.type === 'upload') {
          const l = this.s.local.get(op.id);
          if (l) this.s.intend({ side: 'remote', id: op.id, hash: l.hash, parentId: l.parentId, name: l.name });
        } else if (op.type === 'download' || op.type === 'conflictCopy') {
          const r = this.s.remote.get(op.id);
          if (r) this.s.intend({ side: 'local', id: op.id, hash: r.hash, parentId: r.parentId, name: r.name });
        }
      }
    });
  }

  async run(op: Op): Promise<void> {
    switch (op.type) {
      case 'upload':
        return this.upload(op.id, op.isNew);
      case 'createRemoteDir':
        return this.createRemoteDir(op.id);
      case 'download':
        return this.download(op.id, op.isNew);
      case 'createLocalDir':
        return this.createLocalDir(op.id);
      case 'moveRemote':
        return this.moveRemote(op.id, op.parentId, op.name);
      case 'moveLocal':
        return this.moveLocal(op.id, op.parentId, op.name);
      case 'deleteRemote':
        return this.deleteRemote(op.id);
      case 'deleteLocal':
        return this.deleteLocal(op.id);
      case 'conflictCopy':
        return this.conflictCopy(op.id, op.copyName);
      case 'renameLocal':
        return this.renameLocal(op.id, op.name);
      case 'adopt':
        return this.s.atomically(() => {
          this.s.remap(op.localId, op.remoteId);
          this.s.put('synced', this.s.remote.get(op.remoteId) as NodeState);
        });
      case 'record':
        return this.s.atomically(() => this.s.put('synced', op.node));
      case 'forget':
        return this.s.atomically(() => this.s.remove('synced', op.id));
      default:
        throw missingCaseError(op);
    }
  }

  private async upload(id: string, isNew: boolean): Promise<void> {
    const l = this.s.local.get(id);
    if (!l) throw new StaleObservation(`local node ${id} is gone`);
    const rel = this.s.localPath(id);
    await this.assertUnchanged(id, false);
    const observed = isNew ? undefined : this.s.remoteMetas.get(id)?.versionId;
    const size = this.s.localMetas.get(id)?.size ?? 0;
    const attributes = attributesOfFile(this.c.fs.statSync(this.abs(rel)));
    const result = await this.reported(rel, 'upload', size, () => this.c.remote.upload(this.abs(rel), isNew ? { containerId: l.parentId, title: l.name } : { docId: id }, {
      attributes,
      idempotencyKey: (hash) => `${this.c.pairId}/${id}/${hash}`,
      // The scan hashed this very stat (assertUnchanged just checked it), so a large file is read once here, not twice.
      knownHash: l.hash,
      onHash: (hash) => {
        if (this.s.intents.get(`remote\0${id}`)?.hash !== hash) this.s.durably(() => this.s.intend({ side: 'remote', id, hash, parentId: l.parentId, name: l.name }));
      },
      limiter: this.c.limiter,
      onProgress: (done, total) => this.c.onProgress?.(rel, done, total, 'upload'),
      ...(this.c.upload ? { throttle: this.c.upload } : {}),
    }));
    // The service holds what was read. If the file changed after the scan, its stat changed too
    // (or the scan marked it racy): the next scan hashes it, finds it differs from synced, and
    // uploads it again.
    this.s.atomically(() => {
      this.s.clearIntent('remote', id);
      if (isNew) this.s.remap(id, result.docId);
      // The three trees share one node (and its hash) when the service holds what the disk does: a first sync's file, once, not three times.
      const mine = this.s.local.get(result.docId);
      const node: NodeState = mine !== undefined && samePlace(mine, l) && mine.hash === result.contentHash ? mine : { ...l, id: result.docId, hash: result.contentHash };
      this.s.put('remote', node);
      this.s.put('synced', node);
      this.s.setRemoteMeta({ id: result.docId, versionId: result.versionId, size: result.sizeBytes });
    });
    if (observed) await this.keeping(`${id}\0${result.versionId}`, (executor) => executor.keepReplaced(id, observed, result, l));
  }

  /** Runs `keep`; if it fails, it waits in `unkept` for the next round, and the failure goes on to the caller. */
  private async keeping(key: string, keep: (executor: Executor) => Promise<void>): Promise<void> {
    this.c.unkept.set(key, keep);
    await keep(this);
    this.c.unkept.delete(key);
  }

  /** Tries again what failed to reach the folder (see keeping); returns what failed again. */
  async keepUnkept(): Promise<unknown[]> {
    const failed: unknown[] = [];
    for (const [key, keep] of [...this.c.unkept]) {
      try {
        await keep(this);
        this.c.unkept.delete(key);
      } catch (err) {
        // A refusal of the service (the version is gone for good) would be the same next time; its
        // failure (5xx), or credentials the user has yet to fix, need not be.
        if (err instanceof FolioApiError && !isTransient(err) && !CREDENTIAL_CODES.has(err.code)) this.c.unkept.delete(key);
        failed.push(err);
      }
    }
    return failed;
  }

  get hasUnkept(): boolean {
    return this.c.unkept.size > 0;
  }

  /**
   * The service takes a new version without asking which one it replaces (/v1 has no
   * precondition): a version another user saved after our last observation of the document, and
   * before our upload, stops being current unseen, and would never reach the folder. The version
   * just below ours tells: when it is not the one we observed, it is kept beside the file as a
   * conflict copy, which syncs up as a new document. A failure is tried again (keeping), and so is
   * the look of an upload that landed unrecorded (PairSync.observeRemote); a crash after the upload
   * was recorded and before this look ends still leaves it only in the document's history.
   */
  async keepReplaced(id: string, observed: string, ours: Pick<Uploaded, 'versionId' | 'contentHash'>, file: Pick<NodeState, 'parentId' | 'name'>): Promise<void> {
    const recent = await this.c.remote.recentVersions(id, RECENT_VERSIONS);
    const at = recent.findIndex((v) => v.versionId === ours.versionId);
    const below = at < 0 ? undefined : recent[at + 1];
    if (!below || below.versionId === observed || below.contentHash === ours.contentHash) return;
    await this.keepVersion(id, below, file.parentId, file.name, false);
  }

  /**
   * Puts the content of a version in the folder as a new file, under `name` (when `asIs` and it is
   * free) or a conflict copy's name beside it; the next scan finds it and uploads it. It goes in
   * as a download does: a part file, then a hard link that refuses an existing name. A folder gone
   * from the disk since puts it at the top of the pair's folder: it has to land somewhere.
   */
  private async keepVersion(id: string, v: RemoteVersion, folderId: string, name: string, asIs: boolean): Promise<void> {
    const parentId = this.s.local.has(folderId) ? folderId : this.s.rootId;
    let n = asIs ? 0 : 1;
    const nth = () => this.childPath(parentId, n === 0 ? name : conflictCopyName(name, this.c.conflictStamp(), n));
    let rel = nth();
    while (await this.exists(this.abs(rel))) {
      n++;
      rel = nth();
    }
    const dest = this.abs(rel);
    const partPath = join(dirname(dest), downloadPartName(id, v.contentHash));
    await this.unlinkedPart(partPath);
    await this.reported(rel, 'download', v.sizeBytes, () =>
      this.c.remote.download(v.versionId, v.contentHash, v.sizeBytes, dest, {
        partPath,
        limiter: this.c.limiter,
        place: async (part) => {
          await this.placeNew(part, dest, rel);
          await this.directorySyncs.sync(dirname(dest));
        },
      }),
    );
  }

  /** Runs one transfer and reports how it ended; the outcome, or the failure, goes on to the caller. */
  private async reported<T>(path: string, direction: TransferDirection, bytes: number, transfer: () => Promise<T>): Promise<T> {
    if (!this.c.onTransfer) return transfer();
    const started = this.c.clock.now();
    try {
      const result = await transfer();
      this.c.onTransfer({ path, direction, bytes, result: 'done', ms: this.c.clock.now() - started });
      return result;
    } catch (err) {
      const refusal = err instanceof FolioApiError ? { code: err.code, rid: err.rid } : {};
      this.c.onTransfer({ path, direction, bytes, result: 'failed', ms: this.c.clock.now() - started, error: err instanceof Error ? err.message : String(err), ...refusal });
      throw err;
    }
  }

  private async createRemoteDir(id: string): Promise<void> {
    const l = this.s.local.get(id);
    if (!l) throw new StaleObservation(`local node ${id} is gone`);
    const created = await this.c.remote.createContainer({ parentId: l.parentId, name: l.name }).catch((err: unknown) => {
      if (err instanceof FolioApiError && err.code === ErrorCodes.NAME_CONFLICT.code) throw new StaleObservation(`'${l.name}' appeared on the service`);
      throw err;
    });
    this.s.atomically(() => {
      this.s.remap(id, created.containerId);
      const mine = this.s.local.get(created.containerId);
      const node: NodeState = mine !== undefined && samePlace(mine, l) ? mine : { ...l, id: created.containerId };
      this.s.put('remote', node);
      this.s.put('synced', node);
    });
  }

  private async download(id: string, isNew: boolean): Promise<void> {
    const r = this.s.remote.get(id);
    const meta = this.s.remoteMetas.get(id);
    if (!r || !meta) throw new StaleObservation(`remote node ${id} is unknown`);
    const rel = isNew ? this.childPath(r.parentId, r.name) : this.s.localPath(id);
    const dest = this.abs(rel);
    // Without the thread pool, as statMeta: a trip to a pool thread costs more than the call.
    if (isNew && this.c.fs.lstatSync(dest) !== undefined) throw new StaleObservation(`${rel} appeared on disk`);
    if (!isNew) await this.assertUnchanged(id, true);
    const partPath = join(dirname(dest), downloadPartName(id, r.hash));
    await this.unlinkedPart(partPath);
    let placed: FsStats | undefined;
    await this.reported(rel, 'download', meta.size, () => this.c.remote.download(meta.versionId, r.hash, meta.size, dest, {
      partPath,
      limiter: this.c.limiter,
      onProgress: (done, total) => this.c.onProgress?.(rel, done, total, 'download'),
      ...(this.c.download ? { throttle: this.c.download } : {}),
      place: async (part) => {
        if (this.s.intents.get(`local\0${id}`)?.hash !== r.hash) this.s.durably(() => this.s.intend({ side: 'local', id, hash: r.hash, parentId: r.parentId, name: r.name }));
        // A link or a rename keeps the part's inode, size and mtime: the watcher's event for dest
        // will show them, and the trees record them.
        placed = this.c.fs.statSync(part);
        this.c.ownWrites.file(rel, placed);
        if (isNew) await this.placeNew(part, dest, rel);
        else {
          await this.assertUnchanged(id, true);
          await this.c.fs.rename(part, dest);
        }
        // The download fsynced the bytes; the new name must be on disk before synced records it.
        await this.directorySyncs.sync(dirname(dest));
      },
    }));
    // What was placed, not what is at dest now: a user who moves the file at once takes it
    // elsewhere, and the next scan finds it there by its inode, a move of this document.
    const st = this.metaOf(placed ?? this.c.fs.statSync(dest), dest, id, rel);
    this.s.atomically(() => {
      this.s.clearIntent('local', id);
      const at = isNew ? r : (this.s.local.get(id) ?? r);
      this.s.put('local', { ...r, parentId: at.parentId, name: at.name });
      this.s.setLocalMeta(st);
      this.s.put('synced', { ...(this.s.synced.get(id) ?? r), hash: r.hash });
    });
  }

  private async createLocalDir(id: string): Promise<void> {
    const r = this.s.remote.get(id);
    if (!r) throw new StaleObservation(`remote node ${id} is unknown`);
    const rel = this.childPath(r.parentId, r.name);
    this.c.ownWrites.dir(rel);
    await this.c.fs.mkdir(this.abs(rel)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') throw new StaleObservation(`${rel} appeared on disk`);
      throw err;
    });
    await this.c.fs.syncDirectory(dirname(this.abs(rel)));
    const st = this.statMeta(this.abs(rel), id, rel);
    this.s.atomically(() => {
      this.s.put('local', { ...r });
      this.s.setLocalMeta({ ...st, size: 0, mtimeMs: 0, checkedMs: 0 });
      this.s.put('synced', { ...r });
    });
  }

  private async moveRemote(id: string, parentId: string, name: string): Promise<void> {
    const node = this.s.remote.get(id);
    if (!node) throw new StaleObservation(`remote node ${id} is unknown`);
    const from = this.remotePath(id);
    try {
      if (node.kind === 'dir') await this.c.remote.updateContainer({ containerId: id, parentId, name });
      else await this.c.remote.updateDocument({ docId: id, containerId: parentId, title: name });
    } catch (err) {
      if (err instanceof FolioApiError && err.code === ErrorCodes.NAME_CONFLICT.code) throw new StaleObservation(`'${name}' is taken on the service`);
      throw err;
    }
    this.s.atomically(() => {
      this.s.put('remote', { ...node, parentId, name });
      const s = this.s.synced.get(id);
      if (s) this.s.put('synced', { ...s, parentId, name });
    });
    this.c.onChange?.({ type: 'moveRemote', path: this.remotePath(id), from });
  }

  private async moveLocal(id: string, parentId: string, name: string): Promise<void> {
    const node = this.s.local.get(id);
    if (!node) throw new StaleObservation(`local node ${id} is gone`);
    const from = this.s.localPath(id);
    const to = this.childPath(parentId, name);
    this.noteMove(id, from, to);
    await this.renameOnDisk(from, to);
    this.s.atomically(() => {
      this.s.put('local', { ...node, parentId, name });
      this.movePaths(id, from, to);
      const s = this.s.synced.get(id);
      if (s) this.s.put('synced', { ...s, parentId, name });
    });
    this.c.onChange?.({ type: 'moveLocal', path: to, from });
  }

  /** Moves a local node out of a name the other side needs; the merge base stays, so the rename syncs like the user's own. */
  private async renameLocal(id: string, name: string): Promise<void> {
    const node = this.s.local.get(id);
    if (!node) throw new StaleObservation(`local node ${id} is gone`);
    const from = this.s.localPath(id);
    const to = this.childPath(node.parentId, name);
    this.noteMove(id, from, to);
    await this.renameOnDisk(from, to);
    this.s.atomically(() => {
      this.s.put('local', { ...node, name });
      this.movePaths(id, from, to);
    });
    this.c.onChange?.({ type: 'moveLocal', path: to, from });
  }

  private async deleteRemote(id: string): Promise<void> {
    const node = this.s.remote.get(id);
    if (!node) return;
    const path = this.remotePath(id);
    const observed = this.s.remoteMetas.get(id)?.versionId;
    let held: DeletedDocument | undefined;
    try {
      if (node.kind === 'dir') await this.c.remote.deleteContainer(id);
      else held = await this.c.remote.deleteDocument(id);
    } catch (err) {
      // Already gone from the service (deleted by someone else, or a retried request that had landed).
      if (!(err instanceof FolioApiError) || err.code !== ErrorCodes.NOT_FOUND.code) throw err;
    }
    this.s.atomically(() => {
      for (const x of this.s.removeSubtree('remote', id)) this.s.remove('synced', x);
    });
    this.c.onChange?.({ type: 'deleteRemote', path });
    // Another user's edit that landed after our last observation went to the recycle bin with
    // the document (/v1 deletes without a precondition). An edit beats a delete: it comes back
    // into the folder, and syncs up as a new document.
    if (held && observed && held.currentVersionId !== '' && held.currentVersionId !== observed) {
      const version = { versionId: held.currentVersionId, contentHash: held.contentHash, sizeBytes: held.sizeBytes };
      await this.keeping(`${id}\0${version.versionId}`, (executor) => executor.keepVersion(id, version, node.parentId, node.name, true));
    }
  }

  /**
   * Deletes what the scan saw, file by file, only when each is unchanged, i.e. equal to a service
   * version. A folder that still holds anything else (an ignored file, one that appeared since the
   * scan) is kept with it, and forgotten by the merge base: it syncs back as a folder.
   */
  private async deleteLocal(id: string): Promise<void> {
    const top = this.s.local.get(id);
    if (!top) return;
    const path = this.s.localPath(id);
    const nodes = top.kind === 'dir' ? [top, ...descendants(childIndex(this.s.local), id)] : [top];
    const files = nodes.filter((n) => n.kind === 'file');
    for (const f of files) await this.assertUnchanged(f.id, true);
    this.c.ownWrites.gone(path);
    const gone: string[] = [];
    /** Folders that lost a name, fsynced before the trees forget it, so a power cut cannot bring a file back unsynced. */
    const touched = new Set<string>();
    let kept: { id: string; rel: string } | undefined;
    try {
      for (const f of files) {
        const abs = this.abs(this.s.localPath(f.id));
        await this.c.fs.unlink(abs).catch(ignoreMissing);
        touched.add(dirname(abs));
        gone.push(f.id);
      }
      const dirs = nodes.filter((n) => n.kind === 'dir').map((n) => ({ id: n.id, rel: this.s.localPath(n.id) }));
      dirs.sort((a, b) => b.rel.split('/').length - a.rel.split('/').length);
      for (const d of dirs) {
        if (!(await this.removeDir(d.rel))) {
          kept = d;
          break;
        }
        touched.delete(this.abs(d.rel));
        touched.add(dirname(this.abs(d.rel)));
        gone.push(d.id);
      }
    } finally {
      for (const dir of touched) await this.c.fs.syncDirectory(dir).catch(ignoreMissing);
      this.s.atomically(() => {
        for (const x of gone) {
          this.s.remove('local', x);
          this.s.remove('synced', x);
        }
        if (kept) this.s.remove('synced', kept.id);
      });
    }
    if (kept) throw new StaleObservation(`${kept.rel} holds files that are not synced; it is kept`);
    this.c.onChange?.({ type: 'deleteLocal', path });
  }

  /** A remote node's path relative to the pair's root, '/'-separated, as the service names it. */
  private remotePath(id: string): string {
    const names: string[] = [];
    for (let n = this.s.remote.get(id); n && n.id !== this.s.rootId && names.length <= this.s.remote.size; n = this.s.remote.get(n.parentId)) names.unshift(n.name);
    return names.join('/');
  }

  /** Removes an empty folder (or one holding only junk); false when it holds anything else. */
  private async removeDir(rel: string): Promise<boolean> {
    const abs = this.abs(rel);
    const names = await this.c.fs.readdir(abs).catch(() => null);
    if (names === null) return true;
    if (names.some((n) => !JUNK.test(n))) return false;
    for (const n of names) await this.c.fs.rmFile(join(abs, n));
    await this.c.fs.rmdir(abs).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    return true;
  }

  /**
   * Keeps the local edit under copyName, then downloads the service's content under the name. The
   * trees learn of the copy before the rename, so a crash in between leaves a file the next scan
   * recognises by its inode.
   */
  private async conflictCopy(id: string, copyName: string): Promise<void> {
    const l = this.s.local.get(id);
    const meta = this.s.localMetas.get(id);
    if (!l || !meta) throw new StaleObservation(`local node ${id} is gone`);
    await this.assertUnchanged(id, false);
    const from = this.s.localPath(id);
    const to = this.childPath(l.parentId, copyName);
    if (await this.exists(this.abs(to))) throw new StaleObservation(`${to} already exists`);
    this.noteMove(id, from, to);
    const copyId = (this.c.newId ?? randomLocalId)();
    this.s.durably(() => {
      this.s.remove('local', id);
      this.s.put('local', { ...l, id: copyId, name: copyName });
      this.s.setLocalMeta({ ...meta, id: copyId, path: to });
    });
    await this.c.fs.renameDurably(this.abs(from), this.abs(to));
    await this.download(id, true);
  }

  private async renameOnDisk(from: string, to: string): Promise<void> {
    if (from === to) return;
    const fold = (p: string) => (this.c.caseInsensitive ? p.normalize('NFC').toLowerCase() : p.normalize('NFC'));
    // A case-only (or NFC/NFD-only) rename finds its target "existing" where the disk folds names: it is the same file.
    if (fold(from) !== fold(to) && (await this.exists(this.abs(to)))) throw new StaleObservation(`${to} already exists`);
    await this.c.fs.renameDurably(this.abs(from), this.abs(to)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new StaleObservation(`${from} is gone`);
      throw err;
    });
  }

  /** A rename about to move a node, and everything below a folder, from `from` to `to`: for the watcher to ignore. */
  private noteMove(id: string, from: string, to: string): void {
    const own = this.c.ownWrites;
    own.gone(from);
    const meta = this.s.localMetas.get(id);
    if (this.s.local.get(id)?.kind !== 'dir') {
      if (meta) own.file(to, meta);
      return;
    }
    own.dir(to);
    for (const m of this.s.localMetas.values()) {
      if (!m.path.startsWith(`${from}/`)) continue;
      const moved = to + m.path.slice(from.length);
      if (this.s.local.get(m.id)?.kind === 'dir') own.dir(moved);
      else own.file(moved, m);
    }
  }

  /** After a rename, the recorded path of the node, and of everything below a folder, follows. */
  private movePaths(id: string, from: string, to: string): void {
    const meta = this.s.localMetas.get(id);
    if (meta) this.s.setLocalMeta({ ...meta, path: to });
    if (this.s.local.get(id)?.kind !== 'dir') return;
    for (const m of [...this.s.localMetas.values()]) {
      if (m.path.startsWith(`${from}/`)) this.s.setLocalMeta({ ...m, path: to + m.path.slice(from.length) });
    }
  }

  /**
   * A crash between placing a new download (a hard link) and removing its part leaves the part as a
   * second name of the placed file, which the user may have edited since. A download writes into
   * its part (a resumed one appends to it): through that link it would change the user's file. So
   * such a part goes first; the file keeps its other name. A synchronous lstat, as the scanner's:
   * this runs before every download, and almost always finds nothing.
   */
  private async unlinkedPart(partPath: string): Promise<void> {
    const part = this.c.fs.lstatSync(partPath);
    if (part && part.nlink > 1) await this.c.fs.unlink(partPath);
  }

  /** Puts a downloaded file at `dest` only if nothing is there: a hard link fails rather than overwrite. */
  private async placeNew(part: string, dest: string, rel: string): Promise<void> {
    const fs = this.c.fs;
    try {
      await fs.link(part, dest);
      await fs.unlink(part);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        await fs.rmFile(part);
        throw new StaleObservation(`${rel} appeared on disk`);
      }
      // A file system without hard links: check, then rename (a narrow race, and the best it allows).
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV' && code !== 'EMLINK') throw err;
      if (await this.exists(dest)) throw new StaleObservation(`${rel} appeared on disk`);
      await fs.rename(part, dest);
    }
  }

  /**
   * One stat, without the thread pool, as the scanner's: handing it to a pool thread and back cost
   * a first sync of many small files more (in context switches on a busy machine) than the call.
   */
  private statMeta(abs: string, id: string, rel: string): LocalMeta {
    const checkedMs = this.c.clock.now();
    return { ...this.metaOf(this.c.fs.statSync(abs), abs, id, rel), checkedMs };
  }

  private metaOf(st: FsStats, abs: string, id: string, rel: string): LocalMeta {
    return { id, path: rel, size: st.size, mtimeMs: st.mtimeMs, ino: inodeOf(st, abs), checkedMs: this.c.clock.now() };
  }

  private tryStatMeta(abs: string, id: string, rel: string): LocalMeta | null {
    try {
      return this.statMeta(abs, id, rel);
    } catch {
      return null;
    }
  }

  private async exists(path: string): Promise<boolean> {
    return this.c.fs.stat(path).then(
      () => true,
      () => false,
    );
  }

  /**
   * Throws StaleObservation when the file is not what the last scan saw. Its stat must match; when
   * that scan saw it racily (within the racy window of a write) and the caller is about to destroy it,
   * its content must match too.
   */
  private async assertUnchanged(id: string, destructive: boolean): Promise<void> {
    const meta = this.s.localMetas.get(id);
    const node = this.s.local.get(id);
    if (!meta || !node) throw new StaleObservation(`no observation of ${id}`);
    if (node.kind !== 'file') return;
    const now = this.tryStatMeta(this.abs(meta.path), id, meta.path);
    if (!now || now.size !== meta.size || now.mtimeMs !== meta.mtimeMs || now.ino !== meta.ino) throw new StaleObservation(`${meta.path} changed since it was scanned`);
    if (destructive && isRacy(meta) && (await this.c.fs.hashFile(this.abs(meta.path))).hash !== node.hash) {
      throw new StaleObservation(`${meta.path} changed since it was scanned`);
    }
  }
}

function ignoreMissing(err: NodeJS.ErrnoException): void {
  if (err.code !== 'ENOENT') throw err;
}
