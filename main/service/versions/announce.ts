/**
 * document.updated (spec §6): published once for every version the finalize chain commits, by
 * direct upload, chunked upload or ingest alike ("the webhook behaviour of uploads is shared by
 * the ingest path"). Finalize is the one place that publishes it, so no path can send it twice.
 *
 * The event names the async ingest task that produced the version, and '' for everything else.
 * The task is not an argument of the finalize chain, which knows nothing of tasks; a task run
 * declares it for the work it wraps with `asTaskRun`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { VersionRecord } from '../../store/repos/versions.ts';
import type { AreaDeps } from '../kernel.ts';

const currentTask = new AsyncLocalStorage<string>();

/** Runs `work` as part of the task `taskId`: versions it finalizes are announced with that taskId. */
export function asTaskRun<T>(taskId: string, work: () => Promise<T>): Promise<T> {
  return currentTask.run(taskId, work);
}

/** Publishes document.updated for a committed version. Call it after the commit, never inside the transaction. */
export function announceVersion(deps: Pick<AreaDeps<never>, 'events'>, version: VersionRecord): void {
  deps.events.publish({
    type: 'document.updated',
    tenantId: version.tenantId,
    data: { docId: version.docId, versionId: version.versionId, versionNo: version.versionNo, contentHash: version.contentHash, taskId: currentTask.getStore() ?? '' },
  });
}
