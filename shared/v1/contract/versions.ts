/** /v1/versions/*: upload, chunked upload (spec 4.11), getPage (spec 4.14), download with Range, and text (spec 4.8). */
import * as Type from 'typebox/type';
import {
  ConditionalRangeHeaders,
  DirectUploadQuery,
  IdQuery,
  InitChunkedUpload,
  UploadChunkQuery,
  UploadIdBody,
  VersionPageRequest,
  VersionRestore,
} from '../requests.ts';
import { ChunkedUploadSession, FILE_EXECUTABLE_HEADER, FILE_MTIME_HEADER, Page, Version, VersionResult } from '../resources.ts';
import { VersionText, VersionTextQuery } from '../text.ts';
import { route } from './route.ts';

const tags = ['versions'];
/** The raw bytes of a file or a chunk. */

/** Sent only when the version has the attribute: `x-optional` tells the description's readers (OpenAPI headers have no `required` here). */
const FILE_ATTRIBUTE_HEADERS = {
  [FILE_MTIME_HEADER]: Type.Integer({ description: "The version's fileMtime (ms since the epoch), when it has one.", 'x-optional': true }),
  [FILE_EXECUTABLE_HEADER]: Type.Union([Type.Literal('true'), Type.Literal('false')], { description: "The version's executable flag, when it has one.", 'x-optional': true }),
};

export const OCTET_STREAM = 'application/octet-stream';

export const versions = {
  upload: route({
    method: 'POST',
    path: '/v1/versions/upload',
    tags,
    summary: 'Direct upload of a small file (at most 32 MiB) as raw bytes; the target and description are query parameters. Needs WRITE.',
    querystring: DirectUploadQuery,
    consumes: [OCTET_STREAM],
    reply: { kind: 'envelope', data: VersionResult },
  }),
  initChunkedUpload: route({
    method: 'POST',
    path: '/v1/versions/initChunkedUpload',
    tags,
    summary: 'Declare or resume a chunked upload session (spec 4.11). Needs WRITE (upload).',
    body: InitChunkedUpload,
    reply: { kind: 'envelope', data: ChunkedUploadSession },
  }),
  uploadChunk: route({
    method: 'POST',
    path: '/v1/versions/uploadChunk',
    tags,
    summary: 'Send one chunk (0-based index) as raw bytes; optional X-Chunk-Sha256. Idempotent. Needs to be the creator of the session; WRITE was checked at init.',
    querystring: UploadChunkQuery,
    consumes: [OCTET_STREAM],
    reply: { kind: 'envelope', data: ChunkedUploadSession },
  }),
  completeChunkedUpload: route({
    method: 'POST',
    path: '/v1/versions/completeChunkedUpload',
    tags,
    summary: 'Assemble the chunks, check expectedContentHash, create the version. Idempotent. Needs to be the creator of the session, and WRITE on a target document again.',
    body: UploadIdBody,
    reply: { kind: 'envelope', data: VersionResult },
  }),
  abortChunkedUpload: route({
    method: 'POST',
    path: '/v1/versions/abortChunkedUpload',
    tags,
    summary: 'Abandon an upload session and free its idempotency key. Needs to be the creator of the session.',
    body: UploadIdBody,
    reply: { kind: 'envelope', data: Type.Object({ uploadId: Type.String() }) },
  }),
  getPage: route({
    method: 'POST',
    path: '/v1/versions/getPage',
    tags,
    summary: 'Versions by versionNo descending (spec 4.14). Needs READ on the document.',
    body: VersionPageRequest,
    reply: { kind: 'envelope', data: Page(Version) },
  }),
  restore: route({
    method: 'POST',
    path: '/v1/versions/restore',
    tags,
    summary:
      "Make an earlier version current again: its content becomes a new version on top (comment 'Restored from version N' unless given). Needs READ and DOWNLOAD on the document, and WRITE (upload).",
    body: VersionRestore,
    reply: { kind: 'envelope', data: VersionResult },
  }),
  get: route({
    method: 'GET',
    path: '/v1/versions/get',
    tags,
    summary: 'One version. Needs READ.',
    querystring: IdQuery.version,
    reply: { kind: 'envelope', data: Version },
  }),
  download: route({
    method: 'GET',
    path: '/v1/versions/download',
    tags,
    summary: "Stream a version's bytes; honours a single Range. Not enveloped on success. Needs DOWNLOAD.",
    querystring: IdQuery.version,
    headers: ConditionalRangeHeaders,
    reply: { kind: 'bytes', headers: FILE_ATTRIBUTE_HEADERS },
  }),
  text: route({
    method: 'GET',
    path: '/v1/versions/text',
    tags,
    summary:
      'The text of a version (spec 4.8): status READY with source, text and pages; PENDING with nothing else; FAILED or NOT_APPLICABLE with failReason only. page (1-based) returns one page; includeLayout=true adds the OCR layout. Needs DOWNLOAD.',
    querystring: VersionTextQuery,
    reply: { kind: 'envelope', data: VersionText },
  }),
} as const;
