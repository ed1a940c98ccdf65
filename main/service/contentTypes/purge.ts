/**
 * Empties the recycle bin of what has passed its purgeAt (set on delete from the type's
 * retentionDays, else the service default): the container with everything below it, or the
 * document, with their versions and renditions; blob and rendition files that nothing references
 * any more are removed.
 * Each item goes in its own transaction, so the job never holds the database for long.
 */
import type { AreaDeps } from '../kernel.ts';
import type { PurgedVersions } from '../../store/repos/retention.ts';
import { releasePurged, removeUnreferencedFiles } from './blobRelease.ts';

const BATCH = 100;

export interface PurgeResult {
  containers: number;
  documents: number;
}

export async function purgeExpired(deps: Pick<AreaDeps<'blobs' | 'containers' | 'renditionBlobs' | 'renditions' | 'retention' | 'versions'>, 'repos'>, now: Date): Promise<PurgeResult> {
  const { repos } = deps;
  const cutoff = now.toISOString();
  const result: PurgeResult = { containers: 0, documents: 0 };

  for (let due = repos.retention.dueContainers(cutoff, BATCH); due.length > 0; due = repos.retention.dueContainers(cutoff, BATCH)) {
    for (const { tenantId, id } of due) {
      // A unit of work: the subtree is read in it, and the retention's synchronous statements run
      // inside it on the connection both share.
      const released = await repos.units.transaction(async (tx) => {
        const purged: PurgedVersions = { blobIds: [], renditionHashes: [] };
        // Everything below a deleted container is deleted too: restoring it needs its parent back.
        for (const containerId of (await tx.containers.subtreeIds(tenantId, id)).reverse()) {
          for (const docId of repos.retention.documentIdsIn(tenantId, containerId)) {
            const gone = repos.retention.deleteDocument(tenantId, docId);
            purged.blobIds.push(...gone.blobIds);
            purged.renditionHashes.push(...gone.renditionHashes);
            result.documents++;
          }
          repos.retention.deleteContainer(tenantId, containerId);
          result.containers++;
        }
        return releasePurged(repos, tenantId, purged);
      });
      await removeUnreferencedFiles(repos, released);
    }
  }

  for (let due = repos.retention.dueDocuments(cutoff, BATCH); due.length > 0; due = repos.retention.dueDocuments(cutoff, BATCH)) {
    for (const { tenantId, id } of due) {
      const released = repos.transaction(() => releasePurged(repos, tenantId, repos.retention.deleteDocument(tenantId, id)));
      result.documents++;
      await removeUnreferencedFiles(repos, released);
    }
  }
  return result;
}
