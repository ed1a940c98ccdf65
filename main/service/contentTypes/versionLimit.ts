/**
 * A document type's maxVersionCount (0 = no limit). After a version is added, the document keeps
 * its newest maxVersionCount versions; older ones go, except the published version, which stays
 * in addition: with an old published version the document holds limit + 1 versions.
 */
import type { AreaDeps } from '../kernel.ts';
import type { DocumentRecord } from '../../store/repos/documents.ts';
import type { RequestContext } from '../context.ts';
import { releasePurged, removeFilesAfterTransaction } from './blobRelease.ts';

/** Runs inside the transaction that added the version; the freed blob and rendition files go after it ends. */
export function pruneVersions(deps: Pick<AreaDeps<'blobs' | 'contentTypes' | 'renditionBlobs' | 'renditions' | 'retention' | 'versions'>, 'repos'>, ctx: RequestContext, doc: DocumentRecord): void {
  const { repos } = deps;
  const docId = doc.docId;
  const limit = repos.contentTypes.get(ctx.tenantId, doc.documentTypeId)?.maxVersionCount ?? 0;
  if (limit <= 0) return;
  const versions = repos.retention.versionsOldestFirst(ctx.tenantId, docId);
  const beyond = versions.slice(0, Math.max(0, versions.length - limit)).filter((v) => v.versionId !== doc.publishedVersionId);
  const renditionHashes = beyond.flatMap((v) => repos.retention.deleteVersion(ctx.tenantId, v.versionId));
  removeFilesAfterTransaction(repos, releasePurged(repos, ctx.tenantId, { blobIds: beyond.map((v) => v.blobId), renditionHashes }));
}
