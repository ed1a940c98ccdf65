/**
 * Writes to containers, documents and versions through the local API (docs/offline.md, "The
 * local tree"): the mirror's service code checks and applies them, and they are written through
 * to the pair's folder, where the sync engine finds them and takes them to the service by the
 * same rules as edits made in the folder. A write outside every pair is not the local tree's.
 *
 * The folder is never allowed to lose content the service has not seen: a write that would
 * overwrite or delete a file changed in the folder since the last sync is refused (170002), and
 * a new name already taken on disk is a name conflict. A write is durable before it is answered:
 * new bytes are fsynced before they take their name, and each changed folder after (docs/sync.md).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCodes, errorValue, type ErrorName } from '../../shared/errors.ts';
import { contract, type Route } from '../../shared/v1/contract/index.ts';
import type { Container, VersionResult } from '../../shared/v1/resources.ts';
import { failure } from '../service/envelope.ts';
import { renameDurably, syncDirectory, syncFile } from '../platform/durable.ts';
import { hashFile } from '../remote/transfer.ts';
import type { OfflineStore } from '../store/offline/state.ts';
import type { PairRecord } from '../sync/model.ts';
import { IgnoreRules } from '../sync/ignore.ts';
import type { JsonRecord, TreeOp } from './endpoints.ts';
import type { Mirror, MirrorAnswer } from './mirror.ts';

/** SHA-256 of no bytes: what a document saved without content holds on disk. */
const EMPTY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface TreeRequest {
  op: TreeOp;
  query: Record<string, string>;
  body: JsonRecord;
  stream?: Readable;
  /** The caller's credentials, for the mirror. */
  headers: Record<string, string>;
}

export type TreeAnswer = MirrorAnswer | 'outside';

export interface TreeDeps {
  mirror: Mirror;
  offline: OfflineStore;
  pair: (pairId: string) => PairRecord | undefined;
  /** Items just changed locally: the next mirror refresh leaves them as they are. */
  touch: (ids: string[]) => void;
  /**
   * The fields of a container or document the folder cannot hold (metadata, description, sort
   * order): sent to the service, or queued. Returns the service's refusal, if any.
   */
  otherFields: (resource: 'containers' | 'documents', recordId: string, body: JsonRecord) => Promise<MirrorAnswer | null>;
  /** The folder changed: sync soon. */
  changed: () => void;
}

interface Place {
  pair: PairRecord;
  rel: string;
}

class Refusal extends Error {
  constructor(
    readonly error: ErrorName,
    message: string,
  ) {
    super(message);
  }
}

const pick = (body: JsonRecord, keys: readonly string[]): JsonRecord => Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
/** Type ids are the service's: the mirror knows only its own types, so a type reaches neither. */
const withoutType = <T extends JsonRecord>(input: T): T => Object.fromEntries(Object.entries(input).filter(([k]) => k !== 'documentTypeId' && k !== 'containerTypeId')) as T;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export class TreeWriter {
  constructor(private readonly d: TreeDeps) {}

  private get mirror(): Mirror {
    return this.d.mirror;
  }

  async handle(req: TreeRequest): Promise<TreeAnswer> {
    try {
      return await this.dispatch(req);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      return { status: ErrorCodes[err.error].http, envelope: failure('', errorValue(err.error, err.message)) };
    }
  }

  private dispatch(req: TreeRequest): Promise<TreeAnswer> {
    switch (req.op) {
      case 'containers/create':
        return this.createContainer(req);
      case 'containers/update':
        return this.updateContainer(req);
      case 'containers/delete':
        return this.deleteContainer(req);
      case 'documents/save':
        return this.saveDocument(req);
      case 'documents/update':
        return this.updateDocument(req);
      case 'documents/delete':
        return this.deleteDocument(req);
      case 'versions/upload':
        return this.upload(req);
      case 'versions/initChunkedUpload':
        return this.initChunked(req);
      case 'versions/uploadChunk':
      case 'versions/abortChunkedUpload':
        return this.sessionCall(req);
      case 'versions/completeChunkedUpload':
        return this.completeChunked(req);
      default: {
        const unknown: never = req.op;
        throw new Error(`unknown tree operation ${String(unknown)}`);
      }
    }
  }

  private async containerPlace(containerId: string): Promise<Place | undefined> {
    const at = containerId ? await this.mirror.placeOfContainer(containerId) : undefined;
    const pair = at && this.d.pair(at.pairId);
    return pair && at ? { pair, rel: at.rel } : undefined;
  }

  private async documentPlace(docId: string): Promise<Place | undefined> {
    const at = docId ? await this.mirror.placeOfDocument(docId) : undefined;
    const pair = at && this.d.pair(at.pairId);
    return pair && at ? { pair, rel: at.rel } : undefined;
  }

  /** Asks the mirror's service code: a route with a body takes the fields as its body, one without as its query. */
  private call(req: TreeRequest, route: Route, fields: JsonRecord): Promise<MirrorAnswer> {
    const input = route.body ? { json: fields } : { query: fields as Record<string, string> };
    return this.mirror.call({ method: route.method, path: route.path, ...input, headers: req.headers });
  }

  private async createContainer(req: TreeRequest): Promise<TreeAnswer> {
    const parent = await this.containerPlace(str(req.body.parentId));
    if (!parent) return 'outside';
    const answer = await this.call(req, contract.containers.create, pick(req.body, ['parentId', 'name', 'description', 'sortOrder', 'aclInheritEnabled']));
    if (answer.envelope.code !== 0) return answer;
    const created = answer.envelope.data as Container;
    const at = child(parent, created.name);
    try {
      await mkdir(abs(at));
    } catch (err) {
      this.mirror.store.transaction(() => this.mirror.repo.removeContainer(this.mirror.tenantId, created.containerId));
      throw diskRefusal(err, at);
    }
    await syncDirectory(dirname(abs(at)));
    this.d.offline.addLocalId(created.containerId, 'container', parent.pair.pairId);
    this.d.touch([created.containerId]);
    this.d.changed();
    await this.followUp('containers', created.containerId, pick(req.body, ['metadataColumns']));
    return this.call(req, contract.containers.get, { containerId: created.containerId });
  }

  private async updateContainer(req: TreeRequest): Promise<TreeAnswer> {
    const id = str(req.body.containerId);
    const before = await this.mirror.container(id);
    const from = await this.containerPlace(id);
    if (!before || !from || from.rel === '') return 'outside';
    const parentId = str(req.body.parentId);
    if (parentId && parentId !== before.parentId && (await this.containerPlace(parentId))?.pair.pairId !== from.pair.pairId) return 'outside';
    const refused = await this.d.otherFields('containers', id, pick(req.body, ['containerId', 'description', 'sortOrder', 'metadataColumns']));
    if (refused) return refused;
    const answer = await this.call(req, contract.containers.update, pick(req.body, ['containerId', 'name', 'parentId', 'description', 'sortOrder']));
    if (answer.envelope.code !== 0) return answer;
    await this.moveOnDisk(from, (await this.containerPlace(id)) as Place, () => this.call(req, contract.containers.update, { containerId: id, name: before.name, parentId: before.parentId ?? '' }));
    this.d.touch([id]);
    this.d.changed();
    if (req.body.metadataColumns !== undefined) this.mirror.repo.setMetadata(this.mirror.tenantId, 'container', id, req.body.metadataColumns as JsonRecord);
    return this.call(req, contract.containers.get, { containerId: id });
  }

  private async deleteContainer(req: TreeRequest): Promise<TreeAnswer> {
    const id = str(req.body.containerId);
    const at = await this.containerPlace(id);
    if (!at || at.rel === '') return 'outside';
    await this.assertFolderSynced(at, id);
    const below = [id, ...(await this.mirror.store.containers.subtreeIds(this.mirror.tenantId, id)), ...this.mirror.repo.documentsBelow(this.mirror.tenantId, id).map((d) => d.docId)];
    const answer = await this.call(req, contract.containers.delete, { containerId: id });
    if (answer.envelope.code !== 0) return answer;
    await rm(abs(at), { recursive: true, force: true });
    await syncParent(abs(at));
    this.d.touch(below);
    this.d.changed();
    return answer;
  }

  private async saveDocument(req: TreeRequest): Promise<TreeAnswer> {
    const parent = await this.containerPlace(str(req.body.containerId));
    if (!parent) return 'outside';
    const answer = await this.call(req, contract.documents.save, pick(req.body, ['containerId', 'title']));
    if (answer.envelope.code !== 0) return answer;
    const docId = str((answer.envelope.data as JsonRecord).docId);
    const at = child(parent, str((answer.envelope.data as JsonRecord).title));
    try {
      // A document without content is an empty file: the engine gives it an empty first version.
      await writeFile(abs(at), '', { flag: 'wx' });
    } catch (err) {
      this.mirror.store.transaction(() => this.mirror.repo.removeDocument(this.mirror.tenantId, docId));
      throw diskRefusal(err, at);
    }
    await syncDirectory(dirname(abs(at)));
    this.d.offline.addLocalId(docId, 'document', parent.pair.pairId);
    this.d.touch([docId]);
    this.d.changed();
    await this.followUp('documents', docId, pick(req.body, ['metadataColumns']));
    return this.call(req, contract.documents.get, { docId });
  }

  private async updateDocument(req: TreeRequest): Promise<TreeAnswer> {
    const id = str(req.body.docId);
    const before = await this.mirror.document(id);
    const from = await this.documentPlace(id);
    if (!before || !from) return 'outside';
    const containerId = str(req.body.containerId);
    if (containerId && containerId !== before.containerId && (await this.containerPlace(containerId))?.pair.pairId !== from.pair.pairId) return 'outside';
    const refused = await this.d.otherFields('documents', id, pick(req.body, ['docId', 'metadataColumns']));
    if (refused) return refused;
    const answer = await this.call(req, contract.documents.update, pick(req.body, ['docId', 'title', 'containerId']));
    if (answer.envelope.code !== 0) return answer;
    await this.moveOnDisk(from, (await this.documentPlace(id)) as Place, () => this.call(req, contract.documents.update, { docId: id, title: before.title, containerId: before.containerId }));
    this.d.touch([id]);
    this.d.changed();
    if (req.body.metadataColumns !== undefined) this.mirror.repo.setMetadata(this.mirror.tenantId, 'document', id, req.body.metadataColumns as JsonRecord);
    return this.call(req, contract.documents.get, { docId: id });
  }

  private async deleteDocument(req: TreeRequest): Promise<TreeAnswer> {
    const id = str(req.body.docId);
    const doc = await this.mirror.document(id);
    const at = await this.documentPlace(id);
    if (!doc || !at) return 'outside';
    await this.assertFileSynced(at, doc.contentHash);
    const answer = await this.call(req, contract.documents.delete, { docId: id });
    if (answer.envelope.code !== 0) return answer;
    await rm(abs(at), { force: true });
    await syncParent(abs(at));
    this.d.touch([id]);
    this.d.changed();
    return answer;
  }

  /** Where an upload lands: an existing document of a pair, or a new one in a pair's container. */
  private async uploadTarget(target: { docId?: string; containerId?: string }): Promise<Place | undefined> {
    if (target.docId) {
      const doc = await this.mirror.document(target.docId);
      const at = await this.documentPlace(target.docId);
      if (doc && at) await this.assertFileSynced(at, doc.contentHash);
      return at;
    }
    return target.containerId ? await this.containerPlace(target.containerId) : undefined;
  }

  private async upload(req: TreeRequest): Promise<TreeAnswer> {
    if (!(await this.uploadTarget({ docId: req.query.docId ?? '', containerId: req.query.containerId ?? '' }))) return 'outside';
    const answer = await this.mirror.call({ method: 'POST', path: contract.versions.upload.path, query: withoutType(req.query), ...(req.stream ? { stream: req.stream } : {}), headers: req.headers });
    if (answer.envelope.code !== 0) return answer;
    await this.landVersion(answer.envelope.data as VersionResult, !req.query.docId, Boolean(req.query.metadata));
    return answer;
  }

  private async initChunked(req: TreeRequest): Promise<TreeAnswer> {
    if (!(await this.uploadTarget({ docId: str(req.body.docId), containerId: str(req.body.containerId) }))) return 'outside';
    return this.call(req, contract.versions.initChunkedUpload, withoutType(req.body));
  }

  /** Chunks and aborts of a session the mirror opened; any other session is the service's. */
  private async sessionCall(req: TreeRequest): Promise<TreeAnswer> {
    const uploadId = req.query.uploadId ?? str(req.body.uploadId);
    if (!this.mirror.store.uploads.get(this.mirror.tenantId, uploadId)) return 'outside';
    if (req.op === 'versions/uploadChunk') {
      return this.mirror.call({ method: 'POST', path: contract.versions.uploadChunk.path, query: req.query, ...(req.stream ? { stream: req.stream } : {}), headers: req.headers });
    }
    return this.call(req, contract.versions.abortChunkedUpload, { uploadId });
  }

  private async completeChunked(req: TreeRequest): Promise<TreeAnswer> {
    const session = this.mirror.store.uploads.get(this.mirror.tenantId, str(req.body.uploadId));
    if (!session) return 'outside';
    if (session.status === 'OPEN') await this.uploadTarget(session.target);
    const answer = await this.call(req, contract.versions.completeChunkedUpload, { uploadId: session.uploadId });
    if (answer.envelope.code !== 0 || session.status !== 'OPEN') return answer;
    await this.landVersion(answer.envelope.data as VersionResult, !session.target.docId, Boolean(session.target.metadata));
    return answer;
  }

  /** A new version's bytes go from the mirror's blob store into the folder, replacing the file at once. */
  private async landVersion(v: VersionResult, newDocument: boolean, withMetadata: boolean): Promise<void> {
    const at = await this.documentPlace(v.docId);
    if (!at) return;
    const target = abs(at);
    const temp = join(dirname(target), `.folio-${randomBytes(8).toString('hex')}.part`);
    try {
      await pipeline(this.mirror.store.blobs.read(v.contentHash), createWriteStream(temp, { flags: 'wx' }));
      await syncFile(temp);
      await renameDurably(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    if (newDocument) this.d.offline.addLocalId(v.docId, 'document', at.pair.pairId);
    this.d.offline.addLocalId(v.versionId, 'version', at.pair.pairId);
    this.d.touch([v.docId]);
    this.d.changed();
    // The mirror merged the upload's metadata into the document's; the service gets the result.
    const merged = withMetadata ? (await this.mirror.document(v.docId))?.metadata : undefined;
    if (merged) await this.followUp('documents', v.docId, { metadataColumns: merged });
  }

  /** Metadata given with a create reaches the service once the engine has made the item. */
  private async followUp(resource: 'containers' | 'documents', id: string, fields: JsonRecord): Promise<void> {
    if (fields.metadataColumns === undefined) return;
    await this.d.otherFields(resource, id, { [resource === 'containers' ? 'containerId' : 'docId']: id, ...fields });
    this.mirror.repo.setMetadata(this.mirror.tenantId, resource === 'containers' ? 'container' : 'document', id, fields.metadataColumns as JsonRecord);
  }

  /** Renames or moves an item on disk after the mirror did; a name taken on disk undoes the mirror's change. */
  private async moveOnDisk(from: Place, to: Place, undo: () => Promise<MirrorAnswer>): Promise<void> {
    if (from.rel === to.rel) return;
    const caseOnly = from.rel.toLowerCase() === to.rel.toLowerCase();
    if (!caseOnly && (await exists(abs(to)))) {
      await undo();
      throw new Refusal('NAME_CONFLICT', `'${to.rel}' already exists in the synced folder`);
    }
    // A source already gone from disk (moved in the folder meanwhile) is the engine's to reconcile.
    await renameDurably(abs(from), abs(to)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  private async assertFileSynced(at: Place, contentHash: string): Promise<void> {
    const path = abs(at);
    if (!(await exists(path))) return;
    if ((await hashFile(path)).hash !== (contentHash || EMPTY_HASH)) {
      throw new Refusal('LOCAL_CHANGES_PENDING', `'${at.rel}' changed in the synced folder since the last sync`);
    }
  }

  /** Every file in the folder must be what the mirror holds at its path. */
  private async assertFolderSynced(at: Place, containerId: string): Promise<void> {
    const known = new Map<string, string>();
    for (const d of this.mirror.repo.documentsBelow(this.mirror.tenantId, containerId)) {
      if (d.state !== 'ACTIVE') continue;
      const place = await this.documentPlace(d.docId);
      if (place) known.set(place.rel, d.contentHash || EMPTY_HASH);
    }
    const rules = await IgnoreRules.forDir(at.pair.dir);
    const walk = async (rel: string): Promise<void> => {
      for (const entry of await readdir(join(at.pair.dir, ...rel.split('/')), { withFileTypes: true }).catch(() => [])) {
        const path = `${rel}/${entry.name}`;
        if (rules.ignores(path, entry.isDirectory())) continue;
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile() && known.get(path) !== (await hashFile(join(at.pair.dir, ...path.split('/')))).hash) {
          throw new Refusal('LOCAL_CHANGES_PENDING', `'${path}' in the synced folder has changes the service has not seen`);
        }
      }
    };
    await walk(at.rel);
  }
}

function child(parent: Place, name: string): Place {
  return { pair: parent.pair, rel: parent.rel ? `${parent.rel}/${name}` : name };
}

function abs(at: Place): string {
  return join(at.pair.dir, ...at.rel.split('/'));
}

function diskRefusal(err: unknown, at: Place): Refusal {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EEXIST') return new Refusal('NAME_CONFLICT', `'${at.rel}' already exists in the synced folder`);
  if (code === 'ENOENT') return new Refusal('LOCAL_CHANGES_PENDING', `the folder for '${at.rel}' is not in the synced folder yet`);
  throw err;
}

/** Makes a removal durable; a folder already gone from disk (removed in the folder meanwhile) has nothing to keep. */
async function syncParent(path: string): Promise<void> {
  await syncDirectory(dirname(path)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
