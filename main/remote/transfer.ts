/**
 * Moving bytes: uploads (direct for small files, the resumable chunked protocol above a
 * threshold) and downloads (to a temp file, resumed with Range, hash-checked, then renamed).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import PQueue from 'p-queue';
import type { ChunkedUploadSession, VersionResult } from '../../shared/v1/resources.ts';
import type { FolioClient } from './client.ts';
import { FolioApiError } from './errors.ts';
import { Throttle } from './throttle.ts';

export interface UploadTarget {
  docId?: string;
  containerId?: string;
  title?: string;
  mimeType?: string;
  comment?: string;
}

export interface UploadOptions {
  /** Derived by the caller from (pair, node, content hash), so a retry after a crash resumes. */
  idempotencyKey?: string;
  chunkSize?: number;
  /** Files up to this size go in one request. */
  directThreshold?: number;
  concurrency?: number;
  throttle?: Throttle;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
}

export const DEFAULT_CHUNK_SIZE = 8 * 1024 * 1024;

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
  const { hash, size } = await hashFile(path);
  const name = target.title ?? path.split(/[\\/]/).pop() ?? 'file';
  if (size <= (options.directThreshold ?? DEFAULT_CHUNK_SIZE)) return uploadDirect(client, path, size, target, name, options);
  return uploadChunked(client, path, hash, size, target, name, options);
}

async function uploadDirect(client: FolioClient, path: string, size: number, target: UploadTarget, name: string, options: UploadOptions): Promise<VersionResult> {
  await options.throttle?.take(size);
  const query: Record<string, string> = { originalFilename: name };
  if (target.docId) query.docId = target.docId;
  else {
    if (target.containerId) query.containerId = target.containerId;
    query.title = name;
  }
  if (target.mimeType) query.mimeType = target.mimeType;
  if (target.comment) query.comment = target.comment;
  const result = await client.withRetry(async () => {
    const res = await client.http.post('v1/versions/upload', {
      searchParams: query,
      headers: { ...(await client.authHeaders()), 'content-type': 'application/octet-stream' },
      body: createReadStream(path),
      responseType: 'json',
    });
    return unwrap<VersionResult>(res.body, res.statusCode);
  });
  options.onProgress?.(size, size);
  return result;
}

async function uploadChunked(client: FolioClient, path: string, hash: string, size: number, target: UploadTarget, name: string, options: UploadOptions): Promise<VersionResult> {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const totalChunks = Math.max(1, Math.ceil(size / chunkSize));
  const session = await client.call<ChunkedUploadSession>('POST', '/v1/versions/initChunkedUpload', {
    json: {
      ...(target.docId ? { docId: target.docId } : { containerId: target.containerId ?? '', title: name }),
      originalFilename: name,
      ...(target.mimeType ? { mimeType: target.mimeType } : {}),
      ...(target.comment ? { comment: target.comment } : {}),
      ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      expectedContentHash: hash,
      totalSize: size,
      chunkSize,
      totalChunks,
    },
  });
  if (session.alreadyCompletedVersionId) {
    const v = await client.getVersion(session.alreadyCompletedVersionId);
    return { docId: v.docId, versionId: v.versionId, blobId: v.blobId, versionNo: v.versionNo, contentHash: v.contentHash, sizeBytes: v.sizeBytes, mimeType: v.mimeType, originalFilename: v.originalFilename };
  }
  const done = new Set(session.uploadedChunkIndexes);
  let sent = [...done].reduce((n, i) => n + chunkLength(i, chunkSize, size, totalChunks), 0);
  options.onProgress?.(sent, size);
  const file = await open(path, 'r');
  try {
    const queue = new PQueue({ concurrency: options.concurrency ?? 4 });
    for (let index = 0; index < totalChunks; index++) {
      if (done.has(index)) continue;
      void queue.add(async () => {
        const length = chunkLength(index, chunkSize, size, totalChunks);
        const buffer = Buffer.allocUnsafe(length);
        await file.read(buffer, 0, length, index * chunkSize);
        await options.throttle?.take(length);
        const sha = createHash('sha256').update(buffer).digest('hex');
        await client.withRetry(async () => {
          const res = await client.http.post('v1/versions/uploadChunk', {
            searchParams: { uploadId: session.uploadId, chunkIndex: index },
            headers: { ...(await client.authHeaders()), 'content-type': 'application/octet-stream', 'x-chunk-sha256': sha },
            body: buffer,
            responseType: 'json',
          });
          return unwrap(res.body, res.statusCode);
        });
        sent += length;
        options.onProgress?.(sent, size);
      });
    }
    await queue.onIdle();
  } finally {
    await file.close();
  }
  return client.call<VersionResult>('POST', '/v1/versions/completeChunkedUpload', { json: { uploadId: session.uploadId } });
}

function chunkLength(index: number, chunkSize: number, size: number, totalChunks: number): number {
  return index < totalChunks - 1 ? chunkSize : size - chunkSize * (totalChunks - 1);
}

export interface DownloadOptions {
  /** Where partial bytes are kept between attempts; resumed with Range. */
  partPath: string;
  throttle?: Throttle;
  onProgress?: (receivedBytes: number, totalBytes: number) => void;
}

export class HashMismatch extends Error {}

/** Downloads a version into `dest`: temp file, Range resume, SHA-256 check, fsync, rename. */
export async function downloadVersion(client: FolioClient, versionId: string, expectedHash: string, totalBytes: number, dest: string, options: DownloadOptions): Promise<void> {
  await client.withRetry(async () => {
    const have = await stat(options.partPath).then((s) => s.size, () => 0);
    const resume = have > 0 && have < totalBytes;
    if (!resume && have > 0) await rm(options.partPath, { force: true });
    const stream = client.http.stream('v1/versions/download', {
      searchParams: { versionId },
      headers: { ...(await client.authHeaders()), ...(resume ? { range: `bytes=${have}-`, 'if-range': `"${expectedHash}"` } : {}) },
    });
    let received = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        options.onProgress?.(received, totalBytes);
        if (options.throttle) options.throttle.take(chunk.length).then(() => done(null, chunk), done);
        else done(null, chunk);
      },
    });
    const response = await new Promise<{ statusCode: number }>((resolve, reject) => {
      stream.once('response', resolve);
      stream.once('error', reject);
    });
    if (response.statusCode >= 400) {
      stream.destroy();
      throw new FolioApiError(1, `download failed with HTTP ${response.statusCode}`, '', response.statusCode);
    }
    const append = resume && response.statusCode === 206;
    received = append ? have : 0;
    await pipeline(stream, meter, createWriteStream(options.partPath, { flags: append ? 'a' : 'w' }));
  });
  const { hash } = await hashFile(options.partPath);
  if (hash !== expectedHash) {
    await rm(options.partPath, { force: true });
    throw new HashMismatch(`downloaded content hash ${hash} is not ${expectedHash}`);
  }
  const fh = await open(options.partPath, 'r+');
  await fh.sync();
  await fh.close();
  await rename(options.partPath, dest);
}

function unwrap<T>(body: unknown, status: number): T {
  const env = body as { code?: number; msg?: string; rid?: string; data?: T } | undefined;
  if (!env || typeof env.code !== 'number') throw new FolioApiError(1, `unexpected response (HTTP ${status})`, '', status);
  if (env.code !== 0 || env.data === undefined || env.data === null) throw new FolioApiError(env.code, env.msg ?? '', env.rid ?? '', status);
  return env.data;
}
