/**
 * A document type's maxVersionCount (0 = no limit). After a version is added, the document keeps
 * its newest maxVersionCount versions; older ones go, except the published version, which stays
 * in addition: with an old published version the document holds limit + 1 versions.
 */
import type { ServiceDeps } from '../kernel.ts';
import type { DocumentRecord } from '../../store/repos/documents.ts';
import type { RequestContext } from '../context.ts';
import { releasePurged, removeFilesAfterTransaction } from './blobRelease.ts';

/** Runs inside the transaction that added the version; the freed blob and rendition files go after it ends. */
export function pruneVersions(deps: Pick<ServiceDeps, 'store'>, ctx: RequestContext, doc: DocumentRecord): void {
  const { store } = deps;
  const docId = doc.docId;
  const limit = store.contentTypes.get(ctx.tenantId, doc.documentTypeId)?.maxVersionCount ?? 0;
  if (limit <= 0) return;
  const versions = store.retention.versionsOldestFirst(ctx.tenantId, docId);
  const beyond = versions.slice(0, Math.max(0, versions.length - limit)).filter((v) => v.versionId !== doc.publishedVersionId);
  const renditionHashes = beyond.flatMap((v) => store.retention.deleteVersion(ctx.tenantId, v.versionId));
  removeFilesAfterTransaction(store, releasePurged(store, ctx.tenantId, { blobIds: beyond.map((v) => v.blobId), renditionHashes }));
}
