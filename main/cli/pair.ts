/**
 * `folio pair add --server URL --container ID --dir DIR [--state STATE_DIR]`
 * `folio pair list [--state STATE_DIR] [--json]`
 * `folio pair remove (--dir DIR | --pair ID) [--state STATE_DIR]`
 *
 * The sync pairs that `folio daemon` runs. One state directory serves one service (one account):
 * the daemon's local server speaks for that account. Adding a pair checks the container with the
 * environment's credentials (as `folio sync` reads them) when the service is reachable.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FolioClient } from '../remote/client.ts';
import { isUnreachable } from '../remote/errors.ts';
import { appDataDir } from '../platform/paths.ts';
import { openSyncStore, type SyncStore } from '../store/sync/index.ts';
import { describeCondition } from '../sync/condition.ts';
import { PairOwner } from '../sync/owner.ts';
import { CliFailure } from './failure.ts';
import { parseServerUrl, requireOption, UsageError } from './options.ts';
import { checkContainer, existingPair, refuseFile, refuseOtherServer, savePair, type PairTarget } from './pairing.ts';
import { credentialsFromEnv } from './credentials.ts';

type Flags = ReturnType<typeof parseFlags>;
type Command = (store: SyncStore) => number | Promise<number>;

/** Each pair command: its flags and the environment checked before the state directory is opened, then its work. */
const COMMANDS = new Map<string, (values: Flags) => Command>([
  ['add', add],
  ['list', (values) => (store) => list(store, values.json)],
  ['remove', remove],
]);

function parseFlags(args: string[]) {
  return parseArgs({
    args,
    options: {
      server: { type: 'string' },
      container: { type: 'string' },
      dir: { type: 'string' },
      pair: { type: 'string' },
      state: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
}

export async function runPair(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const build = sub === undefined ? undefined : COMMANDS.get(sub);
  if (!build) throw new UsageError(sub === undefined ? 'a pair command is required' : `unknown pair command: ${sub}`, true);
  const values = parseFlags(rest);
  const command = build(values);
  const store = await openSyncStore(values.state ?? appDataDir());
  try {
    return await command(store);
  } finally {
    store.close();
  }
}

function add(values: Flags): Command {
  const target: PairTarget = {
    serverUrl: parseServerUrl(requireOption(values.server, '--server')),
    containerId: requireOption(values.container, '--container'),
    dir: resolve(requireOption(values.dir, '--dir')),
    stateFlag: values.state,
  };
  const credentials = credentialsFromEnv();
  return async (store) => {
    await refuseFile(target.dir);
    refuseOtherServer(store, target);
    const client = new FolioClient({ baseUrl: target.serverUrl, credentials, retry: { attempts: 2 } });
    console.log(existingPair(store, target) ?? (await addNew(store, client, target)));
    return 0;
  };
}

/** The daemon syncs once the service is back: an unreachable service does not stop the pair from being added. */
async function addNew(store: SyncStore, client: FolioClient, target: PairTarget): Promise<string> {
  try {
    await checkContainer(client, target.containerId);
  } catch (err) {
    if (!isUnreachable(err)) throw err;
    console.error(`folio: the service is unreachable (${err instanceof Error ? err.message : String(err)}); the pair is added, and checked at its first sync`);
  }
  return savePair(store, target);
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

function remove(values: Flags): Command {
  if (Boolean(values.dir) === Boolean(values.pair)) throw new UsageError('give --dir or --pair', true);
  return (store) => {
    const pair = values.pair ? store.getPair(values.pair) : store.findPairByDir(resolve(values.dir as string));
    if (!pair) throw new CliFailure('NOT_FOUND', `no such pair: ${values.pair ?? values.dir}`);
    PairOwner.of(store, pair.pairId).remove();
    console.log(`removed ${pair.pairId}; the files in ${pair.dir} stay`);
    return 0;
  };
}
