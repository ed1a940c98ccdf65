/**
 * What must hold once the world is quiet and the engine has converged:
 *   - convergence: the folder and the service's tree hold the same paths, kinds and contents;
 *   - no content lost: every content a user wrote and no user overwrote or deleted is in a file
 *     (maybe a conflict copy);
 *   - no duplicate: no content is in two files on a side, no name twice in a folder;
 *   - no orphan: every node the sync store keeps has its folder, on each side, and the three trees
 *     agree; every active item of the service is reachable from the pair's container;
 *   - no temp file left: none of our `.folio-*.part` files in the folder.
 */
import { PairState } from '../../main/sync/state.ts';
import type { NodeState } from '../../main/sync/model.ts';
import { ROOT_ID } from './memService.ts';
import { DIR, PAIR, type SimWorld } from './world.ts';

const OUR_FILES = /(^|\/)\.folio-[^/]*\.part$/;
const MAX_LISTED = 5;

export function checkInvariants(world: SimWorld): string[] {
  const problems: string[] = [];
  const local = new Map(world.fs.walk(DIR).map((e) => [e.rel, e.kind === 'dir' ? 'dir' : `file ${e.data.toString()}`]));
  const remoteEntries = world.users.remoteEntries();
  const remote = new Map(remoteEntries.map((e) => [e.path, e.item.kind === 'container' ? 'dir' : `file ${e.item.versions.at(-1)?.data.toString() ?? ''}`]));

  for (const rel of local.keys()) if (OUR_FILES.test(rel)) problems.push(`temp file left: ${rel}`);

  const differences: string[] = [];
  for (const [rel, what] of local) if (!OUR_FILES.test(rel) && remote.get(rel) !== what) differences.push(`${rel}: local ${what}, service ${remote.get(rel) ?? 'nothing'}`);
  for (const [rel, what] of remote) if (!local.has(rel)) differences.push(`${rel}: local nothing, service ${what}`);
  if (differences.length > 0) problems.push(`not converged: ${differences.slice(0, MAX_LISTED).join('; ')}`);

  const where = new Map<string, string[]>();
  for (const [rel, what] of remote) if (what.startsWith('file ')) where.set(what.slice(5), [...(where.get(what.slice(5)) ?? []), rel]);
  const { written, superseded } = world.users;
  const lost = [...written].filter((c) => !superseded.has(c) && !where.has(c));
  if (lost.length > 0) problems.push(`content lost: ${lost.slice(0, MAX_LISTED).join(', ')}`);
  const twice = [...where].filter(([, paths]) => paths.length > 1);
  if (twice.length > 0) problems.push(`duplicate content: ${twice.slice(0, MAX_LISTED).map(([c, paths]) => `${c} in ${paths.join(' and ')}`).join('; ')}`);
  const names = new Set<string>();
  for (const e of remoteEntries) {
    const key = `${e.item.parentId}/${e.item.name}`;
    if (names.has(key)) problems.push(`duplicate name on the service: ${e.path}`);
    names.add(key);
  }

  const reachable = new Set(remoteEntries.map((e) => e.item.id));
  for (const item of world.service.items.values()) {
    if (item.active && item.id !== ROOT_ID && !reachable.has(item.id)) problems.push(`orphan on the service: ${item.kind} ${item.id} '${item.name}' in ${item.parentId}`);
  }
  problems.push(...storeOrphans(new PairState(world.store, PAIR, ROOT_ID)));
  return problems;
}

function storeOrphans(state: PairState): string[] {
  const problems: string[] = [];
  const trees: [string, Map<string, NodeState>][] = [
    ['local', state.local],
    ['remote', state.remote],
    ['synced', state.synced],
  ];
  for (const [side, tree] of trees) {
    for (const n of tree.values()) {
      if (n.parentId !== ROOT_ID && tree.get(n.parentId)?.kind !== 'dir') problems.push(`orphan in the store's ${side} tree: ${n.id} '${n.name}' in ${n.parentId}`);
    }
  }
  const ids = (tree: Map<string, NodeState>) => [...tree.keys()].sort().join(',');
  if (ids(state.local) !== ids(state.synced) || ids(state.remote) !== ids(state.synced)) problems.push(`the store's trees disagree after convergence: local ${state.local.size}, remote ${state.remote.size}, synced ${state.synced.size} nodes`);
  return problems;
}
