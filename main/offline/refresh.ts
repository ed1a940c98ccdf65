/**
 * After a sync pass, the mirror takes on what the service holds for the pair (docs/offline.md,
 * "The mirror"): items made through the local API take the ids the service gave them, containers
 * whose children changed (by the service's change feed, or because the mirror differs from the
 * engine's remote tree) are listed again, items the service no longer has go, and the content of
 * current versions is cached from the synced files.
 */
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentType } from '../../shared/v1/contentModel.ts';
import { contract } from '../../shared/v1/contract/index.ts';
import type { Container, Document, Version } from '../../shared/v1/resources.ts';
import { allPages, type FolioClient } from '../remote/client.ts';
import { FolioApiError } from '../remote/errors.ts';
import type { MirrorContainer, MirrorDocument } from '../store/offline/mirror.ts';
import type { LocalIdRecord, OfflineStore } from '../store/offline/state.ts';
import type { BlobStore } from '../store/blobStore.ts';
import type { SyncStore } from '../store/sync/index.ts';
import type { NodeState, PairRecord } from '../sync/model.ts';
import { isLocalId } from '../sync/trees.ts';
import type { Mirror } from './mirror.ts';
import { keepText, wantsText } from './mirrorText.ts';
import { ErrorCodes } from '../../shared/errors.ts';

export interface RefreshContext {
  mirror: Mirror;
  offline: OfflineStore;
  sync: SyncStore;
  client: FolioClient;
  pair: PairRecord;
  /** Items changed through the local API after the sync pass began: their mirror state stands. */
  skip: (id: string) => boolean;
}

export const cursorKey = (pairId: string): string => `mirror-cursor:${pairId}`;

export async function refreshPair(ctx: RefreshContext): Promise<void> {
  await copyContentTypes(ctx);
  await ensureRoot(ctx);
  const remote = ctx.sync.loadTree(ctx.pair.pairId, 'remote');
  await adoptServiceIds(ctx, remote);
  const local = new Set(ctx.offline.unmapped(['container', 'document']).map((r) => r.localId));
  const settled = (id: string) => !ctx.skip(id) && !local.has(id);
  const { dirty, cursor } = await changedContainers(ctx, remote, settled);
  for (const containerId of dirty) await relist(ctx, containerId, remote);
  await removeVanished(ctx, remote, settled);
  // Kept only now: a refresh cut short reads the same changes again next time.
  ctx.offline.setMeta(cursorKey(ctx.pair.pairId), cursor);
  await cacheContent(ctx, remote);
  await cacheText(ctx, remote);
}

/** The service's content types, so the mirror names the types of its items as the service does. */
async function copyContentTypes(ctx: RefreshContext): Promise<void> {
  const { mirror } = ctx;
  let types: ContentType[];
  try {
    types = await allPages((pageNumber) => ctx.client.v1(contract.contentTypes.getPage, { pageSize: 500, pageNumber }));
  } catch (err) {
    // A caller the service will not show its types to sees items without type names.
    if (err instanceof FolioApiError) return;
    throw err;
  }
  await mirror.store.units.transaction(async (tx) => {
    for (const t of types) {
      const retyped = await tx.contentTypes.putMirrored(mirror.tenantId, t);
      if (retyped) mirror.repo.retypeItems(mirror.tenantId, retyped, t.typeId);
    }
  });
}

async function ensureRoot(ctx: RefreshContext): Promise<void> {
  const { mirror, pair } = ctx;
  if (await mirror.container(pair.containerId)) return;
  const root = await ctx.client.getContainer(pair.containerId);
  mirror.store.transaction(() => {
    mirror.repo.putContainer(mirror.tenantId, { ...toMirrorContainer(root), parentId: mirror.rootId });
    ctx.offline.putServiceRecord('containers', root.containerId, root);
  });
}

/** Paths of the engine's synced tree, for nodes the service knows. */
export function syncedPaths(synced: Map<string, NodeState>, rootId: string): Map<string, NodeState> {
  const memo = new Map<string, string | null>([[rootId, '']]);
  const pathOf = (id: string, depth = 0): string | null => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const node = synced.get(id);
    const parent = node && depth < synced.size ? pathOf(node.parentId, depth + 1) : null;
    const path = node && parent !== null ? (parent ? `${parent}/${node.name}` : node.name) : null;
    memo.set(id, path);
    return path;
  };
  const out = new Map<string, NodeState>();
  for (const node of synced.values()) {
    const path = isLocalId(node.id) ? null : pathOf(node.id);
    if (path !== null) out.set(path, node);
  }
  return out;
}

/**
 * An item made through the local API reached the service when the engine's synced tree holds a
 * node of the same kind at its path: the mirror row takes the service id, and the local id maps
 * to it. A local item whose file or folder has gone from disk is forgotten.
 */
async function adoptServiceIds(ctx: RefreshContext, remote: Map<string, NodeState>): Promise<void> {
  const { mirror, offline, pair } = ctx;
  const byPath = syncedPaths(ctx.sync.loadTree(pair.pairId, 'synced'), pair.containerId);
  const pending: { rec: LocalIdRecord; rel: string | null }[] = [];
  for (const rec of offline.unmapped(['container', 'document'], pair.pairId)) {
    const place = rec.kind === 'container' ? await mirror.placeOfContainer(rec.localId) : await mirror.placeOfDocument(rec.localId);
    pending.push({ rec, rel: place?.pairId === pair.pairId ? place.rel : null });
  }
  pending.sort((a, b) => (a.rel ?? '').split('/').length - (b.rel ?? '').split('/').length);
  for (const { rec, rel } of pending) {
    if (rel === null) {
      if (!(await mirror.node(rec.localId))) offline.dropLocalId(rec.localId);
      continue;
    }
    const match = rec.kind === 'container' ? byPath.get(rel) : await documentMatch(mirror, byPath, rec.localId, rel);
    const kind = rec.kind === 'container' ? 'dir' : 'file';
    if (match && match.kind === kind && remote.has(match.id)) {
      mirror.store.transaction(() => {
        if (rec.kind === 'container') mirror.repo.rekeyContainer(mirror.tenantId, rec.localId, match.id);
        else mirror.repo.rekeyDocument(mirror.tenantId, rec.localId, match.id);
        offline.mapId(rec.localId, match.id);
      });
    } else if (!ctx.skip(rec.localId) && !existsSync(join(pair.dir, ...rel.split('/')))) {
      mirror.store.transaction(() => {
        if (rec.kind === 'container') mirror.repo.removeContainer(mirror.tenantId, rec.localId);
        else mirror.repo.removeDocument(mirror.tenantId, rec.localId);
        offline.dropLocalId(rec.localId);
      });
    }
  }
}

/** SHA-256 of no bytes: the content of a document saved without any. */
const EMPTY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * The service document a local one became. Usually the one at its path with its content; but
 * when both sides made a document of that name, the engine kept the service's under the name and
 * uploaded ours as a conflicted copy beside it: then ours is the new file beside it with our
 * content. A file edited since is matched by its path alone.
 */
async function documentMatch(mirror: Mirror, byPath: Map<string, NodeState>, localId: string, rel: string): Promise<NodeState | undefined> {
  const hash = (await mirror.document(localId))?.contentHash || EMPTY_HASH;
  const atPath = byPath.get(rel);
  if (atPath?.hash === hash) return atPath;
  const parent = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
  for (const [path, node] of byPath) {
    const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    if (dir === parent && node.kind === 'file' && node.hash === hash && !(await mirror.document(node.id))) return node;
  }
  return atPath;
}

/**
 * The containers to list again, parents first: every one on the first refresh (or when the feed
 * cursor has expired); else those the feed names, and those whose children in the mirror differ
 * from the engine's remote tree.
 */
async function changedContainers(ctx: RefreshContext, remote: Map<string, NodeState>, settled: (id: string) => boolean): Promise<{ dirty: string[]; cursor: string }> {
  const { mirror, offline, pair, client } = ctx;
  const rootId = pair.containerId;
  const dirs = [rootId, ...[...remote.values()].filter((n) => n.kind === 'dir').map((n) => n.id)];
  const dirty = new Set<string>();
  const cursor = offline.getMeta(cursorKey(pair.pairId));
  let fresh: string | undefined;
  if (cursor) {
    try {
      const { changes, cursor: next } = await client.allChanges(cursor);
      fresh = next;
      for (const c of changes) {
        const before = await mirror.node(c.id);
        if (!remote.has(c.id) && !before && !remote.has(c.parentId) && c.parentId !== rootId) continue;
        dirty.add(c.parentId);
        if (before) dirty.add(before.kind === 'container' ? (before.record.parentId ?? '') : before.record.containerId);
        if (c.kind === 'container') dirty.add(c.id);
      }
    } catch (err) {
      if (!(err instanceof FolioApiError) || err.code !== ErrorCodes.CURSOR_EXPIRED.code) throw err;
    }
  }
  if (fresh === undefined) {
    fresh = await client.latestCursor();
    for (const d of dirs) dirty.add(d);
  }
  for (const d of dirs) if (!dirty.has(d) && (await differs(ctx.mirror, d, remote, settled))) dirty.add(d);
  const depth = (id: string): number => {
    let n = 0;
    for (let at = remote.get(id); at && n <= remote.size; at = remote.get(at.parentId)) n++;
    return n;
  };
  return { dirty: dirs.filter((d) => dirty.has(d)).sort((a, b) => depth(a) - depth(b)), cursor: fresh };
}

/** True when the mirror's children of a container are not the engine's remote children. */
async function differs(mirror: Mirror, containerId: string, remote: Map<string, NodeState>, keep: (id: string) => boolean): Promise<boolean> {
  const want = new Set<string>();
  for (const n of remote.values()) if (n.parentId === containerId && keep(n.id)) want.add(`${n.id}|${n.name}|${n.hash}`);
  const have = new Set<string>();
  for (const c of await mirror.store.containers.children(mirror.tenantId, containerId, 'ACTIVE')) if (keep(c.containerId)) have.add(`${c.containerId}|${c.name}|`);
  for (const d of await mirror.store.documents.inContainer(mirror.tenantId, containerId, 'ACTIVE')) if (keep(d.docId)) have.add(`${d.docId}|${d.title}|${d.contentHash}`);
  if (want.size !== have.size) return true;
  for (const x of want) if (!have.has(x)) return true;
  return false;
}

async function relist(ctx: RefreshContext, containerId: string, remote: Map<string, NodeState>): Promise<void> {
  const { mirror, offline, client } = ctx;
  let listing: { containers: Container[]; documents: Document[] };
  try {
    listing = await client.children(containerId);
  } catch (err) {
    if (err instanceof FolioApiError && err.code === ErrorCodes.NOT_FOUND.code) return;
    throw err;
  }
  const versions = new Map<string, Version[]>();
  for (const d of listing.documents) {
    if (!remote.has(d.docId) || ctx.skip(d.docId)) continue;
    if ((await mirror.document(d.docId))?.currentVersionId !== d.currentVersionId) versions.set(d.docId, await allVersions(client, d.docId));
  }
  const tenantId = mirror.tenantId;
  // A unit of work: the changes it records are written with the mirror's rows, before its COMMIT.
  await mirror.store.units.transaction(async () => {
    for (const c of listing.containers) {
      if (!remote.has(c.containerId) || ctx.skip(c.containerId)) continue;
      const before = await mirror.container(c.containerId);
      mirror.repo.putContainer(tenantId, toMirrorContainer(c));
      offline.putServiceRecord('containers', c.containerId, c);
      const op = !before ? 'create' : before.parentId !== c.parentId || before.name !== c.name ? 'move' : 'update';
      mirror.store.changes.record({ tenantId, op, kind: 'container', id: c.containerId, parentId: c.parentId, name: c.name, deleted: false });
    }
    for (const d of listing.documents) {
      if (!remote.has(d.docId) || ctx.skip(d.docId)) continue;
      const before = await mirror.document(d.docId);
      const newVersions = versions.get(d.docId);
      if (newVersions) {
        adoptVersionIds(ctx, d.docId, newVersions);
        mirror.repo.replaceVersions(tenantId, d.docId, newVersions.map((v) => ({ ...v, docId: d.docId })));
      }
      mirror.repo.putDocument(tenantId, toMirrorDocument(d));
      offline.putServiceRecord('documents', d.docId, d);
      const op = !before ? 'create' : newVersions ? 'version' : before.containerId !== d.containerId || before.title !== d.title ? 'move' : 'update';
      mirror.store.changes.record({
        tenantId,
        op,
        kind: 'document',
        id: d.docId,
        parentId: d.containerId,
        name: d.title,
        deleted: false,
        versionNo: d.currentVersionNo,
        versionId: d.currentVersionId,
        contentHash: d.contentHash,
        sizeBytes: d.sizeBytes,
      });
    }
  });
}

/** A version uploaded through the local API maps to the service version with its content. */
function adoptVersionIds(ctx: RefreshContext, docId: string, serviceVersions: Version[]): void {
  const { mirror, offline } = ctx;
  const taken = new Set<string>();
  for (const rec of offline.unmapped(['version'])) {
    const local = mirror.store.versions.get(mirror.tenantId, rec.localId);
    if (!local || local.docId !== docId) continue;
    const match = serviceVersions.filter((v) => v.contentHash === local.contentHash && !taken.has(v.versionId)).sort((a, b) => b.versionNo - a.versionNo)[0];
    if (match) {
      taken.add(match.versionId);
      offline.mapId(rec.localId, match.versionId);
    } else offline.dropLocalId(rec.localId);
  }
}

function allVersions(client: FolioClient, docId: string): Promise<Version[]> {
  return allPages((pageNumber) => client.v1(contract.versions.getPage, { docId, pageSize: 500, pageNumber }));
}

/** Items of the pair the service no longer has leave the mirror (items made locally wait for the engine). */
async function removeVanished(ctx: RefreshContext, remote: Map<string, NodeState>, settled: (id: string) => boolean): Promise<void> {
  const { mirror, pair } = ctx;
  const tenantId = mirror.tenantId;
  const keep = (id: string) => remote.has(id) || !settled(id);
  await mirror.store.units.transaction(async () => {
    for (const id of (await mirror.store.containers.subtreeIds(tenantId, pair.containerId)).slice(1)) {
      const c = await mirror.container(id);
      if (!c || keep(id)) continue;
      mirror.repo.removeContainer(tenantId, id);
      mirror.store.changes.record({ tenantId, op: 'delete', kind: 'container', id, parentId: c.parentId ?? '', name: c.name, deleted: true });
    }
    for (const d of mirror.repo.documentsBelow(tenantId, pair.containerId)) {
      if (keep(d.docId)) continue;
      mirror.repo.removeDocument(tenantId, d.docId);
      mirror.store.changes.record({ tenantId, op: 'delete', kind: 'document', id: d.docId, parentId: d.containerId, name: d.title, deleted: true });
    }
  });
}

/** The content of each current version is cached from the synced file, when the file holds it. */
async function cacheContent(ctx: RefreshContext, remote: Map<string, NodeState>): Promise<void> {
  const { mirror, pair } = ctx;
  const metas = ctx.sync.loadLocalMeta(pair.pairId);
  for (const node of remote.values()) {
    if (node.kind !== 'file' || !node.hash) continue;
    const doc = await mirror.document(node.id);
    const meta = metas.get(node.id);
    if (!doc || !meta || doc.contentHash !== node.hash || (await mirror.store.blobs.has(node.hash))) continue;
    await cacheFile(mirror.store.blobs, join(pair.dir, ...meta.path.split('/')), node.hash);
  }
}

/**
 * The text of each current version whose content the mirror holds (so search finds it offline); a
 * text the service is still extracting is asked for again after the next round.
 */
async function cacheText(ctx: RefreshContext, remote: Map<string, NodeState>): Promise<void> {
  const { mirror } = ctx;
  for (const node of remote.values()) {
    const doc = node.kind === 'file' ? await mirror.document(node.id) : undefined;
    if (!doc || !wantsText(mirror, doc.currentVersionId) || !(await mirror.store.blobs.has(doc.contentHash))) continue;
    try {
      keepText(mirror, await ctx.client.v1(contract.versions.text, { versionId: doc.currentVersionId }), ctx.offline);
    } catch (err) {
      // A version the caller may read but not download has no text to give: its name is still found.
      if (!(err instanceof FolioApiError)) throw err;
    }
  }
}

/**
 * Copies a file into the mirror's blob store when its content has the expected hash. The file is
 * opened first: the person may have deleted it since the pass, and a stream opened by path reports
 * that as an 'error' event before the store listens, which ended the whole process.
 */
export async function cacheFile(blobs: BlobStore, path: string, expectedHash: string): Promise<boolean> {
  const file = await open(path).catch(() => null);
  if (!file) return false;
  const staged = await blobs.stage(file.createReadStream(), Number.MAX_SAFE_INTEGER).catch(() => null);
  if (!staged) return false;
  if (staged.contentHash !== expectedHash) {
    await blobs.discard(staged.tempPath);
    return false;
  }
  await blobs.commit(staged);
  return true;
}

function toMirrorContainer(c: Container): MirrorContainer {
  return { ...c, rowId: c.id, metadata: c.metadataColumns };
}

/** v1 does not say who changed a document last: its author stands in. */
function toMirrorDocument(d: Document): MirrorDocument {
  return { ...d, metadata: d.metadataColumns, updateBy: d.createBy };
}
