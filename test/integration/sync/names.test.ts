/**
 * Names (docs/sync.md, "Names"): case-only renames, Unicode NFC/NFD, case clashes on a
 * case-insensitive pair, and names one side cannot hold, which are left out and reported.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sandbox, sha } from './harness.ts';

const { service, fresh } = sandbox();

const NFC = 'caf\u00e9.txt';
const NFD = 'cafe\u0301.txt';

describe('names', () => {
  for (const caseInsensitive of [false, true]) {
    it(`case-only rename, local, on a case-${caseInsensitive ? 'insensitive' : 'sensitive'} pair: one rename on the service`, async () => {
      const s = await fresh({ settings: { caseInsensitive } });
      s.write('readme.md', 'r');
      await s.settle();
      const doc = await s.remoteDoc('readme.md');
      s.move('readme.md', 'README.md');
      const r = await s.settle();
      expect(r.moved).toBe(1);
      expect((await s.remoteDoc('README.md')).docId).toBe(doc.docId);
      expect(await s.remoteListing()).toEqual({ 'README.md': sha('r') });
    });

    it(`case-only rename, remote, on a case-${caseInsensitive ? 'insensitive' : 'sensitive'} pair: one rename on disk`, async () => {
      const s = await fresh({ settings: { caseInsensitive } });
      s.write('readme.md', 'r');
      await s.settle();
      const ino = s.ino('readme.md');
      await s.remoteMove('readme.md', '', 'README.md');
      const r = await s.settle();
      expect(r.moved).toBe(1);
      expect(readdirSync(s.dir)).toEqual(['README.md']);
      expect(s.ino('README.md')).toBe(ino);
    });
  }

  it('a file created locally with an NFD name syncs as its NFC twin and does not loop', async () => {
    const s = await fresh();
    s.write(NFD, 'accent');
    await s.settle();
    expect(await s.remoteListing()).toEqual({ [NFC]: sha('accent') });
    const again = await s.settle();
    expect(again).toMatchObject({ uploaded: 0, downloaded: 0, moved: 0, deleted: 0, conflicts: 0, rounds: 1 });
    await s.remoteWrite(NFC, 'edited on the service');
    await s.settle();
    expect(readdirSync(s.dir)).toEqual([NFD]);
    expect(s.read(NFD)).toBe('edited on the service');
    const doc = await s.remoteDoc(NFC);
    s.write(NFD, 'edited here');
    await s.settle();
    expect((await s.remoteDoc(NFC)).docId).toBe(doc.docId);
    expect((await s.remoteDoc(NFC)).contentHash).toBe(sha('edited here'));
  });

  it('NFC and NFD twins side by side on disk: the NFC one syncs, the other is left out and reported', async () => {
    const s = await fresh();
    s.write(NFC, 'composed');
    s.write(NFD, 'decomposed');
    const r = await s.settle();
    expect(r.converged).toBe(true);
    expect(await s.remoteListing()).toEqual({ [NFC]: sha('composed') });
    expect(r.leftOut).toEqual([{ side: 'local', path: NFD, reason: 'name-clash' }]);
    expect(s.read(NFD)).toBe('decomposed');
  });

  it('case clash on a case-insensitive pair: one of two service names differing only by case syncs, the other is left out, reported and kept on the service', async () => {
    const s = await fresh({ settings: { caseInsensitive: true } });
    await s.remoteWrite('Readme.md', 'lower');
    await s.remoteWrite('README.md', 'upper');
    const r = await s.settle();
    expect(r.converged).toBe(true);
    expect(s.localListing()).toEqual({ 'README.md': sha('upper') });
    expect(r.leftOut).toEqual([{ side: 'remote', path: 'Readme.md', reason: 'name-clash' }]);
    expect(await s.remoteListing()).toEqual({ 'README.md': sha('upper'), 'Readme.md': sha('lower') });
    await s.remoteMove('Readme.md', '', 'Readme (2).md');
    const after = await s.settle();
    expect(after.leftOut).toEqual([]);
    expect(s.localListing()).toEqual({ 'README.md': sha('upper'), 'Readme (2).md': sha('lower') });
  });

  it('case clash: the name already on disk keeps syncing, and is never renamed on the service', async () => {
    const s = await fresh({ settings: { caseInsensitive: true } });
    s.write('notes.txt', 'mine');
    await s.settle();
    await s.remoteWrite('NOTES.txt', 'theirs');
    const r = await s.settle();
    expect(r.leftOut).toEqual([{ side: 'remote', path: 'NOTES.txt', reason: 'name-clash' }]);
    s.write('notes.txt', 'mine, edited');
    await s.settle();
    expect(await s.remoteListing()).toEqual({ 'NOTES.txt': sha('theirs'), 'notes.txt': sha('mine, edited') });
  });

  it('case clash between a new local file and a new service file: the local one keeps its name and goes up, the service one is left out', async () => {
    const s = await fresh({ settings: { caseInsensitive: true } });
    s.write('plan.txt', 'mine');
    await s.remoteWrite('PLAN.txt', 'theirs');
    const r = await s.settle();
    expect(r.leftOut).toEqual([{ side: 'remote', path: 'PLAN.txt', reason: 'name-clash' }]);
    expect(s.localListing()).toEqual({ 'plan.txt': sha('mine') });
    expect(await s.remoteListing()).toEqual({ 'PLAN.txt': sha('theirs'), 'plan.txt': sha('mine') });
  });

  it('service names illegal on Windows are left out there, reported, and never deleted on the service', async () => {
    const s = await fresh({ platform: 'win32' });
    for (const name of ['con.txt', 'a:b.txt', 'trailing.', 'fine.txt']) await s.remoteWrite(name, name);
    await s.remoteWrite('aux/inside.txt', 'in a reserved folder name');
    const r = await s.settle();
    expect(r.converged).toBe(true);
    expect(s.localListing()).toEqual({ 'fine.txt': sha('fine.txt') });
    expect(r.leftOut.map((l) => `${l.path}: ${l.reason}`).sort()).toEqual(['a:b.txt: windows-forbidden-character', 'aux: windows-reserved-name', 'con.txt: windows-reserved-name', 'trailing.: windows-trailing-dot-or-space']);
    expect(Object.keys(await s.remoteListing()).sort()).toEqual(['a:b.txt', 'aux/', 'aux/inside.txt', 'con.txt', 'fine.txt', 'trailing.']);
  });

  it('a service name too long for this disk (255 bytes) is left out and reported', async () => {
    const s = await fresh();
    const long = `${'é'.repeat(200)}.txt`;
    await s.remoteWrite(long, 'long');
    await s.remoteWrite('short.txt', 'short');
    const r = await s.settle();
    expect(r.leftOut).toEqual([{ side: 'remote', path: long, reason: 'too-long' }]);
    expect(s.localListing()).toEqual({ 'short.txt': sha('short') });
    expect(Object.keys(await s.remoteListing())).toContain(long);
  });

  it('a service path too long for this disk is left out from the first folder that does not fit', async () => {
    const s = await fresh();
    const segment = 'p'.repeat(250);
    let parent = s.rootId;
    for (let depth = 0; depth < 17; depth++) parent = (await service().client.createContainer({ parentId: parent, name: segment })).containerId;
    const r = await s.settle();
    expect(r.converged).toBe(true);
    expect(r.leftOut).toHaveLength(1);
    expect(r.leftOut[0]?.reason).toBe('path-too-long');
    expect(Buffer.byteLength(`${s.dir}/${r.leftOut[0]?.path}`)).toBeGreaterThanOrEqual(4096);
    expect(Object.keys(s.localListing()).length).toBeGreaterThan(10);
  });

  it('a local name the service cannot hold is left out and reported', async () => {
    const s = await fresh();
    s.write('line\nbreak.txt', 'x');
    s.write('   ', 'blank');
    s.write('ok.txt', 'ok');
    const r = await s.settle();
    expect(r.leftOut.map((l) => l.path).sort()).toEqual(['   ', 'line\nbreak.txt']);
    expect(await s.remoteListing()).toEqual({ 'ok.txt': sha('ok') });
    expect(s.read('line\nbreak.txt')).toBe('x');
  });
});
