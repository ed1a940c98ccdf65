/**
 * Renditions of a version: the PREVIEW a client uploads, and the TEXT rendition the service
 * produces (its bytes are what GET /v1/versions/text serves). Shapes are ours; the spec does not
 * show them (docs/api.md, "Text, OCR and renditions").
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { ID_MAX } from './requests.ts';

/** Kinds a signed URL can be issued for; any other kind gives 180001. */
export const RENDITION_KINDS = ['PREVIEW', 'TEXT'] as const;
export type RenditionKind = (typeof RENDITION_KINDS)[number];

/** Kinds a client may upload; any other kind gives 180014. */
export const UPLOADABLE_RENDITION_KINDS: readonly string[] = ['PREVIEW'];

/** Signed URLs live between these bounds (seconds); outside them gives 173009. */
export const SIGNED_URL_MIN_SECONDS = 1;
export const SIGNED_URL_MAX_SECONDS = 3600;
export const SIGNED_URL_DEFAULT_SECONDS = 300;

export const Rendition = Type.Object({
  renditionId: Type.String(),
  versionId: Type.String(),
  kind: Type.String(),
  /** READY (a signed URL can be issued), PENDING (being produced), FAILED, NOT_APPLICABLE (TEXT only: the version has no text). */
  status: Type.String(),
  mimeType: Type.String(),
  sizeBytes: Type.Integer(),
  /** SHA-256 of the bytes, hex; '' while there are none. */
  contentHash: Type.String(),
  failReason: Type.String(),
  createBy: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type Rendition = Static<typeof Rendition>;

export const RenditionList = Type.Object({ versionId: Type.String(), renditions: Type.Array(Rendition) });
export type RenditionList = Static<typeof RenditionList>;

export const RenditionListQuery = Type.Object({ versionId: Type.String({ maxLength: ID_MAX }) });
export type RenditionListQuery = Static<typeof RenditionListQuery>;

export const RenditionUploadQuery = Type.Object({
  versionId: Type.String({ maxLength: ID_MAX }),
  kind: Type.String({ maxLength: 64 }),
  mimeType: Type.String({ minLength: 1, maxLength: 255 }),
});
export type RenditionUploadQuery = Static<typeof RenditionUploadQuery>;

export const SignedUrlRequest = Type.Object({
  versionId: Type.String({ maxLength: ID_MAX }),
  kind: Type.String({ maxLength: 64 }),
  /** Defaults to SIGNED_URL_DEFAULT_SECONDS. */
  validitySeconds: Type.Optional(Type.Integer()),
});
export type SignedUrlRequest = Static<typeof SignedUrlRequest>;

export const SignedUrl = Type.Object({
  /** Absolute, built from the Host the request came in on. */
  url: Type.String(),
  /** The same URL relative to the service root, for callers behind a proxy. */
  path: Type.String(),
  expiresAt: Type.String(),
  validitySeconds: Type.Integer(),
});
export type SignedUrl = Static<typeof SignedUrl>;

/** The signed read route's query: every field is checked by the signature, so none is validated by schema. */
export const SignedReadQuery = Type.Object({
  tenantId: Type.Optional(Type.String({ maxLength: 256 })),
  versionId: Type.Optional(Type.String({ maxLength: 256 })),
  kind: Type.Optional(Type.String({ maxLength: 256 })),
  expires: Type.Optional(Type.String({ maxLength: 32 })),
  sig: Type.Optional(Type.String({ maxLength: 256 })),
});
export type SignedReadQuery = Static<typeof SignedReadQuery>;
