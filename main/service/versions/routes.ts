/** The handlers of /v1/versions/* (shared/v1/contract/versions.ts): upload, chunked upload, getPage and download with Range. */
import type { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import { errorValue } from '../../../shared/errors.ts';
import { FILE_EXECUTABLE_HEADER, FILE_MTIME_HEADER } from '../../../shared/v1/resources.ts';
import { Perm } from '../../../shared/permissions.ts';
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp, type AreaDeps } from '../kernel.ts';
import type { MetadataRepos } from '../forms/metadata.ts';
import type { FinalizeRepos } from './finalize.ts';
import type { Services } from '../services.ts';
import { failure } from '../envelope.ts';
import { fail } from '../errors.ts';
import { servableMediaType } from '../mediaType.ts';
import { serve } from '../serve.ts';
import { selectBytes } from './byteRange.ts';
import { restoreVersion } from './restore.ts';

const { versions: routes } = contract;

export function versionRoutes(app: FolioApp, deps: AreaDeps<FinalizeRepos | MetadataRepos>, services: Services): void {
  const { versions, documents, chunked } = services;
  app.addHook('onClose', async () => chunked.close());
  const bytesIn = { bulkWrite: true, onRequest: octetStreamOnly };

  serve(app, routes.upload, bytesIn, (req) => versions.upload(callerOf(req), req.query, rawStream(req), contentLength(req)));
  serve(app, routes.initChunkedUpload, (req) => chunked.init(callerOf(req), req.body));
  serve(app, routes.uploadChunk, bytesIn, (req) => {
    const sha = req.headers['x-chunk-sha256'];
    return chunked.putChunk(callerOf(req), req.query.uploadId, req.query.chunkIndex, rawStream(req), contentLength(req), Array.isArray(sha) ? sha[0] : sha);
  });
  serve(app, routes.completeChunkedUpload, { bulkWrite: true }, (req) => chunked.complete(callerOf(req), req.body.uploadId));
  serve(app, routes.abortChunkedUpload, async (req) => {
    await chunked.abort(callerOf(req), req.body.uploadId);
    return { uploadId: req.body.uploadId };
  });
  serve(app, routes.getPage, { remembered: true }, (req) => versions.page(callerOf(req), req.body));
  serve(app, routes.restore, { bulkWrite: true }, (req) => restoreVersion(deps, versions, documents, callerOf(req), req.body.versionId, req.body.comment));
  serve(app, routes.get, (req) => versions.get(callerOf(req), req.query.versionId));
  serve(app, routes.download, async (req, reply) => {
    const v = await versions.load(callerOf(req), req.query.versionId, Perm.READ | Perm.DOWNLOAD, 'download this version');
    const etag = `"${v.contentHash}"`;
    // A sync client writes the file back as it was uploaded without a second request per file.
    if (v.fileMtime !== undefined) void reply.header(FILE_MTIME_HEADER, String(v.fileMtime));
    if (v.executable !== undefined) void reply.header(FILE_EXECUTABLE_HEADER, String(v.executable));
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
        .send(deps.repos.blobs.read(v.contentHash, { start, end }));
    }
    if (v.sizeBytes === 0) return reply.header('Content-Length', 0).send('');
    return reply.header('Content-Length', v.sizeBytes).send(deps.repos.blobs.read(v.contentHash));
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
