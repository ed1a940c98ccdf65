/**
 * Renditions (spec §4 "Endpoints referenced elsewhere", §7): upload of a client's PREVIEW, the
 * list of a version's renditions, and short-lived signed URLs that read a READY rendition
 * without a bearer token.
 */
import { Readable } from 'node:stream';
import { Perm, UPLOAD } from '../../../shared/permissions.ts';
import { contract } from '../../../shared/v1/contract/index.ts';
import {
  RENDITION_KINDS,
  SIGNED_URL_DEFAULT_SECONDS,
  SIGNED_URL_MAX_SECONDS,
  SIGNED_URL_MIN_SECONDS,
  UPLOADABLE_RENDITION_KINDS,
  type Rendition,
  type RenditionList,
  type RenditionUploadQuery,
  type SignedReadQuery,
  type SignedUrl,
  type SignedUrlRequest,
} from '../../../shared/v1/renditions.ts';
import { SizeLimitExceeded } from '../../store/streamWrite.ts';
import { installSecret } from '../../store/installSecret.ts';
import type { RenditionRecord } from '../../store/repos/renditions.ts';
import type { AreaDeps } from '../kernel.ts';
import { actorOf, type RequestContext } from '../context.ts';
import { fail } from '../errors.ts';
import type { VersionService } from '../versions/service.ts';
import { RenditionFiles } from './files.ts';
import { readMediaType } from '../mediaType.ts';
import { inlinePreviewType } from './mimeTypes.ts';
import { signedQuery, verifyRead } from './signing.ts';
import { readTextDocument } from '../text/storedText.ts';
import { TEXT_IN_VERSION_MIME, TEXT_MIME } from '../text/textDocument.ts';


/** A rendition as a signed read sends it. */
export interface ServedRendition {
  mimeType: string;
  sizeBytes: number;
  etag: string;
  open: (range?: { start: number; end: number }) => Promise<Readable>;
}

export class RenditionService {
  private readonly files: RenditionFiles;
  private readonly key: Buffer;

  constructor(
    private readonly deps: AreaDeps<'blobs' | 'documents' | 'renditionBlobs' | 'renditions' | 'versions'>,
    private readonly versions: VersionService,
  ) {
    this.files = new RenditionFiles(deps);
    this.key = installSecret(deps.dataDir, 'rendition-url-key');
  }

  /** Checks run in the order of the spec's codes: kind (180014), version (187001), MIME type (110001 when it is not one, else 173011). */
  async upload(ctx: RequestContext, query: RenditionUploadQuery, body: Readable, declaredLength: number | undefined): Promise<Rendition> {
    const { repos, config } = this.deps;
    if (!UPLOADABLE_RENDITION_KINDS.includes(query.kind)) {
      fail('RENDITION_KIND_NOT_UPLOADABLE', `clients can upload only ${UPLOADABLE_RENDITION_KINDS.join(', ')} renditions, not '${query.kind}'`, { kind: query.kind });
    }
    if (!repos.versions.get(ctx.tenantId, query.versionId)) fail('SOURCE_VERSION_NOT_FOUND', `version not found: ${query.versionId}`, { versionId: query.versionId });
    const mimeType = inlinePreviewType(readMediaType(query.mimeType, 'mimeType')) ?? fail('PREVIEW_MIME_NOT_INLINE', `a preview of type '${query.mimeType}' cannot be rendered inline`, { mimeType: query.mimeType });
    const version = await this.versions.load(ctx, query.versionId, UPLOAD, 'upload a rendition of this version');
    const limit = config.maxDirectUploadBytes;
    if (declaredLength !== undefined && declaredLength > limit) fail('PAYLOAD_TOO_LARGE', `a preview is limited to ${limit} bytes`);
    const staged = await repos.renditionBlobs.stage(body, limit).catch((err: unknown) => {
      if (err instanceof SizeLimitExceeded) fail('PAYLOAD_TOO_LARGE', `a preview is limited to ${limit} bytes`);
      throw err;
    });
    try {
      if (staged.sizeBytes === 0) fail('VALIDATION', 'the preview is empty', { field: 'body' });
      const record = await this.files.attach({ tenantId: ctx.tenantId, versionId: version.versionId, kind: query.kind }, mimeType, staged, actorOf(ctx));
      return toRendition(record);
    } finally {
      await repos.renditionBlobs.discard(staged.tempPath);
    }
  }

  async list(ctx: RequestContext, versionId: string): Promise<RenditionList> {
    const version = await this.versions.load(ctx, versionId, Perm.READ, 'list the renditions of this version');
    return { versionId: version.versionId, renditions: this.deps.repos.renditions.listForVersion(ctx.tenantId, version.versionId).map(toRendition) };
  }

  /** `origin` is scheme://host[:port] as the caller reached the service. */
  async signedUrl(ctx: RequestContext, input: SignedUrlRequest, origin: string): Promise<SignedUrl> {
    if (!(RENDITION_KINDS as readonly string[]).includes(input.kind)) {
      fail('RENDITION_KIND_UNSUPPORTED', `signed URLs exist for ${RENDITION_KINDS.join(', ')} renditions, not '${input.kind}'`, { kind: input.kind });
    }
    const validitySeconds = input.validitySeconds ?? SIGNED_URL_DEFAULT_SECONDS;
    if (validitySeconds < SIGNED_URL_MIN_SECONDS || validitySeconds > SIGNED_URL_MAX_SECONDS) {
      fail('SIGNED_URL_VALIDITY_OUT_OF_RANGE', `validitySeconds must be between ${SIGNED_URL_MIN_SECONDS} and ${SIGNED_URL_MAX_SECONDS}`, { field: 'validitySeconds' });
    }
    const record = await this.readable(await this.visibleRendition(ctx, input.versionId, input.kind), input.kind);
    const expires = Math.floor(Date.now() / 1000) + validitySeconds;
    const path = `${contract.renditions.read.path}?${signedQuery(this.key, { tenantId: ctx.tenantId, versionId: record.versionId, kind: input.kind, expires })}`;
    return { url: `${origin}${path}`, path, expiresAt: new Date(expires * 1000).toISOString(), validitySeconds };
  }

  /**
   * The rendition of a version whose document the caller may read and download. The spec gives
   * signed-url only the codes 180001-180005, so an unknown version, another tenant's, or one the
   * caller may not download has no rendition for this caller (180002), as one without that kind
   * has: nothing tells the caller which versions exist.
   */
  private async visibleRendition(ctx: RequestContext, versionId: string, kind: string): Promise<RenditionRecord | undefined> {
    const { repos, access } = this.deps;
    const version = repos.versions.get(ctx.tenantId, versionId);
    if (!version || !(await repos.documents.get(ctx.tenantId, version.docId))) return undefined;
    const wanted = Perm.READ | Perm.DOWNLOAD;
    if (((await access.maskOnDocument(ctx, version.docId)) & wanted) !== wanted) return undefined;
    return repos.renditions.get(ctx.tenantId, version.versionId, kind);
  }

  /** Resolves a signed read: 173010 for a bad or expired signature, then the same checks as issuing. */
  async resolveSigned(query: SignedReadQuery): Promise<{ served: ServedRendition; expires: number }> {
    const verdict = verifyRead(this.key, query, Math.floor(Date.now() / 1000));
    if (!verdict.ok) fail('SIGNED_URL_INVALID', verdict.reason === 'expired' ? 'the signed URL has expired' : 'the signed URL is not valid');
    const { tenantId, versionId, kind, expires } = verdict.read;
    const { repos } = this.deps;
    const version = repos.versions.get(tenantId, versionId);
    const live = version && (await repos.documents.get(tenantId, version.docId))?.state === 'ACTIVE';
    const record = live ? repos.renditions.get(tenantId, versionId, kind) : undefined;
    return { served: await this.served(await this.readable(record, kind)), expires };
  }

  /**
   * What a signed read sends. A text file's TEXT rendition keeps no bytes of its own (its text is
   * the version itself): the text document is made from the version, as GET /v1/versions/text does,
   * so that a READY rendition is always one a client can read.
   */
  private async served(record: RenditionRecord): Promise<ServedRendition> {
    if (record.mimeType !== TEXT_IN_VERSION_MIME) {
      return { mimeType: record.mimeType, sizeBytes: record.sizeBytes, etag: record.contentHash, open: (range) => this.files.open(record, range) };
    }
    const document = await readTextDocument(this.deps, this.files, record);
    if (document === undefined) fail('RENDITION_DOWNLOAD_FAILED', 'the text of this version could not be read; retry');
    const bytes = Buffer.from(JSON.stringify(document));
    const version = this.deps.repos.versions.get(record.tenantId, record.versionId);
    return {
      mimeType: TEXT_MIME,
      sizeBytes: bytes.length,
      etag: `text-of-${version?.contentHash ?? record.versionId}`,
      open: async (range) => Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]),
    };
  }

  /** 180002 without a record, 180003 unless READY, 180004 without bytes, 180005 when the file is gone. */
  private async readable(record: RenditionRecord | undefined, kind: string): Promise<RenditionRecord> {
    if (!record) fail('RENDITION_NOT_FOUND', `this version has no ${kind} rendition`, { kind });
    if (record.status !== 'READY') fail('RENDITION_NOT_READY', `the ${kind} rendition is ${record.status}, not READY`, { kind, status: record.status });
    if (record.mimeType !== TEXT_IN_VERSION_MIME) await this.files.ensureBytes(record);
    return record;
  }
}

export function toRendition(r: RenditionRecord): Rendition {
  return {
    renditionId: r.renditionId,
    versionId: r.versionId,
    kind: r.kind,
    status: r.status,
    // A text file's text is the version itself: the rendition is read as the usual text document.
    mimeType: r.mimeType === TEXT_IN_VERSION_MIME ? TEXT_MIME : r.mimeType,
    sizeBytes: r.sizeBytes,
    contentHash: r.contentHash,
    failReason: r.failReason,
    createBy: r.createBy,
    createTime: r.createTime,
    updateTime: r.updateTime,
  };
}
