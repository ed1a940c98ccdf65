/** Reading versions, and the direct (single-request) upload. */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Perm } from '../../../shared/permissions.ts';
import type { PageOf, Version, VersionResult } from '../../../shared/v1/resources.ts';
import type { DirectUploadQuery, VersionPageRequest } from '../../../shared/v1/requests.ts';
import { readSmall, SizeLimitExceeded, SourceFailed } from '../../store/streamWrite.ts';
import type { VersionRecord } from '../../store/repos/versions.ts';
import type { AreaDeps } from '../kernel.ts';
import type { MetadataRepos } from '../forms/metadata.ts';
import type { RequestContext } from '../context.ts';
import type { DocumentService } from '../documents/service.ts';
import { fail, notFound } from '../errors.ts';
import { pageWindow } from '../paging.ts';
import { readableVersionPage } from '../acl/visible.ts';
import { finalizeVersion, type FinalizeRepos } from './finalize.ts';
import { admitDeclared } from '../limits/quota.ts';
import { resolveTarget, factsOfTarget } from './target.ts';
import { applicationKey, ReplyCache } from '../replyCache.ts';
import { toVersion } from './view.ts';

/** Direct uploads up to this size are read into memory (VersionService.upload). */
const BUFFERED_UPLOAD_BYTES = 1024 * 1024;

/** versions/getPage's replies a node keeps: a page of 20 versions is about 8 KB of JSON. */
const REMEMBERED_PAGES = 1024;

export class VersionService {
  private readonly pages: ReplyCache<PageOf<Version>>;

  constructor(
    private readonly deps: AreaDeps<FinalizeRepos | MetadataRepos | 'acl'>,
    private readonly documents: DocumentService,
  ) {
    this.pages = new ReplyCache(deps.repos, REMEMBERED_PAGES);
  }

  /** A version of the caller's tenant whose document the caller holds `bits` on. */
  async load(ctx: RequestContext, versionId: string, bits: number, action: string): Promise<VersionRecord> {
    const v = this.deps.repos.versions.get(ctx.tenantId, versionId) ?? notFound('version', versionId);
    const doc = await this.documents.load(ctx, v.docId);
    await this.deps.access.requireOnLoaded(ctx, doc, bits, action);
    return v;
  }

  async upload(ctx: RequestContext, query: DirectUploadQuery, body: Readable, declaredLength: number | undefined): Promise<VersionResult> {
    const limit = this.deps.config.maxDirectUploadBytes;
    if (declaredLength !== undefined && declaredLength > limit) {
      fail('PAYLOAD_TOO_LARGE', `direct uploads are limited to ${limit} bytes; use initChunkedUpload`);
    }
    const target = await resolveTarget(this.documents, ctx, query, await factsOfTarget(this.deps, ctx, query));
    admitDeclared(this.deps.repos, ctx.tenantId, declaredLength);
    const bodyFailed = (err: unknown): never => {
      if (err instanceof SizeLimitExceeded) fail('PAYLOAD_TOO_LARGE', `direct uploads are limited to ${limit} bytes; use initChunkedUpload`);
      if (err instanceof SourceFailed) fail('VALIDATION', 'the request body broke off before its end');
      throw err;
    };
    // A small body is read into memory and put in place in one trip to a blob thread (a first sync
    // sends thousands); a large one streams to a temp file, never held whole.
    if (declaredLength !== undefined && declaredLength <= BUFFERED_UPLOAD_BYTES) {
      const bytes = await readSmall(body, Math.min(limit, BUFFERED_UPLOAD_BYTES)).catch(bodyFailed);
      const contentHash = createHash('sha256').update(bytes).digest('hex');
      return finalizeVersion(this.deps, this.documents, ctx, target, { bytes, contentHash, sizeBytes: bytes.length });
    }
    const staged = await this.deps.repos.blobs.stage(body, limit).catch(bodyFailed);
    try {
      return await finalizeVersion(this.deps, this.documents, ctx, target, staged);
    } finally {
      await this.deps.repos.blobs.discard(staged.tempPath);
    }
  }

  /** Versions by versionNo descending (spec 4.14): of one document, or of every document the caller can enumerate. */
  page(ctx: RequestContext, input: VersionPageRequest): Promise<PageOf<Version>> {
    const w = pageWindow(input, ['versionNo'], 'versionNo', false);
    if (w.order.asc) fail('VALIDATION', 'versions are listed by versionNo descending (spec 4.14)', { field: 'isAsc' });
    const docId = input.docId;
    return this.pages.through(applicationKey(ctx, docId ?? '', w.limit, w.offset), async () => {
      if (docId) {
        const doc = await this.documents.load(ctx, docId);
        await this.deps.access.requireOnLoaded(ctx, doc, Perm.READ, 'list versions of this document');
        const { total, rows } = this.deps.repos.versions.pageForDocument(ctx.tenantId, doc.docId, w.limit, w.offset);
        return { totalElements: total, content: await this.views(ctx, rows) };
      }
      const { total, rows } = await readableVersionPage(this.deps, ctx, w.limit, w.offset);
      return { totalElements: total, content: await this.views(ctx, rows) };
    });
  }

  async get(ctx: RequestContext, versionId: string): Promise<Version> {
    return this.view(ctx, await this.load(ctx, versionId, Perm.READ, 'read this version'));
  }

  private async view(ctx: RequestContext, v: VersionRecord): Promise<Version> {
    return toVersion(v, await this.deps.repos.identity.displayName(ctx.tenantId, v.createBy));
  }

  /**
   * A page names each of its authors once, before its rows: most pages are one uploader's versions,
   * a name is a query or two, and the rows then need no promise each.
   */
  private async views(ctx: RequestContext, rows: readonly VersionRecord[]): Promise<Version[]> {
    const authors = [...new Set(rows.map((v) => v.createBy))];
    const names = await Promise.all(authors.map((principalId) => this.deps.repos.identity.displayName(ctx.tenantId, principalId)));
    const nameOf = new Map(authors.map((principalId, i) => [principalId, names[i] ?? '']));
    return rows.map((v) => toVersion(v, nameOf.get(v.createBy) ?? ''));
  }
}
