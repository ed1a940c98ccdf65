/**
 * Empties the recycle bin of what has passed its purgeAt (set on delete from the type's
 * retentionDays, else the service default): the container with everything below it, or the
 * document, with their versions; blob files that nothing references any more are removed.
 * Each item goes in its own transaction, so the job never holds the database for long.
 */
import type { ServiceDeps } from '../app.ts';
import { releaseBlobRows, removeUnreferencedFiles } from './blobRelease.ts';

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
      const hashes = store.transaction(() => {
        const blobIds: string[] = [];
        // Everything below a deleted container is deleted too: restoring it needs its parent back.
        for (const containerId of store.containers.subtreeIds(tenantId, id).reverse()) {
          for (const docId of store.retention.documentIdsIn(tenantId, containerId)) {
            blobIds.push(...store.retention.deleteDocument(tenantId, docId));
            result.documents++;
          }
          store.retention.deleteContainer(tenantId, containerId);
          result.containers++;
        }
        return releaseBlobRows(store, tenantId, blobIds);
      });
      await removeUnreferencedFiles(store, hashes);
    }
  }

  for (let due = store.retention.dueDocuments(cutoff, BATCH); due.length > 0; due = store.retention.dueDocuments(cutoff, BATCH)) {
    for (const { tenantId, id } of due) {
      const hashes = store.transaction(() => releaseBlobRows(store, tenantId, store.retention.deleteDocument(tenantId, id)));
      result.documents++;
      await removeUnreferencedFiles(store, hashes);
    }
  }
  return result;
}
