/**
 * Pairing a folder with a container, for `folio sync` and `folio pair add`: the checks that come
 * before a pair is saved, and the saving. A conflict says how to resolve it.
 */
import { createHash } from 'node:crypto';
import type { FolioClient } from '../remote/client.ts';
import type { SyncStore } from '../store/sync/index.ts';
import { PairOwner } from '../sync/owner.ts';
import { makeRootFolder, rootFolderState } from '../sync/rootFolder.ts';
import { CliFailure } from './failure.ts';

export interface PairTarget {
  serverUrl: string;
  containerId: string;
  /** Absolute. */
  dir: string;
  /** The --state the user gave, repeated in the commands a message suggests. */
  stateFlag: string | undefined;
}

/** Fails at once when --dir names a file, before the service is asked anything. */
export async function refuseFile(dir: string): Promise<void> {
  if ((await rootFolderState(dir)) === 'file') throw new CliFailure('NOT_A_FOLDER', `--dir ${dir} is a file, not a folder`);
}

/** The id of the folder's pair when it is this one; undefined when the folder has none; a failure when it has another. */
export function existingPair(store: SyncStore, t: PairTarget): string | undefined {
  const existing = store.findPairByDir(t.dir);
  if (!existing) return undefined;
  if (existing.serverUrl === t.serverUrl && existing.containerId === t.containerId) return existing.pairId;
  throw new CliFailure(
    'PAIR_CONFLICT',
    `${t.dir} is already paired with container ${existing.containerId} on ${existing.serverUrl}; to pair it anew, first run: ${command(['folio', 'pair', 'remove', '--dir', t.dir], t.stateFlag)}`,
  );
}

/** `folio pair add` keeps one service per state directory: the daemon's local server speaks for one account. */
export function refuseOtherServer(store: SyncStore, t: PairTarget): void {
  const other = store.listPairs().find((p) => p.serverUrl !== t.serverUrl);
  if (!other) return;
  throw new CliFailure(
    'PAIR_CONFLICT',
    `this state directory syncs with ${other.serverUrl}; give another --state for ${t.serverUrl}, or remove its pairs first (${command(['folio', 'pair', 'list'], t.stateFlag)}, then folio pair remove)`,
  );
}

/** Asks the service for the container: a token obtained and the container found, in the bin or not. */
export async function checkContainer(client: FolioClient, containerId: string): Promise<void> {
  const container = await client.getContainer(containerId);
  if (container.status !== 'ACTIVE') throw new CliFailure('CONTAINER_IN_RECYCLE_BIN', `container ${containerId} is in the recycle bin; restore it first`);
}

/** Creates the folder (a new pair may name one that does not exist yet) and saves the pair. */
export async function savePair(store: SyncStore, t: PairTarget): Promise<string> {
  if (!(await makeRootFolder(t.dir))) throw new CliFailure('NOT_A_FOLDER', `--dir ${t.dir} cannot be made a folder: a file is in the way`);
  const pairId = createHash('sha256').update(`${t.serverUrl}\n${t.containerId}\n${t.dir}`).digest('hex').slice(0, 16);
  PairOwner.add(store, { pairId, serverUrl: t.serverUrl, containerId: t.containerId, dir: t.dir });
  return pairId;
}

/** A command line to show, with --state when the user gave one, its words quoted for a POSIX shell where needed. */
function command(words: string[], stateFlag: string | undefined): string {
  const all = stateFlag === undefined ? words : [...words, '--state', stateFlag];
  return all.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", "'\\''")}'`)).join(' ');
}
