/** Writing the spec's envelope (spec §1), for success and failure alike. */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import * as Type from 'typebox/type';
import type { TSchema } from 'typebox';
import { SUCCESS_MSG, type Envelope } from '../../shared/envelope.ts';
import type { FolioErrorValue } from '../../shared/errors.ts';

export function ok<T>(req: FastifyRequest, data: T): Envelope<T> {
  return { code: 0, data, ts: Date.now(), rid: req.id, msg: SUCCESS_MSG, success: true };
}

export function failure(rid: string, err: FolioErrorValue): Envelope<null> {
  return { code: err.code, data: null, ts: Date.now(), rid, msg: err.message, success: false };
}

/** The envelope's fields, in the order they are written, around `data`. */
function envelopeWith<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), data, ts: Type.Integer(), rid: Type.String(), msg: Type.String(), success: Type.Boolean() });
}

/** The schema of the envelope's `data` of a route whose data is `data`: null on failure. */
export function envelopeData<T extends TSchema>(data: T) {
  return Type.Union([data, Type.Null()]);
}

/** The response schema of a route whose data is `data`; data is null on failure. */
function EnvelopeOf<T extends TSchema>(data: T) {
  return envelopeWith(envelopeData(data));
}

/** A failure: the envelope whose data is null (a union of null with null would be its own OpenAPI warning). */
export const ErrorEnvelope = envelopeWith(Type.Null());

/** The failures every route can answer, by the HTTP status they come with. */
const errorReplies = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 410: ErrorEnvelope, 413: ErrorEnvelope, 415: ErrorEnvelope, 416: ErrorEnvelope, 422: ErrorEnvelope, 429: ErrorEnvelope, 500: ErrorEnvelope, 507: ErrorEnvelope };

/** Responses of a JSON route: the envelope, under every status we send it with. */
export function replies<T extends TSchema>(data: T) {
  return { 200: EnvelopeOf(data), ...errorReplies };
}

// Typed as what the handler sends: a stream of the bytes, or '' for an empty file.
const bytes = { 'application/octet-stream': { schema: Type.Unsafe<Readable | string>({ type: 'string', format: 'binary' }) } };
const byteHeaders = {
  'Accept-Ranges': Type.Literal('bytes'),
  ETag: Type.String({ description: 'The content hash, quoted; send it back as If-Range.' }),
  'Content-Length': Type.Integer(),
};
const contentRange = (example: string) => Type.String({ description: `Which bytes of how many, e.g. \`${example}\`.` });

/**
 * Responses of a route that answers with a file's bytes and honours a single Range: the bytes are
 * not enveloped, the failures are. These schemas describe; Fastify never serialises a stream.
 * The Content-Type of the bytes is the file's own; application/octet-stream stands for any.
 */
export function byteReplies(extraHeaders: Record<string, TSchema> = {}) {
  const headers = { ...byteHeaders, ...extraHeaders };
  return {
    ...errorReplies,
    200: { description: 'The whole file.', headers, content: bytes },
    206: { description: 'The requested range of the file.', headers: { ...headers, 'Content-Range': contentRange('bytes 0-99/1234') }, content: bytes },
    416: {
      description: 'The range lies outside the file (110005), in the envelope.',
      headers: { 'Content-Range': contentRange('bytes */1234') },
      content: { 'application/json': { schema: ErrorEnvelope } },
    },
  };
}

/** Responses of a page for a person (the browser sign-in): HTML, or a redirect back to the app. */
export function pageReplies() {
  const html = { description: 'The sign-in page (text/html)', content: { 'text/html': { schema: Type.String() } } };
  return { 200: html, 302: { description: 'Back to the redirect URI with code and state, or error and error_description (RFC 6749 §4.1.2)' }, 400: html };
}
