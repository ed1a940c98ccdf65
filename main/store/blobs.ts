/**
 * Content-addressed blob files. Bytes are written to a temp file and fsynced, then linked into
 * place as blobs/ab/<sha256>, and the directory is fsynced so the new name is on disk before any
 * row references it; a crash leaves either the whole file or only a temp file, never a torn blob. Which blobs are referenced is the database's business (blob rows, one per tenant and
 * content); a file goes only when no row in any tenant holds its content (see main/store/orphans.ts, and the service's blobRelease.ts).
 *
 * Linking rather than renaming keeps the source file: a chunked upload whose finalize fails keeps
 * its assembled bytes and can complete again, and the caller drops the source once it is done.
 */
import { createReadStream, mkdirSync, type ReadStream } from 'node:fs';
import { access, constants, link, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { FLUSHES_DIRECTORIES, syncDirectory } from '../platform/durable.ts';
import { BlobStaging } from './blobStaging.ts';
import { checkedHash, isContentHash, type BlobStore, type BufferedBlob, type StagedBlob } from './blobStore.ts';
import { BlobThreads } from './blobThreads.ts';
import { KeyedLock } from './keyedLock.ts';

export class BlobFiles implements BlobStore {
  readonly root: string;
  private readonly staging: BlobStaging;
  private readonly contentLocks = new KeyedLock();
  /** Shard directories known to exist: shards are never removed, so each is made at most once. */
  private readonly knownShards = new Set<string>();
  private readonly threads = new BlobThreads();

  constructor(dataDir: string) {
    this.root = join(dataDir, 'blobs');
    this.staging = new BlobStaging(join(dataDir, 'tmp'));
    mkdirSync(this.root, { recursive: true });
  }

  get tmpDir(): string {
    return this.staging.tmpDir;
  }

  pathOf(contentHash: string): string {
    return join(this.root, checkedHash(contentHash).slice(0, 2), contentHash);
  }

  /**
   * Runs `work` while no other work on the same content runs in this process. Everything that
   * adds or drops a reference to a blob file goes through here.
   */
  withContent<T>(contentHash: string, work: () => Promise<T>): Promise<T> {
    return this.contentLocks.run(contentHash, work);
  }

  stage(source: Readable, maxBytes: number): Promise<StagedBlob> {
    return this.staging.stage(source, maxBytes);
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
    await this.threads.put({ tempPath: this.staging.newTempPath(), target, bytes: blob.bytes, directories });
  }

  /** Stops the blob threads; a later put starts them again. */
  close(): Promise<void> {
    return this.threads.close();
  }

  /** Creates a shard directory the first time this process needs it; true when it was new. */
  private ensureShard(shard: string): boolean {
    if (this.knownShards.has(shard)) return false;
    const created = mkdirSync(shard, { recursive: true }) !== undefined;
    this.knownShards.add(shard);
    return created;
  }

  discard(tempPath: string): Promise<void> {
    return this.staging.discard(tempPath);
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
        if (isContentHash(name)) yield name;
      }
    }
  }

  ready(): Promise<void> {
    return access(this.root, constants.R_OK | constants.W_OK);
  }

  clearTemp(olderThanMs: number): Promise<void> {
    return this.staging.clearTemp(olderThanMs);
  }
}
