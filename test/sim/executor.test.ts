/**
 * The executor's destructive paths, run directly on the simulated folder and service with a real
 * sync store: it deletes, overwrites, renames and keeps conflict copies only of what the last
 * observation saw, and leaves alone what changed since.
 */
import PQueue from 'p-queue';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Executor, StaleObservation } from '../../main/sync/executor.ts';
import { OwnWrites } from '../../main/sync/ownWrites.ts';
import { PairOwner } from '../../main/sync/owner.ts';
import type { PairState } from '../../main/sync/state.ts';
import { ROOT_ID, type Item } from './memService.ts';
import { DIR, PAIR, SimWorld } from './world.ts';

let world: SimWorld;

beforeEach(async () => {
  world = new SimWorld(1);
  await world.open();
});

afterEach(async () => {
  await world.close();
});

const local = (rel: string) => `${DIR}/${rel}`;
const text = (rel: string) => world.fs.readFile(local(rel)).toString();

/** A pass that brings both sides in sync, then the executor over the pair's trees as that pass left them. */
async function synced(): Promise<{ state: PairState; executor: Executor }> {
  world.clock.advance(5_000);
  const summary = await world.pass(false);
  if (summary === 'crashed' || !summary.converged) throw new Error('the pair did not get in sync');
  // Past the racy window: the executor trusts the scan's stat.
  world.clock.advance(5_000);
  const state = PairOwner.of(world.store, PAIR).state();
  const executor = new Executor({ remote: world.service, fs: world.fs, clock: world.clock, state, dir: DIR, pairId: PAIR, caseInsensitive: false, limiter: new PQueue({ concurrency: 1 }), ownWrites: new OwnWrites(world.clock.now), conflictStamp: () => 'sim', unkept: new Map() });
  return { state, executor };
}

function doc(path: string): Item {
  const [name, ...up] = path.split('/').reverse();
  let parent = ROOT_ID;
  for (const dir of up.reverse()) parent = (world.service.childrenOf(parent).find((i) => i.name === dir) as Item).id;
  return world.service.childrenOf(parent).find((i) => i.name === name) as Item;
}

const idOf = (state: PairState, rel: string) => [...state.localMetas.values()].find((m) => m.path === rel)?.id ?? '';

describe('the executor, on the simulated folder and service', () => {
  it('deletes a local file that is as the scan saw it, and the trees forget it', async () => {
    world.fs.writeFile(local('a'), Buffer.from('one'));
    const { state, executor } = await synced();
    const id = idOf(state, 'a');
    await executor.run({ type: 'deleteLocal', id });
    expect(world.fs.exists(local('a'))).toBe(false);
    expect(state.local.has(id) || state.synced.has(id)).toBe(false);
  });

  it('does not delete a local file edited since the scan', async () => {
    world.fs.writeFile(local('a'), Buffer.from('one'));
    const { state, executor } = await synced();
    world.fs.writeFile(local('a'), Buffer.from('edited'));
    await expect(executor.run({ type: 'deleteLocal', id: idOf(state, 'a') })).rejects.toBeInstanceOf(StaleObservation);
    expect(text('a')).toBe('edited');
  });

  it('keeps a deleted folder that holds a file the scan did not see, and the merge base forgets the folder', async () => {
    world.fs.mkdirp(local('x'));
    world.fs.writeFile(local('x/a'), Buffer.from('one'));
    const { state, executor } = await synced();
    world.fs.writeFile(local('x/new'), Buffer.from('not synced yet'));
    const id = idOf(state, 'x');
    await expect(executor.run({ type: 'deleteLocal', id })).rejects.toThrow(/holds files that are not synced/);
    expect(text('x/new')).toBe('not synced yet');
    expect(world.fs.exists(local('x/a'))).toBe(false);
    expect(state.synced.has(id)).toBe(false);
  });

  it('deletes on the service, and a document already gone there is no failure', async () => {
    world.fs.writeFile(local('a'), Buffer.from('one'));
    world.fs.writeFile(local('b'), Buffer.from('two'));
    const { state, executor } = await synced();
    const a = doc('a').id;
    const b = doc('b').id;
    world.service.doDelete(b);
    await executor.run({ type: 'deleteRemote', id: a });
    await executor.run({ type: 'deleteRemote', id: b });
    expect(world.service.active(a)).toBeUndefined();
    expect(state.remote.has(a) || state.remote.has(b) || state.synced.has(b)).toBe(false);
  });

  it('overwrites a local file with the service content only while the file is as the scan saw it', async () => {
    world.fs.writeFile(local('a'), Buffer.from('one'));
    world.fs.writeFile(local('b'), Buffer.from('two'));
    const { state, executor } = await synced();
    for (const name of ['a', 'b']) {
      const d = world.service.doUpload({ docId: doc(name).id }, Buffer.from(`${name} from the service`));
      const v = d.versions.at(-1);
      state.put('remote', { ...(state.remote.get(d.id) as NonNullable<ReturnType<typeof state.remote.get>>), hash: v?.hash ?? '' });
      state.setRemoteMeta({ id: d.id, versionId: v?.versionId ?? '', size: v?.data.length ?? 0 });
    }
    world.fs.writeFile(local('b'), Buffer.from('edited'));
    await executor.run({ type: 'download', id: doc('a').id, isNew: false, parentId: ROOT_ID, name: 'a' });
    await expect(executor.run({ type: 'download', id: doc('b').id, isNew: false, parentId: ROOT_ID, name: 'b' })).rejects.toBeInstanceOf(StaleObservation);
    expect(text('a')).toBe('a from the service');
    expect(text('b')).toBe('edited');
  });

  it('does not put a new download over a file that appeared at its name, and leaves no temp file', async () => {
    const { state, executor } = await synced();
    const d = world.service.doUpload({ containerId: ROOT_ID, title: 'a' }, Buffer.from('from the service'));
    const v = d.versions.at(-1);
    state.put('remote', { id: d.id, parentId: ROOT_ID, name: 'a', kind: 'file', hash: v?.hash ?? '' });
    state.setRemoteMeta({ id: d.id, versionId: v?.versionId ?? '', size: v?.data.length ?? 0 });
    world.fs.writeFile(local('a'), Buffer.from('the user wrote it first'));
    await expect(executor.run({ type: 'download', id: d.id, isNew: true, parentId: ROOT_ID, name: 'a' })).rejects.toBeInstanceOf(StaleObservation);
    expect(text('a')).toBe('the user wrote it first');
    expect(world.fs.walk(DIR).map((e) => e.rel).filter((rel) => rel.startsWith('.folio-'))).toEqual([]);
  });

  it('does not rename a local file over one that took the name', async () => {
    world.fs.writeFile(local('a'), Buffer.from('one'));
    const { state, executor } = await synced();
    world.fs.writeFile(local('b'), Buffer.from('appeared'));
    await expect(executor.run({ type: 'moveLocal', id: idOf(state, 'a'), parentId: ROOT_ID, name: 'b' })).rejects.toBeInstanceOf(StaleObservation);
    expect(text('a')).toBe('one');
    expect(text('b')).toBe('appeared');
  });

  it('keeps a local edit as a conflict copy and puts the service content under the name', async () => {
    world.fs.writeFile(local('a'), Buffer.from('one'));
    const { state, executor } = await synced();
    const id = doc('a').id;
    const d = world.service.doUpload({ docId: id }, Buffer.from('service edit'));
    const v = d.versions.at(-1);
    state.put('remote', { ...(state.remote.get(id) as NonNullable<ReturnType<typeof state.remote.get>>), hash: v?.hash ?? '' });
    state.setRemoteMeta({ id, versionId: v?.versionId ?? '', size: v?.data.length ?? 0 });
    await executor.run({ type: 'conflictCopy', id, copyName: 'a (conflict)' });
    expect(text('a')).toBe('service edit');
    expect(text('a (conflict)')).toBe('one');
  });

  it('does not keep a conflict copy over a file that took the copy name', async () => {
    world.fs.writeFile(local('a'), Buffer.from('one'));
    const { state, executor } = await synced();
    world.fs.writeFile(local('a (conflict)'), Buffer.from('taken'));
    await expect(executor.run({ type: 'conflictCopy', id: doc('a').id, copyName: 'a (conflict)' })).rejects.toBeInstanceOf(StaleObservation);
    expect(text('a')).toBe('one');
    expect(text('a (conflict)')).toBe('taken');
    expect(state.local.has(doc('a').id)).toBe(true);
  });
});
