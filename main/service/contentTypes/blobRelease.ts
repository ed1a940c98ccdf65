/**
 * Blob files of content nothing references any more. Rows are released inside a transaction
 * (VersionRepository.releaseBlob); files go only after it has ended, and only if, checked again
 * under the content lock, no blob row holds the content: a transaction that rolled back, or a
 * finalize that stored the same content meanwhile, keeps the file.
 */
import type { Store } from '../../store/index.ts';

/** Releases the tenant's blob rows; returns the hashes whose files may be removed once the transaction has ended. */
export function releaseBlobRows(store: Store, tenantId: string, blobIds: Iterable<string>): string[] {
  const hashes: string[] = [];
  for (const blobId of new Set(blobIds)) {
    const released = store.versions.releaseBlob(tenantId, blobId);
    if (released && !released.fileStillNeeded) hashes.push(released.contentHash);
  }
  return hashes;
}

export async function removeUnreferencedFiles(store: Store, hashes: readonly string[]): Promise<void> {
  for (const hash of hashes) {
    await store.blobs.withContent(hash, async () => {
      if (!store.versions.contentReferenced(hash)) await store.blobs.remove(hash);
    });
  }
}

/**
 * For callers inside a synchronous transaction they do not own: better-sqlite3 transactions never
 * span an event-loop turn, so by the time this runs the transaction has committed or rolled back.
 */
export function removeFilesAfterTransaction(store: Store, hashes: readonly string[]): void {
  if (hashes.length === 0) return;
  setImmediate(() => {
    removeUnreferencedFiles(store, hashes).catch((err: unknown) => console.error('removing released blob files failed:', err));
  });
}
