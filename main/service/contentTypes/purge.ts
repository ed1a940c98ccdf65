/**
 * Empties the recycle bin of what has passed its purgeAt (set on delete from the type's
 * retentionDays, else the service default): the container with everything below it, or the
 * document, with their versions and renditions; blob and rendition files that nothing references
 * any more are removed.
 * Each item goes in its own transaction, so the job never holds the database for long.
 */
import type { ServiceDeps } from '../kernel.ts';
import type { PurgedVersions } from '../../store/repos/retention.ts';
import { releasePurged, removeUnreferencedFiles } from './blobRelease.ts';

const BATCH = 100;

export interface PurgeResult {
  containers: number;
  documents: number;
}

export async function purgeExpired(deps: Pick<ServiceDeps, 'store'>, now: Date): Promise<PurgeResult> {
  const { store } = deps;
  const cutoff = now.toISOString();
  const result: PurgeResult = { containers: 0, documents: 0 };

  for (let due = store.retention.dueContainers(cutoff, BATCH); due.length > 0; due = store.retention.dueContainers(cutoff, BATCH)) {
    for (const { tenantId, id } of due) {
      const released = store.transaction(() => {
        const purged: PurgedVersions = { blobIds: [], renditionHashes: [] };
        // Everything below a deleted container is deleted too: restoring it needs its parent back.
        for (const containerId of store.containers.subtreeIds(tenantId, id).reverse()) {
          for (const docId of store.retention.documentIdsIn(tenantId, containerId)) {
            const gone = store.retention.deleteDocument(tenantId, docId);
            purged.blobIds.push(...gone.blobIds);
            purged.renditionHashes.push(...gone.renditionHashes);
            result.documents++;
          }
          store.retention.deleteContainer(tenantId, containerId);
          result.containers++;
        }
        return releasePurged(store, tenantId, purged);
      });
      await removeUnreferencedFiles(store, released);
    }
  }

  for (let due = store.retention.dueDocuments(cutoff, BATCH); due.length > 0; due = store.retention.dueDocuments(cutoff, BATCH)) {
    for (const { tenantId, id } of due) {
      const released = store.transaction(() => releasePurged(store, tenantId, store.retention.deleteDocument(tenantId, id)));
      result.documents++;
      await removeUnreferencedFiles(store, released);
    }
  }
  return result;
}
