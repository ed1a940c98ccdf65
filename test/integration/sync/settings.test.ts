/** Per-pair settings: selective sync, pause and resume, and changing settings through the engine. */
import { describe, expect, it } from 'vitest';
import { InvalidSetting } from '../../../main/sync/settings.ts';
import { sandbox, sha } from './harness.ts';

const { fresh } = sandbox();

describe('selective sync', () => {
  it('an excluded folder is neither downloaded nor deleted', async () => {
    const s = await fresh();
    await s.remoteWrite('keep/a.txt', 'a');
    await s.remoteWrite('skip/b.txt', 'b');
    await s.remoteWrite('skip/deeper/c.txt', 'c');
    s.engine.owner.changeSettings({ excludedFolders: [await s.remoteFolder('skip', false)] });
    const r = await s.settle();
    expect(r.converged).toBe(true);
    expect(s.localListing()).toEqual({ 'keep/': '', 'keep/a.txt': sha('a') });
    expect(Object.keys(await s.remoteListing()).sort()).toEqual(['keep/', 'keep/a.txt', 'skip/', 'skip/b.txt', 'skip/deeper/', 'skip/deeper/c.txt']);
    expect((await s.settle()).rounds).toBe(1);
  });

  it('a folder excluded after it synced stays on disk, and nothing in it syncs either way', async () => {
    const s = await fresh();
    s.write('skip/b.txt', 'b');
    s.write('keep.txt', 'k');
    await s.settle();
    s.engine.owner.changeSettings({ excludedFolders: [await s.remoteFolder('skip', false)] });
    s.write('skip/b.txt', 'edited here');
    s.write('skip/new.txt', 'new here');
    await s.remoteWrite('skip/remote.txt', 'new there');
    await s.settle();
    expect(await s.remoteListing()).toEqual({ 'keep.txt': sha('k'), 'skip/': '', 'skip/b.txt': sha('b'), 'skip/remote.txt': sha('new there') });
    expect(s.localListing()).toEqual({ 'keep.txt': sha('k'), 'skip/': '', 'skip/b.txt': sha('edited here'), 'skip/new.txt': sha('new here') });
    s.remove('skip');
    await s.settle();
    expect(Object.keys(await s.remoteListing())).toContain('skip/b.txt');
  });

  it('a local item where an excluded folder is stays local, untouched', async () => {
    const s = await fresh();
    await s.remoteWrite('skip/b.txt', 'b');
    s.engine.owner.changeSettings({ excludedFolders: [await s.remoteFolder('skip', false)] });
    s.write('skip/mine.txt', 'mine');
    const r = await s.settle();
    expect(r.converged).toBe(true);
    expect(await s.remoteListing()).toEqual({ 'skip/': '', 'skip/b.txt': sha('b') });
    expect(s.localListing()).toEqual({ 'skip/': '', 'skip/mine.txt': sha('mine') });
  });

  it('a folder brought back in syncs afresh: its local copy deleted while it was out is downloaded, not deleted on the service', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 1000 } });
    s.write('skip/b.txt', 'b');
    s.write('keep.txt', 'k');
    await s.settle();
    const skip = await s.remoteFolder('skip', false);
    s.engine.owner.changeSettings({ excludedFolders: [skip] });
    await s.settle();
    s.remove('skip');
    await s.settle();
    s.engine.owner.changeSettings({ excludedFolders: [] });
    await s.settle();
    expect(s.localListing()).toEqual({ 'keep.txt': sha('k'), 'skip/': '', 'skip/b.txt': sha('b') });
    expect(await s.remoteListing()).toEqual(s.localListing());
  });
});

describe('pause and resume', () => {
  it('a paused pair does nothing; resumed, it syncs', async () => {
    const s = await fresh();
    s.engine.owner.pause();
    s.write('a.txt', 'a');
    const r = await s.sync();
    expect(r.blocked).toMatch(/paused/);
    expect(r.uploaded).toBe(0);
    expect(await s.remoteListing()).toEqual({});
    s.engine.owner.resume();
    await s.settle();
    expect(await s.remoteListing()).toEqual({ 'a.txt': sha('a') });
  });

  it('pausing during a pass stops it after the transfers in flight', async () => {
    let paused = false;
    const s = await fresh({
      settings: { concurrency: 1 },
      onProgress: () => {
        if (!paused) {
          paused = true;
          s.engine.owner.pause();
        }
      },
    });
    for (let i = 0; i < 6; i++) s.write(`f${i}.txt`, `file ${i}`);
    const r = await s.sync();
    expect(r.blocked).toMatch(/paused/);
    expect(r.uploaded).toBe(1);
    expect(Object.keys(await s.remoteListing())).toHaveLength(1);
    s.engine.owner.resume();
    await s.settle();
    expect(Object.keys(await s.remoteListing())).toHaveLength(6);
  });
});

describe('changing settings', () => {
  it('stores valid settings and refuses bad ones, naming the field', async () => {
    const s = await fresh();
    const changed = s.engine.owner.changeSettings({ concurrency: 8, uploadLimit: 1_000_000, downloadLimit: 0, massDeleteMinimum: 3 });
    expect(s.store.getPair('p1')?.settings).toEqual(changed);
    expect(changed).toMatchObject({ concurrency: 8, uploadLimit: 1_000_000, massDeleteMinimum: 3 });
    const bad: [string, object][] = [
      ['concurrency', { concurrency: 0 }],
      ['concurrency', { concurrency: 1.5 }],
      ['concurrency', { concurrency: 1000 }],
      ['uploadLimit', { uploadLimit: -1 }],
      ['downloadLimit', { downloadLimit: Number.NaN }],
      ['massDeleteMinimum', { massDeleteMinimum: 0 }],
      ['excludedFolders', { excludedFolders: [''] }],
    ];
    for (const [field, patch] of bad) {
      expect(() => s.engine.owner.changeSettings(patch)).toThrow(InvalidSetting);
      expect(() => s.engine.owner.changeSettings(patch)).toThrow(new RegExp(`^${field}:`));
    }
    expect(s.store.getPair('p1')?.settings).toEqual(changed);
  });
});
