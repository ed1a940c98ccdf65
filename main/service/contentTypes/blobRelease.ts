/**
 * Files of purged versions that nothing references any more: their blob files, and their
 * rendition files. Rows are released inside a transaction (VersionRepository.releaseBlob, and the
 * rendition rows RetentionRepository deletes with their version); files go only after it has
 * ended, and only if, checked again under the content lock, no row holds the content: a
 * transaction that rolled back, a finalize that stored the same content meanwhile, or a rendition
 * that took the same bytes for another version, keeps the file.
 */
import type { Repos } from '../../store/repositories.ts';
import type { PurgedVersions } from '../../store/repos/retention.ts';

/** Content hashes whose files may be removed once the transaction has ended. */
export interface ReleasedFiles {
  blobs: string[];
  renditions: string[];
}

/** Releases the tenant's blob rows of purged versions; returns the files that may go once the transaction has ended. */
export function releasePurged(repos: Repos<'blobs' | 'renditionBlobs' | 'renditions' | 'versions'>, tenantId: string, purged: PurgedVersions): ReleasedFiles {
  const blobs: string[] = [];
  for (const blobId of new Set(purged.blobIds)) {
    const released = repos.versions.releaseBlob(tenantId, blobId);
    if (released && !released.fileStillNeeded) blobs.push(released.contentHash);
  }
  const renditions = [...new Set(purged.renditionHashes)].filter((hash) => !repos.renditions.contentReferenced(hash));
  return { blobs, renditions };
}

export async function removeUnreferencedFiles(repos: Repos<'blobs' | 'renditionBlobs' | 'renditions' | 'versions'>, released: ReleasedFiles): Promise<void> {
  for (const hash of released.blobs) {
    await repos.blobs.withContent(hash, async () => {
      if (!repos.versions.contentReferenced(hash)) await repos.blobs.remove(hash);
    });
  }
  for (const hash of released.renditions) {
    await repos.renditionBlobs.withContent(hash, async () => {
      if (!repos.renditions.contentReferenced(hash)) await repos.renditionBlobs.remove(hash);
    });
  }
}

/**
 * For callers inside a synchronous transaction they do not own: better-sqlite3 transactions never
 * span an event-loop turn, so by the time this runs the transaction has committed or rolled back.
 */
export function removeFilesAfterTransaction(repos: Repos<'blobs' | 'renditionBlobs' | 'renditions' | 'versions'>, released: ReleasedFiles): void {
  if (released.blobs.length === 0 && released.renditions.length === 0) return;
  setImmediate(() => {
    removeUnreferencedFiles(repos, released).catch((err: unknown) => console.error('removing released files failed:', err));
  });
}
