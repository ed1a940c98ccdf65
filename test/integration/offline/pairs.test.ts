/**
 * `folio pair add | list | remove`, and a daemon that starts with no pair: its local server
 * answers, says why it is offline, and picks up a pair added while it runs. The daemon reaches the
 * service through a proxy that can hold its requests, so a test can stop it mid-pass.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../../shared/v1/contract/index.ts';
import type { Container } from '../../../shared/v1/resources.ts';
import { until, World, wellFormed } from './harness.ts';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.ts';
import { inSyncMark } from '../../helpers/syncState.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

let w: World;
let proxy: FaultProxy;

beforeAll(async () => {
  w = await World.create();
  proxy = await startFaultProxy(w.url);
}, HEAVY_TEST_MS);
afterAll(async () => {
  await w?.close();
  await proxy?.close();
});

/** The daemon's log file, as written so far. */
const daemonLog = (): string => readFileSync(join(w.stateDir, 'logs', 'folio.log'), 'utf8');

interface Listed {
  pairId: string;
  serverUrl: string;
  containerId: string;
  dir: string;
}

const list = async (): Promise<Listed[]> => JSON.parse((await w.folio(['pair', 'list', '--state', w.stateDir, '--json'])).stdout) as Listed[];

/** Runs a `folio` that must fail with `exitCode` (1 failed, 2 called wrongly), and returns its stderr. */
async function refused(args: string[], exitCode: 1 | 2): Promise<string> {
  const outcome = await w.folio(args).then(
    () => null,
    (err: { code: number; stderr: string }) => err,
  );
  if (!outcome) throw new Error(`folio ${args.join(' ')} succeeded`);
  expect(outcome.code).toBe(exitCode);
  return outcome.stderr;
}

describe('folio pair', () => {
  it('adds, lists and removes pairs; one state directory serves one service', async () => {
    const pairId = await w.pairAdd();
    expect(existsSync(w.dir)).toBe(true);
    expect(await list()).toEqual([{ pairId, serverUrl: w.url, containerId: w.rootId, dir: w.dir, state: 'ACTIVE', stateReason: '' }]);
    expect(await refused(['pair', 'add', '--server', 'http://127.0.0.1:9', '--container', w.rootId, '--dir', join(w.dir, '..', 'other'), '--state', w.stateDir], 1)).toMatch(/syncs with .*\(code 170003\)\n$/);
    expect(await refused(['pair', 'add', '--server', w.url, '--container', 'ctr_missing', '--dir', join(w.dir, '..', 'other'), '--state', w.stateDir], 1)).toBe('folio: the service refused: container not found: ctr_missing (code 120001)\n');
    expect(await refused(['pair', 'remove', '--state', w.stateDir], 2)).toMatch(/--dir or --pair/);
    await w.folio(['pair', 'remove', '--pair', pairId, '--state', w.stateDir]);
    expect(await list()).toEqual([]);
  }, HEAVY_TEST_MS);

  it('a daemon without pairs serves the local API and takes up a pair added while it runs', async () => {
    await w.startDaemon();
    const idle = await w.status();
    expect([idle.online, idle.reason, idle.pairs]).toEqual([false, 'no sync pair is configured', []]);
    const outside = await w.local.post('/v1/containers/create', { parentId: w.rootId, name: 'nowhere' });
    wellFormed(outside.status, outside.headers, outside.body);
    expect(outside.body.code).toBe(170001);

    await w.client.createContainer({ parentId: w.rootId, name: 'from the service' });
    await w.folio(['pair', 'add', '--server', proxy.url, '--container', w.rootId, '--dir', w.dir, '--state', w.stateDir]);
    await until('the pair to sync', async () => {
      const s = await w.status();
      return s.pairs.length === 1 && s.online && s.pairs[0]?.converged && existsSync(join(w.dir, 'from the service'));
    });
    const root = await w.local.get<Container>('/v1/containers/get', { containerId: w.rootId });
    expect(root.body.data?.hasChildren).toBe(true);
    expect(readFileSync(join(w.stateDir, 'local-api.url'), 'utf8').trim()).toBe(w.localUrl);
  }, HEAVY_TEST_MS);

  it('records its pairs in sync for a quiet next start when it stops, not after every pass, even when the stop comes mid-pass', async () => {
    // The daemon of the test above is still running, its pair in sync.
    expect(inSyncMark(w.stateDir)).toBe('');
    // A pass begins by reading the service's feed: from now on that read waits at the proxy.
    const feed = contract.changes.getPage.path;
    proxy.hold(feed);
    // What was on its way goes through until no round is under way; the next round begins after
    // that, so its read of the feed is held, and the pass with it.
    await until('the pair to be between rounds', async () => {
      proxy.release(feed);
      return (await w.status()).pairs[0]?.syncing === false;
    });
    await until('a pass to be under way', async () => (await w.status()).pairs[0]?.syncing);
    const exit = w.stopDaemon('SIGTERM');
    // The daemon logs this line as it tells its loops to stop, before it waits for them.
    await until('the daemon to be stopping', async () => daemonLog().includes('"msg":"stopping"'));
    proxy.unhold(feed);
    expect(await exit).toBe(0);
    // A stop in the middle of a pass used to record nothing: the next start was a full pass.
    expect(inSyncMark(w.stateDir)).not.toBe('');
  }, HEAVY_TEST_MS);
});
