/**
 * The finalize chain shared by direct upload, chunked upload and ingest (spec 4.2): a staged,
 * fsynced file (or the bytes of a small upload, held in memory) becomes a blob, then one
 * transaction creates the document if needed, the version, the document's current-version
 * columns and the change-feed entry. If the transaction fails, a blob file that nothing
 * references is removed again: a failed upload leaves no version and no orphan blob. A staged
 * file itself stays; dropping it is the caller's job.
 */
import type { VersionResult } from '../../../shared/v1/resources.ts';
import type { BufferedBlob, StagedBlob } from '../../store/blobStore.ts';
import type { UploadTarget } from '../../store/repos/uploads.ts';
import type { VersionRecord } from '../../store/repos/versions.ts';
import type { AreaDeps } from '../kernel.ts';
import { actorOf, type RequestContext } from '../context.ts';
import type { DocumentService } from '../documents/service.ts';
import { fail } from '../errors.ts';
import { pruneVersions, versionLimitOf } from '../contentTypes/versionLimit.ts';
import { queueTextExtraction } from '../text/queue.ts';
import { chargeStored } from '../limits/quota.ts';
import { announceVersion } from './announce.ts';
import { parseMetadata } from './target.ts';
import { toVersionResult } from './view.ts';

/** The repositories a new version is written through, with its quota, text job and version limit. */
export type FinalizeRepos = 'blobs' | 'contentTypes' | 'documents' | 'identity' | 'jobs' | 'quotas' | 'renditionBlobs' | 'renditions' | 'retention' | 'versions';

export async function finalizeVersion(
  deps: AreaDeps<FinalizeRepos>,
  documents: DocumentService,
  ctx: RequestContext,
  target: UploadTarget,
  staged: StagedBlob | BufferedBlob,
  alsoInTransaction: (version: VersionRecord) => void | Promise<void> = () => {},
): Promise<VersionResult> {
  return deps.repos.blobs.withContent(staged.contentHash, () => finalizeLocked(deps, documents, ctx, target, staged, alsoInTransaction));
}

async function finalizeLocked(
  deps: AreaDeps<FinalizeRepos>,
  documents: DocumentService,
  ctx: RequestContext,
  target: UploadTarget,
  staged: StagedBlob | BufferedBlob,
  alsoInTransaction: (version: VersionRecord) => void | Promise<void>,
): Promise<VersionResult> {
  const { repos } = deps;
  if ('bytes' in staged) await repos.blobs.putBuffered(staged);
  else await repos.blobs.commit(staged);
  try {
    // One unit of work: the document, its type and version limit as of the commit, and the text
    // job's queue. The versions, quotas and retention are still synchronous repositories, and on
    // SQLite their statements run inside the unit, on the connection both share
    // (docs/architecture.md, "The store on two databases").
    const version = await repos.units.transaction(async () => {
      const newType = target.docId ? undefined : await documents.documentType(ctx, target.documentTypeId || undefined);
      const doc = newType ? await documents.createRecord(ctx, { containerId: target.containerId, title: target.title, type: newType }) : await documents.load(ctx, target.docId);
      if (doc.state !== 'ACTIVE') fail('PARENT_DELETED', 'the document is in the recycle bin');
      const limit = newType ? newType.maxVersionCount : await versionLimitOf(deps, doc);
      const metadata = parseMetadata(target.metadata);
      const described = Object.keys(metadata).length > 0 ? await repos.documents.update(ctx.tenantId, doc.docId, { metadata: { ...doc.metadata, ...metadata } }, actorOf(ctx)) : doc;
      chargeStored(repos, ctx.tenantId, staged.contentHash, staged.sizeBytes);
      const blobId = repos.versions.ensureBlob(ctx.tenantId, staged.contentHash, staged.sizeBytes);
      const v = repos.versions.append({
        tenantId: ctx.tenantId,
        docId: doc.docId,
        blobId,
        contentHash: staged.contentHash,
        sizeBytes: staged.sizeBytes,
        mimeType: target.mimeType,
        originalFilename: target.originalFilename,
        comment: target.comment,
        label: target.label,
        createBy: actorOf(ctx),
        ...(target.fileMtime !== undefined ? { fileMtime: target.fileMtime } : {}),
        ...(target.executable !== undefined ? { executable: target.executable } : {}),
      });
      const current = await repos.documents.setCurrentVersion(described, v, actorOf(ctx));
      documents.recordChange(current, 'version');
      pruneVersions(deps, ctx, current, limit);
      await alsoInTransaction(v);
      await queueTextExtraction(repos, v);
      return v;
    });
    announceVersion(deps, version);
    return toVersionResult(version);
  } catch (err) {
    if (!repos.versions.contentReferenced(staged.contentHash)) await repos.blobs.remove(staged.contentHash);
    throw err;
  }
}
