/**
 * Chunked uploads with resume (spec 4.11, DESIGN.md §2). Chunks are 0-based and written in place
 * into one assembly file per session, at index × chunkSize, so completing needs no copy: the file
 * is hashed once and renamed into the blob store. A chunk counts as received only once its bytes
 * are on disk (fdatasync), so a resumed upload after a crash re-sends exactly the missing ones.
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { ChunkedUploadSession, VersionResult } from '../../../shared/v1/resources.ts';
import type { InitChunkedUpload } from '../../../shared/v1/requests.ts';
import type { UploadSessionRecord } from '../../store/repos/uploads.ts';
import type { ServiceDeps } from '../app.ts';
import { actorOf, type RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { finalizeVersion, toVersionResult } from './finalize.ts';
import { KeyedLock } from './keyedLock.ts';
import { resolveTarget } from './target.ts';
import { admitDeclared, cleanupOnQuota } from '../limits/quota.ts';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export class ChunkedUploads {
  private readonly completing = new KeyedLock();

  constructor(private readonly deps: ServiceDeps) {
    mkdirSync(deps.store.uploadsDir, { recursive: true });
  }

  private get store() {
    return this.deps.store;
  }

  private fileOf(uploadId: string): string {
    return join(this.store.uploadsDir, `${uploadId}.part`);
  }

  async init(ctx: RequestContext, input: InitChunkedUpload): Promise<ChunkedUploadSession> {
    const expectedHash = normaliseHash(input.expectedContentHash);
    this.checkGeometry(input);
    const target = resolveTarget(this.deps, ctx, input);
    const key = input.idempotencyKey || null;
    if (key) {
      const existing = this.store.uploads.findByKey(ctx.tenantId, key);
      if (existing?.status === 'COMPLETED') return this.view(existing);
      if (existing && existing.status === 'OPEN' && existing.expiresAt > Date.now()) {
        if (existing.totalSize !== input.totalSize || existing.chunkSize !== input.chunkSize || existing.expectedHash !== expectedHash) {
          fail('IDEMPOTENCY_KEY_REUSED');
        }
        this.store.uploads.extend(existing.uploadId, this.expiry());
        return this.view({ ...existing, expiresAt: this.expiry() });
      }
      if (existing) await this.discard(existing.uploadId);
    }
    admitDeclared(this.store, ctx.tenantId, input.totalSize, expectedHash);
    const session = this.store.uploads.create({
      tenantId: ctx.tenantId,
      idempotencyKey: key,
      createBy: actorOf(ctx),
      target,
      totalSize: input.totalSize,
      chunkSize: input.chunkSize,
      totalChunks: input.totalChunks,
      expectedHash,
      expiresAt: this.expiry(),
    });
    await (await open(this.fileOf(session.uploadId), 'w')).close();
    return this.view(session);
  }

  /** Stores one chunk. Re-sending a chunk is harmless: it lands on the same bytes. */
  async putChunk(ctx: RequestContext, uploadId: string, chunkIndex: number, body: Readable, declaredLength: number | undefined, chunkSha256: string | undefined): Promise<ChunkedUploadSession> {
    const session = this.openSession(ctx, uploadId);
    if (!Number.isInteger(chunkIndex) || chunkIndex < 0 || chunkIndex >= session.totalChunks) {
      fail('VALIDATION', `chunkIndex must be between 0 and ${session.totalChunks - 1}`, { field: 'chunkIndex' });
    }
    const expectedSize = chunkIndex < session.totalChunks - 1 ? session.chunkSize : session.totalSize - session.chunkSize * (session.totalChunks - 1);
    if (declaredLength !== undefined && declaredLength !== expectedSize) {
      fail('CHUNK_SIZE_MISMATCH', `chunk ${chunkIndex} must be ${expectedSize} bytes, not ${declaredLength}`, { expectedSize });
    }
    const wantHash = chunkSha256 === undefined ? undefined : normaliseHash(chunkSha256, 'X-Chunk-Sha256');
    // Until this chunk is verified on disk, it counts as missing, even if an earlier copy was good.
    this.store.uploads.removeChunk(uploadId, chunkIndex);
    const hash = createHash('sha256');
    const fh = await open(this.fileOf(uploadId), 'r+');
    let written = 0;
    try {
      const base = chunkIndex * session.chunkSize;
      for await (const piece of body as AsyncIterable<Buffer>) {
        if (written + piece.length > expectedSize) fail('CHUNK_SIZE_MISMATCH', `chunk ${chunkIndex} is longer than ${expectedSize} bytes`, { expectedSize });
        hash.update(piece);
        await fh.write(piece, 0, piece.length, base + written);
        written += piece.length;
      }
      if (written !== expectedSize) fail('CHUNK_SIZE_MISMATCH', `chunk ${chunkIndex} has ${written} bytes, expected ${expectedSize}`, { expectedSize });
      await fh.datasync();
    } finally {
      await fh.close();
    }
    const digest = hash.digest('hex');
    if (wantHash && wantHash !== digest) fail('CHUNK_HASH_MISMATCH');
    this.store.transaction(() => {
      this.store.uploads.putChunk(uploadId, chunkIndex, written, digest);
      this.store.uploads.extend(uploadId, this.expiry());
    });
    return this.view(this.openSession(ctx, uploadId));
  }

  /** Assembles, verifies and finalizes. Completing twice returns the same version. */
  async complete(ctx: RequestContext, uploadId: string): Promise<VersionResult> {
    return this.completing.run(uploadId, async () => {
      const found = this.ownSession(ctx, uploadId);
      if (found.status === 'COMPLETED') return this.completedResult(ctx, found);
      const session = this.openSession(ctx, uploadId);
      const have = new Set(this.store.uploads.chunkIndexes(uploadId));
      const missing: number[] = [];
      for (let i = 0; i < session.totalChunks && missing.length < 100; i++) if (!have.has(i)) missing.push(i);
      if (missing.length > 0) fail('UPLOAD_INCOMPLETE', `missing chunks: ${missing.join(', ')}`, { missingChunkIndexes: missing });
      const path = this.fileOf(uploadId);
      const size = (await stat(path)).size;
      if (size !== session.totalSize) fail('INTERNAL', `assembled ${size} bytes, expected ${session.totalSize}`);
      const contentHash = await hashFile(path);
      if (session.expectedHash && session.expectedHash !== contentHash) {
        await this.discard(uploadId);
        fail('CONTENT_HASH_MISMATCH', `content hash is ${contentHash}, expected ${session.expectedHash}; the session is discarded`, { contentHash });
      }
      // The target is checked again: permissions or the tree may have changed since init.
      const target = session.target.docId ? resolveTarget(this.deps, ctx, { ...session.target, containerId: '' }) : session.target;
      return finalizeVersion(this.deps, ctx, target, { tempPath: path, contentHash, sizeBytes: size }, (v) =>
        this.store.uploads.markCompleted(uploadId, v.versionId),
      ).catch(cleanupOnQuota(() => this.discard(uploadId)));
    });
  }

  async abort(ctx: RequestContext, uploadId: string): Promise<void> {
    const session = this.ownSession(ctx, uploadId);
    if (session.status === 'COMPLETED') fail('UPLOAD_SESSION_EXPIRED', 'the upload is already completed');
    await this.discard(uploadId);
  }

  /** Removes sessions whose time ran out, with their bytes. */
  async sweepExpired(now = Date.now()): Promise<number> {
    const expired = this.store.uploads.expiredOpen(now);
    for (const s of expired) await this.discard(s.uploadId);
    return expired.length;
  }

  private async discard(uploadId: string): Promise<void> {
    this.store.uploads.delete(uploadId);
    await rm(this.fileOf(uploadId), { force: true });
  }

  /** A session is its creator's: to anyone else, even in the same tenant, it does not exist. */
  private ownSession(ctx: RequestContext, uploadId: string): UploadSessionRecord {
    const session = this.store.uploads.get(ctx.tenantId, uploadId);
    return session && session.createBy === actorOf(ctx) ? session : notFound('upload session', uploadId);
  }

  private openSession(ctx: RequestContext, uploadId: string): UploadSessionRecord {
    const session = this.ownSession(ctx, uploadId);
    if (session.status === 'COMPLETED') fail('UPLOAD_SESSION_EXPIRED', 'the upload is already completed');
    if (session.status !== 'OPEN' || session.expiresAt <= Date.now()) fail('UPLOAD_SESSION_EXPIRED');
    return session;
  }

  private completedResult(ctx: RequestContext, session: UploadSessionRecord): VersionResult {
    const v = this.store.versions.get(ctx.tenantId, session.completedVersionId) ?? notFound('version', session.completedVersionId);
    return toVersionResult(v);
  }

  private checkGeometry(input: InitChunkedUpload): void {
    const { config } = this.deps;
    const { totalSize, chunkSize, totalChunks } = input;
    if (totalSize < 0) fail('VALIDATION', 'totalSize must not be negative', { field: 'totalSize' });
    if (totalSize > config.maxTotalSize) fail('PAYLOAD_TOO_LARGE', `totalSize is above the limit of ${config.maxTotalSize} bytes`, { field: 'totalSize' });
    if (chunkSize < 1 || chunkSize > config.maxChunkSize) fail('VALIDATION', `chunkSize must be between 1 and ${config.maxChunkSize}`, { field: 'chunkSize' });
    const expectedChunks = Math.max(1, Math.ceil(totalSize / chunkSize));
    if (totalChunks !== expectedChunks) fail('VALIDATION', `totalChunks must be ${expectedChunks} for this totalSize and chunkSize`, { field: 'totalChunks' });
    if (totalChunks > 1 && chunkSize < config.minChunkSize) fail('VALIDATION', `chunkSize must be at least ${config.minChunkSize} when there is more than one chunk`, { field: 'chunkSize' });
    if (totalChunks > config.maxTotalChunks) fail('VALIDATION', `totalChunks must not exceed ${config.maxTotalChunks}`, { field: 'totalChunks' });
  }

  private expiry(): number {
    return Date.now() + this.deps.config.uploadSessionTtlMs;
  }

  private view(s: UploadSessionRecord): ChunkedUploadSession {
    return {
      uploadId: s.uploadId,
      uploadedChunkIndexes: s.status === 'OPEN' ? this.store.uploads.chunkIndexes(s.uploadId) : [],
      alreadyCompletedVersionId: s.completedVersionId,
      chunkSize: s.chunkSize,
      totalChunks: s.totalChunks,
      expiresAt: new Date(s.expiresAt).toISOString(),
    };
  }
}

function normaliseHash(raw: string | undefined, field = 'expectedContentHash'): string {
  if (!raw) return '';
  const hex = raw.toLowerCase().replace(/^sha256:/, '');
  if (!SHA256_HEX.test(hex)) fail('VALIDATION', 'a content hash is the SHA-256 digest in hex (64 characters)', { field });
  return hex;
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(piece as Buffer);
  return hash.digest('hex');
}
