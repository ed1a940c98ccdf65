/**
 * The chunks of chunked uploads as objects in the bucket of --blobs, the AssemblyStore of nodes
 * that share no disk (./assemblyStore.ts): one object per chunk, uploads/<uploadId>/<index>.
 *
 * A chunk is one PutObject of exactly its slot's length, streamed from the request. S3 stores an
 * object whole or not at all, and acknowledges it once it is durable, so a chunk is recorded only
 * when its bytes are in the bucket; a node killed mid-chunk leaves nothing of it. The request's last
 * piece is held back until its end shows the length is exact, so a body that turns out longer never
 * gives the store a complete object. Re-sending a chunk replaces its object: same bytes, same object.
 *
 * Completing streams the objects in index order through SHA-256 into a local staged file
 * (./blobStaging.ts), which the finalize chain then stores as the blob: the hash is that of exactly
 * the bytes that become the blob, whichever nodes the chunks reached. The objects are fetched a few
 * ahead, since small chunks would otherwise cost a round trip each. Why not S3 multipart uploads:
 * docs/architecture.md, "Chunked-upload staging".
 */
import { createHash, type Hash } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, PutObjectCommand, S3ServiceException, type S3Client } from '@aws-sdk/client-s3';
import { checkedUploadId, ChunkLengthMismatch, isUploadId, LostChunks, type AssemblyStore, type ChunkGeometry, type ChunkSlot } from './assemblyStore.ts';
import type { S3Location } from './blobLocation.ts';
import { BlobStaging } from './blobStaging.ts';
import type { StagedBlob } from './blobStore.ts';
import type { ChunkWrite } from './chunkWrite.ts';
import { s3ClientFor } from './s3Blobs.ts';
import { letGo, SourceFailed } from './streamWrite.ts';

const PREFIX = 'uploads/';
/** Chunk objects requested ahead of the one being copied at completion. */
const FETCH_AHEAD = 8;
/** Deletes in flight at once when a session's objects go. */
const DELETES_IN_FLIGHT = 8;

export class S3Assemblies implements AssemblyStore {
  private readonly s3: S3Client;
  private readonly bucket: string;
  private readonly staging: BlobStaging;

  constructor(
    location: S3Location,
    /** Where completions are staged, on this machine. */
    localDir: string,
  ) {
    this.s3 = s3ClientFor(location);
    this.bucket = location.bucket;
    this.staging = new BlobStaging(join(localDir, 'tmp'));
  }

  /** The chunks are in the bucket, not on this machine: the hash is taken at completion. */
  localFile(): undefined {
    return undefined;
  }

  async writeChunk(uploadId: string, slot: ChunkSlot, source: Readable, digest: boolean, write: ChunkWrite): Promise<string | undefined> {
    const hash = digest ? createHash('sha256') : undefined;
    const failure: { cause?: unknown } = {};
    // Without it the store would wait out its own timeout for the bytes that are never coming.
    const stop = new AbortController();
    const body = Readable.from(exactly(source, slot.size, write, hash, failure, stop), { objectMode: false });
    // Its failure is kept in `failure`, and reaches the caller through the PUT it breaks off.
    body.on('error', () => undefined);
    try {
      const put = new PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(uploadId, slot.index), Body: body, ContentLength: slot.size });
      await this.s3.send(put, { abortSignal: stop.signal });
    } catch (err) {
      // The source's own failure (its length, its client gone, a later copy) says more than the PUT it broke off.
      throw failure.cause ?? err;
    }
    return hash?.digest('hex');
  }

  async stage(uploadId: string, geometry: ChunkGeometry): Promise<StagedBlob> {
    try {
      return await this.staging.stage(Readable.from(this.chunksInOrder(uploadId, geometry), { objectMode: false }), geometry.totalSize);
    } catch (err) {
      if (err instanceof SourceFailed && err.reason instanceof LostChunks) throw err.reason;
      throw err;
    }
  }

  unstage(staged: StagedBlob): Promise<void> {
    return this.staging.discard(staged.tempPath);
  }

  async remove(uploadId: string): Promise<void> {
    const keys = [...(await this.sizesOf(uploadId)).keys()].map((index) => this.keyOf(uploadId, index));
    for (let i = 0; i < keys.length; i += DELETES_IN_FLIGHT) {
      await Promise.all(keys.slice(i, i + DELETES_IN_FLIGHT).map((Key) => this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))));
    }
  }

  async list(): Promise<string[]> {
    const ids: string[] = [];
    for await (const page of paginateListObjectsV2({ client: this.s3 }, { Bucket: this.bucket, Prefix: PREFIX, Delimiter: '/' })) {
      for (const { Prefix: p } of page.CommonPrefixes ?? []) {
        const id = p?.slice(PREFIX.length, -1) ?? '';
        if (isUploadId(id)) ids.push(id);
      }
    }
    return ids;
  }

  async lastWritten(uploadId: string): Promise<number | undefined> {
    let latest: number | undefined;
    for await (const page of paginateListObjectsV2({ client: this.s3 }, { Bucket: this.bucket, Prefix: this.prefixOf(uploadId) })) {
      for (const { LastModified: at } of page.Contents ?? []) if (at && (latest === undefined || at.getTime() > latest)) latest = at.getTime();
    }
    return latest;
  }

  async close(): Promise<void> {
    this.s3.destroy();
  }

  private prefixOf(uploadId: string): string {
    return `${PREFIX}${checkedUploadId(uploadId)}/`;
  }

  private keyOf(uploadId: string, index: number): string {
    return `${this.prefixOf(uploadId)}${index}`;
  }

  /** The session's bytes in order, chunk object after chunk object; a missing or wrong-sized one throws LostChunks. */
  private async *chunksInOrder(uploadId: string, geometry: ChunkGeometry): AsyncGenerator<Buffer> {
    const { totalSize, chunkSize, totalChunks } = geometry;
    const fetches: Promise<Readable | undefined>[] = [];
    const fetch = (index: number): Promise<Readable | undefined> => {
      let fetching = fetches[index];
      if (!fetching) {
        fetching = this.fetchChunk(uploadId, index);
        // Handled where it is awaited; one fetched ahead of a failure is never awaited.
        void fetching.catch(() => undefined);
        fetches[index] = fetching;
      }
      return fetching;
    };
    let index = 0;
    try {
      for (; index < totalChunks; index++) {
        for (let ahead = index + 1; ahead < Math.min(totalChunks, index + 1 + FETCH_AHEAD); ahead++) void fetch(ahead);
        const body = await fetch(index);
        let got = 0;
        if (body) {
          for await (const piece of body as AsyncIterable<Buffer>) {
            got += piece.length;
            yield piece;
          }
        }
        if (!body || got !== Math.min(chunkSize, totalSize - index * chunkSize)) throw new LostChunks(await this.lostFrom(uploadId, geometry, index));
      }
    } finally {
      for (let ahead = index + 1; ahead < fetches.length; ahead++) {
        void fetches[ahead]?.then(
          (body) => body?.destroy(),
          () => undefined,
        );
      }
    }
  }

  private async fetchChunk(uploadId: string, index: number): Promise<Readable | undefined> {
    try {
      return (await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(uploadId, index) }))).Body as Readable;
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return undefined;
      throw err;
    }
  }

  /** `first`, found missing, and every chunk after it whose object is missing or of the wrong size. */
  private async lostFrom(uploadId: string, { totalSize, chunkSize, totalChunks }: ChunkGeometry, first: number): Promise<number[]> {
    const sizes = await this.sizesOf(uploadId);
    const lost = [first];
    for (let i = first + 1; i < totalChunks; i++) if (sizes.get(i) !== Math.min(chunkSize, totalSize - i * chunkSize)) lost.push(i);
    return lost;
  }

  /** The session's chunk objects: index → size. */
  private async sizesOf(uploadId: string): Promise<Map<number, number>> {
    const prefix = this.prefixOf(uploadId);
    const sizes = new Map<number, number>();
    for await (const page of paginateListObjectsV2({ client: this.s3 }, { Bucket: this.bucket, Prefix: prefix })) {
      for (const { Key: key, Size: size } of page.Contents ?? []) {
        const index = Number(key?.slice(prefix.length));
        if (Number.isInteger(index)) sizes.set(index, size ?? 0);
      }
    }
    return sizes;
  }
}

/**
 * The bytes of `source`, which must be exactly `size`, with the last piece held back until the end
 * shows they are: a store that is sent `size` bytes may take them as the whole object. What went
 * wrong is kept in `failure`, since the PUT that reads this reports only that it broke off, and
 * `stop` breaks that PUT off at once.
 */
async function* exactly(
  source: Readable,
  size: number,
  write: ChunkWrite,
  hash: Hash | undefined,
  failure: { cause?: unknown },
  stop: AbortController,
): AsyncGenerator<Buffer> {
  const pieces = source.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
  let finished = false;
  try {
    let held: Buffer | undefined;
    let total = 0;
    for (;;) {
      const step = await pieces.next().catch((err: unknown) => {
        throw new SourceFailed(err);
      });
      if (step.done) break;
      write.check();
      total += step.value.length;
      if (total > size) throw new ChunkLengthMismatch(size, 'more');
      hash?.update(step.value);
      if (held) yield held;
      held = step.value;
    }
    finished = true;
    if (total !== size) throw new ChunkLengthMismatch(size, total);
    write.check();
    if (held) yield held;
  } catch (err) {
    failure.cause = err;
    stop.abort();
    throw err;
  } finally {
    // The source is let go of, not destroyed, as ./streamWrite.ts does: the reply the client is owed must reach it.
    if (!finished) await letGo(pieces, source);
  }
}
