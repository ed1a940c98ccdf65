/**
 * The running SHA-256 of chunked uploads, over a real assembly file: the digest is always the hash
 * of the file as it is on disk, whether the chunks came in order (hashed as they arrive, the file
 * read once), out of order, re-sent with other bytes, or only after a restart (the fallback).
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, createReadStream, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RunningHash } from '../../../main/service/versions/runningHash.ts';
import type { ChunkGeometry } from '../../../main/store/assemblyStore.ts';
import { HashThread, type RangeHasher } from '../../../main/store/hashThread.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

let dir: string;
let file: string;
let bytesRead: number;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const fileHash = () => sha256(readFileSync(file));
const settle = () => new Promise((r) => setTimeout(r, 5));

function geometry(totalSize: number, chunkSize: number): ChunkGeometry {
  return { totalSize, chunkSize, totalChunks: Math.max(1, Math.ceil(totalSize / chunkSize)) };
}

/** Reads the assembly file like the store does, counting every byte read. */
function reader(start: number, end: number): Readable {
  const stream = createReadStream(file, { start, end: end - 1, highWaterMark: 64 * 1024 });
  stream.on('data', (piece) => (bytesRead += piece.length));
  return stream;
}

/** Hashers that read through `read` and hash on this thread: what the service's hash thread does, observable. */
function hashersReading(read: (start: number, end: number) => AsyncIterable<Buffer>): () => RangeHasher {
  return () => {
    const hash = createHash('sha256');
    return {
      update: async (start, end) => {
        for await (const piece of read(start, end)) hash.update(piece as Buffer);
      },
      digest: async () => hash.copy().digest('hex'),
      close: () => {},
    };
  };
}

function chunkBytes(g: ChunkGeometry, index: number): Buffer {
  return randomBytes(Math.min(g.chunkSize, g.totalSize - index * g.chunkSize));
}

/** What putChunk does: announce the change, write the bytes in place, then mark the chunk stored. */
function putChunk(hash: RunningHash, g: ChunkGeometry, index: number, bytes: Buffer): void {
  hash.changing(index);
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, index * g.chunkSize);
  } finally {
    closeSync(fd);
  }
  hash.storedChunk(index);
}

beforeEach(() => {
  dir = tempDir('folio-hash-');
  file = join(dir, 'upload.part');
  closeSync(openSync(file, 'w'));
  bytesRead = 0;
});

afterEach(() => removeDir(dir));

const threads = new HashThread();
afterAll(() => threads.close());

describe('RunningHash', () => {
  it('hashes chunks that arrive in order as they come, so the whole file is read exactly once', async () => {
    const g = geometry(10 * 1000 + 123, 1000);
    const hash = new RunningHash(g, hashersReading(reader));
    for (let i = 0; i < g.totalChunks; i++) {
      putChunk(hash, g, i, chunkBytes(g, i));
      await vi.waitFor(() => expect(hash.hashedChunks).toBe(i + 1));
    }
    expect(await hash.digest()).toBe(fileHash());
    expect(bytesRead).toBe(g.totalSize);
  });

  it('waits for the gap before an out-of-order chunk, and still gives the hash of the file', async () => {
    const g = geometry(5000, 1000);
    const hash = new RunningHash(g, hashersReading(reader));
    for (const i of [1, 2, 4]) putChunk(hash, g, i, chunkBytes(g, i));
    await settle();
    expect(hash.hashedChunks).toBe(0);
    putChunk(hash, g, 0, chunkBytes(g, 0));
    await vi.waitFor(() => expect(hash.hashedChunks).toBe(3));
    putChunk(hash, g, 3, chunkBytes(g, 3));
    expect(await hash.digest()).toBe(fileHash());
  });

  it('starts over when a chunk it already hashed is written again with other bytes', async () => {
    const g = geometry(4000, 1000);
    const hash = new RunningHash(g, hashersReading(reader));
    for (let i = 0; i < 4; i++) putChunk(hash, g, i, chunkBytes(g, i));
    await settle();
    const before = await hash.digest();
    putChunk(hash, g, 1, chunkBytes(g, 1));
    const after = await hash.digest();
    expect(after).not.toBe(before);
    expect(after).toBe(fileHash());
  });

  it('drops a chunk it is reading when that chunk is written again meanwhile', async () => {
    const g = geometry(3000, 1000);
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => (open = r));
    // Takes the bytes at once but hands them over only when the gate opens: the read raced the re-write.
    let reads = 0;
    const slowReader = (start: number, end: number): Readable => {
      reads++;
      const snapshot = readFileSync(file).subarray(start, end);
      return Readable.from((async function* () {
        await gate;
        yield snapshot;
      })());
    };
    const hash = new RunningHash(g, hashersReading(slowReader));
    putChunk(hash, g, 0, chunkBytes(g, 0));
    await vi.waitFor(() => expect(reads).toBe(1));
    putChunk(hash, g, 0, chunkBytes(g, 0));
    open();
    putChunk(hash, g, 1, chunkBytes(g, 1));
    putChunk(hash, g, 2, chunkBytes(g, 2));
    expect(await hash.digest()).toBe(fileHash());
  });

  it('gives after a restart (a new hash over the chunks already stored) the same digest as the running one', async () => {
    const g = geometry(8 * 1000 + 1, 1000);
    const running = new RunningHash(g, hashersReading(reader));
    for (const i of [0, 1, 2, 5, 3, 4, 8, 6, 7]) putChunk(running, g, i, chunkBytes(g, i));
    const fallback = new RunningHash(g, hashersReading(reader), [...Array(g.totalChunks).keys()]);
    expect(await fallback.digest()).toBe(await running.digest());
    expect(await fallback.digest()).toBe(fileHash());
  });

  it('hashes a 0-byte upload', async () => {
    const g = geometry(0, 1000);
    const hash = new RunningHash(g, hashersReading(reader));
    putChunk(hash, g, 0, Buffer.alloc(0));
    expect(await hash.digest()).toBe(sha256(new Uint8Array(0)));
  });

  it('refuses a digest while a chunk is missing', async () => {
    const g = geometry(3000, 1000);
    const hash = new RunningHash(g, hashersReading(reader));
    putChunk(hash, g, 0, chunkBytes(g, 0));
    putChunk(hash, g, 2, chunkBytes(g, 2));
    await expect(hash.digest()).rejects.toThrow('only 1 of 3 chunks');
  });

  it('reports a read failure from digest instead of hanging', async () => {
    const g = geometry(3000, 1000);
    for (let i = 0; i < 3; i++) putChunk(new RunningHash(g, hashersReading(reader)), g, i, chunkBytes(g, i));
    rmSync(file);
    await expect(new RunningHash(g, hashersReading(reader), [0, 1, 2]).digest()).rejects.toThrow(/ENOENT/);
  });

  it.each([
    ['on the calling thread', () => hashersReading(reader)],
    ['on the hash thread', () => () => threads.hasher(file)],
  ])('always ends at the hash of the file, whatever the order, re-sends and timing, %s (property)', async (_, hashers) => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('put' as const), index: fc.nat(), same: fc.boolean() }),
      fc.record({ kind: fc.constant('pause' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 9000 }), fc.integer({ min: 500, max: 2000 }), fc.array(op, { maxLength: 30 }), async (size, chunkSize, ops) => {
        closeSync(openSync(file, 'w'));
        const g = geometry(size, chunkSize);
        const last = new Map<number, Buffer>();
        const hash = new RunningHash(g, hashers());
        const put = (index: number, same: boolean) => {
          const bytes = same && last.has(index) ? (last.get(index) as Buffer) : chunkBytes(g, index);
          last.set(index, bytes);
          putChunk(hash, g, index, bytes);
        };
        for (const o of ops) {
          if (o.kind === 'pause') await settle();
          else put(o.index % g.totalChunks, o.same);
        }
        for (let i = 0; i < g.totalChunks; i++) if (!last.has(i)) put(i, false);
        const digest = await hash.digest();
        expect(digest).toBe(fileHash());
        expect(await new RunningHash(g, hashers(), [...Array(g.totalChunks).keys()]).digest()).toBe(digest);
        hash.close();
      }),
      { numRuns: 60 },
    );
  });
});

describe('HashThread', () => {
  it('hashes ranges of a file in the order given, off the main thread, one hash per hasher', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    writeFileSync(file, bytes);
    const a = threads.hasher(file);
    const b = threads.hasher(file);
    await a.update(0, 1000);
    await b.update(1000, 2000);
    expect(await a.digest()).toBe(sha256(bytes.subarray(0, 1000)));
    await a.update(1000, bytes.length);
    expect(await a.digest()).toBe(sha256(bytes));
    expect(await b.digest()).toBe(sha256(bytes.subarray(1000, 2000)));
    a.close();
    b.close();
  });

  it('fails an update past the end of the file, and one of a file that is gone', async () => {
    writeFileSync(file, Buffer.from('short'));
    await expect(threads.hasher(file).update(0, 100)).rejects.toThrow(/ends at byte 5/);
    await expect(threads.hasher(join(dir, 'missing')).update(0, 1)).rejects.toThrow(/ENOENT/);
  });

  it('fails the hashes of a thread that stopped, and hashes anew with a new hasher', async () => {
    writeFileSync(file, Buffer.from('abc'));
    const own = new HashThread();
    const before = own.hasher(file);
    await before.update(0, 3);
    await own.close();
    await expect(before.digest()).rejects.toThrow(/stopped|gone/);
    const after = own.hasher(file);
    await after.update(0, 3);
    expect(await after.digest()).toBe(sha256(Buffer.from('abc')));
    await own.close();
  });
});
