/** Request shapes of /v1: the spec's bodies, plus our additions (docs/architecture.md, "Service conventions"), as TypeBox schemas. */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';

export const ID_MAX = 64;
export const NAME_MAX = 255;
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 20;

const Id = Type.String({ maxLength: ID_MAX });
const OptId = Type.Optional(Id);
const OptStr = (max = 4000) => Type.Optional(Type.String({ maxLength: max }));
const MetadataMap = Type.Record(Type.String({ maxLength: 128 }), Type.Unknown());
// JSON integers are unbounded; SQLite's are not, and 1e300 passes as an "integer".
const Int32 = Type.Integer({ minimum: -(2 ** 31), maximum: 2 ** 31 - 1 });

/** The shared page request of spec §4 (1-based pageNumber, docs/architecture.md, "Service conventions"). */
export const PageRequestFields = {
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 })),
  orderByColumn: Type.Optional(Type.String({ maxLength: 64 })),
  isAsc: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
};

export const TokenRequest = Type.Object({
  clientId: Type.String({ minLength: 1, maxLength: 128 }),
  clientSecret: Type.String({ minLength: 1, maxLength: 256 }),
});
export type TokenRequest = Static<typeof TokenRequest>;

export const RefreshRequest = Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 256 }) });
export type RefreshRequest = Static<typeof RefreshRequest>;

export const UserSessionRequest = Type.Object({
  userName: Type.String({ minLength: 1, maxLength: NAME_MAX }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type UserSessionRequest = Static<typeof UserSessionRequest>;

export const IdQuery = {
  container: Type.Object({ containerId: Id }),
  document: Type.Object({ docId: Id }),
  version: Type.Object({ versionId: Id }),
};

export const ContainerCreate = Type.Object({
  parentId: OptId,
  name: Type.String({ maxLength: NAME_MAX }),
  containerTypeId: OptId,
  description: OptStr(),
  sortOrder: Type.Optional(Int32),
  metadataColumns: Type.Optional(MetadataMap),
  aclInheritEnabled: Type.Optional(Type.Boolean()),
});
export type ContainerCreate = Static<typeof ContainerCreate>;

export const ContainerUpdate = Type.Object({
  containerId: Id,
  name: Type.Optional(Type.String({ maxLength: NAME_MAX })),
  parentId: OptId,
  description: OptStr(),
  sortOrder: Type.Optional(Int32),
  metadataColumns: Type.Optional(MetadataMap),
});
export type ContainerUpdate = Static<typeof ContainerUpdate>;

export const ContainerIdBody = Type.Object({ containerId: Id });
export type ContainerIdBody = Static<typeof ContainerIdBody>;

export const ContainerPageRequest = Type.Object({
  ...PageRequestFields,
  parentId: OptId,
  includeDeleted: Type.Optional(Type.Boolean()),
});
export type ContainerPageRequest = Static<typeof ContainerPageRequest>;

export const DocumentSave = Type.Object({
  containerId: OptId,
  title: Type.String({ maxLength: NAME_MAX }),
  documentTypeId: OptId,
  metadataColumns: Type.Optional(MetadataMap),
});
export type DocumentSave = Static<typeof DocumentSave>;

export const DocumentUpdate = Type.Object({
  docId: Id,
  title: Type.Optional(Type.String({ maxLength: NAME_MAX })),
  containerId: OptId,
  metadataColumns: Type.Optional(MetadataMap),
});
export type DocumentUpdate = Static<typeof DocumentUpdate>;

export const DocumentIdBody = Type.Object({ docId: Id });
export type DocumentIdBody = Static<typeof DocumentIdBody>;

export const DocumentPageRequest = Type.Object({
  ...PageRequestFields,
  containerId: OptId,
  includeDeleted: Type.Optional(Type.Boolean()),
});
export type DocumentPageRequest = Static<typeof DocumentPageRequest>;

/** Target and descriptive fields shared by direct upload, chunked upload and ingest (spec 4.2, 4.11). */
const VersionTargetFields = {
  docId: OptId,
  containerId: OptId,
  title: Type.Optional(Type.String({ maxLength: NAME_MAX })),
  documentTypeId: OptId,
  mimeType: OptStr(255),
  originalFilename: Type.Optional(Type.String({ maxLength: NAME_MAX })),
  comment: OptStr(),
  label: OptStr(255),
  metadata: OptStr(65536),
};

/**
 * What the version keeps of the uploaded file (our addition): a sync client sends them, and
 * writes them back on download.
 */
const FileAttributeFields = {
  fileMtime: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000, description: "The file's modification time, in ms since the epoch." })),
  executable: Type.Optional(Type.Boolean({ description: 'Whether the file is executable (a POSIX x bit).' })),
};

export const DirectUploadQuery = Type.Object({ ...VersionTargetFields, ...FileAttributeFields });
export type DirectUploadQuery = Static<typeof DirectUploadQuery>;

export const InitChunkedUpload = Type.Object({
  ...VersionTargetFields,
  ...FileAttributeFields,
  idempotencyKey: Type.Optional(Type.String({ maxLength: 255 })),
  expectedContentHash: Type.Optional(Type.String({ maxLength: 128 })),
  totalSize: Type.Integer(),
  chunkSize: Type.Integer(),
  totalChunks: Type.Integer(),
});
export type InitChunkedUpload = Static<typeof InitChunkedUpload>;

export const UploadChunkQuery = Type.Object({ uploadId: Id, chunkIndex: Type.Integer() });
export type UploadChunkQuery = Static<typeof UploadChunkQuery>;

export const UploadIdBody = Type.Object({ uploadId: Id });
export type UploadIdBody = Static<typeof UploadIdBody>;

export const VersionPageRequest = Type.Object({ ...PageRequestFields, docId: OptId });
export type VersionPageRequest = Static<typeof VersionPageRequest>;

export const VersionRestore = Type.Object({ versionId: Id, comment: OptStr() });
export type VersionRestore = Static<typeof VersionRestore>;

export const ChangePageRequest = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 64 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
});
export type ChangePageRequest = Static<typeof ChangePageRequest>;

const RangeHeader = Type.String({ description: 'One byte range, e.g. `bytes=0-99`; the answer is then 206. Several ranges, or a malformed one, get the whole file.' });

/** The request headers of a byte route that honours a single Range. */
export const RangeHeaders = Type.Object({ range: Type.Optional(RangeHeader) });

/** As RangeHeaders, plus If-Range: the Range holds only while the file is still the one of that ETag. */
export const ConditionalRangeHeaders = Type.Object({
  range: Type.Optional(RangeHeader),
  'if-range': Type.Optional(Type.String({ description: 'An ETag of an earlier answer; if the file has changed since, the whole file comes back (200).' })),
});
