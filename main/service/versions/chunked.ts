/**
 * Chunked uploads with resume (spec 4.11, docs/architecture.md, "Service conventions"). Chunks are
 * 0-based, and kept by the assembly store (main/store/assemblyStore.ts): under --data, written in
 * place into one assembly file per session, at index × chunkSize, so completing needs no copy (the
 * file is fsynced and linked into the blob store as it is); with --blobs, one object per chunk in
 * the bucket, streamed in order into the blob at completion. A chunk counts as received once its
 * bytes are kept, so a resumed upload re-sends exactly the missing ones. For an assembly file the
 * content hash advances while chunks arrive (RunningHash), so completing rarely reads the file again.
 *
 * A chunk sent again while an earlier copy is still arriving supersedes it (main/store/chunkWrite.ts):
 * the earlier copy stops writing and is not counted, so a counted chunk's bytes never change under it.
 *
 * A completion that fails leaves the session in one of two states (docs/api.md#chunked-upload):
 * open with its chunks, when the cause can clear (a name taken, the target in the recycle bin or
 * not writable, metadata the type now refuses, an I/O error), so completing again can succeed; or
 * ended, its bytes dropped and its key free, when no retry can succeed (the content does not match
 * expectedContentHash or does not fit the quota, the target no longer exists), so later calls get
 * 140001 with the reason. Chunks whose bytes are no longer in the assembly file count as missing.
 *
 * Across nodes on one data directory, chunks of a session may reach any node. The running hash
 * only hears of this process's writes, so a session that another process wrote to as well is
 * hashed again from its file at completion (AssemblyFiles.writtenByOthers).
 */
import type { Readable } from 'node:stream';
import type { ChunkedUploadSession, VersionResult } from '../../../shared/v1/resources.ts';
import type { InitChunkedUpload } from '../../../shared/v1/requests.ts';
import { ChunkLengthMismatch, LostChunks, type RunningDigest } from '../../store/assemblyStore.ts';
import type { StagedBlob } from '../../store/blobStore.ts';
import { ChunkSuperseded, ChunkWrite } from '../../store/chunkWrite.ts';
import { HashThread } from '../../store/hashThread.ts';
import { KeyedLock } from '../../store/keyedLock.ts';
import { SourceFailed } from '../../store/streamWrite.ts';
import type { UploadSessionRecord } from '../../store/repos/uploads.ts';
import type { AreaDeps } from '../kernel.ts';
import type { MetadataRepos } from '../forms/metadata.ts';
import type { DocumentService } from '../documents/service.ts';
import { actorOf, type RequestContext } from '../context.ts';
import { fail, notFound, ServiceError } from '../errors.ts';
import { finalizeVersion, type FinalizeRepos } from './finalize.ts';
import { toVersionResult } from './view.ts';
import { RunningHash } from './runningHash.ts';
import { normaliseMediaType } from '../mediaType.ts';
import { destinationOf, resolveTarget, factsOfTarget } from './target.ts';
import { admitDeclared } from '../limits/quota.ts';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The in-memory side of an open session: its running hash, and when it was last used. */
interface Progress {
  hash: RunningHash;
  touched: number;
}

export class ChunkedUploads {
  private readonly completing = new KeyedLock();
  /** Sessions being completed: their assembly file must not change any more. */
  private readonly sealed = new Set<string>();
  private readonly progress = new Map<string, Progress>();
  /** The write of each chunk (uploadId/index) in flight in this process, the latest copy's. */
  private readonly chunkWrites = new Map<string, ChunkWrite>();
  private readonly hashThread = new HashThread();

  constructor(
    private readonly deps: AreaDeps<FinalizeRepos | MetadataRepos | 'assemblies' | 'uploads'>,
    private readonly documents: DocumentService,
  ) {}

  /** Stops the hash thread; the service is closing. */
  async close(): Promise<void> {
    for (const uploadId of [...this.progress.keys()]) this.forgetProgress(uploadId);
    await this.hashThread.close();
  }

  private forgetProgress(uploadId: string): void {
    this.progress.get(uploadId)?.hash.close();
    this.progress.delete(uploadId);
  }

  private get repos() {
    return this.deps.repos;
  }

  async init(ctx: RequestContext, input: InitChunkedUpload): Promise<ChunkedUploadSession> {
    const expectedHash = normaliseHash(input.expectedContentHash);
    this.checkGeometry(input);
    // Checked here too, not only in resolveTarget: a resumed session never reaches it, and a bad type must be refused either way.
    if (input.mimeType) normaliseMediaType(input.mimeType, 'mimeType');
    this.forgetIdle();
    const key = input.idempotencyKey || null;
    // One write unit of work (BEGIN IMMEDIATE, so across processes too) decides: two inits with one
    // new key cannot both create a session, and admission counts the reservations of every session
    // created before it, so two inits cannot both take the same free bytes. The sessions and quotas
    // are still synchronous statements, run inside it on the connection both share. The target, the
    // caller's mask on it and the metadata's fields are read inside it too, as of its commit.
    const outcome = await this.repos.units.transaction(async () => {
      const facts = await factsOfTarget(this.deps, ctx, input);
      const existing = key ? this.repos.uploads.findByKey(ctx.tenantId, key) : undefined;
      const live = existing && (existing.status === 'COMPLETED' || (existing.status === 'OPEN' && existing.expiresAt > Date.now()));
      if (existing && live) {
        if (!(await this.sameUpload(ctx, existing, input, expectedHash))) fail('IDEMPOTENCY_KEY_REUSED');
        if (existing.status === 'COMPLETED') return { session: existing, stale: undefined };
        const expiresAt = this.expiry();
        this.repos.uploads.extend(existing.uploadId, expiresAt);
        return { session: { ...existing, expiresAt }, stale: undefined };
      }
      if (existing) this.repos.uploads.delete(existing.uploadId);
      admitDeclared(this.repos, ctx.tenantId, input.totalSize, expectedHash);
      const target = await resolveTarget(this.documents, ctx, input, facts);
      const session = this.repos.uploads.create({
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
      return { session, stale: existing?.uploadId };
    });
    if (outcome.stale) await this.dropBytes(outcome.stale);
    return this.view(outcome.session);
  }

  /** Stores one chunk. Re-sending a chunk is harmless: it lands on the same bytes, and the copy sent last counts. */
  async putChunk(ctx: RequestContext, uploadId: string, chunkIndex: number, body: Readable, declaredLength: number | undefined, chunkSha256: string | undefined): Promise<ChunkedUploadSession> {
    const session = this.openSession(ctx, uploadId);
    if (this.sealed.has(uploadId)) fail('UPLOAD_SESSION_EXPIRED', 'the upload is being completed');
    if (!Number.isInteger(chunkIndex) || chunkIndex < 0 || chunkIndex >= session.totalChunks) {
      fail('VALIDATION', `chunkIndex must be between 0 and ${session.totalChunks - 1}`, { field: 'chunkIndex' });
    }
    const offset = chunkIndex * session.chunkSize;
    const size = Math.min(session.chunkSize, session.totalSize - offset);
    if (declaredLength !== undefined && declaredLength !== size) {
      fail('CHUNK_SIZE_MISMATCH', `chunk ${chunkIndex} must be ${size} bytes, not ${declaredLength}`, { expectedSize: size });
    }
    const wantHash = chunkSha256 === undefined ? undefined : normaliseHash(chunkSha256, 'X-Chunk-Sha256');
    const key = `${uploadId}/${chunkIndex}`;
    const write = new ChunkWrite();
    const earlier = this.chunkWrites.get(key);
    this.chunkWrites.set(key, write);
    try {
      // Stopped before anything below: the earlier copy can no longer be counted, nor write once this one does.
      const earlierStopped = earlier?.supersede();
      // Until this chunk is verified on disk, it counts as missing, even if an earlier copy was good.
      this.progressOf(session)?.hash.changing(chunkIndex);
      this.repos.transaction(() => {
        this.repos.uploads.removeChunk(uploadId, chunkIndex);
        this.repos.uploads.extend(uploadId, this.expiry());
      });
      await earlierStopped;
      const slot = { index: chunkIndex, offset, size };
      const digest = await this.repos.assemblies.writeChunk(uploadId, slot, body, wantHash !== undefined, write).catch((err: unknown) => {
        if (err instanceof ChunkLengthMismatch) {
          const got = err.received === 'more' ? 'more' : String(err.received);
          fail('CHUNK_SIZE_MISMATCH', `chunk ${chunkIndex} must be ${size} bytes, got ${got}`, { expectedSize: size });
        }
        if (err instanceof ChunkSuperseded) superseded(chunkIndex);
        if (err instanceof SourceFailed) fail('VALIDATION', `chunk ${chunkIndex} broke off before its end`);
        throw err;
      });
      if (wantHash !== undefined && wantHash !== digest) fail('CHUNK_HASH_MISMATCH', `chunk ${chunkIndex} has SHA-256 ${digest}`);
      this.repos.transaction(() => {
        if (!write.current) superseded(chunkIndex);
        // The session may have expired or been aborted while the bytes were in flight.
        if (this.repos.uploads.status(uploadId) !== 'OPEN') fail('UPLOAD_SESSION_EXPIRED');
        this.repos.uploads.putChunk(uploadId, chunkIndex, size, digest ?? '');
        this.repos.uploads.extend(uploadId, this.expiry());
      });
    } finally {
      if (this.chunkWrites.get(key) === write) this.chunkWrites.delete(key);
    }
    this.progress.get(uploadId)?.hash.storedChunk(chunkIndex);
    return this.view(this.openSession(ctx, uploadId));
  }

  /** Verifies and finalizes. Completing twice returns the same version. */
  async complete(ctx: RequestContext, uploadId: string): Promise<VersionResult> {
    return this.completing.run(uploadId, async () => {
      const found = this.ownSession(ctx, uploadId);
      if (found.status === 'COMPLETED') return this.completedResult(ctx, found);
      const session = this.openSession(ctx, uploadId);
      const have = new Set(this.repos.uploads.chunkIndexes(uploadId));
      const missing: number[] = [];
      for (let i = 0; i < session.totalChunks && missing.length < 100; i++) if (!have.has(i)) missing.push(i);
      if (missing.length > 0) fail('UPLOAD_INCOMPLETE', `missing chunks: ${missing.join(', ')}`, { missingChunkIndexes: missing });
      // Every chunk is stored and no write is in flight (a write un-stores its chunk first); keep it that way.
      this.sealed.add(uploadId);
      try {
        this.repos.uploads.extend(uploadId, this.expiry());
        return await this.finish(ctx, session);
      } finally {
        this.sealed.delete(uploadId);
      }
    });
  }

  /** Ends the session and drops its bytes; aborting an ended session changes nothing. Waits for a completion in flight. */
  async abort(ctx: RequestContext, uploadId: string): Promise<void> {
    await this.completing.run(uploadId, async () => {
      const session = this.ownSession(ctx, uploadId);
      if (session.status === 'COMPLETED') fail('UPLOAD_SESSION_EXPIRED', 'the upload is already completed');
      if (session.status === 'OPEN') await this.end(uploadId, 'it was aborted');
    });
  }

  /**
   * Expires sessions whose time ran out and removes their bytes; also removes the bytes of sessions
   * that are not open (left by a crash between completing and cleaning up, or a chunk that landed
   * after its session ended). Bytes of a session with no record here may be another store's on
   * the same bucket, or a crash's between dropping a record and its bytes: they go once a whole TTL old.
   */
  async sweepExpired(now = Date.now()): Promise<number> {
    const expired = this.repos.transaction(() => this.repos.uploads.expireDue(now));
    for (const id of expired) await this.dropBytes(id);
    for (const id of await this.repos.assemblies.list()) {
      const status = this.repos.uploads.status(id);
      if (status === 'OPEN') continue;
      if (status === undefined && ((await this.repos.assemblies.lastWritten(id)) ?? 0) > now - this.deps.config.uploadSessionTtlMs) continue;
      await this.dropBytes(id);
    }
    this.repos.uploads.deleteExpiredBefore(now - this.deps.config.uploadSessionTtlMs);
    return expired.length;
  }

  private async finish(ctx: RequestContext, session: UploadSessionRecord): Promise<VersionResult> {
    const { uploadId } = session;
    const staged = await this.staged(session);
    let version: VersionResult;
    try {
      const { contentHash } = staged;
      if (session.expectedHash && session.expectedHash !== contentHash) {
        await this.end(uploadId, 'its content did not match expectedContentHash');
        fail('CONTENT_HASH_MISMATCH', `content hash is ${contentHash}, expected ${session.expectedHash}; the session has ended`, { contentHash });
      }
      try {
        // The target is checked again: permissions, the tree or the type's fields may have changed since init.
        const input = session.target.docId ? { ...session.target, containerId: '' } : session.target;
        const target = await resolveTarget(this.documents, ctx, input, await factsOfTarget(this.deps, ctx, input));
        version = await finalizeVersion(this.deps, this.documents, ctx, target, staged, (v) => this.repos.uploads.markCompleted(uploadId, v.versionId));
      } catch (err) {
        const reason = endingReason(err);
        if (reason) await this.end(uploadId, reason);
        throw err;
      }
    } finally {
      await this.repos.assemblies.unstage(staged);
    }
    await this.dropBytes(uploadId);
    return version;
  }

  /**
   * The session's bytes, staged for the finalize chain. Chunks whose bytes are not all kept (a crash
   * of the machine can lose what was not on disk yet) are un-stored, and refused with 140003 naming
   * them, so the client sends them again.
   */
  private async staged(session: UploadSessionRecord): Promise<StagedBlob> {
    const { uploadId } = session;
    try {
      return await this.repos.assemblies.stage(uploadId, session, this.runningDigest(session));
    } catch (err) {
      if (!(err instanceof LostChunks)) throw err;
      this.repos.transaction(() => this.repos.uploads.removeChunks(uploadId, err.indexes));
      this.forgetProgress(uploadId);
      const named = err.indexes.slice(0, 100);
      fail('UPLOAD_INCOMPLETE', `the bytes of chunks ${named.join(', ')} were lost; send them again`, { missingChunkIndexes: named });
    }
  }

  /** The running hash, for a store that keeps the bytes in a local file; a restart starts it over from the file. */
  private runningDigest(session: UploadSessionRecord): RunningDigest | undefined {
    if (this.repos.assemblies.localFile(session.uploadId) === undefined) return undefined;
    return {
      digest: async () => {
        const p = this.progressOf(session);
        if (!p) throw new Error(`upload ${session.uploadId} has no local file to hash`);
        return p.hash.digest();
      },
      restart: () => this.forgetProgress(session.uploadId),
    };
  }

  /** Ends an open session: no version, its bytes dropped, its key free for a new session. */
  private async end(uploadId: string, reason: string): Promise<void> {
    this.repos.transaction(() => this.repos.uploads.end(uploadId, reason, Date.now()));
    await this.dropBytes(uploadId);
  }

  private async dropBytes(uploadId: string): Promise<void> {
    this.forgetProgress(uploadId);
    await this.repos.assemblies.remove(uploadId);
  }

  /**
   * The running hash of an open session, rebuilt from the stored chunks after a restart; undefined
   * when the chunks are not kept on this machine (in a bucket), where the hash is taken at completion.
   */
  private progressOf(session: UploadSessionRecord): Progress | undefined {
    let p = this.progress.get(session.uploadId);
    if (!p) {
      const { uploadId } = session;
      const file = this.repos.assemblies.localFile(uploadId);
      if (file === undefined) return undefined;
      const hash = new RunningHash(session, () => this.hashThread.hasher(file), this.repos.uploads.chunkIndexes(uploadId));
      p = { hash, touched: Date.now() };
      this.progress.set(uploadId, p);
    }
    p.touched = Date.now();
    return p;
  }

  /** Running hashes of sessions nobody touched for a whole TTL belong to expired sessions. */
  private forgetIdle(): void {
    const cutoff = Date.now() - this.deps.config.uploadSessionTtlMs;
    for (const [id, p] of this.progress) if (p.touched < cutoff) this.forgetProgress(id);
  }

  /** A session is its creator's: to anyone else, even in the same tenant, it does not exist. */
  private ownSession(ctx: RequestContext, uploadId: string): UploadSessionRecord {
    const session = this.repos.uploads.get(ctx.tenantId, uploadId);
    return session && session.createBy === actorOf(ctx) ? session : notFound('upload session', uploadId);
  }

  private openSession(ctx: RequestContext, uploadId: string): UploadSessionRecord {
    const session = this.ownSession(ctx, uploadId);
    if (session.status === 'COMPLETED') fail('UPLOAD_SESSION_EXPIRED', 'the upload is already completed');
    if (session.status !== 'OPEN' || session.expiresAt <= Date.now()) {
      const reason = session.status === 'OPEN' ? 'its time ran out' : session.endReason;
      fail('UPLOAD_SESSION_EXPIRED', `the upload session has ended: ${reason}; start a new one`);
    }
    return session;
  }

  private completedResult(ctx: RequestContext, session: UploadSessionRecord): VersionResult {
    const v = this.repos.versions.get(ctx.tenantId, session.completedVersionId) ?? notFound('version', session.completedVersionId);
    return toVersionResult(v);
  }

  /** Init with a known idempotency key must describe the same upload: sizes, expected hash and destination. */
  private async sameUpload(ctx: RequestContext, s: UploadSessionRecord, input: InitChunkedUpload, expectedHash: string): Promise<boolean> {
    return (
      s.totalSize === input.totalSize &&
      s.chunkSize === input.chunkSize &&
      s.expectedHash === expectedHash &&
      (await destinationOf(this.documents, ctx, s.target)) === (await destinationOf(this.documents, ctx, input))
    );
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
      uploadedChunkIndexes: s.status === 'OPEN' ? this.repos.uploads.chunkIndexes(s.uploadId) : [],
      alreadyCompletedVersionId: s.completedVersionId,
      chunkSize: s.chunkSize,
      totalChunks: s.totalChunks,
      expiresAt: new Date(s.expiresAt).toISOString(),
    };
  }
}

/** Why a failed completion ends the session, or undefined when completing again may succeed. */
function endingReason(err: unknown): string | undefined {
  if (!(err instanceof ServiceError)) return undefined;
  if (err.value.name === 'QUOTA_EXCEEDED') return 'its content did not fit the storage quota';
  if (err.value.name === 'NOT_FOUND') return 'its target no longer exists';
  return undefined;
}

/** A later copy of the chunk arrived while this one did: that one counts, and this one is refused. */
function superseded(chunkIndex: number): never {
  fail('UPLOAD_INCOMPLETE', `chunk ${chunkIndex} was sent again while this copy arrived; the copy sent last counts`);
}

function normaliseHash(raw: string | undefined, field = 'expectedContentHash'): string {
  if (!raw) return '';
  const hex = raw.toLowerCase().replace(/^sha256:/, '');
  if (!SHA256_HEX.test(hex)) fail('VALIDATION', 'a content hash is the SHA-256 digest in hex (64 characters)', { field });
  return hex;
}
