/**
 * The order in which a round's transfers start. Downloads that land in one folder together share
 * its fsync (DirectorySyncs), but the plan lists them by id, which scatters a folder's files over
 * the whole round: each download then fsynced its folder alone, a trip through the thread pool
 * and a write to the disk per file. Grouped by folder, the downloads in flight mostly land in the
 * same one. Uploads and conflict copies keep their order, ahead of the downloads.
 */
import type { Op } from './planner.ts';

type Download = Extract<Op, { type: 'download' }>;

export function transferOrder(transfers: readonly Op[]): Op[] {
  const others: Op[] = [];
  const byFolder = new Map<string, Download[]>();
  for (const op of transfers) {
    if (op.type !== 'download') {
      others.push(op);
      continue;
    }
    const folder = byFolder.get(op.parentId);
    if (folder) folder.push(op);
    else byFolder.set(op.parentId, [op]);
  }
  for (const folder of byFolder.values()) others.push(...folder);
  return others;
}
