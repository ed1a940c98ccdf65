/**
 * Rendition bytes: attaching staged bytes to a version's rendition, recording states without
 * bytes, and reading bytes back with the spec's codes for what can go wrong (180004-180006).
 * Rendition files are content-addressed; the rendition store's lock per content hash keeps
 * "attach" and "drop the file nobody references any more" (here, and when versions are purged)
 * from racing. A rendition is written only while its version exists: a text job that finishes
 * after its version was purged must not leave a row behind.
 */
import type { Readable } from 'node:stream';
import type { StagedBlob } from '../../store/blobStore.ts';
import type { RenditionRecord, RenditionState, RenditionStatus } from '../../store/repos/renditions.ts';
import type { AreaDeps } from '../kernel.ts';
import { fail } from '../errors.ts';

export interface RenditionTarget {
  tenantId: string;
  versionId: string;
  kind: string;
}

export class RenditionFiles {
  constructor(private readonly deps: AreaDeps<'renditionBlobs' | 'renditions' | 'versions'>) {}

  /** Makes `staged` the READY bytes of the rendition, replacing earlier bytes, and announces rendition.uploaded. */
  async attach(target: RenditionTarget, mimeType: string, staged: StagedBlob, createBy: string): Promise<RenditionRecord> {
    const { repos } = this.deps;
    const { record, previousHash } = await repos.renditionBlobs.withContent(staged.contentHash, async () => {
      await repos.renditionBlobs.commit(staged);
      try {
        return repos.transaction(() =>
          this.put(target, { status: 'READY', mimeType, contentHash: staged.contentHash, sizeBytes: staged.sizeBytes, failReason: '' }, createBy),
        );
      } catch (err) {
        if (!repos.renditions.contentReferenced(staged.contentHash)) await repos.renditionBlobs.remove(staged.contentHash);
        throw err;
      }
    });
    if (previousHash && previousHash !== staged.contentHash) await this.dropIfUnreferenced(previousHash);
    this.deps.events.publish({
      type: 'rendition.uploaded',
      tenantId: target.tenantId,
      data: { versionId: target.versionId, kind: target.kind, renditionId: record.renditionId, status: record.status },
    });
    return record;
  }

  /** Records a state without bytes (FAILED, NOT_APPLICABLE, PENDING), dropping bytes it held. */
  async setState(target: RenditionTarget, status: Exclude<RenditionStatus, 'READY'>, failReason: string, mimeType: string, createBy: string): Promise<RenditionRecord> {
    const { repos } = this.deps;
    const { record, previousHash } = repos.transaction(() => this.put(target, { status, mimeType, contentHash: '', sizeBytes: 0, failReason }, createBy));
    if (previousHash) await this.dropIfUnreferenced(previousHash);
    return record;
  }

  /**
   * Makes the rendition READY with no bytes of its own: what it holds is read from the version
   * itself (a text file's TEXT rendition), and announces rendition.uploaded.
   */
  async markReadyWithoutBytes(target: RenditionTarget, mimeType: string, createBy: string): Promise<RenditionRecord> {
    const { repos } = this.deps;
    const { record, previousHash } = repos.transaction(() => this.put(target, { status: 'READY', mimeType, contentHash: '', sizeBytes: 0, failReason: '' }, createBy));
    if (previousHash) await this.dropIfUnreferenced(previousHash);
    this.deps.events.publish({
      type: 'rendition.uploaded',
      tenantId: target.tenantId,
      data: { versionId: target.versionId, kind: target.kind, renditionId: record.renditionId, status: record.status },
    });
    return record;
  }

  /** Shares the bytes of a finished rendition with another version (same content, same result). */
  async copy(from: RenditionRecord, target: RenditionTarget, createBy: string): Promise<RenditionRecord> {
    const { repos } = this.deps;
    if (from.status !== 'READY') return this.setState(target, from.status, from.failReason, from.mimeType, createBy);
    const { record } = await repos.renditionBlobs.withContent(from.contentHash, async () =>
      repos.transaction(() => this.put(target, { status: 'READY', mimeType: from.mimeType, contentHash: from.contentHash, sizeBytes: from.sizeBytes, failReason: '' }, createBy)),
    );
    this.deps.events.publish({
      type: 'rendition.uploaded',
      tenantId: target.tenantId,
      data: { versionId: target.versionId, kind: target.kind, renditionId: record.renditionId, status: record.status },
    });
    return record;
  }

  /** 180004 when a READY rendition has no bytes attached, 180005 when its file is missing. */
  async ensureBytes(record: RenditionRecord): Promise<void> {
    if (!record.contentHash) fail('RENDITION_HAS_NO_BLOB', `the ${record.kind} rendition is marked READY but has no bytes`);
    if (!(await this.deps.repos.renditionBlobs.has(record.contentHash))) {
      fail('RENDITION_BLOB_NOT_AVAILABLE', `the bytes of the ${record.kind} rendition are not available; retry later`);
    }
  }

  /** A stream of a READY rendition's bytes, after ensureBytes. */
  async open(record: RenditionRecord, range?: { start: number; end: number }): Promise<Readable> {
    await this.ensureBytes(record);
    return this.deps.repos.renditionBlobs.read(record.contentHash, range);
  }

  /** All of a READY rendition's bytes: 180005 when they are missing, 180006 when reading them fails. */
  async readAll(record: RenditionRecord): Promise<Buffer> {
    if (!record.contentHash) fail('RENDITION_BLOB_NOT_AVAILABLE', `the ${record.kind} rendition has no bytes yet; retry later`);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of this.deps.repos.renditionBlobs.read(record.contentHash)) chunks.push(chunk as Buffer);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') fail('RENDITION_BLOB_NOT_AVAILABLE', `the bytes of the ${record.kind} rendition are not available; retry later`);
      fail('RENDITION_DOWNLOAD_FAILED', `reading the ${record.kind} rendition failed (${code ?? 'I/O error'}); retry`);
    }
    return Buffer.concat(chunks);
  }

  /** Inside a transaction: 187001 once the version is gone (purged while its rendition was being made). */
  private put(target: RenditionTarget, state: RenditionState, createBy: string): { record: RenditionRecord; previousHash: string } {
    const { repos } = this.deps;
    if (!repos.versions.get(target.tenantId, target.versionId)) fail('SOURCE_VERSION_NOT_FOUND', `version ${target.versionId} no longer exists`);
    return repos.renditions.put(target.tenantId, target.versionId, target.kind, state, createBy);
  }

  private async dropIfUnreferenced(contentHash: string): Promise<void> {
    const { repos } = this.deps;
    await repos.renditionBlobs.withContent(contentHash, async () => {
      if (!repos.renditions.contentReferenced(contentHash)) await repos.renditionBlobs.remove(contentHash);
    });
  }
}
