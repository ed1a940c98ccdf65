/** Sync engine scenarios: content in both directions, conflicts, deletes (docs/architecture.md, "The sync engine"). */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { nodeFs } from '../../../main/sync/syncFs.ts';
import { describe, expect, it } from 'vitest';
import { expectInSync, sandbox, sha } from './harness.ts';

const { service, fresh } = sandbox();

describe('sync basics', () => {
  it('initial upload', async () => {
    const sc = await fresh();
    sc.write('a.txt', 'alpha');
    sc.write('docs/b.txt', 'beta');
    sc.write('docs/deep/c.txt', 'gamma');
    const r = await sc.sync();
    expect(r.converged).toBe(true);
    expect(await sc.remoteListing()).toEqual({ 'a.txt': sha('alpha'), 'docs/': '', 'docs/b.txt': sha('beta'), 'docs/deep/': '', 'docs/deep/c.txt': sha('gamma') });
  });

  it('initial download', async () => {
    const sc = await fresh();
    await sc.remoteWrite('x.txt', 'from service');
    await sc.remoteWrite('f/y.txt', 'nested');
    expect((await sc.sync()).converged).toBe(true);
    expect(sc.read('x.txt')).toBe('from service');
    expect(sc.read('f/y.txt')).toBe('nested');
    await expectInSync(sc);
  });

  it('edit local', async () => {
    const sc = await fresh();
    sc.write('a.txt', 'v1');
    await sc.sync();
    sc.write('a.txt', 'v2 local');
    await sc.sync();
    expect((await sc.remoteDoc('a.txt')).contentHash).toBe(sha('v2 local'));
    expect((await sc.remoteDoc('a.txt')).currentVersionNo).toBe(2);
  });

  it('edit remote', async () => {
    const sc = await fresh();
    sc.write('a.txt', 'v1');
    await sc.sync();
    await sc.remoteWrite('a.txt', 'v2 remote');
    await sc.sync();
    expect(sc.read('a.txt')).toBe('v2 remote');
  });

  it('both edit, differently: the service copy keeps the name and the local edit becomes a conflicted copy, uploaded too', async () => {
    const sc = await fresh();
    sc.write('report.txt', 'base');
    await sc.sync();
    sc.write('report.txt', 'local edit');
    await sc.remoteWrite('report.txt', 'remote edit');
    const r = await sc.sync();
    expect(r.conflicts).toBe(1);
    const listing = sc.localListing();
    expect(listing['report.txt']).toBe(sha('remote edit'));
    const copies = Object.entries(listing).filter(([k]) => /^report \(conflicted copy \d{4}-\d\d-\d\d \d{6} testhost\)\.txt$/.test(k));
    expect(copies).toEqual([[copies[0]?.[0], sha('local edit')]]);
    await expectInSync(sc);
  });

  it('both edit, identically: recorded without a conflict', async () => {
    const sc = await fresh();
    sc.write('same.txt', 'base');
    await sc.sync();
    sc.write('same.txt', 'identical');
    await sc.remoteWrite('same.txt', 'identical');
    const r = await sc.sync();
    expect(r.conflicts).toBe(0);
    expect(r.uploaded + r.downloaded).toBe(0);
    expect(Object.keys(sc.localListing())).toEqual(['same.txt']);
  });

  it('delete local: the document goes to the service recycle bin', async () => {
    const sc = await fresh();
    sc.write('gone.txt', 'bye');
    sc.write('stays.txt', 'hi');
    await sc.sync();
    const doc = await sc.remoteDoc('gone.txt');
    rmSync(join(sc.dir, 'gone.txt'));
    await sc.sync();
    expect(await sc.remoteListing()).toEqual({ 'stays.txt': sha('hi') });
    const after = await service().client.getDocument(doc.docId);
    expect(after.state).toBe('DELETED');
    expect(after.purgeAt).not.toBe('');
  });

  it('delete remote', async () => {
    const sc = await fresh();
    sc.write('gone.txt', 'bye');
    await sc.sync();
    await service().client.deleteDocument((await sc.remoteDoc('gone.txt')).docId);
    await sc.sync();
    expect(existsSync(join(sc.dir, 'gone.txt'))).toBe(false);
  });

  it('edit local vs delete remote: the edit wins', async () => {
    const sc = await fresh();
    sc.write('keep.txt', 'v1');
    await sc.sync();
    await service().client.deleteDocument((await sc.remoteDoc('keep.txt')).docId);
    sc.write('keep.txt', 'v2 edited offline');
    await sc.sync();
    expect(await sc.remoteListing()).toEqual({ 'keep.txt': sha('v2 edited offline') });
  });

  it('edit remote vs delete local: the edit wins', async () => {
    const sc = await fresh();
    sc.write('keep.txt', 'v1');
    await sc.sync();
    rmSync(join(sc.dir, 'keep.txt'));
    await sc.remoteWrite('keep.txt', 'v2 edited on the service');
    await sc.sync();
    expect(sc.read('keep.txt')).toBe('v2 edited on the service');
    await expectInSync(sc);
  });

  it('ignored files, empty folders and zero-byte files', async () => {
    const sc = await fresh();
    sc.write('.folioignore', 'build/\n*.log\n');
    sc.write('build/out.bin', 'artifact');
    sc.write('debug.log', 'noise');
    sc.write('~$lock.docx', 'office lock');
    sc.write('x.tmp', 'temp');
    sc.write('empty.txt', '');
    sc.write('keep/.gitkeep', '');
    await sc.sync();
    expect(await sc.remoteListing()).toEqual({ '.folioignore': sha('build/\n*.log\n'), 'empty.txt': sha(''), 'keep/': '', 'keep/.gitkeep': sha('') });
  });

  it('creates an empty folder on both sides', async () => {
    const sc = await fresh();
    sc.write('x/.keep', '');
    rmSync(join(sc.dir, 'x/.keep'));
    await service().client.createContainer({ parentId: sc.rootId, name: 'remote-empty' });
    await sc.sync();
    await expectInSync(sc);
    expect(sc.localListing()).toEqual({ 'remote-empty/': '', 'x/': '' });
  });

  it('a new tree on the service comes down in one round, however deep: each folder before what goes in it', async () => {
    const sc = await fresh();
    const levels = ['a', 'a/b', 'a/b/c', 'a/b/c/d', 'a/b/c/d/e'];
    for (const [i, dir] of levels.entries()) await sc.remoteWrite(`${dir}/f${i}.txt`, `level ${i}`);
    await sc.remoteWrite('top.txt', 'top');
    // The second round plans nothing: the first placed five folders and six files.
    expect(await sc.sync()).toMatchObject({ converged: true, rounds: 2, downloaded: 11, errors: [] });
    await expectInSync(sc);
    expect(sc.read('a/b/c/d/e/f4.txt')).toBe('level 4');
  });

  it('a folder that a round was to create, taken on disk just before: what goes in it waits for a later round', async () => {
    let raced = false;
    const sc = await fresh({
      fs: {
        ...nodeFs,
        // The user's file takes the folder's name between the scan and the mkdir, once.
        mkdir: async (path) => {
          if (basename(path) === 'a' && !raced) {
            raced = true;
            writeFileSync(path, 'mine');
          }
          return nodeFs.mkdir(path);
        },
      },
    });
    await sc.remoteWrite('a/b/c.txt', 'deep');
    await sc.settle();
    await expectInSync(sc);
    expect(sc.read('a/b/c.txt')).toBe('deep');
    expect(Object.entries(sc.localListing()).filter(([path, hash]) => /^a \(conflicted copy .+\)$/.test(path) && hash === sha('mine'))).toHaveLength(1);
  });

  it('deep hierarchy (depth 30)', async () => {
    const sc = await fresh();
    const deep = Array.from({ length: 30 }, (_, i) => `d${i}`).join('/');
    sc.write(`${deep}/leaf.txt`, 'deep');
    expect((await sc.sync()).converged).toBe(true);
    await expectInSync(sc);
    expect((await sc.remoteListing())[`${deep}/leaf.txt`]).toBe(sha('deep'));
  });
});
