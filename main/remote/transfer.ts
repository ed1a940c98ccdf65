/**
 * Moving bytes: uploads (direct for small files, the resumable chunked protocol above a
 * threshold) and downloads (to a temp file, resumed with Range, hash-checked, then put in place).
 *
 * Every request that carries content takes a slot of the caller's limiter, so the concurrency
 * setting bounds what is in flight across files and chunks alike; the throttle paces the bytes.
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, fchmodSync, fstatSync, fsync, futimesSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import PQueue from 'p-queue';
import { contract } from '../../shared/v1/contract/index.ts';
import { fieldsOf } from '../../shared/v1/fields.ts';
import { FILE_EXECUTABLE_HEADER, FILE_MTIME_HEADER, VersionResult } from '../../shared/v1/resources.ts';
import { renameDurably } from '../platform/durable.ts';
import type { BytesSink, FolioClient } from './client.ts';
import type { ResponseHeaders } from './envelope.ts';
import { FolioApiError } from './errors.ts';
import type { Throttle } from './throttle.ts';
import { ErrorCodes } from '../../shared/errors.ts';

export interface UploadTarget {
  docId?: string;
  containerId?: string;
  title?: string;
  mimeType?: string;
  comment?: string;
}

/** What a version keeps of a file beside its bytes; absent where unknown. */
export interface FileAttributes {
  /** Modification time, whole ms since the epoch. */
  fileMtime?: number;
  executable?: boolean;
}

export interface UploadOptions {
  /** Kept by the service on the version, and given back with its bytes. */
  attributes?: FileAttributes;
  /**
   * Resumes a chunked upload after a crash. Derived by the caller from (pair, node, content hash);
   * a function receives the hash of the bytes actually being sent.
   */
  idempotencyKey?: string | ((contentHash: string) => string);
  chunkSize?: number;
  /** Files up to this size go in one request. */
  directThreshold?: number;
  /** Chunks in flight at once, when no limiter is given. */
  concurrency?: number;
  /** Shared by every transfer of a sync pair: one slot per request that carries content. */
  limiter?: PQueue;
  throttle?: Throttle;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  /** Told the hash of the content about to be sent, before any request that could make it land. */
  onHash?: (contentHash: string) => void;
  /**
   * The file's hash as the caller last read it, to spare a chunked upload its own pass over the
   * file. If the file changed since, the service refuses the completion (its expectedContentHash
   * no longer matches) and the upload ends in FileChanged, as a change during the upload does.
   */
  knownHash?: string;
}

export const DEFAULT_CHUNK_SIZE = 8 * 1024 * 1024;
const BLOCKING_READ_MAX = 1024 * 1024;
/** A throttled download larger than this is paced piece by piece; a smaller one takes its bytes once it is whole. */
const PACED_BODY_MIN = 1024 * 1024;
/**
 * Windows has no executable bit: a file there neither says it is executable nor that it is not,
 * so an upload from it must not clear the bit that a Linux or macOS user set.
 */
export const HAS_EXEC_BIT = process.platform !== 'win32';
const fsyncFd = promisify(fsync);

/** The file changed while it was being sent; what reached the service is not one state of it. */
export class FileChanged extends Error {}

export async function hashFile(path: string): Promise<{ hash: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    hash.update(piece as Buffer);
    size += (piece as Buffer).length;
  }
  return { hash: hash.digest('hex'), size };
}

export async function uploadFile(client: FolioClient, path: string, target: UploadTarget, options: UploadOptions = {}): Promise<VersionResult> {
  const { size } = statSync(path);
  const name = target.title ?? path.split(/[\\/]/).pop() ?? 'file';
  if (size <= (options.directThreshold ?? DEFAULT_CHUNK_SIZE)) return uploadDirect(client, path, target, name, size, options);
  return uploadChunked(client, path, target, name, size, options);
}

function limited<T>(limiter: PQueue | undefined, work: () => Promise<T>): Promise<T> {
  return limiter ? limiter.add(work) : work();
}

function keyFor(options: UploadOptions, hash: string): string | undefined {
  return typeof options.idempotencyKey === 'function' ? options.idempotencyKey(hash) : options.idempotencyKey;
}

/** A request body for `bytes`, paced by the throttle when there is one, reporting each piece sent. */
function bodyOf(bytes: Buffer, throttle: Throttle | undefined, onPiece?: (bytes: number) => void): Buffer | Readable {
  const piece = throttle?.pieceSize() ?? 256 * 1024;
  // A stream costs a small file more CPU than its bytes do; one piece has no progress to report.
  if ((!throttle || throttle.limit <= 0) && (!onPiece || bytes.length <= piece)) return bytes;
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += piece) {
        const slice = bytes.subarray(at, at + piece);
        await throttle?.take(slice.length);
        yield slice;
        onPiece?.(slice.length);
      }
    })(),
  );
}

/**
 * A small file in one blocking read: the promise API's open, fstat, read and close are four trips
 * through the thread pool and cost three times the CPU, which a first sync of many small files
 * pays on every one. A file that would block the loop for more than a moment goes through the pool.
 */
function readWhole(path: string, size: number): Promise<Buffer> | Buffer {
  return size <= BLOCKING_READ_MAX ? readFileSync(path) : readFile(path);
}

/** Reads the whole file once: what is hashed is exactly what is sent, even if the file changes meanwhile. */
async function uploadDirect(client: FolioClient, path: string, target: UploadTarget, name: string, size: number, options: UploadOptions): Promise<VersionResult> {
  const query: Record<string, string> = { originalFilename: name };
  if (target.docId) query.docId = target.docId;
  else {
    if (target.containerId) query.containerId = target.containerId;
    query.title = name;
  }
  if (target.mimeType) query.mimeType = target.mimeType;
  if (target.comment) query.comment = target.comment;
  if (options.attributes?.fileMtime !== undefined) query.fileMtime = String(options.attributes.fileMtime);
  if (options.attributes?.executable !== undefined) query.executable = String(options.attributes.executable);
  return limited(options.limiter, async () => {
    const bytes = await readWhole(path, size);
    options.onHash?.(createHash('sha256').update(bytes).digest('hex'));
    const result = await client.withRetry(async () => {
      let sent = 0;
      const onPiece = options.onProgress && ((n: number) => options.onProgress?.((sent += n), bytes.length));
      return client.postBytes(contract.versions.upload, query, await client.authHeaders(), bodyOf(bytes, options.throttle, onPiece), bytes.length);
    });
    options.onProgress?.(bytes.length, bytes.length);
    return result;
  });
}

async function uploadChunked(client: FolioClient, path: string, target: UploadTarget, name: string, size: number, options: UploadOptions): Promise<VersionResult> {
  const hash = options.knownHash ?? (await hashFile(path)).hash;
  options.onHash?.(hash);
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const totalChunks = Math.max(1, Math.ceil(size / chunkSize));
  const idempotencyKey = keyFor(options, hash);
  const session = await client.v1(contract.versions.initChunkedUpload, {
    ...(target.docId ? { docId: target.docId } : { containerId: target.containerId ?? '', title: name }),
    originalFilename: name,
    ...(target.mimeType ? { mimeType: target.mimeType } : {}),
    ...(target.comment ? { comment: target.comment } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
    ...options.attributes,
    expectedContentHash: hash,
    totalSize: size,
    chunkSize,
    totalChunks,
  });
  if (session.alreadyCompletedVersionId) {
    const v = await client.getVersion(session.alreadyCompletedVersionId);
    return fieldsOf(VersionResult, v);
  }
  const done = new Set(session.uploadedChunkIndexes);
  let sent = [...done].reduce((n, i) => n + chunkLength(i, chunkSize, size, totalChunks), 0);
  options.onProgress?.(sent, size);
  const limiter = options.limiter ?? new PQueue({ concurrency: options.concurrency ?? 4 });
  const file = await open(path, 'r');
  // A chunk's buffer is used again once its request is done: a fresh one per chunk left the
  // garbage collector a fifth of the client's time on a large file.
  const spare: Buffer[] = [];
  try {
    const sendChunk = async (index: number) => {
      const length = chunkLength(index, chunkSize, size, totalChunks);
      const whole = spare.pop() ?? Buffer.allocUnsafe(chunkSize);
      try {
        const buffer = whole.subarray(0, length);
        const { bytesRead } = await file.read(buffer, 0, length, index * chunkSize);
        if (bytesRead !== length) throw new FileChanged(`${path} shrank while it was being uploaded`);
        // No X-Chunk-Sha256: expectedContentHash has the service check every byte at completion,
        // and hashing each chunk again on both sides cost a quarter of the CPU of a large upload.
        await client.withRetry(async () => {
          let piecesSent = 0;
          const onPiece = options.onProgress && ((n: number) => options.onProgress?.(sent + (piecesSent += n), size));
          return client.postBytes(contract.versions.uploadChunk, { uploadId: session.uploadId, chunkIndex: index }, await client.authHeaders(), bodyOf(buffer, options.throttle, onPiece), length);
        });
      } finally {
        spare.push(whole);
      }
      sent += length;
      options.onProgress?.(sent, size);
    };
    const missing = Array.from({ length: totalChunks }, (_, i) => i).filter((i) => !done.has(i));
    await Promise.all(missing.map((index) => limiter.add(() => sendChunk(index))));
  } catch (err) {
    if (err instanceof FileChanged) await abandon(client, session.uploadId);
    throw err;
  } finally {
    await file.close();
  }
  try {
    return await client.v1(contract.versions.completeChunkedUpload, { uploadId: session.uploadId });
  } catch (err) {
    if (!(err instanceof FolioApiError) || err.code !== ErrorCodes.CONTENT_HASH_MISMATCH.code) throw err;
    await abandon(client, session.uploadId);
    throw new FileChanged(`${path} changed while it was being uploaded`);
  }
}

/** Frees a session whose bytes are of no use any more; if that fails, the service expires it. */
async function abandon(client: FolioClient, uploadId: string): Promise<void> {
  await client.v1(contract.versions.abortChunkedUpload, { uploadId }).catch(() => undefined);
}

function chunkLength(index: number, chunkSize: number, size: number, totalChunks: number): number {
  return index < totalChunks - 1 ? chunkSize : size - chunkSize * (totalChunks - 1);
}

export interface DownloadOptions {
  /** Where partial bytes are kept between attempts; resumed with Range. */
  partPath: string;
  limiter?: PQueue;
  throttle?: Throttle;
  onProgress?: (receivedBytes: number, totalBytes: number) => void;
  /**
   * Puts the verified, fsynced temp file in place, durably (its directory fsynced); by default
   * renames it onto `dest`. The part already has what the version keeps of the file (its mtime,
   * its executable bit): they were set through the open file, before its fsync.
   */
  place?: (partPath: string) => Promise<void>;
}

export class HashMismatch extends Error {}

/**
 * Downloads a version into `dest`: temp file, Range resume, SHA-256 check, fsync, then into place.
 * The bytes are hashed as they arrive and written through one open file, which is then fsynced: a
 * second pass over the file to hash it, and a second open to fsync it, cost a download of many
 * small files more CPU than the bytes did.
 */
export async function downloadVersion(client: FolioClient, versionId: string, expectedHash: string, totalBytes: number, dest: string, options: DownloadOptions): Promise<void> {
  let hash: string | undefined;
  await limited(options.limiter, () =>
    client.withRetry(async () => {
      // A blocking stat: through the thread pool it cost more than the call, on every file.
      const have = statSync(options.partPath, { throwIfNoEntry: false })?.size ?? 0;
      const resume = have > 0 && have < totalBytes;
      if (!resume && have > 0) await rm(options.partPath, { force: true });
      const part = new PartWriter(options, resume ? have : 0, totalBytes);
      try {
        await client.getInto(contract.versions.download.path, { versionId }, { ...(await client.authHeaders()), ...(resume ? { range: `bytes=${have}-`, 'if-range': `"${expectedHash}"` } : {}) }, part);
        hash = await part.finish();
      } finally {
        part.close();
      }
    }),
  );
  hash ??= (await hashFile(options.partPath)).hash;
  if (hash !== expectedHash) {
    await rm(options.partPath, { force: true });
    throw new HashMismatch(`downloaded content hash ${hash} is not ${expectedHash}`);
  }
  await (options.place ?? ((part: string) => renameDurably(part, dest)))(options.partPath);
}

/**
 * Writes a response body into the part file as it arrives (after the part's first bytes when the
 * service answers a Range with 206), hashing it, then gives the part the version's attributes and
 * fsyncs it. A failure to write is the disk's, and ends the download without a retry.
 *
 * The part is opened, written, given its attributes and closed by blocking calls, whatever its
 * size, and only its fsync goes to the thread pool. A write puts a piece that is already in memory
 * into the page cache: through the pool, each piece of a large file (a few KiB to 64 KiB) cost a
 * trip there and back, more CPU than the copy, and the promise API's open, write, attribute calls
 * and close did the same for every small file.
 */
class PartWriter implements BytesSink {
  private readonly digest = createHash('sha256');
  private fd: number | undefined;
  private received = 0;
  private appended = false;
  private attributes: FileAttributes = {};

  constructor(
    private readonly options: DownloadOptions,
    private readonly have: number,
    private readonly totalBytes: number,
  ) {}

  start(status: number, headers: ResponseHeaders): void {
    this.appended = this.have > 0 && status === 206;
    this.received = this.appended ? this.have : 0;
    this.attributes = attributesOf(headers);
    this.fd = openSync(this.options.partPath, this.appended ? 'a' : 'w', creationMode(this.attributes));
  }

  piece(bytes: Buffer): Promise<void> | undefined {
    this.digest.update(bytes);
    for (let at = 0; at < bytes.length; ) at += writeSync(this.fd as number, bytes, at);
    this.received += bytes.length;
    this.options.onProgress?.(this.received, this.totalBytes);
    // A large body is paced as it arrives; a small one takes the throttle's bytes once it is whole.
    return this.totalBytes > PACED_BODY_MIN ? this.options.throttle?.take(bytes.length) : undefined;
  }

  /** The SHA-256 of the body, or undefined when it was appended: the caller then hashes the whole part. */
  async finish(): Promise<string | undefined> {
    const fd = this.fd as number;
    if (this.totalBytes <= PACED_BODY_MIN) await this.options.throttle?.take(this.received - (this.appended ? this.have : 0));
    applyAttributes(fd, this.attributes, this.appended);
    await fsyncFd(fd);
    return this.appended ? undefined : this.digest.digest('hex');
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/**
 * The mode a new part is created with: the umask then leaves r and w as the user's other files
 * have them, and x wherever r is (0644 becomes 0755), so that a new part needs no chmod.
 */
function creationMode(attributes: FileAttributes): number {
  return HAS_EXEC_BIT && attributes.executable ? 0o777 : 0o666;
}

/**
 * Gives the open part the attributes a version kept (docs/sync.md, "What a sync keeps of a file").
 * The executable bit becomes x wherever the file may be read; a part being appended to was
 * created by an earlier attempt, and an unusual umask may have kept x from a new one, so those are
 * checked. The mtime goes on last, after every write.
 */
function applyAttributes(fd: number, attributes: FileAttributes, appended: boolean): void {
  if (HAS_EXEC_BIT && attributes.executable !== undefined && (attributes.executable || appended)) {
    const mode = fstatSync(fd).mode & 0o777;
    const wanted = attributes.executable ? mode | ((mode & 0o444) >> 2) : mode & ~0o111;
    if (wanted !== mode) fchmodSync(fd, wanted);
  }
  if (attributes.fileMtime !== undefined) {
    // Seconds as a double carry some 240 ns of error at today's dates: half a microsecond above
    // the millisecond keeps the file's mtime, read back and floored, that millisecond exactly.
    const seconds = (attributes.fileMtime + 0.0005) / 1000;
    futimesSync(fd, seconds, seconds);
  }
}

/** The file attributes a download's response carries (FILE_MTIME_HEADER, FILE_EXECUTABLE_HEADER); a malformed one counts as absent. */
function attributesOf(headers: ResponseHeaders): FileAttributes {
  const mtime = Number(headers[FILE_MTIME_HEADER]);
  const executable = headers[FILE_EXECUTABLE_HEADER];
  return {
    ...(Number.isSafeInteger(mtime) && mtime >= 0 ? { fileMtime: mtime } : {}),
    ...(executable === 'true' || executable === 'false' ? { executable: executable === 'true' } : {}),
  };
}

