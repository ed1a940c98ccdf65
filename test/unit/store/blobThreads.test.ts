/** The blob threads (main/store/blobThreads.ts) and the in-memory read of a small upload body. */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobPutFailed, BlobThreads } from '../../../main/store/blobThreads.ts';
import { readSmall, SizeLimitExceeded, SourceFailed } from '../../../main/store/streamWrite.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

let dir: string;
let threads: BlobThreads;

beforeEach(() => {
  dir = tempDir('folio-blobthreads-');
  mkdirSync(join(dir, 'tmp'));
  mkdirSync(join(dir, 'shard'));
  threads = new BlobThreads();
});
afterEach(async () => {
  await threads.close();
  removeDir(dir);
});

const put = (name: string, text: string) =>
  threads.put({ tempPath: join(dir, 'tmp', `${name}.part`), target: join(dir, 'shard', name), bytes: Buffer.from(text), directories: [join(dir, 'shard')] });

describe('BlobThreads', () => {
  it('puts many files at once, each under its name, and leaves no temp file', async () => {
    const linked = await Promise.all(Array.from({ length: 20 }, (_, i) => put(`f${i}`, `content ${i}`)));
    expect(linked.every(Boolean)).toBe(true);
    for (let i = 0; i < 20; i++) expect(readFileSync(join(dir, 'shard', `f${i}`), 'utf8')).toBe(`content ${i}`);
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
  });

  it('answers false when the name is taken, keeping the file that was there', async () => {
    expect(await put('same', 'first')).toBe(true);
    expect(await put('same', 'second')).toBe(false);
    expect(readFileSync(join(dir, 'shard', 'same'), 'utf8')).toBe('first');
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
  });

  it("fails a put with the file system's code, leaving nothing behind, and goes on with the next", async () => {
    const missing = threads.put({ tempPath: join(dir, 'tmp', 'x.part'), target: join(dir, 'no-such-dir', 'x'), bytes: Buffer.from('x'), directories: [] });
    await expect(missing).rejects.toBeInstanceOf(BlobPutFailed);
    await expect(missing).rejects.toMatchObject({ code: 'ENOENT' });
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
    expect(await put('after', 'still works')).toBe(true);
  });

  it('after close, a put starts the threads again', async () => {
    expect(await put('before', 'b')).toBe(true);
    await threads.close();
    expect(await put('after-close', 'a')).toBe(true);
    expect(existsSync(join(dir, 'shard', 'after-close'))).toBe(true);
  });
});

describe('readSmall', () => {
  it('reads a stream whole', async () => {
    expect((await readSmall(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 10)).toString()).toBe('abcd');
  });

  it('refuses more than the limit', async () => {
    await expect(readSmall(Readable.from([Buffer.alloc(6), Buffer.alloc(6)]), 10)).rejects.toBeInstanceOf(SizeLimitExceeded);
  });

  it('reports a source that breaks off', async () => {
    const broken = new Readable({ read() {} });
    broken.push(Buffer.from('part'));
    setImmediate(() => broken.destroy(new Error('client went away')));
    await expect(readSmall(broken, 10)).rejects.toBeInstanceOf(SourceFailed);
  });
});
