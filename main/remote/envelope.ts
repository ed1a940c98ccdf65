/**
 * Reading the service's answer, the same way on each of the client's paths (JSON calls on
 * node:http, byte transfers on undici, streams on got): the data of a success envelope, or a
 * FolioApiError with the envelope's code and message, the request id (the envelope's `rid`, else
 * the `X-Request-Id` header) and how long `Retry-After` asks to wait.
 */
import type { Envelope } from '../../shared/envelope.ts';
import { FolioApiError } from './errors.ts';

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface ServiceReply {
  status: number;
  headers: ResponseHeaders;
  /** The parsed JSON body, or undefined when there was none or it was not JSON. */
  body: unknown;
}

/** The data of a success envelope; a FolioApiError for anything else. */
export function unwrapEnvelope<T>(reply: ServiceReply): T {
  const envelope = asEnvelope<T>(reply.body);
  if (envelope && envelope.code === 0 && envelope.data !== null && envelope.data !== undefined) return envelope.data;
  throw failureOf(reply);
}

/** The FolioApiError a failed reply stands for; without an envelope, code 1 and the HTTP status. */
export function failureOf(reply: ServiceReply): FolioApiError {
  const envelope = asEnvelope<unknown>(reply.body);
  const rid = (typeof envelope?.rid === 'string' && envelope.rid) || firstOf(reply.headers['x-request-id']) || '';
  const retryAfter = retryAfterMs(reply.headers['retry-after']);
  if (!envelope) return new FolioApiError(1, `unexpected response (HTTP ${reply.status})`, rid, reply.status, retryAfter);
  return new FolioApiError(envelope.code, envelope.msg ?? '', rid, reply.status, retryAfter);
}

/** The text of a body, parsed as JSON; undefined when it is not JSON. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Retry-After (RFC 9110 §10.2.3) as milliseconds from `now`: delay-seconds or an HTTP-date. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = firstOf(header)?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP-date starts with its weekday; any other text is not one.
  if (!/^[A-Za-z]{3}/.test(value)) return undefined;
  // Every HTTP-date is in GMT; the asctime form just does not say so.
  const at = Date.parse(/GMT$/.test(value) ? value : `${value} GMT`);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function asEnvelope<T>(body: unknown): Envelope<T> | undefined {
  if (typeof body !== 'object' || body === null || typeof (body as { code?: unknown }).code !== 'number') return undefined;
  return body as Envelope<T>;
}

function firstOf(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}
