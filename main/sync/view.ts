/**
 * What the planner sees of a pair: the three trees without what this pair leaves out. A node left
 * out is neither uploaded, downloaded, moved nor deleted, on either side (docs/sync.md):
 * - folders excluded by selective sync, with everything in them, and a local item at their place;
 * - ignored names (the rules apply to the service's names too, so a newly ignored file is not
 *   taken for a local delete);
 * - service names this disk cannot hold (Windows-illegal, too long, or a path too long);
 * - name clashes: names that are distinct on the service but one name on this disk (case, on a
 *   case-insensitive pair). One of them syncs, the others are left out and reported.
 * Pure: the same trees and settings give the same view.
 */
import type { IgnoreRules } from './ignore.ts';
import { localNameProblem, pathTooLong, type LeftOut } from './names.ts';
import { caseFoldedNames, childIndex, exactNames, type NameKey, type Trees } from './trees.ts';
import type { NodeState } from './model.ts';

export interface ViewSettings {
  excludedFolders: readonly string[];
  caseInsensitive: boolean;
  rules: IgnoreRules;
  platform: NodeJS.Platform;
  /** The pair's folder, absolute: path lengths are counted from it. */
  dir: string;
  /** How a local node is shown in a report (its path on disk). */
  localPath: (id: string) => string;
}

export interface PairView {
  trees: Trees;
  leftOut: LeftOut[];
}

export function pairView(t: Trees, o: ViewSettings): PairView {
  const key: NameKey = o.caseInsensitive ? caseFoldedNames : exactNames;
  const remoteKids = childIndex(t.remote);
  const localKids = childIndex(t.local);
  const excluded = new Set<string>();
  const leftOut: LeftOut[] = [];
  const excludeBelow = (kids: Map<string, NodeState[]>, id: string) => {
    const stack = [id];
    while (stack.length > 0) {
      const at = stack.pop() as string;
      excluded.add(at);
      for (const k of kids.get(at) ?? []) stack.push(k.id);
    }
  };
  const exclude = (id: string) => {
    excludeBelow(remoteKids, id);
    excludeBelow(localKids, id);
  };

  for (const folderId of o.excludedFolders) {
    const folder = t.remote.get(folderId);
    exclude(folderId);
    if (!folder) continue;
    for (const l of localKids.get(folder.parentId) ?? []) if (key(l.name) === key(folder.name)) exclude(l.id);
  }

  // Parents before children, so a folder left out takes its content along without a report each.
  const queue: { id: string; rel: string }[] = [{ id: t.rootId, rel: '' }];
  for (let next = 0; next < queue.length; next++) {
    const { id: parentId, rel: parentRel } = queue[next] as { id: string; rel: string };
    const kids = (remoteKids.get(parentId) ?? []).filter((n) => !excluded.has(n.id));
    for (const n of kids) {
      const rel = parentRel ? `${parentRel}/${n.name}` : n.name;
      if (o.rules.ignores(rel, n.kind === 'dir')) {
        exclude(n.id);
        continue;
      }
      const problem = localNameProblem(n.name, o.platform) ?? (pathTooLong(`${o.dir}/${rel}`, o.platform) ? 'path-too-long' : null);
      if (problem) {
        exclude(n.id);
        leftOut.push({ side: 'remote', path: rel, reason: problem });
        continue;
      }
      if (n.kind === 'dir') queue.push({ id: n.id, rel });
    }
    // A new service name that is one name on this disk with a different new name here: the name
    // already on disk wins; once that one is uploaded, the two clash on the service side below.
    if (o.caseInsensitive) {
      const newHere = (localKids.get(parentId) ?? []).filter((l) => !t.remote.has(l.id) && !excluded.has(l.id));
      for (const n of kids) {
        if (excluded.has(n.id) || t.local.has(n.id)) continue;
        if (!newHere.some((l) => key(l.name) === key(n.name) && l.name !== n.name)) continue;
        exclude(n.id);
        leftOut.push({ side: 'remote', path: parentRel ? `${parentRel}/${n.name}` : n.name, reason: 'name-clash' });
      }
    }
    for (const group of clashes(kids.filter((n) => !excluded.has(n.id)), key)) {
      const keeper = pickRemoteKeeper(group, t, key);
      for (const n of group) {
        if (n === keeper) continue;
        exclude(n.id);
        leftOut.push({ side: 'remote', path: parentRel ? `${parentRel}/${n.name}` : n.name, reason: 'name-clash' });
      }
    }
  }

  // Two local names that are one name here: NFC and NFD twins on a disk that keeps both, or case twins on a pair set case-insensitive.
  for (const siblings of localKids.values()) {
    for (const group of clashes(siblings.filter((n) => !excluded.has(n.id)), key)) {
      const composed = (n: NodeState) => o.localPath(n.id) === o.localPath(n.id).normalize('NFC');
      const keeper = group.find((n) => t.synced.has(n.id) || t.remote.has(n.id)) ?? group.find(composed) ?? [...group].sort((a, b) => (o.localPath(a.id) < o.localPath(b.id) ? -1 : 1))[0];
      for (const n of group) {
        if (n === keeper) continue;
        excludeBelow(localKids, n.id);
        leftOut.push({ side: 'local', path: o.localPath(n.id), reason: 'name-clash' });
      }
    }
  }

  const keep = (tree: Trees['remote']) => {
    if (excluded.size === 0) return tree;
    const out = new Map<string, NodeState>();
    for (const [id, n] of tree) if (!excluded.has(id)) out.set(id, n);
    return out;
  };
  return { trees: { rootId: t.rootId, remote: keep(t.remote), local: keep(t.local), synced: keep(t.synced) }, leftOut };
}

/** Groups of siblings that share one name under `key`. */
function clashes(siblings: NodeState[], key: NameKey): NodeState[][] {
  if (siblings.length < 2) return [];
  const byKey = new Map<string, NodeState[]>();
  for (const n of siblings) {
    const k = key(n.name);
    const list = byKey.get(k);
    if (list) list.push(n);
    else byKey.set(k, [n]);
  }
  return [...byKey.values()].filter((g) => g.length > 1);
}

/**
 * Of remote siblings that clash on this disk, the one that syncs: the one already on disk under
 * that name, else the one the merge base holds there, else the first name in code-point order.
 */
function pickRemoteKeeper(group: NodeState[], t: Trees, key: NameKey): NodeState {
  const at = (tree: Trees['local'], n: NodeState) => {
    const x = tree.get(n.id);
    return x !== undefined && x.parentId === n.parentId && key(x.name) === key(n.name);
  };
  return group.find((n) => at(t.local, n)) ?? group.find((n) => at(t.synced, n)) ?? ([...group].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))[0] as NodeState);
}
