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

export function visiblePage<T>(
  access: Access,
  ctx: RequestContext,
  limit: number,
  offset: number,
  fetch: (limit: number, offset: number) => Paged<T>,
  readable: (snapshot: AccessSnapshot, row: T) => boolean,
): Paged<T> {
  const snapshot = access.snapshot(ctx);
  if (snapshot.seesEverything) return fetch(limit, offset);
  const visible = fetch(EVERY_ROW, 0).rows.filter((row) => readable(snapshot, row));
  return { total: visible.length, rows: visible.slice(offset, offset + limit) };
}

export const canReadContainer = (s: AccessSnapshot, containerId: string): boolean => (s.containerMask(containerId) & Perm.READ) !== 0;
export const canReadDocument = (s: AccessSnapshot, docId: string): boolean => (s.documentMask(docId) & Perm.READ) !== 0;

/** versions/getPage without docId (spec 4.14): the versions of every active document the caller may read, newest versionNo first. */
export function readableVersionPage(deps: AreaDeps<'acl' | 'versions'>, ctx: RequestContext, limit: number, offset: number): Paged<VersionRecord> {
  const snapshot = deps.access.snapshot(ctx);
  if (snapshot.seesEverything) return deps.repos.versions.pageForTenant(ctx.tenantId, limit, offset);
  const readable = new Map<string, boolean>();
  const ids: string[] = [];
  let total = 0;
  for (const ref of deps.repos.acl.scope.versionRefs(ctx.tenantId)) {
    let ok = readable.get(ref.docId);
    if (ok === undefined) {
      ok = canReadDocument(snapshot, ref.docId);
      readable.set(ref.docId, ok);
    }
    if (!ok) continue;
    if (total >= offset && ids.length < limit) ids.push(ref.versionId);
    total += 1;
  }
  const rows = ids.map((id) => deps.repos.versions.get(ctx.tenantId, id)).filter((v): v is VersionRecord => v !== undefined);
  return { total, rows };
}
