/**
 * An HTTP client that only reaches public addresses (docs/architecture.md, "Service conventions", spec 4.2 rule 4), used by
 * ingest from URL and by webhook delivery.
 *
 * - Static checks on every URL and on every redirect hop (target.ts); redirects are followed here,
 *   one checked hop at a time, never by a library.
 * - Names are resolved by our own `lookup`, which checks EVERY address the name resolves to and
 *   hands the socket only those: the address connected to is the address checked, so a DNS answer
 *   that changes between check and connect (rebinding) cannot slip through.
 * - One deadline covers the whole exchange (connect, redirects, headers and body), and an idle
 *   time-out covers a silent socket. The body is counted as it streams and cut off past maxBytes.
 *
 * request-filtering-agent does the address check as an http.Agent, but it cannot take an injected
 * resolver (which the tests need) and does not follow redirects; this file is small enough to own.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { forbiddenReason } from './address.ts';
import { OutboundError, outboundError } from './errors.ts';
import { systemResolver, type Resolver } from './resolver.ts';
import { AllowList, checkUrl, type CheckedUrl } from './target.ts';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface FetcherOptions {
  allow: AllowList;
  resolver?: Resolver;
  userAgent: string;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  /** Redirects to follow, each checked like the first URL; with 0, a 3xx is returned as it is. */
  maxRedirects: number;
  /** Largest body accepted: by Content-Length before reading, and by count while reading. */
  maxBytes: number;
  /** Deadline for the whole exchange, body included. */
  timeoutMs: number;
  /** Longest silence on the socket. */
  idleTimeoutMs: number;
  signal?: AbortSignal;
}

export interface FetchedResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentLength: number | null;
  /** The Content-Type header as the server sent it (not checked here), or null when it sent none. */
  contentType: string | null;
  /** The body; it fails with an OutboundError (FETCH_TOO_LARGE, FETCH_TIMEOUT, FETCH_FAILED). */
  body: Readable;
}

export class SafeFetcher {
  private readonly allow: AllowList;
  private readonly resolver: Resolver;
  private readonly userAgent: string;

  constructor(opts: FetcherOptions) {
    this.allow = opts.allow;
    this.resolver = opts.resolver ?? systemResolver;
    this.userAgent = opts.userAgent;
  }

  /** The checks that need no network; throws the OutboundError a fetch of this URL would. */
  check(url: string | URL): CheckedUrl {
    return checkUrl(url, this.allow);
  }

  async request(url: string, spec: RequestSpec): Promise<FetchedResponse> {
    const exchange = new Exchange(spec);
    try {
      let target = this.check(url);
      for (let redirects = 0; ; redirects++) {
        const res = await this.hop(target, spec, exchange);
        const location = res.headers.location;
        if (spec.maxRedirects === 0 || !REDIRECT_STATUSES.has(res.statusCode ?? 0) || !location) {
          return deliver(res, target, spec, exchange);
        }
        res.destroy();
        if (redirects >= spec.maxRedirects) {
          throw outboundError('TOO_MANY_REDIRECTS', `more than ${spec.maxRedirects} redirects`, { limit: spec.maxRedirects });
        }
        target = this.check(nextUrl(location, target.url));
      }
    } catch (err) {
      exchange.finish();
      throw asOutbound(err);
    }
  }

  private hop(target: CheckedUrl, spec: RequestSpec, exchange: Exchange): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const client = target.url.protocol === 'https:' ? https : http;
      const req = client.request(target.url, {
        method: spec.method,
        headers: { 'user-agent': this.userAgent, 'accept-encoding': 'identity', ...spec.headers },
        agent: false,
        lookup: this.lookupFor(target),
      });
      exchange.attach((err) => req.destroy(err));
      req.setTimeout(spec.idleTimeoutMs, () => exchange.abort(outboundError('FETCH_TIMEOUT', `no data for ${spec.idleTimeoutMs} ms`, { timeoutMs: spec.idleTimeoutMs })));
      req.on('error', (err) => reject(asOutbound(err, target)));
      req.once('response', resolve);
      req.end(spec.body);
    });
  }

  /** Resolves a name and refuses the connection if ANY of its addresses is not public. */
  private lookupFor(target: CheckedUrl): LookupFunction {
    return (hostname, options, callback) => {
      this.resolver(hostname).then(
        (addresses) => {
          if (!target.allowListed) {
            for (const address of addresses) {
              const reason = forbiddenReason(address);
              if (reason) {
                callback(outboundError('URL_FORBIDDEN', `${hostname} resolves to ${address}, which is not allowed (${reason})`, { reason, address, host: hostname }), '');
                return;
              }
            }
          }
          const family = options.family === 4 || options.family === 6 ? options.family : 0;
          const usable = addresses.filter((a) => family === 0 || isIP(a) === family);
          const first = usable[0];
          if (first === undefined) {
            callback(outboundError('FETCH_FAILED', `${hostname} has no usable address`, { host: hostname }), '');
          } else if (options.all) {
            callback(null, usable.map((address) => ({ address, family: isIP(address) })));
          } else {
            callback(null, first, isIP(first));
          }
        },
        (err: unknown) => callback(outboundError('FETCH_FAILED', `cannot resolve ${hostname}: ${errorText(err)}`, { host: hostname }), ''),
      );
    };
  }
}

/** The deadline, the caller's cancellation, and how to abort whatever is in flight right now. */
class Exchange {
  private abortCurrent: (err: OutboundError) => void = () => {};
  failure: OutboundError | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly onCancel = () => this.abort(outboundError('FETCH_FAILED', 'the fetch was cancelled', { reason: 'cancelled' }));

  constructor(private readonly spec: RequestSpec) {
    this.timer = setTimeout(
      () => this.abort(outboundError('FETCH_TIMEOUT', `no complete response within ${spec.timeoutMs} ms`, { timeoutMs: spec.timeoutMs })),
      spec.timeoutMs,
    );
    // A fetch in flight keeps the process alive through its socket; the deadline alone should not.
    this.timer.unref();
    spec.signal?.addEventListener('abort', this.onCancel);
    if (spec.signal?.aborted) this.onCancel();
  }

  attach(abort: (err: OutboundError) => void): void {
    this.abortCurrent = abort;
    if (this.failure) abort(this.failure);
  }

  abort(err: OutboundError): void {
    if (this.failure) return;
    this.failure = err;
    this.abortCurrent(err);
  }

  finish(): void {
    clearTimeout(this.timer);
    this.spec.signal?.removeEventListener('abort', this.onCancel);
  }
}

function deliver(res: IncomingMessage, target: CheckedUrl, spec: RequestSpec, exchange: Exchange): FetchedResponse {
  const header = res.headers['content-length'];
  const contentLength = header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
  if (contentLength !== null && contentLength > spec.maxBytes) {
    res.destroy();
    throw outboundError('FETCH_TOO_LARGE', `the resource is ${contentLength} bytes; the limit is ${spec.maxBytes}`, { limit: spec.maxBytes, contentLength });
  }
  let seen = 0;
  const body = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > spec.maxBytes) {
        done(outboundError('FETCH_TOO_LARGE', `the resource is larger than the limit of ${spec.maxBytes} bytes`, { limit: spec.maxBytes }));
        return;
      }
      done(null, chunk);
    },
  });
  const cutOff = (err: OutboundError) => {
    body.destroy(err);
    res.destroy();
  };
  res.on('error', (err) => body.destroy(exchange.failure ?? asOutbound(err, target)));
  res.once('close', () => {
    if (!res.complete) body.destroy(exchange.failure ?? outboundError('FETCH_FAILED', 'the connection closed before the body was complete'));
  });
  body.once('close', () => {
    exchange.finish();
    res.destroy();
  });
  // A body cut off before its reader listens (a task cancelled between the answer and its first
  // read) must not be an unhandled 'error' event, which ends the process: the reader still gets
  // the error, from the stream's state, when it reads.
  body.on('error', () => undefined);
  exchange.attach(cutOff);
  res.pipe(body);
  const contentType = res.headers['content-type'] || null;
  return { url: target.url.href, status: res.statusCode ?? 0, contentLength, contentType, body };
}

function nextUrl(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw outboundError('FETCH_FAILED', 'a redirect pointed to an invalid URL', { location });
  }
}

function asOutbound(err: unknown, target?: CheckedUrl): OutboundError {
  if (err instanceof OutboundError) return err;
  const where = target ? ` ${target.hostPort}` : '';
  return outboundError('FETCH_FAILED', `cannot fetch from${where}: ${errorText(err)}`);
}

function errorText(err: unknown): string {
  if (err instanceof Error) return 'code' in err && typeof err.code === 'string' ? err.code : err.message;
  return String(err);
}
