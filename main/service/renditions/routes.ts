/** The handlers of /v1/renditions/* (shared/v1/contract/renditions.ts): upload (PREVIEW), list, signed-url, and the signed read route. */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import { errorValue } from '../../../shared/errors.ts';
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp, type AreaDeps } from '../kernel.ts';
import type { Services } from '../services.ts';
import { failure } from '../envelope.ts';
import { fail } from '../errors.ts';
import { servableMediaType } from '../mediaType.ts';
import { serve } from '../serve.ts';

const { renditions: routes } = contract;

export function renditionRoutes(app: FolioApp, deps: Pick<AreaDeps<never>, 'config'>, services: Services): void {
  const { renditions } = services;

  serve(app, routes.upload, { bodyLimit: deps.config.maxDirectUploadBytes }, (req) => renditions.upload(callerOf(req), req.query, rawStream(req), contentLength(req)));
  serve(app, routes.list, (req) => renditions.list(callerOf(req), req.query.versionId));
  serve(app, routes.signedUrl, (req) => renditions.signedUrl(callerOf(req), req.body, `${req.protocol}://${req.host}`));
  serve(app, routes.read, async (req, reply) => {
    const { served, expires } = await renditions.resolveSigned(req.query);
    const range = req.headers.range ? rangeParser(served.sizeBytes, req.headers.range, { combine: true }) : undefined;
    if (range === -1) {
      return reply.code(416).header('Content-Range', `bytes */${served.sizeBytes}`).type('application/json').send(failure(req.id, errorValue('RANGE_NOT_SATISFIABLE')));
    }
    void reply
      .header('Accept-Ranges', 'bytes')
      .header('ETag', `"${served.etag}"`)
      .header('Content-Type', servableMediaType(served.mimeType))
      .header('Content-Disposition', 'inline')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', `private, max-age=${Math.max(0, expires - Math.floor(Date.now() / 1000))}`);
    // A malformed header (-2) or several ranges get the whole file, as RFC 9110 allows.
    if (range !== undefined && range !== -2 && range.type === 'bytes' && range.length === 1 && range[0]) {
      const { start, end } = range[0];
      const partial = await served.open({ start, end });
      return reply.code(206).header('Content-Range', `bytes ${start}-${end}/${served.sizeBytes}`).header('Content-Length', end - start + 1).send(partial);
    }
    return reply.header('Content-Length', served.sizeBytes).send(await served.open());
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
