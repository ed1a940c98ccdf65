/**
 * One JSON call of the client on Node's own `http`/`https`: the request, and the reply's status,
 * headers and text. Not got: loading got and the twenty-odd packages it brings cost every start of
 * `folio` some 0.06 s of CPU, a fifth of a quiet `folio sync --once`, for calls that use none of
 * what it adds (docs/performance.md, "Restart"). got stays for the callers that stream
 * (`FolioClient.got`), loaded at their first call.
 *
 * It keeps got's behaviour where the client relied on it: keep-alive connections (Node's global
 * agents), a connect time-out and an idle one, compressed replies accepted and decompressed. A
 * failure below HTTP rejects with Node's error (or a TimeoutError); the caller turns it into
 * ServiceUnreachable. Redirects are not followed: the service sends none, and a reply without an
 * envelope is an error the caller names.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export interface JsonCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** Sent as the JSON body when defined. */
  json?: unknown;
}

export interface TextReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface CallTimeouts {
  /** From the request's start until its connection is open. */
  connectMs: number;
  /** How long the connection may sit with no byte either way. */
  idleMs: number;
}

/** A time-out of a call, as got named it (`ETIMEDOUT`), saying which limit was reached. */
export class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}

export function sendJson(call: JsonCall, timeouts: CallTimeouts): Promise<TextReply> {
  const body = call.json === undefined ? undefined : Buffer.from(JSON.stringify(call.json));
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...call.headers };
  if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(body.length) });
  const send = call.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(call.url, { method: call.method, headers });
    req.once('error', reject);
    req.setTimeout(timeouts.idleMs, () => req.destroy(new TimeoutError(`no byte for ${timeouts.idleMs} ms`)));
    req.once('socket', (socket) => {
      // A kept-alive connection is open already.
      if (!socket.connecting) return;
      const timer = setTimeout(() => req.destroy(new TimeoutError(`not connected after ${timeouts.connectMs} ms`)), timeouts.connectMs);
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    req.once('response', (res) => {
      readText(res).then((text) => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }), reject);
    });
    req.end(body);
  });
}

async function readText(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of decoded(res)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The body without its Content-Encoding; a failure of either stream fails the one read. */
function decoded(res: IncomingMessage): Readable {
  const decoder = decoderOf(res.headers['content-encoding']);
  return decoder ? pipeline(res, decoder, () => undefined) : res;
}

function decoderOf(encoding: string | undefined): Transform | undefined {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}
