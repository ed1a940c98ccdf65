/**
 * V1 resource records of spec §2, as TypeBox schemas: one definition gives the service its
 * response serialisation and OpenAPI, and gives every client its static types.
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';

const Str = Type.String();
const Int = Type.Integer();
const Bool = Type.Boolean();
const AnyMap = Type.Record(Type.String(), Type.Unknown());

export const TokenResult = Type.Object({
  accessToken: Str,
  expiresIn: Int,
  refreshToken: Str,
  scopes: Type.Array(Str),
  mode: Str,
  userId: Str,
  userName: Str,
  tenantId: Str,
  requirePasswordChange: Bool,
});
export type TokenResult = Static<typeof TokenResult>;

export const EffectivePermissionsSchema = Type.Object({
  read: Bool,
  download: Bool,
  write: Bool,
  share: Bool,
  manage: Bool,
  effectiveRole: Str,
  delete: Bool,
});

export const Container = Type.Object({
  id: Int,
  containerId: Str,
  parentId: Str,
  parentName: Str,
  containerTypeId: Str,
  containerTypeName: Str,
  name: Str,
  description: Str,
  sortOrder: Int,
  status: Str,
  createBy: Str,
  createByName: Str,
  createTime: Str,
  updateBy: Str,
  updateTime: Str,
  purgeAt: Str,
  metadataColumns: AnyMap,
  aclInheritEnabled: Bool,
  effectivePermissions: EffectivePermissionsSchema,
  hasChildren: Bool,
});
export type Container = Static<typeof Container>;

export const Document = Type.Object({
  docId: Str,
  containerId: Str,
  containerName: Str,
  title: Str,
  documentTypeId: Str,
  documentTypeName: Str,
  currentVersionId: Str,
  state: Str,
  publishedVersionId: Str,
  publishedVersionNo: Int,
  publishedLabel: Str,
  createBy: Str,
  createByName: Str,
  sizeBytes: Int,
  mimeType: Str,
  originalFilename: Str,
  currentVersionNo: Int,
  contentHash: Str,
  createTime: Str,
  updateTime: Str,
  processingState: Str,
  processingFailReason: Str,
  indexStatus: Str,
  indexFailReason: Str,
  purgeAt: Str,
  metadataColumns: AnyMap,
});
export type Document = Static<typeof Document>;

/**
 * What a version keeps of the file it came from (docs/architecture.md, "Service conventions"):
 * absent where the uploader did not say.
 */
const FileAttributes = {
  fileMtime: Type.Optional(Type.Integer({ description: "The uploaded file's modification time, in ms since the epoch." })),
  executable: Type.Optional(Type.Boolean({ description: 'Whether the uploaded file was executable (a POSIX x bit).' })),
};

/** The same attributes on a download's response (GET /v1/versions/download). */
export const FILE_MTIME_HEADER = 'x-file-mtime';
export const FILE_EXECUTABLE_HEADER = 'x-file-executable';

export const Version = Type.Object({
  versionId: Str,
  docId: Str,
  versionNo: Int,
  blobId: Str,
  contentHash: Str,
  sizeBytes: Int,
  mimeType: Str,
  originalFilename: Str,
  comment: Str,
  createBy: Str,
  createByName: Str,
  createTime: Str,
  label: Str,
  sourcePreviewable: Bool,
  ...FileAttributes,
});
export type Version = Static<typeof Version>;

/**
 * The `syncResult` shape of spec §2 IngestResult; also what uploads return. Picked from Version
 * field by field rather than with Type.Pick, which would take Version's order and reorder the
 * published description.
 */
const { docId, versionId, blobId, versionNo, contentHash, sizeBytes, mimeType, originalFilename, fileMtime, executable } = Version.properties;
export const VersionResult = Type.Object({ docId, versionId, blobId, versionNo, contentHash, sizeBytes, mimeType, originalFilename, fileMtime, executable });
export type VersionResult = Static<typeof VersionResult>;

export const ChunkedUploadSession = Type.Object({
  uploadId: Str,
  uploadedChunkIndexes: Type.Array(Int),
  alreadyCompletedVersionId: Str,
  chunkSize: Int,
  totalChunks: Int,
  expiresAt: Str,
});
export type ChunkedUploadSession = Static<typeof ChunkedUploadSession>;

export const ChangeKind = Type.Union([Type.Literal('container'), Type.Literal('document')]);
export type ChangeKind = Static<typeof ChangeKind>;

export const ChangeOp = Type.Union([
  Type.Literal('create'),
  Type.Literal('update'),
  Type.Literal('move'),
  Type.Literal('delete'),
  Type.Literal('restore'),
  Type.Literal('version'),
]);
export type ChangeOp = Static<typeof ChangeOp>;

/** One entry of the change feed: the node's state after the change. */
export const Change = Type.Object({
  seq: Int,
  op: ChangeOp,
  kind: ChangeKind,
  id: Str,
  parentId: Str,
  name: Str,
  deleted: Bool,
  versionNo: Int,
  versionId: Str,
  contentHash: Str,
  sizeBytes: Int,
  time: Str,
});
export type Change = Static<typeof Change>;

export const ChangePage = Type.Object({
  changes: Type.Array(Change),
  nextCursor: Str,
  hasMore: Bool,
});
export type ChangePage = Static<typeof ChangePage>;

export function Page<T extends Type.TSchema>(item: T) {
  return Type.Object({ totalElements: Int, content: Type.Array(item) });
}
export interface PageOf<T> {
  totalElements: number;
  content: T[];
}
