/**
 * Structural operations in waves that may run at once. The planner orders them parents before
 * children, and each may change paths the next one uses, so they run one at a time, except new
 * service folders: a run of consecutive createRemoteDir whose parents are not created in the same
 * run only adds names under folders that already exist. A first sync of a tree of many folders
 * creates them a wave at a time instead of one request after another.
 */
import PQueue from 'p-queue';
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

/**
 * Runs structural operations wave by wave, at most `concurrency` of a wave at once. Every
 * operation of a wave ends before a failure of one of them is thrown: none is left running
 * behind a pass that stopped.
 */
export async function runInWaves(ops: readonly Op[], concurrency: number, run: (op: Op) => Promise<void>): Promise<void> {
  for (const wave of structureWaves(ops)) {
    const queue = new PQueue({ concurrency: Math.max(1, concurrency) });
    const failed = (await Promise.allSettled(wave.map((op) => queue.add(() => run(op))))).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
