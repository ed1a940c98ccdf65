/**
 * Carries out planned operations on the disk and on the service, and advances the trees after each
 * success. Before it touches local content it checks the file is still what the scan saw: a file
 * edited in the meantime is left alone, and the next batch sees the edit.
 */
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FolioClient } from '../remote/client.ts';
import type { Throttle } from '../remote/throttle.ts';
import { downloadVersion, uploadFile } from '../remote/transfer.ts';
import type { LocalMeta } from '../store/sync/index.ts';
import type { Op } from './planner.ts';
import { randomLocalId } from './scanner.ts';
import type { PairState } from './state.ts';
import type { NodeState } from './trees.ts';

export interface ExecutorContext {
  client: FolioClient;
  state: PairState;
  dir: string;
  pairId: string;
  concurrency: number;
  upload?: Throttle;
  download?: Throttle;
  onProgress?: (path: string, done: number, total: number) => void;
}

/** The file changed (or appeared) since it was observed; the next batch will see it. */
export class StaleObservation extends Error {}

export class Executor {
  constructor(private readonly c: ExecutorContext) {}

  private get s(): PairState {
    return this.c.state;
  }

  private abs(rel: string): string {
    return join(this.c.dir, ...rel.split('/'));
  }

  private childPath(parentId: string, name: string): string {
    const parent = this.s.localPath(parentId);
    return parent ? `${parent}/${name}` : name;
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
      default: {
        const unknown: never = op;
        throw new Error(`unknown operation ${JSON.stringify(unknown)}`);
      }
    }
  }

  private async upload(id: string, isNew: boolean): Promise<void> {
    const l = this.s.local.get(id);
    if (!l) throw new StaleObservation(`local node ${id} is gone`);
    const rel = this.s.localPath(id);
    await this.assertUnchanged(id);
    const onProgress = (done: number, total: number) => this.c.onProgress?.(rel, done, total);
    const options = { idempotencyKey: `${this.c.pairId}/${id}/${l.hash}`, concurrency: this.c.concurrency, onProgress, ...(this.c.upload ? { throttle: this.c.upload } : {}) };
    const result = await uploadFile(this.c.client, this.abs(rel), isNew ? { containerId: l.parentId, title: l.name } : { docId: id }, options);
    // The service holds what it received. If that is not what the scan saw, the file changed during
    // the upload: the next scan finds a local hash that differs from synced, and uploads again.
    this.s.atomically(() => {
      if (isNew) this.s.remap(id, result.docId);
      const node: NodeState = { ...l, id: result.docId, hash: result.contentHash };
      this.s.put('remote', node);
      this.s.put('synced', node);
      this.s.setRemoteMeta({ id: result.docId, versionId: result.versionId, size: result.sizeBytes });
    });
  }

  private async createRemoteDir(id: string): Promise<void> {
    const l = this.s.local.get(id);
    if (!l) throw new StaleObservation(`local node ${id} is gone`);
    const created = await this.c.client.createContainer({ parentId: l.parentId, name: l.name });
    this.s.atomically(() => {
      this.s.remap(id, created.containerId);
      const node: NodeState = { ...l, id: created.containerId };
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
    if (isNew) {
      if (await exists(dest)) throw new StaleObservation(`${rel} appeared on disk`);
    } else {
      await this.assertUnchanged(id);
    }
    await downloadVersion(this.c.client, meta.versionId, r.hash, meta.size, dest, {
      partPath: join(dirname(dest), `.folio-${r.hash.slice(0, 16)}.part`),
      onProgress: (done, total) => this.c.onProgress?.(rel, done, total),
      ...(this.c.download ? { throttle: this.c.download } : {}),
    });
    const st = await statMeta(dest, id, rel);
    this.s.atomically(() => {
      const node: NodeState = { ...r, parentId: isNew ? r.parentId : (this.s.local.get(id) ?? r).parentId, name: isNew ? r.name : (this.s.local.get(id) ?? r).name };
      this.s.put('local', node);
      this.s.setLocalMeta(st);
      this.s.put('synced', { ...(this.s.synced.get(id) ?? r), hash: r.hash });
    });
  }

  private async createLocalDir(id: string): Promise<void> {
    const r = this.s.remote.get(id);
    if (!r) throw new StaleObservation(`remote node ${id} is unknown`);
    const rel = this.childPath(r.parentId, r.name);
    await mkdir(this.abs(rel));
    const st = await statMeta(this.abs(rel), id, rel);
    this.s.atomically(() => {
      this.s.put('local', { ...r });
      this.s.setLocalMeta(st);
      this.s.put('synced', { ...r });
    });
  }

  private async moveRemote(id: string, parentId: string, name: string): Promise<void> {
    const node = this.s.remote.get(id);
    if (!node) throw new StaleObservation(`remote node ${id} is unknown`);
    if (node.kind === 'dir') await this.c.client.updateContainer({ containerId: id, parentId, name });
    else await this.c.client.updateDocument({ docId: id, containerId: parentId, title: name });
    this.s.atomically(() => {
      this.s.put('remote', { ...node, parentId, name });
      const s = this.s.synced.get(id);
      if (s) this.s.put('synced', { ...s, parentId, name });
    });
  }

  private async moveLocal(id: string, parentId: string, name: string): Promise<void> {
    const node = this.s.local.get(id);
    if (!node) throw new StaleObservation(`local node ${id} is gone`);
    const from = this.s.localPath(id);
    const to = this.childPath(parentId, name);
    await this.renameOnDisk(from, to);
    this.s.atomically(() => {
      this.s.put('local', { ...node, parentId, name });
      this.movePaths(from, to);
      const s = this.s.synced.get(id);
      if (s) this.s.put('synced', { ...s, parentId, name });
    });
  }

  private async deleteRemote(id: string): Promise<void> {
    const node = this.s.remote.get(id);
    if (!node) return;
    if (node.kind === 'dir') await this.c.client.deleteContainer(id);
    else await this.c.client.deleteDocument(id);
    this.s.atomically(() => {
      for (const x of this.s.removeSubtree('remote', id)) this.s.remove('synced', x);
    });
  }

  /** Local content goes only when the scan saw it unchanged, i.e. equal to a service version. */
  private async deleteLocal(id: string): Promise<void> {
    const rel = this.s.localPath(id);
    const doomed = [id, ...[...this.s.local.values()].filter((n) => this.isBelow(n.id, id)).map((n) => n.id)];
    for (const x of doomed) if (this.s.local.get(x)?.kind === 'file') await this.assertUnchanged(x);
    await rm(this.abs(rel), { recursive: true, force: true });
    this.s.atomically(() => {
      for (const x of this.s.removeSubtree('local', id)) this.s.remove('synced', x);
    });
  }

  private async conflictCopy(id: string, copyName: string): Promise<void> {
    const l = this.s.local.get(id);
    if (!l) throw new StaleObservation(`local node ${id} is gone`);
    await this.assertUnchanged(id);
    const from = this.s.localPath(id);
    const to = this.childPath(l.parentId, copyName);
    await this.renameOnDisk(from, to);
    const copyId = randomLocalId();
    const st = await statMeta(this.abs(to), copyId, to);
    this.s.atomically(() => {
      this.s.remove('local', id);
      this.s.put('local', { ...l, id: copyId, name: copyName });
      this.s.setLocalMeta(st);
    });
    await this.download(id, true);
  }

  private async renameLocal(id: string, name: string): Promise<void> {
    const node = this.s.local.get(id);
    if (!node) throw new StaleObservation(`local node ${id} is gone`);
    const from = this.s.localPath(id);
    const to = this.childPath(node.parentId, name);
    await this.renameOnDisk(from, to);
    this.s.atomically(() => {
      this.s.put('local', { ...node, name });
      this.movePaths(from, to);
    });
  }

  private async renameOnDisk(from: string, to: string): Promise<void> {
    // A case-only rename on a case-insensitive disk finds the target "existing": it is the same file.
    if (from.toLowerCase() !== to.toLowerCase() && (await exists(this.abs(to)))) throw new StaleObservation(`${to} already exists`);
    await rename(this.abs(from), this.abs(to));
  }

  /** After a rename, every recorded path under the old one moves with it. */
  private movePaths(from: string, to: string): void {
    for (const m of [...this.s.localMetas.values()]) {
      if (m.path === from || m.path.startsWith(`${from}/`)) this.s.setLocalMeta({ ...m, path: to + m.path.slice(from.length) });
    }
  }

  private isBelow(id: string, ancestor: string): boolean {
    for (let at = this.s.local.get(id)?.parentId; at; at = this.s.local.get(at)?.parentId) if (at === ancestor) return true;
    return false;
  }

  /** Throws StaleObservation when the file's size, mtime or inode differ from the last scan. */
  private async assertUnchanged(id: string): Promise<void> {
    const meta = this.s.localMetas.get(id);
    if (!meta) throw new StaleObservation(`no observation of ${id}`);
    const now = await statMeta(this.abs(meta.path), id, meta.path).catch(() => null);
    if (!now || now.size !== meta.size || now.mtimeMs !== meta.mtimeMs || now.ino !== meta.ino) throw new StaleObservation(`${meta.path} changed since it was scanned`);
  }
}

async function statMeta(abs: string, id: string, rel: string): Promise<LocalMeta> {
  const st = await stat(abs, { bigint: true });
  return { id, path: rel, size: Number(st.size), mtimeMs: Number(st.mtimeNs / 1000n) / 1000, ino: `${st.dev}:${st.ino}` };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
