/**
 * Assembly files of chunked uploads, the AssemblyStore under --data (./assemblyStore.ts): one file
 * per session, uploads/<uploadId>.part, into which each chunk is written in place at
 * index × chunkSize. Completing needs no copy: the file is linked into the blob store as it is.
 *
 * Durability: waiting for the disk after every chunk would cap an upload at the disk's sync speed,
 * far below what the network delivers. Instead each write schedules a background fdatasync (one
 * at a time per file), so the disk catches up while later chunks arrive, and `makeDurable` waits
 * for the last of it before the file becomes a blob. A chunk that a crash of the whole machine
 * lost before it reached the disk shows up as a content hash that differs from what the client
 * sent; expectedContentHash is the end-to-end check.
 *
 * Several processes may write one session's file (nodes of a cluster on one data directory, each
 * chunk going wherever the balancer sends it). Each names itself in uploads/<uploadId>.writers/
 * before its first write, so the process that completes can tell whether a hash it kept while
 * chunks arrived saw every write (./../service/versions/chunked.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { constants, mkdirSync } from 'node:fs';
import { mkdir, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { checkedUploadId, ChunkLengthMismatch, LostChunks, type AssemblyStore, type ChunkGeometry, type ChunkSlot, type RunningDigest } from './assemblyStore.ts';
import type { StagedBlob } from './blobStore.ts';
import type { ChunkWrite } from './chunkWrite.ts';
import { SizeLimitExceeded, writeStreamAt } from './streamWrite.ts';

const SUFFIX = '.part';
const WRITERS = '.writers';

export class AssemblyFiles implements AssemblyStore {
  /** Per file: the background fdatasync in flight, and whether writes came in after it started. */
  private readonly syncing = new Map<string, { done: Promise<void>; dirty: boolean }>();
  /** This process, among the writers of a session. */
  private readonly writer = randomUUID();
  /** Sessions this process has named itself a writer of. */
  private readonly named = new Set<string>();

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  pathOf(uploadId: string): string {
    return join(this.dir, checkedUploadId(uploadId) + SUFFIX);
  }

  localFile(uploadId: string): string {
    return this.pathOf(uploadId);
  }

  /** Writes the chunk in place at its offset, and schedules it for the disk. */
  async writeChunk(uploadId: string, slot: ChunkSlot, source: Readable, digest: boolean, write: ChunkWrite): Promise<string | undefined> {
    const { offset, size } = slot;
    await this.nameWriter(uploadId);
    const hash = digest ? createHash('sha256') : undefined;
    // Created on first use and never truncated: chunks land in any order, concurrently.
    const fh = await open(this.pathOf(uploadId), constants.O_RDWR | constants.O_CREAT, 0o600);
    try {
      const written = await writeStreamAt(fh, offset, source, size, hash && ((piece) => hash.update(piece)), write).catch((err: unknown) => {
        throw err instanceof SizeLimitExceeded ? new ChunkLengthMismatch(size, 'more') : err;
      });
      if (written !== size) throw new ChunkLengthMismatch(size, written);
    } finally {
      await fh.close();
    }
    this.syncBehind(uploadId);
    return hash?.digest('hex');
  }

  /**
   * The assembly file itself is the staged file: completing copies nothing. Its hash is the running
   * one, unless another process wrote chunks too: that hash never heard of them, so it starts over.
   */
  async stage(uploadId: string, geometry: ChunkGeometry, running: RunningDigest | undefined): Promise<StagedBlob> {
    if (!running) throw new Error('an assembly file is hashed while its chunks arrive');
    await this.checkComplete(uploadId, geometry);
    if (await this.writtenByOthers(uploadId)) running.restart();
    const contentHash = await running.digest();
    await this.makeDurable(uploadId);
    return { tempPath: this.pathOf(uploadId), contentHash, sizeBytes: geometry.totalSize };
  }

  /** Nothing to let go of: the staged file is the assembly file, removed with the session's bytes. */
  async unstage(): Promise<void> {}

  /** Throws LostChunks naming the chunks whose bytes are not all in the file (a crash of the machine can lose what was not on disk yet). */
  private async checkComplete(uploadId: string, { totalSize, chunkSize, totalChunks }: ChunkGeometry): Promise<void> {
    const size = await this.size(uploadId);
    const lost: number[] = [];
    for (let i = 0; i < totalChunks; i++) {
      if (size === undefined || Math.min(totalSize, (i + 1) * chunkSize) > size) lost.push(i);
    }
    if (lost.length > 0) throw new LostChunks(lost);
  }

  /** True when another process has written chunks of this session too. */
  private async writtenByOthers(uploadId: string): Promise<boolean> {
    const writers = await readdir(this.writersOf(uploadId)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    return writers.some((name) => name !== this.writer);
  }

  private writersOf(uploadId: string): string {
    return this.pathOf(uploadId).slice(0, -SUFFIX.length) + WRITERS;
  }

  private async nameWriter(uploadId: string): Promise<void> {
    if (this.named.has(uploadId)) return;
    const dir = this.writersOf(uploadId);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, this.writer), '');
    this.named.add(uploadId);
  }

  /** Resolves once every byte written so far is on disk. */
  private async makeDurable(uploadId: string): Promise<void> {
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
  private async size(uploadId: string): Promise<number | undefined> {
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
    await rm(this.writersOf(uploadId), { recursive: true, force: true });
    this.named.delete(uploadId);
  }

  /** The upload ids that have an assembly file, or a list of its writers. */
  async list(): Promise<string[]> {
    const ids = new Set<string>();
    for (const name of await readdir(this.dir)) {
      for (const suffix of [SUFFIX, WRITERS]) if (name.endsWith(suffix)) ids.add(name.slice(0, -suffix.length));
    }
    return [...ids];
  }

  async lastWritten(uploadId: string): Promise<number | undefined> {
    let latest: number | undefined;
    for (const path of [this.pathOf(uploadId), this.writersOf(uploadId)]) {
      const at = await stat(path).then(
        (st) => st.mtimeMs,
        (err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return undefined;
          throw err;
        },
      );
      if (at !== undefined && (latest === undefined || at > latest)) latest = at;
    }
    return latest;
  }

  async close(): Promise<void> {}
}
