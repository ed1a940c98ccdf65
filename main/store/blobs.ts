/**
 * Content-addressed blob files. Bytes are written to a temp file and fsynced, then linked into
 * place as blobs/ab/<sha256>, and the directory is fsynced so the new name is on disk before any
 * row references it; a crash leaves either the whole file or only a temp file, never a torn blob. Which blobs are referenced is the database's business (blob rows, one per tenant and
 * content); a file goes only when no row in any tenant holds its content (see main/store/orphans.ts, and the service's blobRelease.ts).
 *
 * Linking rather than renaming keeps the source file: a chunked upload whose finalize fails keeps
 * its assembled bytes and can complete again, and the caller drops the source once it is done.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, type ReadStream } from 'node:fs';
import { link, open, readdir, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { FLUSHES_DIRECTORIES, syncDirectory } from '../platform/durable.ts';
import { BlobThreads } from './blobThreads.ts';
import { KeyedLock } from './keyedLock.ts';
import { writeStreamAt } from './streamWrite.ts';

export interface StagedBlob {
  tempPath: string;
  contentHash: string;
  sizeBytes: number;
}

/** The bytes of a small upload, read whole into memory and hashed, not staged on disk. */
export interface BufferedBlob {
  bytes: Buffer;
  contentHash: string;
  sizeBytes: number;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export class BlobFiles {
  readonly root: string;
  readonly tmpDir: string;
  private readonly contentLocks = new KeyedLock();
  /** Shard directories known to exist: shards are never removed, so each is made at most once. */
  private readonly knownShards = new Set<string>();
  private readonly threads = new BlobThreads();

  constructor(dataDir: string) {
    this.root = join(dataDir, 'blobs');
    this.tmpDir = join(dataDir, 'tmp');
    mkdirSync(this.root, { recursive: true });
    mkdirSync(this.tmpDir, { recursive: true });
  }

  pathOf(contentHash: string): string {
    if (!SHA256_HEX.test(contentHash)) throw new Error('not a sha-256 hex digest');
    return join(this.root, contentHash.slice(0, 2), contentHash);
  }

  /**
   * Runs `work` while no other work on the same content runs in this process. Everything that
   * adds or drops a reference to a blob file goes through here.
   */
  withContent<T>(contentHash: string, work: () => Promise<T>): Promise<T> {
    return this.contentLocks.run(contentHash, work);
  }

  /**
   * Streams `source` into a fresh temp file, hashing as it goes; the file is fsynced before this
   * resolves. More than `maxBytes` throws SizeLimitExceeded. A failure leaves no temp file.
   */
  async stage(source: Readable, maxBytes: number): Promise<StagedBlob> {
    const tempPath = this.newTempPath();
    const hash = createHash('sha256');
    const fh = await open(tempPath, 'wx', 0o600);
    let sizeBytes: number;
    try {
      sizeBytes = await writeStreamAt(fh, 0, source, maxBytes, (piece) => hash.update(piece));
      await fh.sync();
    } catch (err) {
      await fh.close();
      await rm(tempPath, { force: true });
      throw err;
    }
    await fh.close();
    return { tempPath, contentHash: hash.digest('hex'), sizeBytes };
  }

  /**
   * Puts a staged (fsynced) file's bytes into place under its hash, durably: the new directory
   * entry is fsynced too (and the root's, when the shard directory is new). The staged file stays
   * where it is. When the content is already stored, nothing changes and nothing is synced. Call
   * inside withContent.
   */
  async commit(staged: StagedBlob): Promise<void> {
    const target = this.pathOf(staged.contentHash);
    const shardIsNew = this.ensureShard(dirname(target));
    const linked = await link(staged.tempPath, target).then(
      () => true,
      (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
        return false;
      },
    );
    if (!linked) return;
    await syncDirectory(dirname(target));
    if (shardIsNew) await syncDirectory(this.root);
  }

  /**
   * stage, commit and discard at once, for bytes already in memory: the same calls in the same
   * order (temp file, fsync, link, fsync of the directories), made on a blob thread in one trip
   * (./blobThreads.ts). Call inside withContent.
   */
  async putBuffered(blob: BufferedBlob): Promise<void> {
    const target = this.pathOf(blob.contentHash);
    const shard = dirname(target);
    const shardIsNew = this.ensureShard(shard);
    const directories = !FLUSHES_DIRECTORIES ? [] : shardIsNew ? [shard, this.root] : [shard];
    await this.threads.put({ tempPath: this.newTempPath(), target, bytes: blob.bytes, directories });
  }

  /** Stops the blob threads; a later put starts them again. */
  close(): Promise<void> {
    return this.threads.close();
  }

  private newTempPath(): string {
    return join(this.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  }

  /** Creates a shard directory the first time this process needs it; true when it was new. */
  private ensureShard(shard: string): boolean {
    if (this.knownShards.has(shard)) return false;
    const created = mkdirSync(shard, { recursive: true }) !== undefined;
    this.knownShards.add(shard);
    return created;
  }

  async discard(tempPath: string): Promise<void> {
    await unlink(tempPath).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async has(contentHash: string): Promise<boolean> {
    return stat(this.pathOf(contentHash)).then(
      () => true,
      () => false,
    );
  }

  /** The bytes of a blob; `range` is inclusive at both ends, as in HTTP. */
  read(contentHash: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.pathOf(contentHash), range);
  }

  /** Deletes a blob file. Call inside withContent, and only once no blob row holds the content. */
  async remove(contentHash: string): Promise<void> {
    await rm(this.pathOf(contentHash), { force: true });
  }

  /** When the file of a blob last gained or lost a name (linking sets it), in ms since the epoch. */
  async linkedAt(contentHash: string): Promise<number | undefined> {
    return stat(this.pathOf(contentHash)).then(
      (s) => s.ctimeMs,
      () => undefined,
    );
  }

  /** Every stored hash, for the orphan sweep. */
  async *list(): AsyncGenerator<string> {
    for (const dir of await readdir(this.root)) {
      for (const name of await readdir(join(this.root, dir))) {
        if (SHA256_HEX.test(name)) yield name;
      }
    }
  }

  async clearTemp(olderThanMs: number): Promise<void> {
    const cutoff = Date.now() - olderThanMs;
    for (const name of await readdir(this.tmpDir)) {
      const p = join(this.tmpDir, name);
      const st = await stat(p).catch(() => null);
      if (st && st.mtimeMs < cutoff) await rm(p, { recursive: true, force: true });
    }
  }
}
