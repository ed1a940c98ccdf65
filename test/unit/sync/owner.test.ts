/** The pair's owner on a real SQLite file: the one writer of a pair's settings and state. */
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSyncStore, type SyncStore } from '../../../main/store/sync/index.ts';
import { PairGone, PairOwner } from '../../../main/sync/owner.ts';
import { tempDir } from '../../helpers/server.ts';

let dir: string;
let store: SyncStore;

beforeEach(async () => {
  dir = tempDir('folio-owner-');
  store = await openSyncStore(dir);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const pair = (pairId: string) => ({ pairId, serverUrl: 'http://127.0.0.1:1', containerId: 'root', dir: `/nowhere/${pairId}` });

describe('PairOwner', () => {
  it('is one object per pair and store, and holds the only writer of the store', () => {
    const owner = PairOwner.add(store, pair('p'));
    expect(PairOwner.of(store, 'p')).toBe(owner);
    expect(() => store.claimPairWriter()).toThrow(/claimed already/);
  });

  it('pauses, resumes, confirms and guards, stored as a tagged union', async () => {
    const owner = PairOwner.add(store, pair('p'));
    expect(owner.condition).toEqual({ kind: 'active' });
    owner.guard({ kind: 'mass-delete', message: '12 of 20 files would be deleted' });
    expect(store.getPair('p')?.condition).toEqual({ kind: 'mass-delete', message: '12 of 20 files would be deleted' });
    owner.confirmDeletes();
    expect(owner.condition).toEqual({ kind: 'deletes-confirmed' });
    owner.pause();
    // A guard the engine raises while the user has the pair paused does not unpause it; nor does a release.
    owner.guard({ kind: 'root-missing', message: 'gone' });
    owner.release();
    expect(owner.condition).toEqual({ kind: 'paused' });
    owner.resume();
    expect(owner.condition).toEqual({ kind: 'active' });

    // A new connection reads what was written: the columns, not a string to parse.
    store.close();
    store = await openSyncStore(dir);
    expect(store.getPair('p')?.condition).toEqual({ kind: 'active' });
  });

  it('tells whether the pair is paused from its one column, and that a removed pair is gone', () => {
    const owner = PairOwner.add(store, pair('p'));
    expect(owner.paused).toBe(false);
    owner.pause();
    expect(owner.paused).toBe(true);
    owner.guard({ kind: 'root-missing', message: 'gone' });
    expect(owner.paused).toBe(true);
    owner.resume();
    expect(owner.paused).toBe(false);
    owner.guard({ kind: 'mass-delete', message: '12 of 20 files would be deleted' });
    expect(owner.paused).toBe(false);
    owner.remove();
    expect(() => owner.paused).toThrow(PairGone);
  });

  it('keeps a confirmation made while a pass ran: that pass, which read no confirmation, raising the guard again does not undo it', () => {
    const owner = PairOwner.add(store, pair('p'));
    owner.guard({ kind: 'mass-delete', message: '12 of 20 files would be deleted' });
    owner.confirmDeletes();
    owner.guard({ kind: 'mass-delete', message: '12 of 20 files would be deleted' });
    expect(owner.condition).toEqual({ kind: 'deletes-confirmed' });
    // Another guard still stops the pair: a folder gone is not what the person confirmed.
    owner.guard({ kind: 'root-missing', message: 'gone' });
    expect(owner.condition).toEqual({ kind: 'root-missing', message: 'gone' });
  });

  it('drops a newly excluded folder from the merge base with the settings, in one transaction', () => {
    const owner = PairOwner.add(store, pair('p'));
    const state = owner.state();
    state.put('synced', { id: 'dir', parentId: 'root', name: 'skip', kind: 'dir', hash: '' });
    state.put('synced', { id: 'f', parentId: 'dir', name: 'a.txt', kind: 'file', hash: 'h' });
    state.put('synced', { id: 'g', parentId: 'root', name: 'keep.txt', kind: 'file', hash: 'h' });
    expect(owner.changeSettings({ excludedFolders: ['dir'] }).excludedFolders).toEqual(['dir']);
    expect([...state.synced.keys()]).toEqual(['g']);
    expect([...store.loadTree('p', 'synced').keys()]).toEqual(['g']);
    expect(store.getPair('p')?.settings.excludedFolders).toEqual(['dir']);
  });

  it('removes the pair, after which nothing can be written for it', () => {
    const owner = PairOwner.add(store, pair('p'));
    owner.remove();
    expect(store.getPair('p')).toBeUndefined();
    expect(() => owner.pause()).toThrow(PairGone);
    expect(PairOwner.of(store, 'p')).not.toBe(owner);
  });
});
