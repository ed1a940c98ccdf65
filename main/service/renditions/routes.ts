/** /v1/renditions/*: upload (PREVIEW), list, signed-url, and the signed read route. */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import { errorValue } from '../../../shared/errors.ts';
import { RangeHeaders } from '../../../shared/v1/requests.ts';
import { Rendition, RenditionList, RenditionListQuery, RenditionUploadQuery, SignedReadQuery, SignedUrl, SignedUrlRequest } from '../../../shared/v1/renditions.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../kernel.ts';
import type { Services } from '../services.ts';
import { byteReplies, failure, ok, replies } from '../envelope.ts';
import { fail } from '../errors.ts';
import { servableMediaType } from '../mediaType.ts';
import { SIGNED_READ_PATH } from './service.ts';

const tags = ['renditions'];

export function renditionRoutes(app: FolioApp, deps: ServiceDeps, services: Services): void {
  const { renditions } = services;

  app.post('/v1/renditions/upload', {
    bodyLimit: deps.config.maxDirectUploadBytes,
    schema: {
      tags,
      summary:
        'Upload a preview of a version as raw bytes. Only kind PREVIEW (else 180014); an unknown version gives 187001; a MIME type that cannot render inline gives 173011. Needs WRITE on the document. Announces rendition.uploaded.',
      querystring: RenditionUploadQuery,
      consumes: ['application/octet-stream'],
      response: replies(Rendition),
    },
  }, async (req) => ok(req, await renditions.upload(callerOf(req), req.query, rawStream(req), contentLength(req))));

  app.get('/v1/renditions/list', {
    schema: { tags, summary: "A version's renditions with kind and status (PREVIEW, and the TEXT rendition behind versions/text). Needs READ.", querystring: RenditionListQuery, response: replies(RenditionList) },
  }, async (req) => ok(req, renditions.list(callerOf(req), req.query.versionId)));

  app.post('/v1/renditions/signed-url', {
    schema: {
      tags,
      summary: 'A short-lived URL that reads a READY rendition without a token (180001-180005; 173009 for a validity outside 1..3600 s). Needs READ and DOWNLOAD; a version the caller cannot see is 180002, like one without the rendition.',
      body: SignedUrlRequest,
      response: replies(SignedUrl),
    },
  }, async (req) => ok(req, await renditions.signedUrl(callerOf(req), req.body, `${req.protocol}://${req.host}`)));

  app.get(SIGNED_READ_PATH, {
    config: { public: true },
    schema: {
      tags,
      summary: 'Reads a rendition through a signed URL. No token needed: the signature is the credential. Honours a single Range. A bad or expired signature gives 173010. Not enveloped on success.',
      querystring: SignedReadQuery,
      headers: RangeHeaders,
      security: [],
      response: byteReplies(),
    },
  }, async (req, reply) => {
    const { record, expires } = await renditions.resolveSigned(req.query);
    const range = req.headers.range ? rangeParser(record.sizeBytes, req.headers.range, { combine: true }) : undefined;
    if (range === -1) {
      return reply.code(416).header('Content-Range', `bytes */${record.sizeBytes}`).type('application/json').send(failure(req.id, errorValue('RANGE_NOT_SATISFIABLE')));
    }
    void reply
      .header('Accept-Ranges', 'bytes')
      .header('ETag', `"${record.contentHash}"`)
      .header('Content-Type', servableMediaType(record.mimeType))
      .header('Content-Disposition', 'inline')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', `private, max-age=${Math.max(0, expires - Math.floor(Date.now() / 1000))}`);
    // A malformed header (-2) or several ranges get the whole file, as RFC 9110 allows.
    if (range !== undefined && range !== -2 && range.type === 'bytes' && range.length === 1 && range[0]) {
      const { start, end } = range[0];
      const partial = await renditions.stream(record, { start, end });
      return reply.code(206).header('Content-Range', `bytes ${start}-${end}/${record.sizeBytes}`).header('Content-Length', end - start + 1).send(partial);
    }
    return reply.header('Content-Length', record.sizeBytes).send(await renditions.stream(record));
  });
}

function rawStream(req: FastifyRequest): Readable {
  if (!req.headers['content-type']?.startsWith('application/octet-stream')) fail('UNSUPPORTED_MEDIA_TYPE', 'send the bytes as application/octet-stream');
  return req.body as Readable;
}

function contentLength(req: FastifyRequest): number | undefined {
  const raw = req.headers['content-length'];
  return raw === undefined ? undefined : Number(raw);
}
