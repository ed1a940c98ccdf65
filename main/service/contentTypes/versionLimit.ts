/**
 * A document type's maxVersionCount (0 = no limit). After a version is added, the document keeps
 * its newest maxVersionCount versions; older ones go, except the published version, which stays
 * in addition: with an old published version the document holds limit + 1 versions.
 */
import type { AreaDeps } from '../kernel.ts';
import type { DocumentRecord } from '../../store/async/repos/documents.ts';
import type { RequestContext } from '../context.ts';
import { releasePurged, removeFilesAfterTransaction } from './blobRelease.ts';

/** The maxVersionCount of a document's type (0 when the type is gone), read in the unit of work that prunes. */
export async function versionLimitOf(deps: Pick<AreaDeps<'contentTypes'>, 'repos'>, doc: DocumentRecord): Promise<number> {
  const type = await deps.repos.contentTypes.get(doc.tenantId, doc.documentTypeId);
  return type?.maxVersionCount ?? 0;
}

/**
 * Runs inside the unit of work that added the version, with the limit of the document's type read
 * in it; the freed blob and rendition files go after the unit ends.
 */
export function pruneVersions(deps: Pick<AreaDeps<'blobs' | 'renditionBlobs' | 'renditions' | 'retention' | 'versions'>, 'repos'>, ctx: RequestContext, doc: DocumentRecord, limit: number): void {
  const { repos } = deps;
  const docId = doc.docId;
  if (limit <= 0) return;
  const versions = repos.retention.versionsOldestFirst(ctx.tenantId, docId);
  const beyond = versions.slice(0, Math.max(0, versions.length - limit)).filter((v) => v.versionId !== doc.publishedVersionId);
  const renditionHashes = beyond.flatMap((v) => repos.retention.deleteVersion(ctx.tenantId, v.versionId));
  removeFilesAfterTransaction(repos, releasePurged(repos, ctx.tenantId, { blobIds: beyond.map((v) => v.blobId), renditionHashes }));
}
