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
  state.atomically(() => {
    for (const intent of intents) {
      // A new document: a node only this side knows, or one whose document is gone from the
      // service (an edit that beat a delete there goes up as a new document).
      if (isLocalId(intent.id) || !state.remote.has(intent.id)) {
        const landed = landedDocument(state, intent);
        if (landed && state.local.has(intent.id)) {
          state.remap(intent.id, landed.id);
          // The merge base is where we put it: if someone moved it since, that is their move, and it syncs.
          state.put('synced', { ...landed, parentId: intent.parentId, name: intent.name });
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
 * The document a new-document upload created, if it landed: one with our content that nobody
 * knows yet, where we put it; or, failing that, the only such one anywhere in the pair, as another
 * user may have renamed or moved it before this observation.
 */
function landedDocument(state: PairState, intent: Intent): NodeState | undefined {
  const unknown = [...state.remote.values()].filter((r) => r.kind === 'file' && r.hash === intent.hash && !state.synced.has(r.id) && !state.local.has(r.id));
  return unknown.find((r) => r.parentId === intent.parentId && r.name === intent.name) ?? (unknown.length === 1 ? unknown[0] : undefined);
}

/**
 * After the local side is scanned (the scan not yet adopted): downloads that were put in place
 * become the merge base. A new file placed just before the crash was found by the scan under a
 * fresh local id; it takes back the service id it was downloaded as.
 */
export function settleDownloads(state: PairState, scan: { tree: Map<string, NodeState>; metas: Map<string, LocalMeta> }): void {
  const intents = [...state.intents.values()].filter((i) => i.side === 'local');
  if (intents.length === 0) return;
  state.atomically(() => {
    for (const intent of intents) {
      const node = scan.tree.get(intent.id) ?? reclaim(intent, scan);
      if (node && node.hash === intent.hash) {
        const s = state.synced.get(intent.id);
        state.put('synced', s ? { ...s, hash: intent.hash } : { id: intent.id, parentId: intent.parentId, name: intent.name, kind: 'file', hash: intent.hash });
      }
      state.clearIntent('local', intent.id);
    }
  });
}

/**
 * The new file a download put in place, found by the scan under a fresh local id: where we put it,
 * or, failing that, the only new file with its content anywhere in the folder, as the user may
 * have moved or renamed it before this scan (its merge base stays where we put it, so the move
 * syncs).
 */
function reclaim(intent: Intent, scan: { tree: Map<string, NodeState>; metas: Map<string, LocalMeta> }): NodeState | undefined {
  const fresh = [...scan.tree].filter(([id, n]) => isLocalId(id) && n.kind === 'file' && n.hash === intent.hash);
  const found = fresh.find(([, n]) => n.parentId === intent.parentId && n.name === intent.name) ?? (fresh.length === 1 ? fresh[0] : undefined);
  if (!found) return undefined;
  const [id, n] = found;
  const node = { ...n, id: intent.id };
  scan.tree.delete(id);
  scan.tree.set(intent.id, node);
  const meta = scan.metas.get(id);
  if (meta) {
    scan.metas.delete(id);
    scan.metas.set(intent.id, { ...meta, id: intent.id });
  }
  return node;
}
