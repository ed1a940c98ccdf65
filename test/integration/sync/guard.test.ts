/**
 * The mass-delete guard and the vanished root (docs/architecture.md, "The sync engine"): a pass that would delete more than
 * half of a pair's files (and at least the configured minimum), or that finds the pair's folder
 * gone on either side, deletes nothing and pauses the pair until the user confirms.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectInSync, sandbox, sha, type Scenario } from './harness.ts';

const { service, fresh } = sandbox();

function writeMany(s: Scenario, n: number, prefix = 'f'): void {
  for (let i = 0; i < n; i++) s.write(`${prefix}${String(i).padStart(2, '0')}.txt`, `${prefix} ${i}`);
}

function removeMany(s: Scenario, n: number, prefix = 'f'): void {
  for (let i = 0; i < n; i++) s.remove(`${prefix}${String(i).padStart(2, '0')}.txt`);
}

describe('mass-delete guard', () => {
  it('deleting more than half of the files locally pauses the pair; nothing is deleted on the service until confirmed', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 10 } });
    writeMany(s, 20);
    await s.settle();
    removeMany(s, 15);
    const r = await s.sync();
    expect(r.converged).toBe(false);
    expect(r.blocked).toMatch(/15 of 20 files would be deleted/);
    expect(r.deleted).toBe(0);
    expect(Object.keys(await s.remoteListing())).toHaveLength(20);
    expect(s.engine.pair().condition.kind).toBe('mass-delete');
    const still = await s.sync();
    expect(still.blocked).not.toBe('');
    expect(Object.keys(await s.remoteListing())).toHaveLength(20);
    s.confirmDeletes();
    const after = await s.settle();
    expect(after.deleted).toBe(15);
    expect(Object.keys(await s.remoteListing())).toHaveLength(5);
    expect(s.engine.pair().condition).toEqual({ kind: 'active' });
  });

  it('a pass that looks nowhere locally, or only where a later event points, keeps the guard and deletes none of what it holds back', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 10 } });
    writeMany(s, 20);
    await s.settle();
    removeMany(s, 15);
    expect((await s.sync()).blocked).toMatch(/15 of 20 files would be deleted/);
    // The loop's next round may look nowhere locally (its events were all consumed, or all for
    // ignored paths) or only at one deleted file. Such a pass keeps the unadopted tree, where the
    // files are still present; it must not find nothing to do and release the guard.
    for (const hints of [[], ['f00.txt']]) {
      const hinted = await s.sync({ hints });
      expect(hinted.deleted).toBe(0);
      expect(hinted.blocked).toMatch(/15 of 20 files would be deleted/);
      expect(s.engine.pair().condition.kind).toBe('mass-delete');
    }
    expect(Object.keys(await s.remoteListing())).toHaveLength(20);
  });

  it('a mass delete on the service deletes nothing locally until confirmed', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 10 } });
    writeMany(s, 12);
    await s.settle();
    await s.remoteDelete('f00.txt');
    for (let i = 1; i < 12; i++) await s.remoteDelete(`f${String(i).padStart(2, '0')}.txt`);
    const r = await s.sync();
    expect(r.blocked).toMatch(/12 of 12 files/);
    expect(Object.keys(s.localListing())).toHaveLength(12);
    s.confirmDeletes();
    await s.settle();
    expect(s.localListing()).toEqual({});
  });

  it('a deleted folder counts every file in it', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 10 } });
    writeMany(s, 12, 'big/f');
    s.write('other.txt', 'o');
    await s.settle();
    s.remove('big');
    const r = await s.sync();
    expect(r.blocked).toMatch(/12 of 13 files/);
  });

  it('deletes below the configured minimum go ahead without asking', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 100 } });
    writeMany(s, 20);
    await s.settle();
    removeMany(s, 15);
    const r = await s.settle();
    expect(r.blocked).toBe('');
    expect(Object.keys(await s.remoteListing())).toHaveLength(5);
  });

  it('deleting half or less never trips the guard', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 1 } });
    writeMany(s, 20);
    await s.settle();
    removeMany(s, 10);
    const r = await s.settle();
    expect(r.blocked).toBe('');
    expect(Object.keys(await s.remoteListing())).toHaveLength(10);
  });

  it('a confirmation is used up once the pair is in sync: the next mass delete asks again', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 2 } });
    writeMany(s, 8);
    await s.settle();
    removeMany(s, 6);
    expect((await s.sync()).blocked).not.toBe('');
    s.confirmDeletes();
    await s.settle();
    s.remove('f06.txt');
    s.remove('f07.txt');
    s.write('kept.txt', 'k');
    const again = await s.sync();
    expect(again.blocked).toMatch(/2 of 2 files/);
    expect(Object.keys(await s.remoteListing()).sort()).toEqual(['f06.txt', 'f07.txt']);
  });

  it('lists what it holds back, and "restore" downloads the deleted files again and deletes nothing on the service', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 5 } });
    writeMany(s, 4);
    writeMany(s, 6, 'docs/g');
    s.write('kept.txt', 'k');
    await s.settle();
    const saved = s.localListing();
    removeMany(s, 4);
    s.remove('docs');
    expect((await s.sync()).blocked).toMatch(/10 of 11 files/);
    const held = s.engine.owner.pendingDeletes();
    expect(held.filter((i) => i.kind === 'file').map((i) => i.path)).toEqual(Object.keys(saved).filter((p) => p !== 'kept.txt' && !p.endsWith('/')).sort());
    expect(held.find((i) => i.path === 'docs')).toMatchObject({ kind: 'dir', side: 'service' });
    expect(held.every((i) => i.side === 'service')).toBe(true);

    expect(s.engine.owner.restoreDeletes()).toBe(11);
    expect(s.engine.pair().condition).toEqual({ kind: 'active' });
    const r = await s.settle();
    expect(r.deleted).toBe(0);
    expect(s.localListing()).toEqual(saved);
    expect(await s.remoteListing()).toEqual(saved);
    expect(s.engine.owner.pendingDeletes()).toEqual([]);
  });

  it('"restore" after a mass delete on the service uploads the files again', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 5 } });
    writeMany(s, 6);
    await s.settle();
    const saved = s.localListing();
    for (let i = 0; i < 6; i++) await s.remoteDelete(`f${String(i).padStart(2, '0')}.txt`);
    expect((await s.sync()).blocked).toMatch(/6 of 6 files/);
    expect(s.engine.owner.pendingDeletes().map((i) => i.side)).toEqual(Array(6).fill('here'));
    s.engine.owner.restoreDeletes();
    await s.settle();
    expect(s.localListing()).toEqual(saved);
    expect(await s.remoteListing()).toEqual(saved);
  });

  it('the guard lifts by itself when the files come back', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 5 } });
    writeMany(s, 10);
    await s.settle();
    const saved = s.localListing();
    removeMany(s, 8);
    expect((await s.sync()).blocked).not.toBe('');
    writeMany(s, 8);
    const r = await s.settle();
    expect(r.blocked).toBe('');
    expect(r.deleted).toBe(0);
    expect(await s.remoteListing()).toEqual(saved);
  });
});

describe('vanished root', () => {
  it('the pair folder removed: the pair pauses and nothing is deleted on the service; back again, it resumes by itself', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 1000 } });
    s.write('a.txt', 'a');
    s.write('d/b.txt', 'b');
    await s.settle();
    const before = await s.remoteListing();
    const moved = `${s.dir}-unmounted`;
    renameSync(s.dir, moved);
    const r = await s.sync();
    expect(r.blocked).toMatch(/missing/);
    expect(s.engine.pair().condition.kind).toBe('root-missing');
    expect(await s.remoteListing()).toEqual(before);
    renameSync(moved, s.dir);
    const back = await s.settle();
    expect(back.blocked).toBe('');
    expect(back.deleted).toBe(0);
    await expectInSync(s);
    expect(await s.remoteListing()).toEqual(before);
  });

  it('a file where the pair folder was: the pause says it is a file, nothing is deleted, and the folder back resumes', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 1000 } });
    s.write('a.txt', 'a');
    await s.settle();
    const before = await s.remoteListing();
    const moved = `${s.dir}-aside`;
    renameSync(s.dir, moved);
    writeFileSync(s.dir, 'a file in the way');
    const r = await s.sync();
    expect(r.blocked).toBe(`${s.dir} is a file, not a folder; nothing is deleted until the folder is back`);
    expect(await s.remoteListing()).toEqual(before);
    rmSync(s.dir);
    renameSync(moved, s.dir);
    expect((await s.settle()).blocked).toBe('');
    await expectInSync(s);
  });

  it('an emptied pair folder (an unmounted mount point) trips the mass-delete guard, whatever the minimum', async () => {
    const s = await fresh({ settings: { massDeleteMinimum: 1000 } });
    s.write('a.txt', 'a');
    s.write('b.txt', 'b');
    s.write('d/c.txt', 'c');
    await s.settle();
    for (const name of ['a.txt', 'b.txt', 'd']) rmSync(s.abs(name), { recursive: true });
    const r = await s.sync();
    expect(r.blocked).toMatch(/is empty .*3 files would be deleted/);
    expect(Object.keys(await s.remoteListing())).toHaveLength(4);
  });

  it('the pair folder deleted on the service: nothing is deleted locally; restored, the pair resumes', async () => {
    const s = await fresh();
    s.write('a.txt', 'a');
    await s.settle();
    await service().client.deleteContainer(s.rootId);
    const r = await s.sync();
    expect(r.blocked).toMatch(/service folder/);
    expect(s.localListing()).toEqual({ 'a.txt': sha('a') });
    await service().client.v1(contract.containers.restore, { containerId: s.rootId });
    s.write('b.txt', 'b');
    const back = await s.settle();
    expect(back.blocked).toBe('');
    await expectInSync(s);
  });
});
