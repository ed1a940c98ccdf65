/** The pair state on a real SQLite file: incremental persistence, and settling transfer intents after a crash. */
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSyncStore, type SyncStore } from '../../../main/store/sync/index.ts';
import type { LocalMeta, NodeState } from '../../../main/sync/model.ts';
import { settleDownloads, settleUploads } from '../../../main/sync/intents.ts';
import { PairOwner } from '../../../main/sync/owner.ts';
import { PairState } from '../../../main/sync/state.ts';
import { tempDir } from '../../helpers/server.ts';
import { committedRows } from '../../helpers/syncState.ts';

const ROOT = 'root';
let dir: string;
let store: SyncStore;

beforeEach(async () => {
  dir = tempDir('folio-state-');
  store = await openSyncStore(dir);
  PairOwner.add(store, { pairId: 'p', serverUrl: 'http://127.0.0.1:1', containerId: ROOT, dir: '/nowhere' });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const file = (id: string, name: string, hash: string, parentId = ROOT): NodeState => ({ id, parentId, name, kind: 'file', hash });
const meta = (id: string, path: string): LocalMeta => ({ id, path, size: 1, mtimeMs: 1, ino: `1:${id}`, checkedMs: 5000 });
/** A scan of files at the pair's top, each [id, name, hash], with their metas. */
const scanOf = (...files: [string, string, string][]) => ({
  tree: new Map(files.map(([id, name, hash]) => [id, file(id, name, hash)])),
  metas: new Map(files.map(([id, name]) => [id, meta(id, name)])),
});

function observe(n: number, changed: (i: number) => boolean = () => false) {
  const tree = new Map<string, NodeState>();
  const metas = new Map<string, LocalMeta>();
  for (let i = 0; i < n; i++) {
    tree.set(`f${i}`, file(`f${i}`, `f${i}.txt`, changed(i) ? 'new' : 'old'));
    metas.set(`f${i}`, meta(`f${i}`, `f${i}.txt`));
  }
  return { tree, metas };
}

describe('pair state', () => {
  it('inside a group, a durable write is on disk when it returns, and the group goes on', async () => {
    const state = new PairState(store, 'p', ROOT);
    await state.grouped(60_000, async () => {
      state.atomically(() => state.intend({ side: 'remote', id: 'a', hash: 'h', parentId: ROOT, name: 'a.txt' }));
      expect(committedRows(dir, 'intents')).toBe(0);
      state.durably(() => state.intend({ side: 'remote', id: 'b', hash: 'h', parentId: ROOT, name: 'b.txt' }));
      expect(committedRows(dir, 'intents')).toBe(2);
      state.atomically(() => state.intend({ side: 'remote', id: 'c', hash: 'h', parentId: ROOT, name: 'c.txt' }));
      expect(committedRows(dir, 'intents')).toBe(2);
    });
    expect(committedRows(dir, 'intents')).toBe(3);
  });

  it('holds the objects of a new observation, so that an unchanged node is not kept twice while the observation lives', () => {
    const state = new PairState(store, 'p', ROOT);
    const first = observe(10);
    state.atomically(() => state.replace('local', first.tree, first.metas));
    const before = store.writes();
    const second = observe(10);
    state.atomically(() => state.replace('local', second.tree, second.metas));
    expect(store.writes()).toBe(before);
    expect(state.local.get('f3')).toBe(second.tree.get('f3'));
    expect(state.localMetas.get('f3')).toBe(second.metas.get('f3'));
  });

  it('persists a new observation as its difference from the last one', () => {
    const state = new PairState(store, 'p', ROOT);
    const first = observe(2000);
    state.atomically(() => state.replace('local', first.tree, first.metas));
    const before = store.writes();
    const second = observe(2000, (i) => i === 7);
    second.tree.delete('f9');
    second.metas.delete('f9');
    state.atomically(() => state.replace('local', second.tree, second.metas));
    // One node rewritten; one node and its meta deleted.
    expect(store.writes() - before).toBe(3);
    const reloaded = new PairState(store, 'p', ROOT);
    expect(reloaded.local.get('f7')?.hash).toBe('new');
    expect(reloaded.local.has('f9')).toBe(false);
    expect(reloaded.localMetas.size).toBe(1999);
  });

  it('moves a folder and its children to the folder’s new id, in memory and on disk', () => {
    const state = new PairState(store, 'p', ROOT);
    state.atomically(() => {
      state.put('local', { id: 'local:d', parentId: ROOT, name: 'd', kind: 'dir', hash: '' });
      state.put('local', file('local:f', 'x', 'h', 'local:d'));
      state.setLocalMeta(meta('local:d', 'd'));
      state.remap('local:d', 'D');
    });
    const reloaded = new PairState(store, 'p', ROOT);
    expect(reloaded.local.get('D')?.name).toBe('d');
    expect(reloaded.local.get('local:f')?.parentId).toBe('D');
    expect(reloaded.localMetas.get('D')?.path).toBe('d');
  });
});

describe('transfer intents after a crash', () => {
  it('an upload that landed before the crash becomes the merge base: a later local edit is an edit, not a conflict', () => {
    const state = new PairState(store, 'p', ROOT);
    state.atomically(() => {
      for (const side of ['remote', 'local', 'synced'] as const) state.put(side, file('d1', 'a.txt', 'v1'));
      state.intend({ side: 'remote', id: 'd1', hash: 'v2', parentId: ROOT, name: 'a.txt' });
    });
    const restarted = new PairState(store, 'p', ROOT);
    restarted.atomically(() => restarted.put('remote', file('d1', 'a.txt', 'v2')));
    settleUploads(restarted);
    expect(restarted.synced.get('d1')?.hash).toBe('v2');
    expect(restarted.intents.size).toBe(0);
    expect(new PairState(store, 'p', ROOT).intents.size).toBe(0);
  });

  it('an upload that did not land leaves the merge base alone', () => {
    const state = new PairState(store, 'p', ROOT);
    state.atomically(() => {
      for (const side of ['remote', 'local', 'synced'] as const) state.put(side, file('d1', 'a.txt', 'v1'));
      state.intend({ side: 'remote', id: 'd1', hash: 'v2', parentId: ROOT, name: 'a.txt' });
    });
    settleUploads(state);
    expect(state.synced.get('d1')?.hash).toBe('v1');
    expect(state.intents.size).toBe(0);
  });

  it('a new document that landed is taken as the local file’s own, even after the file was renamed', () => {
    const state = new PairState(store, 'p', ROOT);
    state.atomically(() => {
      state.put('local', file('local:1', 'renamed.txt', 'v3'));
      state.setLocalMeta(meta('local:1', 'renamed.txt'));
      state.intend({ side: 'remote', id: 'local:1', hash: 'v2', parentId: ROOT, name: 'new.txt' });
      state.put('remote', file('D', 'new.txt', 'v2'));
    });
    settleUploads(state);
    expect(state.local.get('D')?.name).toBe('renamed.txt');
    expect(state.localMetas.get('D')?.path).toBe('renamed.txt');
    expect(state.synced.get('D')).toEqual(file('D', 'new.txt', 'v2'));
  });

  it('a new document that landed is recognised after another user renamed it; the merge base is where it landed, so their rename syncs', () => {
    const state = new PairState(store, 'p', ROOT);
    state.atomically(() => {
      state.put('local', file('local:1', 'new.txt', 'v2'));
      state.setLocalMeta(meta('local:1', 'new.txt'));
      state.put('remote', { id: 'sub', parentId: ROOT, name: 'sub', kind: 'dir', hash: '' });
      state.intend({ side: 'remote', id: 'local:1', hash: 'v2', parentId: ROOT, name: 'new.txt' });
      state.put('remote', file('D', 'theirs.txt', 'v2', 'sub'));
      state.put('remote', file('E', 'other.txt', 'v9'));
    });
    settleUploads(state);
    expect(state.local.get('D')?.name).toBe('new.txt');
    expect(state.synced.get('D')).toEqual(file('D', 'new.txt', 'v2'));
    expect(state.remote.get('D')).toEqual(file('D', 'theirs.txt', 'v2', 'sub'));
  });

  it('a renamed document with our content is not taken when two such are unknown: which one is ours cannot be told', () => {
    const state = new PairState(store, 'p', ROOT);
    state.atomically(() => {
      state.put('local', file('local:1', 'new.txt', 'v2'));
      state.setLocalMeta(meta('local:1', 'new.txt'));
      state.intend({ side: 'remote', id: 'local:1', hash: 'v2', parentId: ROOT, name: 'new.txt' });
      state.put('remote', file('D', 'one.txt', 'v2'));
      state.put('remote', file('E', 'two.txt', 'v2'));
    });
    settleUploads(state);
    expect(state.local.has('local:1')).toBe(true);
    expect(state.synced.size).toBe(0);
    expect(state.intents.size).toBe(0);
  });

  it('a download put in place before the crash becomes the merge base', () => {
    const state = new PairState(store, 'p', ROOT);
    state.atomically(() => {
      for (const side of ['remote', 'local', 'synced'] as const) state.put(side, file('d1', 'a.txt', 'v1'));
      state.put('remote', file('d1', 'a.txt', 'v3'));
      state.intend({ side: 'local', id: 'd1', hash: 'v2', parentId: ROOT, name: 'a.txt' });
    });
    settleDownloads(state, { tree: new Map([['d1', file('d1', 'a.txt', 'v2')]]), metas: new Map() });
    expect(state.synced.get('d1')?.hash).toBe('v2');
  });

  it('a new file put in place before the crash takes back the id it was downloaded as', () => {
    const state = new PairState(store, 'p', ROOT);
    state.atomically(() => {
      state.put('remote', file('R', 'b.txt', 'v3'));
      state.intend({ side: 'local', id: 'R', hash: 'v2', parentId: ROOT, name: 'b.txt' });
    });
    const scan = scanOf(['local:9', 'b.txt', 'v2']);
    settleDownloads(state, scan);
    expect([...scan.tree.keys()]).toEqual(['R']);
    expect(scan.metas.get('R')?.id).toBe('R');
    expect(state.synced.get('R')).toEqual(file('R', 'b.txt', 'v2'));
  });

  it('a new file put in place before the crash, then moved by the user, takes back its id; its merge base stays where it was put, so the move syncs', () => {
    const state = new PairState(store, 'p', ROOT);
    state.atomically(() => {
      state.put('remote', file('R', 'b.txt', 'v2'));
      state.intend({ side: 'local', id: 'R', hash: 'v2', parentId: ROOT, name: 'b.txt' });
    });
    const scan = scanOf(['local:9', 'moved.txt', 'v2'], ['local:8', 'other.txt', 'v7']);
    settleDownloads(state, scan);
    expect([...scan.tree.keys()].sort()).toEqual(['R', 'local:8']);
    expect(scan.tree.get('R')?.name).toBe('moved.txt');
    expect(scan.metas.get('R')?.path).toBe('moved.txt');
    expect(state.synced.get('R')).toEqual(file('R', 'b.txt', 'v2'));
  });

  it('two new files of the same content: the one found where it was put is taken first, so the other, moved, is the only one left for the second', () => {
    const state = new PairState(store, 'p', ROOT);
    state.atomically(() => {
      state.put('remote', file('R1', 'a.txt', 'v2'));
      state.put('remote', file('R2', 'b.txt', 'v2'));
      state.intend({ side: 'local', id: 'R1', hash: 'v2', parentId: ROOT, name: 'a.txt' });
      state.intend({ side: 'local', id: 'R2', hash: 'v2', parentId: ROOT, name: 'b.txt' });
    });
    const scan = scanOf(['local:1', 'a.txt', 'v2'], ['local:2', 'moved.txt', 'v2']);
    settleDownloads(state, scan);
    expect([...scan.tree.keys()].sort()).toEqual(['R1', 'R2']);
    expect(scan.tree.get('R2')?.name).toBe('moved.txt');
    expect(state.synced.get('R2')).toEqual(file('R2', 'b.txt', 'v2'));
  });

  it('a download that was not put in place leaves the merge base alone', () => {
    const state = new PairState(store, 'p', ROOT);
    state.atomically(() => {
      for (const side of ['remote', 'local', 'synced'] as const) state.put(side, file('d1', 'a.txt', 'v1'));
      state.intend({ side: 'local', id: 'd1', hash: 'v2', parentId: ROOT, name: 'a.txt' });
    });
    settleDownloads(state, { tree: new Map([['d1', file('d1', 'a.txt', 'v1')]]), metas: new Map() });
    expect(state.synced.get('d1')?.hash).toBe('v1');
    expect(state.intents.size).toBe(0);
  });
});
