/**
 * Where content-addressed bytes live: files on this machine (./blobs.ts), or an S3-compatible
 * bucket (./s3Blobs.ts) that several service nodes share. The service sees only this interface.
 *
 * Either way, bytes arrive in a local temp file first (`stage`), hashed as they are written: the
 * hash names the blob, so nothing is stored under a name its bytes do not match. `commit` then makes
 * the staged bytes durable under that name before any row refers to them.
 */
import type { Readable } from 'node:stream';

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

export interface BlobStore {
  /** The local folder of staged temp files. */
  readonly tmpDir: string;
  /** Runs `work` while no other work on the same content runs in this process. */
  withContent<T>(contentHash: string, work: () => Promise<T>): Promise<T>;
  /** Streams `source` into a fresh fsynced temp file, hashing as it goes; more than `maxBytes` throws SizeLimitExceeded. */
  stage(source: Readable, maxBytes: number): Promise<StagedBlob>;
  /** Stores a staged file's bytes under their hash, durably; the staged file stays. Call inside withContent. */
  commit(staged: StagedBlob): Promise<void>;
  /** stage, commit and discard at once, for bytes already in memory. Call inside withContent. */
  putBuffered(blob: BufferedBlob): Promise<void>;
  discard(tempPath: string): Promise<void>;
  has(contentHash: string): Promise<boolean>;
  /** The bytes of a blob, streamed; `range` is inclusive at both ends, as in HTTP. */
  read(contentHash: string, range?: { start: number; end: number }): Readable;
  /** Deletes a blob. Call inside withContent, and only once no blob row holds the content. */
  remove(contentHash: string): Promise<void>;
  /** When the blob was last stored, in ms since the epoch; undefined when it is not stored. */
  linkedAt(contentHash: string): Promise<number | undefined>;
  /** Every stored hash, for the orphan sweep. */
  list(): AsyncGenerator<string>;
  clearTemp(olderThanMs: number): Promise<void>;
  /** Resolves when the store answers (the folder is there, the bucket replies); rejects with why not. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Refuses anything but a sha-256 hex digest before it becomes part of a path or an object key. */
export function checkedHash(contentHash: string): string {
  if (!SHA256_HEX.test(contentHash)) throw new Error('not a sha-256 hex digest');
  return contentHash;
}

export function isContentHash(name: string): boolean {
  return SHA256_HEX.test(name);
}
