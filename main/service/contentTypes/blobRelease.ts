/**
 * Files of purged versions that nothing references any more: their blob files, and their
 * rendition files. Rows are released inside a transaction (VersionRepository.releaseBlob, and the
 * rendition rows RetentionRepository deletes with their version); files go only after it has
 * ended, and only if, checked again under the content lock, no row holds the content: a
 * transaction that rolled back, a finalize that stored the same content meanwhile, or a rendition
 * that took the same bytes for another version, keeps the file.
 */
import type { Store } from '../../store/index.ts';
import type { PurgedVersions } from '../../store/repos/retention.ts';

/** Content hashes whose files may be removed once the transaction has ended. */
export interface ReleasedFiles {
  blobs: string[];
  renditions: string[];
}

/** Releases the tenant's blob rows of purged versions; returns the files that may go once the transaction has ended. */
export function releasePurged(store: Store, tenantId: string, purged: PurgedVersions): ReleasedFiles {
  const blobs: string[] = [];
  for (const blobId of new Set(purged.blobIds)) {
    const released = store.versions.releaseBlob(tenantId, blobId);
    if (released && !released.fileStillNeeded) blobs.push(released.contentHash);
  }
  const renditions = [...new Set(purged.renditionHashes)].filter((hash) => !store.renditions.contentReferenced(hash));
  return { blobs, renditions };
}

export async function removeUnreferencedFiles(store: Store, released: ReleasedFiles): Promise<void> {
  for (const hash of released.blobs) {
    await store.blobs.withContent(hash, async () => {
      if (!store.versions.contentReferenced(hash)) await store.blobs.remove(hash);
    });
  }
  for (const hash of released.renditions) {
    await store.renditionBlobs.withContent(hash, async () => {
      if (!store.renditions.contentReferenced(hash)) await store.renditionBlobs.remove(hash);
    });
  }
}

/**
 * For callers inside a synchronous transaction they do not own: better-sqlite3 transactions never
 * span an event-loop turn, so by the time this runs the transaction has committed or rolled back.
 */
export function removeFilesAfterTransaction(store: Store, released: ReleasedFiles): void {
  if (released.blobs.length === 0 && released.renditions.length === 0) return;
  setImmediate(() => {
    removeUnreferencedFiles(store, released).catch((err: unknown) => console.error('removing released files failed:', err));
  });
}
