/**
 * An in-memory Folio service that implements the engine's SyncRemote: containers, documents with
 * versions, the recycle bin, a change feed with cursors (and a horizon, past which a cursor has
 * expired), and the name rules of main/service: a name is taken in a container by any active
 * document or container (store/repos/documents.ts, nameTaken); a container cannot move into itself
 * or below; deleting a container deletes what it holds, with a change for each. Uploads read the
 * simulated folder, downloads write to it. Every call first passes the world's gate, then may fail
 * as the network does: before the service applied it, or after.
 */
import { createHash } from 'node:crypto';
import { ErrorCodes, type ErrorName } from '../../shared/errors.ts';
import type { Change, ChangePage } from '../../shared/v1/resources.ts';
import { FolioApiError, ServiceUnreachable } from '../../main/remote/errors.ts';
import { HashMismatch, type DownloadOptions, type UploadOptions, type UploadTarget } from '../../main/remote/transfer.ts';
import type { DeletedDocument, RemoteDocument, RemoteFolder, RemoteVersion, SyncRemote, Uploaded } from '../../main/sync/syncRemote.ts';
import type { Gate, MemFs } from './memFs.ts';

interface Version {
  versionId: string;
  versionNo: number;
  hash: string;
  data: Buffer;
}

export interface Item {
  id: string;
  kind: 'container' | 'document';
  parentId: string;
  name: string;
  active: boolean;
  versions: Version[];
}

/** Where a call fails, if it does: before the service applied it, or after (the answer is lost). */
export type Fault = 'none' | 'before' | 'after';

export const ROOT_ID = 'c-root';

function refusal(name: ErrorName, detail: string): FolioApiError {
  const e = ErrorCodes[name];
  return new FolioApiError(e.code, `${e.msg}: ${detail}`, 'sim', e.http);
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export class MemService implements SyncRemote {
  readonly items = new Map<string, Item>();
  private readonly feed: Change[] = [];
  private seq = 0;
  private nextId = 0;
  /** Changes at or below this seq are gone from the feed: an older cursor has expired. */
  private horizon = 0;
  gate: Gate = () => Promise.resolve();
  fault: (label: string) => Fault = () => 'none';
  /** How many changes a page of the feed holds. */
  pageSize = 500;

  constructor(private readonly fs: MemFs) {
    this.items.set(ROOT_ID, { id: ROOT_ID, kind: 'container', parentId: '', name: 'root', active: true, versions: [] });
  }

  // The world's own hands: another user of the service, and the simulation's checks.

  active(id: string): Item | undefined {
    const item = this.items.get(id);
    return item?.active ? item : undefined;
  }

  childrenOf(parentId: string): Item[] {
    return [...this.items.values()].filter((i) => i.active && i.parentId === parentId).sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  /** Drops the feed up to now: every cursor handed out so far has expired. */
  compactFeed(): void {
    this.horizon = this.seq;
  }

  private newId(prefix: string): string {
    return `${prefix}${++this.nextId}`;
  }

  private record(item: Item): void {
    const v = item.versions.at(-1);
    this.feed.push({
      seq: ++this.seq,
      op: 'update',
      kind: item.kind,
      id: item.id,
      parentId: item.parentId,
      name: item.name,
      deleted: !item.active,
      versionNo: v?.versionNo ?? 0,
      versionId: v?.versionId ?? '',
      contentHash: v?.hash ?? '',
      sizeBytes: v?.data.length ?? 0,
      time: '',
    });
  }

  private container(id: string): Item {
    const c = this.active(id);
    if (!c || c.kind !== 'container') throw refusal('NOT_FOUND', `container ${id}`);
    return c;
  }

  private document(id: string): Item {
    const d = this.active(id);
    if (!d || d.kind !== 'document') throw refusal('NOT_FOUND', `document ${id}`);
    return d;
  }

  private assertNameFree(parentId: string, name: string, exceptId = ''): void {
    if (this.childrenOf(parentId).some((i) => i.name === name && i.id !== exceptId)) throw refusal('NAME_CONFLICT', `'${name}' in ${parentId}`);
  }

  doCreateContainer(parentId: string, name: string): Item {
    this.container(parentId);
    this.assertNameFree(parentId, name);
    const item: Item = { id: this.newId('c'), kind: 'container', parentId, name, active: true, versions: [] };
    this.items.set(item.id, item);
    this.record(item);
    return item;
  }

  doMove(id: string, parentId: string, name: string): void {
    const item = this.active(id);
    if (!item || id === ROOT_ID) throw refusal('NOT_FOUND', id);
    this.container(parentId);
    for (let at: string = parentId; at !== ''; at = this.items.get(at)?.parentId ?? '') if (at === id) throw refusal('INVALID_MOVE', id);
    this.assertNameFree(parentId, name, id);
    item.parentId = parentId;
    item.name = name;
    this.record(item);
  }

  doDelete(id: string): void {
    const item = this.active(id);
    if (!item || id === ROOT_ID) throw refusal('NOT_FOUND', id);
    const doomed = [item];
    for (let i = 0; i < doomed.length; i++) doomed.push(...this.childrenOf((doomed[i] as Item).id));
    for (const d of doomed) {
      d.active = false;
      this.record(d);
    }
  }

  /** A new document, or a new version of one. */
  doUpload(target: { docId: string } | { containerId: string; title: string }, data: Buffer): Item {
    let doc: Item;
    if ('docId' in target) doc = this.document(target.docId);
    else {
      this.container(target.containerId);
      this.assertNameFree(target.containerId, target.title);
      doc = { id: this.newId('d'), kind: 'document', parentId: target.containerId, name: target.title, active: true, versions: [] };
      this.items.set(doc.id, doc);
    }
    doc.versions.push({ versionId: this.newId('v'), versionNo: doc.versions.length + 1, hash: sha256(data), data });
    this.record(doc);
    return doc;
  }

  /** Runs one call: through the gate, then as the network lets it. */
  private async call<T>(label: string, apply: () => T): Promise<T> {
    await this.gate(`remote.${label}`, 'before');
    const fault = this.fault(label);
    if (fault === 'before') throw new ServiceUnreachable(new Error(`${label}: connection reset before the request`));
    const result = apply();
    await this.gate(`remote.${label}`, 'after');
    if (fault === 'after') throw new ServiceUnreachable(new Error(`${label}: connection reset after the service applied it`));
    return result;
  }

  // SyncRemote: what the engine calls.

  changes(cursor: string): Promise<ChangePage> {
    return this.call(`changes ${cursor}`, () => {
      const after = Number(cursor);
      if (!Number.isInteger(after) || after < this.horizon) throw refusal('CURSOR_EXPIRED', cursor);
      const page = this.feed.filter((c) => c.seq > after).slice(0, this.pageSize);
      const last = page.at(-1);
      return { changes: page, nextCursor: last ? String(last.seq) : cursor, hasMore: last !== undefined && last.seq < this.seq };
    });
  }

  latestCursor(): Promise<string> {
    return this.call('latestCursor', () => String(this.seq));
  }

  getContainer(containerId: string): Promise<RemoteFolder> {
    return this.call(`getContainer ${containerId}`, () => {
      const c = this.items.get(containerId);
      if (!c || c.kind !== 'container') throw refusal('NOT_FOUND', containerId);
      return { containerId, name: c.name, status: c.active ? 'ACTIVE' : 'DELETED' };
    });
  }

  children(containerId: string): Promise<{ containers: RemoteFolder[]; documents: RemoteDocument[] }> {
    return this.call(`children ${containerId}`, () => {
      // As the real service: a deleted container is still there to list, and holds nothing active.
      if (this.items.get(containerId)?.kind !== 'container') throw refusal('NOT_FOUND', `container ${containerId}`);
      const items = this.childrenOf(containerId);
      return {
        containers: items.filter((i) => i.kind === 'container').map((c) => ({ containerId: c.id, name: c.name, status: 'ACTIVE' })),
        documents: items
          .filter((i) => i.kind === 'document')
          .map((d) => {
            const v = d.versions.at(-1);
            return { docId: d.id, containerId, title: d.name, contentHash: v?.hash ?? '', currentVersionId: v?.versionId ?? '', sizeBytes: v?.data.length ?? 0, currentVersionNo: v?.versionNo ?? 0 };
          }),
      };
    });
  }

  createContainer(input: { parentId: string; name: string }): Promise<RemoteFolder> {
    return this.call(`createContainer ${input.parentId}/${input.name}`, () => {
      const c = this.doCreateContainer(input.parentId, input.name);
      return { containerId: c.id, name: c.name, status: 'ACTIVE' };
    });
  }

  updateContainer(input: { containerId: string; parentId: string; name: string }): Promise<void> {
    return this.call(`updateContainer ${input.containerId}`, () => {
      this.container(input.containerId);
      this.doMove(input.containerId, input.parentId, input.name);
    });
  }

  updateDocument(input: { docId: string; containerId: string; title: string }): Promise<void> {
    return this.call(`updateDocument ${input.docId}`, () => {
      this.document(input.docId);
      this.doMove(input.docId, input.containerId, input.title);
    });
  }

  deleteContainer(containerId: string): Promise<void> {
    return this.call(`deleteContainer ${containerId}`, () => {
      this.container(containerId);
      this.doDelete(containerId);
    });
  }

  deleteDocument(docId: string): Promise<DeletedDocument> {
    return this.call(`deleteDocument ${docId}`, () => {
      const v = this.document(docId).versions.at(-1);
      this.doDelete(docId);
      return { currentVersionId: v?.versionId ?? '', contentHash: v?.hash ?? '', sizeBytes: v?.data.length ?? 0 };
    });
  }

  recentVersions(docId: string, count: number): Promise<RemoteVersion[]> {
    return this.call(`versions ${docId}`, () =>
      this.document(docId)
        .versions.slice(-count)
        .reverse()
        .map((v) => ({ versionId: v.versionId, contentHash: v.hash, sizeBytes: v.data.length })),
    );
  }

  async upload(path: string, target: UploadTarget, options: UploadOptions): Promise<Uploaded> {
    // The real client reads the whole file, tells its hash, then sends it (transfer.ts, uploadDirect).
    await this.gate(`fs.read ${path}`, 'before');
    const data = this.fs.readFile(path);
    await this.gate(`fs.read ${path}`, 'after');
    options.onHash?.(sha256(data));
    return this.call(`upload ${target.docId ?? `${target.containerId}/${target.title}`}`, () => {
      const doc = this.doUpload(target.docId ? { docId: target.docId } : { containerId: target.containerId ?? '', title: target.title ?? '' }, data);
      const v = doc.versions.at(-1) as Version;
      return { docId: doc.id, versionId: v.versionId, contentHash: v.hash, sizeBytes: v.data.length };
    });
  }

  async download(versionId: string, expectedHash: string, _totalBytes: number, dest: string, options: DownloadOptions): Promise<void> {
    const data = await this.call(`download ${versionId}`, () => {
      for (const item of this.items.values()) for (const v of item.versions) if (v.versionId === versionId) return v.data;
      throw refusal('NOT_FOUND', `version ${versionId}`);
    });
    await this.gate(`fs.writePart ${options.partPath}`, 'before');
    this.fs.writeFile(options.partPath, data);
    await this.gate(`fs.writePart ${options.partPath}`, 'after');
    if (sha256(data) !== expectedHash) {
      this.fs.remove(options.partPath);
      throw new HashMismatch(`downloaded content hash is not ${expectedHash}`);
    }
    // The simulated service keeps no file attributes (mtime, x bit): their round trip is tested
    // against the real service (test/integration/sync/attributes.test.ts).
    await (options.place ?? ((part: string) => this.fs.rename(part, dest)))(options.partPath);
  }
}
