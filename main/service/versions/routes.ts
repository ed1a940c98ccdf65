/** /v1/versions/*: upload, chunked upload (spec 4.11), getPage (spec 4.14) and download with Range. */
import type { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { errorValue } from '../../../shared/errors.ts';
import { Perm } from '../../../shared/permissions.ts';
import { ChunkedUploadSession, FILE_EXECUTABLE_HEADER, FILE_MTIME_HEADER, Page, Version, VersionResult } from '../../../shared/v1/resources.ts';
import { ConditionalRangeHeaders, DirectUploadQuery, IdQuery, InitChunkedUpload, UploadChunkQuery, UploadIdBody, VersionPageRequest, VersionRestore } from '../../../shared/v1/requests.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../kernel.ts';
import type { Services } from '../services.ts';
import { byteReplies, failure, ok, replies } from '../envelope.ts';
import { fail } from '../errors.ts';
import { servableMediaType } from '../mediaType.ts';
import { selectBytes } from './byteRange.ts';
import { restoreVersion } from './restore.ts';

const tags = ['versions'];

/** Sent only when the version has the attribute: `x-optional` tells the description's readers (OpenAPI headers have no `required` here). */
const FILE_ATTRIBUTE_HEADERS = {
  [FILE_MTIME_HEADER]: Type.Integer({ description: "The version's fileMtime (ms since the epoch), when it has one.", 'x-optional': true }),
  [FILE_EXECUTABLE_HEADER]: Type.Union([Type.Literal('true'), Type.Literal('false')], { description: "The version's executable flag, when it has one.", 'x-optional': true }),
};

export function versionRoutes(app: FolioApp, deps: ServiceDeps, services: Services): void {
  const { versions, documents, chunked } = services;
  app.addHook('onClose', async () => chunked.close());

  app.post('/v1/versions/upload', {
    config: { bulkWrite: true },
    onRequest: octetStreamOnly,
    schema: {
      tags,
      summary: 'Direct upload of a small file (at most 32 MiB) as raw bytes; the target and description are query parameters. Needs WRITE.',
      querystring: DirectUploadQuery,
      consumes: ['application/octet-stream'],
      response: replies(VersionResult),
    },
  }, async (req) => ok(req, await versions.upload(callerOf(req), req.query, rawStream(req), contentLength(req))));

  app.post('/v1/versions/initChunkedUpload', {
    schema: { tags, summary: 'Declare or resume a chunked upload session (spec 4.11). Needs WRITE (upload).', body: InitChunkedUpload, response: replies(ChunkedUploadSession) },
  }, async (req) => ok(req, await chunked.init(callerOf(req), req.body)));

  app.post('/v1/versions/uploadChunk', {
    config: { bulkWrite: true },
    onRequest: octetStreamOnly,
    schema: {
      tags,
      summary: 'Send one chunk (0-based index) as raw bytes; optional X-Chunk-Sha256. Idempotent. Needs to be the creator of the session; WRITE was checked at init.',
      querystring: UploadChunkQuery,
      consumes: ['application/octet-stream'],
      response: replies(ChunkedUploadSession),
    },
  }, async (req) => {
    const sha = req.headers['x-chunk-sha256'];
    return ok(req, await chunked.putChunk(callerOf(req), req.query.uploadId, req.query.chunkIndex, rawStream(req), contentLength(req), Array.isArray(sha) ? sha[0] : sha));
  });

  app.post('/v1/versions/completeChunkedUpload', {
    config: { bulkWrite: true },
    schema: { tags, summary: 'Assemble the chunks, check expectedContentHash, create the version. Idempotent. Needs to be the creator of the session, and WRITE on a target document again.', body: UploadIdBody, response: replies(VersionResult) },
  }, async (req) => ok(req, await chunked.complete(callerOf(req), req.body.uploadId)));

  app.post('/v1/versions/abortChunkedUpload', {
    schema: { tags, summary: 'Abandon an upload session and free its idempotency key. Needs to be the creator of the session.', body: UploadIdBody, response: replies(Type.Object({ uploadId: Type.String() })) },
  }, async (req) => {
    await chunked.abort(callerOf(req), req.body.uploadId);
    return ok(req, { uploadId: req.body.uploadId });
  });

  app.post('/v1/versions/getPage', {
    schema: { tags, summary: 'Versions by versionNo descending (spec 4.14). Needs READ on the document.', body: VersionPageRequest, response: replies(Page(Version)) },
  }, async (req) => ok(req, versions.page(callerOf(req), req.body)));

  app.post('/v1/versions/restore', {
    config: { bulkWrite: true },
    schema: {
      tags,
      summary: "Make an earlier version current again: its content becomes a new version on top (comment 'Restored from version N' unless given). Needs READ and DOWNLOAD on the document, and WRITE (upload).",
      body: VersionRestore,
      response: replies(VersionResult),
    },
  }, async (req) => ok(req, await restoreVersion(deps, versions, documents, callerOf(req), req.body.versionId, req.body.comment)));

  app.get('/v1/versions/get', {
    schema: { tags, summary: 'One version. Needs READ.', querystring: IdQuery.version, response: replies(Version) },
  }, async (req) => ok(req, versions.get(callerOf(req), req.query.versionId)));

  app.get('/v1/versions/download', {
    schema: {
      tags,
      summary: "Stream a version's bytes; honours a single Range. Not enveloped on success. Needs DOWNLOAD.",
      querystring: IdQuery.version,
      headers: ConditionalRangeHeaders,
      response: byteReplies(FILE_ATTRIBUTE_HEADERS),
    },
  }, async (req, reply) => {
    const v = versions.load(callerOf(req), req.query.versionId, Perm.READ | Perm.DOWNLOAD, 'download this version');
    const etag = `"${v.contentHash}"`;
    // A sync client writes the file back as it was uploaded without a second request per file.
    if (v.fileMtime !== null) void reply.header(FILE_MTIME_HEADER, String(v.fileMtime));
    if (v.executable !== null) void reply.header(FILE_EXECUTABLE_HEADER, String(v.executable));
    void reply
      .header('Accept-Ranges', 'bytes')
      .header('ETag', etag)
      .header('Content-Type', servableMediaType(v.mimeType))
      .header('Content-Disposition', contentDisposition(v.originalFilename));
    const selected = selectBytes(v.sizeBytes, etag, req.headers.range, header(req, 'if-range'));
    if (selected.kind === 'unsatisfiable') {
      return reply.code(416).header('Content-Range', `bytes */${v.sizeBytes}`).type('application/json').send(failure(req.id, errorValue('RANGE_NOT_SATISFIABLE')));
    }
    if (selected.kind === 'partial') {
      const { start, end } = selected;
      return reply
        .code(206)
        .header('Content-Range', `bytes ${start}-${end}/${v.sizeBytes}`)
        .header('Content-Length', end - start + 1)
        .send(deps.store.blobs.read(v.contentHash, { start, end }));
    }
    if (v.sizeBytes === 0) return reply.header('Content-Length', 0).send('');
    return reply.header('Content-Length', v.sizeBytes).send(deps.store.blobs.read(v.contentHash));
  });
}

/** Upload routes take raw bytes only. Checked before any parser touches the body, so a JSON body is 110004, not a JSON error. */
async function octetStreamOnly(req: FastifyRequest): Promise<void> {
  const type = header(req, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/octet-stream') fail('UNSUPPORTED_MEDIA_TYPE', 'send the bytes as application/octet-stream');
}

/** The request body of an upload route, as the application/octet-stream parser of app.ts leaves it. */
function rawStream(req: FastifyRequest): Readable {
  return req.body as Readable;
}

function contentLength(req: FastifyRequest): number | undefined {
  const raw = req.headers['content-length'];
  return raw === undefined ? undefined : Number(raw);
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
