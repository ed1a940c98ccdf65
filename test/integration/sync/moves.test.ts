/**
 * Renames and moves are single operations on both sides (docs/architecture.md, "The sync engine"): the service keeps its
 * ids and versions, the disk keeps its inodes, and no content travels again.
 */
import { describe, expect, it } from 'vitest';
import { expectInSync, sandbox, sha } from './harness.ts';

const { fresh } = sandbox();

const CONTENT_PATHS = ['/v1/versions/upload', '/v1/versions/uploadChunk', '/v1/versions/download'];

describe('moves and renames', () => {
  it('rename local: one rename on the service, same document, no new version, nothing uploaded', async () => {
    const s = await fresh({ proxy: true });
    s.write('a.txt', 'alpha');
    await s.settle();
    const before = await s.remoteDoc('a.txt');
    s.proxy?.hits.clear();
    s.move('a.txt', 'b.txt');
    const r = await s.settle();
    expect(r.moved).toBe(1);
    const after = await s.remoteDoc('b.txt');
    expect(after.docId).toBe(before.docId);
    expect(after.currentVersionNo).toBe(1);
    expect(s.hits('/v1/documents/update')).toBe(1);
    for (const p of CONTENT_PATHS) expect(s.hits(p)).toBe(0);
    await expectInSync(s);
  });

  it('rename remote: one rename on disk, same inode, nothing downloaded', async () => {
    const s = await fresh({ proxy: true });
    s.write('a.txt', 'alpha');
    await s.settle();
    const ino = s.ino('a.txt');
    s.proxy?.hits.clear();
    await s.remoteMove('a.txt', '', 'renamed.txt');
    const r = await s.settle();
    expect(r.moved).toBe(1);
    expect(s.ino('renamed.txt')).toBe(ino);
    for (const p of CONTENT_PATHS) expect(s.hits(p)).toBe(0);
    await expectInSync(s);
  });

  it('move folder local: one operation on the service; container and document ids unchanged, nothing uploaded again', async () => {
    const s = await fresh({ proxy: true });
    s.write('docs/a.txt', 'a');
    s.write('docs/sub/b.txt', 'b');
    s.mkdir('archive');
    await s.settle();
    const folder = await s.remoteFolder('docs', false);
    const sub = await s.remoteFolder('docs/sub', false);
    const a = await s.remoteDoc('docs/a.txt');
    const b = await s.remoteDoc('docs/sub/b.txt');
    s.proxy?.hits.clear();
    s.move('docs', 'archive/papers');
    const r = await s.settle();
    expect(r.moved).toBe(1);
    expect(s.hits('/v1/containers/update')).toBe(1);
    expect(s.hits('/v1/documents/update')).toBe(0);
    expect(s.hits('/v1/containers/create')).toBe(0);
    for (const p of CONTENT_PATHS) expect(s.hits(p)).toBe(0);
    expect(await s.remoteFolder('archive/papers', false)).toBe(folder);
    expect(await s.remoteFolder('archive/papers/sub', false)).toBe(sub);
    expect((await s.remoteDoc('archive/papers/a.txt')).docId).toBe(a.docId);
    const movedB = await s.remoteDoc('archive/papers/sub/b.txt');
    expect(movedB.docId).toBe(b.docId);
    expect(movedB.currentVersionNo).toBe(1);
    await expectInSync(s);
  });

  it('move folder remote: one rename on disk; inodes unchanged, nothing downloaded again', async () => {
    const s = await fresh({ proxy: true });
    s.write('docs/a.txt', 'a');
    s.write('docs/sub/b.txt', 'b');
    s.mkdir('archive');
    await s.settle();
    const dirIno = s.ino('docs');
    const fileIno = s.ino('docs/sub/b.txt');
    s.proxy?.hits.clear();
    await s.remoteMove('docs', 'archive', 'papers');
    const r = await s.settle();
    expect(r.moved).toBe(1);
    expect(s.ino('archive/papers')).toBe(dirIno);
    expect(s.ino('archive/papers/sub/b.txt')).toBe(fileIno);
    for (const p of CONTENT_PATHS) expect(s.hits(p)).toBe(0);
    expect(s.localListing()).toEqual({ 'archive/': '', 'archive/papers/': '', 'archive/papers/a.txt': sha('a'), 'archive/papers/sub/': '', 'archive/papers/sub/b.txt': sha('b') });
    await expectInSync(s);
  });

  it('rename on both sides, differently: the service name wins, and it stays one document', async () => {
    const s = await fresh();
    s.write('a.txt', 'alpha');
    await s.settle();
    const doc = await s.remoteDoc('a.txt');
    s.move('a.txt', 'local name.txt');
    await s.remoteMove('a.txt', '', 'service name.txt');
    await s.settle();
    expect(s.localListing()).toEqual({ 'service name.txt': sha('alpha') });
    expect((await s.remoteDoc('service name.txt')).docId).toBe(doc.docId);
    await expectInSync(s);
  });

  it('rename on both sides, identically: recorded, nothing moves', async () => {
    const s = await fresh();
    s.write('a.txt', 'alpha');
    await s.settle();
    s.move('a.txt', 'same.txt');
    await s.remoteMove('a.txt', '', 'same.txt');
    const r = await s.settle();
    expect(r.moved).toBe(0);
    expect(s.localListing()).toEqual({ 'same.txt': sha('alpha') });
    await expectInSync(s);
  });

  it('a local rename and a remote edit of the same file both survive', async () => {
    const s = await fresh();
    s.write('a.txt', 'v1');
    await s.settle();
    s.move('a.txt', 'b.txt');
    await s.remoteWrite('a.txt', 'v2 on the service');
    await s.settle();
    expect(s.localListing()).toEqual({ 'b.txt': sha('v2 on the service') });
    await expectInSync(s);
  });

  it('folder moves that would form a cycle: A into B here, B into A on the service; the service wins and nothing is lost', async () => {
    const s = await fresh();
    s.write('A/a.txt', 'in A');
    s.write('B/b.txt', 'in B');
    await s.settle();
    s.move('A', 'B/A');
    await s.remoteMove('B', 'A', 'B');
    await s.settle();
    expect(s.localListing()).toEqual({ 'A/': '', 'A/a.txt': sha('in A'), 'A/B/': '', 'A/B/b.txt': sha('in B') });
    await expectInSync(s);
  });

  it('two names swapped locally reach the service as renames, through a temporary name', async () => {
    const s = await fresh();
    s.write('one.txt', '1');
    s.write('two.txt', '2');
    await s.settle();
    const one = await s.remoteDoc('one.txt');
    s.move('one.txt', 'tmp');
    s.move('two.txt', 'one.txt');
    s.move('tmp', 'two.txt');
    await s.settle();
    expect((await s.remoteDoc('two.txt')).docId).toBe(one.docId);
    expect(s.localListing()).toEqual({ 'one.txt': sha('2'), 'two.txt': sha('1') });
    await expectInSync(s);
  });
});
