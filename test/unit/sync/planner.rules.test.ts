/** Each rule of docs/architecture.md, "The sync engine", as a scenario on the planner. */
import { describe, expect, it } from 'vitest';
import { plan } from '../../../main/sync/planner.ts';
import type { NodeState } from '../../../main/sync/model.ts';
import { converge, ROOT, synced, World } from './world.ts';

const file = (id: string, name: string, hash: string, parentId = ROOT): NodeState => ({ id, parentId, name, kind: 'file', hash });
const dir = (id: string, name: string, parentId = ROOT): NodeState => ({ id, parentId, name, kind: 'dir', hash: '' });
const names = (tree: Map<string, NodeState>) => [...tree.values()].map((n) => `${n.name}:${n.hash}`).sort();
const opts = { conflictStamp: '2026-11-21 120000 host' };

function expectConverged(world: World): void {
  const strip = (t: Map<string, NodeState>) => [...t.values()].map((n) => JSON.stringify(n)).sort();
  expect(strip(world.local)).toEqual(strip(world.remote));
  expect(strip(world.synced)).toEqual(strip(world.remote));
}

describe('planner rules', () => {
  it('an edit on the service beats a local delete', () => {
    const w = new World();
    synced(w, file('r1', 'a.txt', 'h1'));
    w.local.delete('r1');
    w.remote.set('r1', file('r1', 'a.txt', 'h2'));
    w.serviceContent.add('h2');
    converge(w);
    expectConverged(w);
    expect(names(w.local)).toEqual(['a.txt:h2']);
  });

  it('a local edit beats a delete on the service', () => {
    const w = new World();
    synced(w, file('r1', 'a.txt', 'h1'));
    w.remote.delete('r1');
    w.local.set('r1', file('r1', 'a.txt', 'h2'));
    converge(w);
    expectConverged(w);
    expect(names(w.remote)).toEqual(['a.txt:h2']);
  });

  it('a folder deleted on the service comes back when a file inside was edited locally', () => {
    const w = new World();
    synced(w, dir('d', 'docs'));
    synced(w, file('f', 'x.txt', 'h1', 'd'));
    synced(w, file('g', 'y.txt', 'h1', 'd'));
    w.remote.delete('d');
    w.remote.delete('f');
    w.remote.delete('g');
    w.local.set('f', file('f', 'x.txt', 'h2', 'd'));
    converge(w);
    expectConverged(w);
    expect(names(w.remote)).toEqual(['docs:', 'x.txt:h2']);
  });

  it('both sides changing a file identically records it without a conflict', () => {
    const w = new World();
    synced(w, file('r1', 'a.txt', 'h1'));
    w.local.set('r1', file('r1', 'a.txt', 'h2'));
    w.remote.set('r1', file('r1', 'a.txt', 'h2'));
    const [first] = converge(w);
    expect(first).toEqual([{ type: 'record', id: 'r1', node: file('r1', 'a.txt', 'h2') }]);
    expect(w.local.size).toBe(1);
  });

  it('both sides changing a file differently keeps both: the service copy keeps the name', () => {
    const w = new World();
    synced(w, file('r1', 'report.pdf', 'h1'));
    w.local.set('r1', file('r1', 'report.pdf', 'local'));
    w.remote.set('r1', file('r1', 'report.pdf', 'remote'));
    w.serviceContent.add('remote');
    converge(w);
    expectConverged(w);
    expect(names(w.remote)).toEqual(['report (conflicted copy 2026-11-21 120000 host).pdf:local', 'report.pdf:remote']);
  });

  it('a local rename is one move on the service', () => {
    const w = new World();
    synced(w, dir('d', 'docs'));
    synced(w, file('f', 'a.txt', 'h1', 'd'));
    w.local.set('d', dir('d', 'papers'));
    const [first, ...rest] = converge(w);
    expect(first).toEqual([{ type: 'moveRemote', id: 'd', parentId: ROOT, name: 'papers' }]);
    expect(rest).toEqual([]);
    expectConverged(w);
  });

  it('a rename on the service is one local move', () => {
    const w = new World();
    synced(w, file('f', 'a.txt', 'h1'));
    w.remote.set('f', file('f', 'b.txt', 'h1'));
    expect(plan(w.trees(), opts)).toEqual([{ type: 'moveLocal', id: 'f', parentId: ROOT, name: 'b.txt' }]);
  });

  it('when both sides move a node differently, the service wins', () => {
    const w = new World();
    synced(w, file('f', 'a.txt', 'h1'));
    w.remote.set('f', file('f', 'remote.txt', 'h1'));
    w.local.set('f', file('f', 'local.txt', 'h1'));
    converge(w);
    expectConverged(w);
    expect(names(w.local)).toEqual(['remote.txt:h1']);
  });

  it('creates parents before children', () => {
    const w = new World();
    w.local.set('local:1', dir('local:1', 'new'));
    w.local.set('local:2', file('local:2', 'x.txt', 'h1', 'local:1'));
    const first = plan(w.trees(), opts);
    expect(first).toEqual([{ type: 'createRemoteDir', id: 'local:1', parentId: ROOT, name: 'new' }]);
    converge(w);
    expectConverged(w);
  });

  it('places a new tree from the service in one batch, each folder before what goes in it', () => {
    const w = new World();
    // Ids that sort children before their parents, as the planner visits nodes by id.
    w.remote.set('f3', file('f3', 'c.txt', 'h3', 'b3'));
    w.remote.set('b3', dir('b3', 'three', 'c2'));
    w.remote.set('f2', file('f2', 'b.txt', 'h2', 'c2'));
    w.remote.set('c2', dir('c2', 'two', 'd1'));
    w.remote.set('d1', dir('d1', 'one'));
    w.remote.set('f0', file('f0', 'top.txt', 'h0'));
    for (const h of ['h0', 'h2', 'h3']) w.serviceContent.add(h);
    expect(plan(w.trees(), opts)).toEqual([
      { type: 'createLocalDir', id: 'd1', parentId: ROOT, name: 'one' },
      { type: 'download', id: 'f0', isNew: true, parentId: ROOT, name: 'top.txt' },
      { type: 'createLocalDir', id: 'c2', parentId: 'd1', name: 'two' },
      { type: 'download', id: 'f2', isNew: true, parentId: 'c2', name: 'b.txt' },
      { type: 'createLocalDir', id: 'b3', parentId: 'c2', name: 'three' },
      { type: 'download', id: 'f3', isNew: true, parentId: 'b3', name: 'c.txt' },
    ]);
    expect(converge(w)).toHaveLength(1);
    expectConverged(w);
  });

  it('moves a node on disk into a folder only once the folder is there: a move waits a round', () => {
    const w = new World();
    synced(w, file('f', 'a.txt', 'h1'));
    w.serviceContent.add('h1');
    w.remote.set('d', dir('d', 'new'));
    w.remote.set('f', file('f', 'a.txt', 'h1', 'd'));
    expect(plan(w.trees(), opts)).toEqual([{ type: 'createLocalDir', id: 'd', parentId: ROOT, name: 'new' }]);
    expect(converge(w)).toHaveLength(2);
    expectConverged(w);
  });

  it('deletes a local file only when a service version holds its content', () => {
    const w = new World();
    synced(w, file('f', 'a.txt', 'h1'));
    w.remote.delete('f');
    expect(plan(w.trees(), opts)).toEqual([{ type: 'deleteLocal', id: 'f' }]);
    w.local.set('f', file('f', 'a.txt', 'unsaved'));
    expect(plan(w.trees(), opts)).toEqual([{ type: 'upload', id: 'f', isNew: true, parentId: ROOT, name: 'a.txt' }]);
  });

  it('deletes only the top of a deleted folder on the service', () => {
    const w = new World();
    synced(w, dir('d', 'docs'));
    synced(w, file('f', 'a.txt', 'h1', 'd'));
    w.local.delete('d');
    w.local.delete('f');
    expect(plan(w.trees(), opts)).toEqual([{ type: 'deleteRemote', id: 'd' }]);
  });

  it('swaps two names, through a temporary name', () => {
    const w = new World();
    synced(w, file('a', 'one.txt', 'h1'));
    synced(w, file('b', 'two.txt', 'h2'));
    w.local.set('a', file('a', 'two.txt', 'h1'));
    w.local.set('b', file('b', 'one.txt', 'h2'));
    converge(w);
    expectConverged(w);
    expect(names(w.remote)).toEqual(['one.txt:h2', 'two.txt:h1']);
  });

  it('resolves folders moved into each other without a cycle', () => {
    const w = new World();
    synced(w, dir('a', 'A'));
    synced(w, dir('b', 'B'));
    w.local.set('a', dir('a', 'A', 'b'));
    w.remote.set('b', dir('b', 'B', 'a'));
    converge(w);
    expectConverged(w);
    expect(w.remote.get('b')?.parentId).toBe('a');
  });

  it('adopts a file that appeared identically on both sides, without a transfer', () => {
    const w = new World();
    w.remote.set('r1', file('r1', 'a.txt', 'h1'));
    w.serviceContent.add('h1');
    w.local.set('local:1', file('local:1', 'a.txt', 'h1'));
    const [first] = converge(w);
    expect(first).toEqual([{ type: 'adopt', localId: 'local:1', remoteId: 'r1' }]);
    expectConverged(w);
  });

  it('keeps both when different files appeared under one name on both sides', () => {
    const w = new World();
    w.remote.set('r1', file('r1', 'a.txt', 'remote'));
    w.serviceContent.add('remote');
    w.local.set('local:1', file('local:1', 'a.txt', 'local'));
    converge(w);
    expectConverged(w);
    expect(names(w.remote)).toEqual(['a (conflicted copy 2026-11-21 120000 host).txt:local', 'a.txt:remote']);
  });

  it('on a case-insensitive disk, names that differ only by case both survive', () => {
    const w = new World(true);
    w.remote.set('r1', file('r1', 'Readme.md', 'h1'));
    w.remote.set('r2', file('r2', 'README.md', 'h2'));
    w.serviceContent.add('h1');
    w.serviceContent.add('h2');
    converge(w);
    expectConverged(w);
    const localNames = [...w.local.values()].map((n) => n.name.toLowerCase());
    expect(new Set(localNames).size).toBe(2);
    expect(names(w.local).map((n) => n.split(':')[1]).sort()).toEqual(['h1', 'h2']);
  });

  it('a case-only rename is one move', () => {
    const w = new World(true);
    synced(w, file('f', 'readme.md', 'h1'));
    w.local.set('f', file('f', 'README.md', 'h1'));
    expect(plan(w.trees(), { ...opts, caseInsensitiveLocal: true })).toEqual([{ type: 'moveRemote', id: 'f', parentId: ROOT, name: 'README.md' }]);
  });
});
