/**
 * The sweep for blob and rendition files that no row holds. It reads the whole store, so it lives
 * beside it rather than in blobs.ts, which the store itself is built from.
 */
import type { BlobStore } from './blobStore.ts';
import type { Store } from './index.ts';

/**
 * Removes blob files that no blob row holds, and rendition files that no rendition row holds: a
 * crash between linking a file into place and committing its row, or between purging rows and
 * removing their files, leaves one. Files linked within `graceMs` are left for a later sweep.
 */
export async function sweepOrphanBlobs(store: Store, graceMs: number): Promise<number> {
  const blobs = await sweepOrphans(store.blobs, (hash) => store.versions.contentReferenced(hash), graceMs);
  return blobs + (await sweepOrphans(store.renditionBlobs, (hash) => store.renditions.contentReferenced(hash), graceMs));
}

async function sweepOrphans(files: BlobStore, referenced: (contentHash: string) => boolean, graceMs: number): Promise<number> {
  let removed = 0;
  for await (const contentHash of files.list()) {
    if (referenced(contentHash)) continue;
    await files.withContent(contentHash, async () => {
      const linkedAt = await files.linkedAt(contentHash);
      if (referenced(contentHash) || linkedAt === undefined || linkedAt > Date.now() - graceMs) return;
      await files.remove(contentHash);
      removed++;
    });
  }
  return removed;
}
