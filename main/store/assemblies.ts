/**
 * Assembly files of chunked uploads: one file per session, uploads/<uploadId>.part, into which
 * each chunk is written in place at index × chunkSize. Completing needs no copy: the file is
 * linked into the blob store as it is.
 */
import { createHash } from 'node:crypto';
import { constants, createReadStream, mkdirSync } from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { SizeLimitExceeded, writeStreamAt } from './streamWrite.ts';

const UPLOAD_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SUFFIX = '.part';

/** A chunk whose bytes do not fill its slot exactly. */
export class ChunkLengthMismatch extends Error {
  constructor(
    readonly expected: number,
    readonly received: number | 'more',
  ) {
    super(`expected ${expected} bytes, got ${received === 'more' ? 'more' : received}`);
  }
}

export class AssemblyFiles {
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  pathOf(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`not an upload id: ${uploadId}`);
    return join(this.dir, uploadId + SUFFIX);
  }

  /**
   * Writes exactly `size` bytes from `source` at `offset`, then fdatasyncs them: once this
   * resolves, the chunk survives a crash. Returns the chunk's SHA-256 when `digest` is asked for.
   */
  async writeChunk(uploadId: string, offset: number, size: number, source: Readable, digest: boolean): Promise<string | undefined> {
    const hash = digest ? createHash('sha256') : undefined;
    // Created on first use and never truncated: chunks land in any order, concurrently.
    const fh = await open(this.pathOf(uploadId), constants.O_RDWR | constants.O_CREAT, 0o600);
    try {
      const written = await writeStreamAt(fh, offset, source, size, hash && ((piece) => hash.update(piece))).catch((err: unknown) => {
        throw err instanceof SizeLimitExceeded ? new ChunkLengthMismatch(size, 'more') : err;
      });
      if (written !== size) throw new ChunkLengthMismatch(size, written);
      await fh.datasync();
    } finally {
      await fh.close();
    }
    return hash?.digest('hex');
  }

  /** Bytes [start, end) of an assembly file. */
  read(uploadId: string, start: number, end: number): Readable {
    return createReadStream(this.pathOf(uploadId), { start, end: end - 1, highWaterMark: 1024 * 1024 });
  }

  /** The file's size; an upload whose first chunk has not arrived has no file yet, and size 0. */
  async size(uploadId: string): Promise<number> {
    return stat(this.pathOf(uploadId)).then(
      (s) => s.size,
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return 0;
        throw err;
      },
    );
  }

  async remove(uploadId: string): Promise<void> {
    await rm(this.pathOf(uploadId), { force: true });
  }

  /** The upload ids that have an assembly file. */
  async list(): Promise<string[]> {
    return (await readdir(this.dir)).filter((name) => name.endsWith(SUFFIX)).map((name) => name.slice(0, -SUFFIX.length));
  }
}
