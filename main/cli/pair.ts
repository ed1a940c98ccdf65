/**
 * `folio pair add --server URL --container ID --dir DIR [--state STATE_DIR]`
 * `folio pair list [--state STATE_DIR] [--json]`
 * `folio pair remove (--dir DIR | --pair ID) [--state STATE_DIR]`
 *
 * The sync pairs that `folio daemon` runs. One state directory serves one service (one account):
 * the daemon's local server speaks for that account. Adding a pair checks the container with the
 * environment's credentials (as `folio sync` reads them) when the service is reachable.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FolioClient } from '../remote/client.ts';
import { FolioApiError } from '../remote/errors.ts';
import { appDataDir } from '../platform/paths.ts';
import { openSyncStore, type SyncStore } from '../store/sync/index.ts';
import { describeCondition } from '../sync/condition.ts';
import { PairOwner } from '../sync/owner.ts';
import { requireOption, UsageError } from './options.ts';
import { credentialsFromEnv, ensurePair } from './sync.ts';

export async function runPair(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      server: { type: 'string' },
      container: { type: 'string' },
      dir: { type: 'string' },
      pair: { type: 'string' },
      state: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const store = await openSyncStore(values.state ?? appDataDir());
  try {
    switch (sub) {
      case 'add':
        return await add(store, values);
      case 'list':
        return list(store, values.json);
      case 'remove':
        return remove(store, values);
      default:
        throw new UsageError(`unknown pair command: ${sub ?? '(none)'}`);
    }
  } finally {
    store.close();
  }
}

async function add(store: SyncStore, values: { server?: string; container?: string; dir?: string }): Promise<number> {
  const server = requireOption(values.server, '--server').replace(/\/+$/, '');
  const containerId = requireOption(values.container, '--container');
  const dir = resolve(requireOption(values.dir, '--dir'));
  const other = store.listPairs().find((p) => p.serverUrl !== server);
  if (other) throw new UsageError(`this state directory syncs with ${other.serverUrl}; use another --state for ${server}`);
  const client = new FolioClient({ baseUrl: server, credentials: credentialsFromEnv(), retry: { attempts: 2 } });
  try {
    const container = await client.getContainer(containerId);
    if (container.status !== 'ACTIVE') throw new UsageError(`container ${containerId} is in the recycle bin`);
  } catch (err) {
    if (err instanceof FolioApiError) throw new UsageError(`the service refused container ${containerId}: ${err.message}`);
    if (err instanceof UsageError) throw err;
    console.error(`folio: the service is unreachable (${err instanceof Error ? err.message : String(err)}); the pair is added, and checked at its first sync`);
  }
  mkdirSync(dir, { recursive: true });
  const pairId = ensurePair(store, server, containerId, dir);
  console.log(pairId);
  return 0;
}

function list(store: SyncStore, json: boolean | undefined): number {
  const pairs = store.listPairs().map((p) => {
    const { state, reason } = describeCondition(p.condition);
    return { pairId: p.pairId, serverUrl: p.serverUrl, containerId: p.containerId, dir: p.dir, state, stateReason: reason };
  });
  if (json) console.log(JSON.stringify(pairs, null, 2));
  else for (const p of pairs) console.log(`${p.pairId}  ${p.state}  ${p.dir}  <->  ${p.containerId} on ${p.serverUrl}${p.stateReason ? `  (${p.stateReason})` : ''}`);
  return 0;
}

function remove(store: SyncStore, values: { dir?: string; pair?: string }): number {
  if (Boolean(values.dir) === Boolean(values.pair)) throw new UsageError('give --dir or --pair');
  const pair = values.pair ? store.getPair(values.pair) : store.findPairByDir(resolve(values.dir as string));
  if (!pair) throw new UsageError(`no such pair: ${values.pair ?? values.dir}`);
  PairOwner.of(store, pair.pairId).remove();
  console.log(`removed ${pair.pairId}; the files in ${pair.dir} stay`);
  return 0;
}
