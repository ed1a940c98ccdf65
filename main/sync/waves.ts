/**
 * Structural operations in waves that may run at once. The planner orders them parents before
 * children, and each may change paths the next one uses, so they run one at a time, except new
 * service folders: a run of consecutive createRemoteDir whose parents are not created in the same
 * run only adds names under folders that already exist. A first sync of a tree of many folders
 * creates them a wave at a time instead of one request after another.
 */
import type { Op } from './planner.ts';

export function structureWaves(ops: readonly Op[]): Op[][] {
  const waves: Op[][] = [];
  let folders: Op[] = [];
  let created = new Set<string>();
  let parents = new Set<string>();
  const flush = () => {
    if (folders.length > 0) waves.push(folders);
    folders = [];
    created = new Set();
    parents = new Set();
  };
  for (const op of ops) {
    if (op.type !== 'createRemoteDir') {
      flush();
      waves.push([op]);
      continue;
    }
    // A plan orders parents first; a wave never holds both ends of a parent link either way.
    if (created.has(op.parentId) || parents.has(op.id)) flush();
    folders.push(op);
    created.add(op.id);
    parents.add(op.parentId);
  }
  flush();
  return waves;
}
