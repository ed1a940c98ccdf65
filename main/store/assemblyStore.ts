/**
 * Where a chunked upload's chunks are kept until it completes: in place in one file per session
 * under --data (./assemblies.ts), or as one object per chunk in the bucket of --blobs
 * (./s3Assemblies.ts), so that nodes with no disk in common can each take any chunk. The service
 * sees only this interface (docs/architecture.md, "Chunked-upload staging").
 */
import type { Readable } from 'node:stream';
import type { StagedBlob } from './blobStore.ts';
import type { ChunkWrite } from './chunkWrite.ts';

/** How a session's bytes are cut into chunks. */
export interface ChunkGeometry {
  totalSize: number;
  chunkSize: number;
  totalChunks: number;
}

/** One chunk's place in the content: its bytes are [offset, offset + size). */
export interface ChunkSlot {
  index: number;
  offset: number;
  size: number;
}

/** The SHA-256 that the service keeps while chunks arrive, for a store whose bytes it can read back on this machine. */
export interface RunningDigest {
  digest(): Promise<string>;
  /** Drops what was hashed so far: it missed writes. The next digest() reads every byte again. */
  restart(): void;
}

/** A chunk whose bytes do not fill its slot exactly. */
export class ChunkLengthMismatch extends Error {
  constructor(
    readonly expected: number,
    readonly received: number | 'more',
  ) {
    super(`expected ${expected} bytes, got ${received === 'more' ? 'more' : received}`);
  }
}

/** Chunks recorded as stored whose bytes are not all there any more. */
export class LostChunks extends Error {
  constructor(readonly indexes: number[]) {
    super(`the bytes of chunks ${indexes.slice(0, 100).join(', ')} are missing`);
  }
}

export interface AssemblyStore {
  /**
   * The file on this machine that holds a session's bytes in place, which a running hash can read
   * back while chunks arrive; undefined when the chunks are kept elsewhere.
   */
  localFile(uploadId: string): string | undefined;
  /**
   * Keeps exactly `slot.size` bytes of `source` as the chunk's bytes, and returns their SHA-256 when
   * `digest` is asked for. A stream longer or shorter than the slot throws ChunkLengthMismatch; a
   * write that a later copy of the chunk superseded throws ChunkSuperseded.
   */
  writeChunk(uploadId: string, slot: ChunkSlot, source: Readable, digest: boolean, write: ChunkWrite): Promise<string | undefined>;
  /**
   * The whole content in one durable staged file, with its hash, for the finalize chain. Every chunk
   * must be recorded as stored; those whose bytes are missing throw LostChunks. `running` is the
   * service's running hash, for a store with a local file.
   */
  stage(uploadId: string, geometry: ChunkGeometry, running: RunningDigest | undefined): Promise<StagedBlob>;
  /** Lets go of what `stage` made, once the finalize chain is done with it. */
  unstage(staged: StagedBlob): Promise<void>;
  /** Drops a session's bytes. */
  remove(uploadId: string): Promise<void>;
  /** The upload ids that have bytes kept. */
  list(): Promise<string[]>;
  /** When bytes of the session were last written, in ms since the epoch; undefined when none are kept. */
  lastWritten(uploadId: string): Promise<number | undefined>;
  close(): Promise<void>;
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isUploadId(name: string): boolean {
  return UPLOAD_ID.test(name);
}

/** Refuses anything but an upload id before it becomes part of a path or an object key. */
export function checkedUploadId(uploadId: string): string {
  if (!isUploadId(uploadId)) throw new Error(`not an upload id: ${uploadId}`);
  return uploadId;
}
