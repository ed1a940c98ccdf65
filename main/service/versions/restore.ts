/**
 * Restoring a version: its content becomes a new version of its document, on top, so history only
 * grows and every sync client sees an ordinary new version to download.
 */
import { Perm } from '../../../shared/permissions.ts';
import type { VersionResult } from '../../../shared/v1/resources.ts';
import type { AreaDeps } from '../kernel.ts';
import type { MetadataRepos } from '../forms/metadata.ts';
import type { RequestContext } from '../context.ts';
import { fail } from '../errors.ts';
import { finalizeVersion, type FinalizeRepos } from './finalize.ts';
import { resolveTarget, factsOfTarget } from './target.ts';
import type { DocumentService } from '../documents/service.ts';
import type { VersionService } from './service.ts';

export async function restoreVersion(deps: AreaDeps<FinalizeRepos | MetadataRepos>, versions: VersionService, documents: DocumentService, ctx: RequestContext, versionId: string, comment: string | undefined): Promise<VersionResult> {
  const source = await versions.load(ctx, versionId, Perm.READ | Perm.DOWNLOAD, 'restore this version');
  const input = {
    docId: source.docId,
    mimeType: source.mimeType,
    originalFilename: source.originalFilename,
    comment: comment ?? `Restored from version ${source.versionNo}`,
  };
  const target = await resolveTarget(documents, ctx, input, await factsOfTarget(deps, ctx, input));
  if (!(await deps.repos.blobs.has(source.contentHash))) fail('NOT_FOUND', `the content of version ${source.versionNo} is no longer stored`, { versionId });
  // A staged copy, not the stored file itself: the blob may be purged while this waits for its lock.
  const staged = await deps.repos.blobs.stage(deps.repos.blobs.read(source.contentHash), Number.MAX_SAFE_INTEGER);
  try {
    return await finalizeVersion(deps, documents, ctx, target, staged);
  } finally {
    await deps.repos.blobs.discard(staged.tempPath);
  }
}
