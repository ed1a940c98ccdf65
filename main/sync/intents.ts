/**
 * Recognising our own transfers after a crash. An upload can land on the service, or a download
 * be put in place on disk, a moment before the process dies and records it in the merge base. If
 * the user then edits the file, both sides would look changed (one by us) and the next pass would
 * raise a false conflict. So each transfer first records its intent (the content it is about to
 * put on a side), and the next observation settles it: where that side now holds exactly that
 * content, the transfer happened, and the merge base takes it. Either way the intent is then done.
 */
import type { Intent, LocalMeta, NodeState } from './model.ts';
import type { PairState } from './state.ts';
import { isLocalId } from './trees.ts';

/**
 * After the service side is observed: uploads that landed become the merge base. Returns the
 * documents that a new version of ours landed on, unrecorded till now.
 */
export function settleUploads(state: PairState): string[] {
  const intents = [...state.intents.values()].filter((i) => i.side === 'remote');
  const versions: string[] = [];
  if (intents.length === 0) return versions;
  let unknown: ByHash | undefined;
  state.atomically(() => {
    for (const intent of intents) {
      // A new document: a node only this side knows, or one whose document is gone from the
      // service (an edit that beat a delete there goes up as a new document).
      if (isLocalId(intent.id) || !state.remote.has(intent.id)) {
        unknown ??= unknownDocuments(state);
        const landed = ours(unknown, intent);
        if (landed && state.local.has(intent.id)) {
          state.remap(intent.id, landed.id);
          // The merge base is where we put it: if someone moved it since, that is their move, and it syncs.
          state.put('synced', { ...landed, parentId: intent.parentId, name: intent.name });
          taken(unknown, landed);
        }
      } else {
        const r = state.remote.get(intent.id);
        const s = state.synced.get(intent.id);
        if (r && s && r.hash === intent.hash) {
          state.put('synced', { ...s, hash: r.hash });
          versions.push(intent.id);
        }
      }
      state.clearIntent('remote', intent.id);
    }
  });
  return versions;
}

/**
 * The documents with our content that nobody knows yet, where a new-document upload that landed is
 * looked for: where we put it or, failing that, the only one with its content anywhere in the pair,
 * as another user may have renamed or moved it before this observation.
 */
function unknownDocuments(state: PairState): ByHash {
  return byHash(state.remote.values(), (r) => r.kind === 'file' && !state.synced.has(r.id) && !state.local.has(r.id));
}

/**
 * After the local side is scanned (the scan not yet adopted): downloads that were put in place
 * become the merge base. A new file placed just before the crash was found by the scan under a
 * fresh local id; it takes back the service id it was downloaded as.
 */
export function settleDownloads(state: PairState, scan: { tree: Map<string, NodeState>; metas: Map<string, LocalMeta> }): void {
  const intents = [...state.intents.values()].filter((i) => i.side === 'local');
  if (intents.length === 0) return;
  let fresh: ByHash | undefined;
  state.atomically(() => {
    for (const intent of intents) {
      const node = scan.tree.get(intent.id) ?? reclaim(intent, scan, (fresh ??= byHash(scan.tree.values(), (n) => isLocalId(n.id) && n.kind === 'file')));
      if (node && node.hash === intent.hash) {
        const s = state.synced.get(intent.id);
        state.put('synced', s ? { ...s, hash: intent.hash } : { id: intent.id, parentId: intent.parentId, name: intent.name, kind: 'file', hash: intent.hash });
      }
      state.clearIntent('local', intent.id);
    }
  });
}

/**
 * The new file a download put in place, found by the scan under a fresh local id (`fresh`): where
 * we put it, or, failing that, the only new file with its content anywhere in the folder, as the
 * user may have moved or renamed it before this scan (its merge base stays where we put it, so the
 * move syncs).
 */
function reclaim(intent: Intent, scan: { tree: Map<string, NodeState>; metas: Map<string, LocalMeta> }, fresh: ByHash): NodeState | undefined {
  const found = ours(fresh, intent);
  if (!found) return undefined;
  taken(fresh, found);
  const node = { ...found, id: intent.id };
  scan.tree.delete(found.id);
  scan.tree.set(intent.id, node);
  const meta = scan.metas.get(found.id);
  if (meta) {
    scan.metas.delete(found.id);
    scan.metas.set(intent.id, { ...meta, id: intent.id });
  }
  return node;
}

/**
 * Candidates for the intents' transfers, by content, built with one walk of a tree per settling.
 * A walk per intent cost a pair of 100,000 files, with a slice of 1,000 intents left by a crash or
 * by failed transfers (each round settles them), 100 million visits.
 */
type ByHash = Map<string, NodeState[]>;

function byHash(nodes: Iterable<NodeState>, candidate: (n: NodeState) => boolean): ByHash {
  const groups: ByHash = new Map();
  for (const n of nodes) {
    if (!candidate(n)) continue;
    const group = groups.get(n.hash);
    if (group) group.push(n);
    else groups.set(n.hash, [n]);
  }
  return groups;
}

/** The candidate where the intent put its content or, failing that, the only one with that content. */
function ours(candidates: ByHash, intent: Intent): NodeState | undefined {
  const same = candidates.get(intent.hash) ?? [];
  return same.find((n) => n.parentId === intent.parentId && n.name === intent.name) ?? (same.length === 1 ? same[0] : undefined);
}

/** A candidate an intent took is no one else's. */
function taken(candidates: ByHash, node: NodeState): void {
  const same = candidates.get(node.hash);
  same?.splice(same.indexOf(node), 1);
}
