/** A name that changes kind: a file becomes a folder, or the reverse, on either side. */
import { describe, expect, it } from 'vitest';
import { expectInSync, sandbox, sha } from './harness.ts';

const { service, fresh } = sandbox();

describe('file becomes folder, and the reverse', () => {
  it('a local file becomes a folder: the document goes to the recycle bin, the folder and its content go up', async () => {
    const s = await fresh();
    s.write('x', 'was a file');
    await s.settle();
    const doc = await s.remoteDoc('x');
    s.remove('x');
    s.write('x/inside.txt', 'now a folder');
    await s.settle();
    expect(await s.remoteListing()).toEqual({ 'x/': '', 'x/inside.txt': sha('now a folder') });
    expect((await service().client.getDocument(doc.docId)).state).toBe('DELETED');
    await expectInSync(s);
  });

  it('a local folder becomes a file', async () => {
    const s = await fresh();
    s.write('x/inside.txt', 'in a folder');
    await s.settle();
    s.remove('x');
    s.write('x', 'now a file');
    await s.settle();
    expect(await s.remoteListing()).toEqual({ x: sha('now a file') });
    await expectInSync(s);
  });

  it('a file on the service becomes a folder', async () => {
    const s = await fresh();
    s.write('x', 'was a file');
    await s.settle();
    await s.remoteDelete('x');
    await s.remoteWrite('x/inside.txt', 'now a folder');
    await s.settle();
    expect(s.localListing()).toEqual({ 'x/': '', 'x/inside.txt': sha('now a folder') });
    await expectInSync(s);
  });

  it('a folder on the service becomes a file', async () => {
    const s = await fresh();
    s.write('x/inside.txt', 'in a folder');
    await s.settle();
    await s.remoteDelete('x');
    await s.remoteWrite('x', 'now a file');
    await s.settle();
    expect(s.localListing()).toEqual({ x: sha('now a file') });
    await expectInSync(s);
  });

  it('a file here and a folder there, both new under one name: both are kept', async () => {
    const s = await fresh();
    s.write('x', 'a local file');
    await s.remoteWrite('x/inside.txt', 'a service folder');
    await s.settle();
    const local = s.localListing();
    expect(local['x/inside.txt']).toBe(sha('a service folder'));
    expect(Object.entries(local).filter(([, h]) => h === sha('a local file'))).toHaveLength(1);
    await expectInSync(s);
  });
});
