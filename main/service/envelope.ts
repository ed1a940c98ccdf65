/** Writing the spec's envelope (spec §1), for success and failure alike. */
import type { FastifyRequest } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { SUCCESS_MSG, type Envelope } from '../../shared/envelope.ts';
import type { FolioErrorValue } from '../../shared/errors.ts';

export function ok<T>(req: FastifyRequest, data: T): Envelope<T> {
  return { code: 0, data, ts: Date.now(), rid: req.id, msg: SUCCESS_MSG, success: true };
}

export function failure(rid: string, err: FolioErrorValue): Envelope<null> {
  return { code: err.code, data: null, ts: Date.now(), rid, msg: err.message, success: false };
}

/** The response schema of a route whose data is `data`; data is null on failure. */
export function EnvelopeOf<T extends TSchema>(data: T) {
  return Type.Object({
    code: Type.Integer(),
    data: Type.Union([data, Type.Null()]),
    ts: Type.Integer(),
    rid: Type.String(),
    msg: Type.String(),
    success: Type.Boolean(),
  });
}

/** Responses of a JSON route: the envelope, under every status we send it with. */
export function replies<T extends TSchema>(data: T) {
  const env = EnvelopeOf(data);
  const err = EnvelopeOf(Type.Null());
  return { 200: env, 400: err, 401: err, 403: err, 404: err, 409: err, 410: err, 413: err, 415: err, 416: err, 422: err, 429: err, 500: err, 507: err };
}
