/**
 * Listings that show only what the caller may read. For APP_ONLY the store pages as usual; for a
 * user every candidate row is read once, filtered through one snapshot, and paged after the
 * filter, so totalElements and the pages count only readable rows.
 */
import { Perm } from '../../../shared/permissions.ts';
import type { VersionRecord } from '../../store/repos/versions.ts';
import type { Access } from '../access.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import type { AccessSnapshot } from './snapshot.ts';

export interface Paged<T> {
  total: number;
  rows: T[];
}

/** SQLite reads a LIMIT this large as "no limit". */
const EVERY_ROW = Number.MAX_SAFE_INTEGER;

export async function visiblePage<T>(
  access: Access,
  ctx: RequestContext,
  limit: number,
  offset: number,
  fetch: (limit: number, offset: number) => Paged<T> | Promise<Paged<T>>,
  readable: (snapshot: AccessSnapshot, row: T) => Promise<boolean>,
): Promise<Paged<T>> {
  const snapshot = access.snapshot(ctx);
  if (snapshot.seesEverything) return fetch(limit, offset);
  const visible: T[] = [];
  for (const row of (await fetch(EVERY_ROW, 0)).rows) if (await readable(snapshot, row)) visible.push(row);
  return { total: visible.length, rows: visible.slice(offset, offset + limit) };
}

export const canReadContainer = async (s: AccessSnapshot, containerId: string): Promise<boolean> => ((await s.containerMask(containerId)) & Perm.READ) !== 0;
export const canReadDocument = async (s: AccessSnapshot, docId: string): Promise<boolean> => ((await s.documentMask(docId)) & Perm.READ) !== 0;

/**
 * versions/getPage without docId (spec 4.14): the versions of every active document the caller may
 * read, newest versionNo first, with totalElements counting only those.
 *
 * Without policies that match documents, a document is readable exactly when its container is, or
 * when a share grant on the document itself makes it so (a share only adds allow bits). So the
 * readable set is a list of containers plus the few shared documents outside them: SQLite walks
 * the versions in page order and stops once the page is full, and the total adds up per-container
 * counts (kept until the tenant's change feed moves) with those documents' own. The cost grows
 * with the page and the containers holding documents, not with the tenant's versions. Policies
 * that match documents (by type or metadata) decide per document, so then every version is walked.
 */
export async function readableVersionPage(deps: AreaDeps<'acl' | 'versions' | 'documents'>, ctx: RequestContext, limit: number, offset: number): Promise<Paged<VersionRecord>> {
  const snapshot = deps.access.snapshot(ctx);
  if (snapshot.seesEverything) return deps.repos.versions.pageForTenant(ctx.tenantId, limit, offset);
  const matchesDocuments = (await snapshot.subject()).policies.some((p) => p.resourceType !== 'CONTAINER');
  // One read unit: the tree's synchronous reads and the snapshot's asynchronous ones see one commit.
  return deps.repos.units.read(() => (matchesDocuments ? walkedVersionPage : scopedVersionPage)(deps, snapshot, limit, offset));
}

async function scopedVersionPage(deps: AreaDeps<'acl' | 'versions' | 'documents'>, snapshot: AccessSnapshot, limit: number, offset: number): Promise<Paged<VersionRecord>> {
  const { tenantId } = snapshot.ctx;
  const { versions, documents } = deps.repos;
  const counts = versions.countsByContainer(tenantId);
  const containerIds: string[] = [];
  for (const id of counts.keys()) if (await canReadContainer(snapshot, id)) containerIds.push(id);
  const readableContainers = new Set(containerIds);
  let total = containerIds.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
  const docIds: string[] = [];
  for (const key of (await snapshot.subject()).shares.keys()) {
    if (!key.startsWith(SHARED_DOCUMENT)) continue;
    const doc = await documents.get(tenantId, key.slice(SHARED_DOCUMENT.length));
    if (!doc || doc.state !== 'ACTIVE' || readableContainers.has(doc.containerId) || !(await canReadDocument(snapshot, doc.docId))) continue;
    docIds.push(doc.docId);
    total += versions.countForDocument(tenantId, doc.docId);
  }
  return { total, rows: versions.pageInScope(tenantId, { containerIds, docIds }, limit, offset) };
}

/** The share key of a document in Subject.shares. */
const SHARED_DOCUMENT = 'DOCUMENT:';

/** Every version of the tenant, each document decided once: for callers whose policies match documents. */
async function walkedVersionPage(deps: AreaDeps<'acl' | 'versions' | 'documents'>, snapshot: AccessSnapshot, limit: number, offset: number): Promise<Paged<VersionRecord>> {
  const { tenantId } = snapshot.ctx;
  const readable = new Map<string, boolean>();
  const ids: string[] = [];
  let total = 0;
  for (const ref of await deps.repos.acl.scope.versionRefs(tenantId)) {
    let ok = readable.get(ref.docId);
    if (ok === undefined) {
      ok = await canReadDocument(snapshot, ref.docId);
      readable.set(ref.docId, ok);
    }
    if (!ok) continue;
    if (total >= offset && ids.length < limit) ids.push(ref.versionId);
    total += 1;
  }
  const rows = ids.map((id) => deps.repos.versions.get(tenantId, id)).filter((v): v is VersionRecord => v !== undefined);
  return { total, rows };
}
