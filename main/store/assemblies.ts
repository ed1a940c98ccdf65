/**
 * Assembly files of chunked uploads: one file per session, uploads/<uploadId>.part, into which
 * each chunk is written in place at index × chunkSize. Completing needs no copy: the file is
 * linked into the blob store as it is.
 *
 * Durability: waiting for the disk after every chunk would cap an upload at the disk's sync speed,
 * far below what the network delivers. Instead each write schedules a background fdatasync (one
 * at a time per file), so the disk catches up while later chunks arrive, and `makeDurable` waits
 * for the last of it before the file becomes a blob. A chunk that a crash of the whole machine
 * lost before it reached the disk shows up as a content hash that differs from what the client
 * sent; expectedContentHash is the end-to-end check.
 */
import { createHash } from 'node:crypto';
import { constants, mkdirSync } from 'node:fs';
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
  /** Per file: the background fdatasync in flight, and whether writes came in after it started. */
  private readonly syncing = new Map<string, { done: Promise<void>; dirty: boolean }>();

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  pathOf(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`not an upload id: ${uploadId}`);
    return join(this.dir, uploadId + SUFFIX);
  }

  /**
   * Writes exactly `size` bytes from `source` at `offset`, and schedules them for the disk.
   * Returns the chunk's SHA-256 when `digest` is asked for.
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
    } finally {
      await fh.close();
    }
    this.syncBehind(uploadId);
    return hash?.digest('hex');
  }

  /** Resolves once every byte written so far is on disk. */
  async makeDurable(uploadId: string): Promise<void> {
    await this.syncing.get(uploadId)?.done;
    await this.datasync(uploadId);
  }

  private syncBehind(uploadId: string): void {
    const running = this.syncing.get(uploadId);
    if (running) {
      running.dirty = true;
      return;
    }
    const state = { done: Promise.resolve(), dirty: false };
    state.done = (async () => {
      do {
        state.dirty = false;
        // A failure here (the file was removed) is not the writer's problem; makeDurable syncs again and reports.
        await this.datasync(uploadId).catch(() => undefined);
      } while (state.dirty);
      this.syncing.delete(uploadId);
    })();
    this.syncing.set(uploadId, state);
  }

  private async datasync(uploadId: string): Promise<void> {
    const fh = await open(this.pathOf(uploadId), 'r');
    try {
      await fh.datasync();
    } finally {
      await fh.close();
    }
  }

  /** The file's size; undefined when there is no file (no chunk has arrived yet, or the file was lost). */
  async size(uploadId: string): Promise<number | undefined> {
    return stat(this.pathOf(uploadId)).then(
      (s) => s.size,
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
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
