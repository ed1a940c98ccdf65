/**
 * The loopback HTTP transport of DesktopApi, for the headless web UI (docs/architecture.md, "The desktop app"):
 *
 *   GET  /, /assets/…     the built renderer (no secret in it)
 *   POST /api/<method>    one DesktopApi call: JSON arguments in, a Result out
 *   GET  /api/events      the event stream, as Server-Sent Events
 *
 * It binds 127.0.0.1 only. Every /api request needs the per-run token (Authorization: Bearer);
 * the page gets it once in the URL fragment (`#token=…`, never sent to a server or logged) and
 * keeps it in sessionStorage. The Host header must name this loopback address (a DNS-rebinding
 * page cannot reach the API), a cross-origin Origin is refused, and every response carries a
 * strict CSP. The transport is thin: the Dispatcher checks each method and its arguments.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, resolve, isAbsolute } from 'node:path';
import { lookup as mimeLookup } from 'mime-types';
import type { DesktopEvent, Result } from '../../shared/desktop/api.ts';
import { RENDERER_CSP } from '../../shared/csp.ts';
import type { Dispatcher } from './dispatcher.ts';

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': RENDERER_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

const MAX_BODY = 1024 * 1024;
const HEARTBEAT_MS = 15_000;

export interface HttpUiOptions {
  dispatcher: Dispatcher;
  subscribe: (listener: (event: DesktopEvent) => void) => () => void;
  /** The built renderer (renderer/dist); null serves a page that says it is not built. */
  staticDir: string | null;
  port?: number;
  /** When `port` is taken, listen on a free one instead of failing (the remembered port of the last run). */
  portFallback?: boolean;
  /** Fixed for tests; random per run otherwise. */
  token?: string;
}

export interface HttpUi {
  url: string;
  /** The URL to open: the token rides in the fragment, which browsers never send. */
  openUrl: string;
  token: string;
  port: number;
  /** The port asked for, when it was taken and another was used; 0 otherwise. */
  portTaken: number;
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';

export async function startHttpUi(o: HttpUiOptions): Promise<HttpUi> {
  const token = o.token ?? randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const streams = new Set<ServerResponse>();
  let port = 0;

  const server: Server = createServer((req, res) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    handle(req, res).catch((err: unknown) => {
      console.error(`desktop http: ${req.method} ${req.url?.split('?')[0]} failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) sendResult(res, 500, { ok: false, error: { code: 'INTERNAL', message: 'internal error' } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const allowedHosts = new Set([`${LOOPBACK}:${port}`, `localhost:${port}`]);
    if (!allowedHosts.has(req.headers.host ?? '')) return sendResult(res, 421, refused('this UI answers only on its loopback address'));
    const path = (req.url ?? '/').split('?')[0] as string;
    if (!path.startsWith('/api/')) return serveStatic(req, res, path);

    res.setHeader('cache-control', 'no-store');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts.has(origin.replace(/^http:\/\//, ''))) return sendResult(res, 403, refused('cross-origin requests are refused'));
    if (!authorized(req.headers.authorization)) return sendResult(res, 401, refused('a valid token is required'));

    if (path === '/api/events') {
      if (req.method !== 'GET') return sendResult(res, 405, refused('use GET'));
      return openStream(req, res);
    }
    if (req.method !== 'POST') return sendResult(res, 405, refused('use POST'));
    if (!/^application\/json(\s*;|$)/i.test(req.headers['content-type'] ?? '')) return sendResult(res, 415, invalid('send application/json'));
    const body = await readBody(req);
    if (body === null) return sendResult(res, 413, invalid('the request body is too large'));
    let args: unknown;
    try {
      args = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
    } catch {
      return sendResult(res, 400, invalid('the request body is not valid JSON'));
    }
    const method = decodeMethod(path.slice('/api/'.length));
    const result = await o.dispatcher.dispatch(method, args);
    return sendResult(res, statusOf(result), result);
  }

  function authorized(header: string | undefined): boolean {
    if (!header) return false;
    const got = Buffer.from(header);
    return got.length === expected.length && timingSafeEqual(got, expected);
  }

  function openStream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write('retry: 2000\n\n');
    res.write('event: ready\ndata: {}\n\n');
    streams.add(res);
    const unsubscribe = o.subscribe((event) => {
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(res);
    };
    req.on('close', end);
    res.on('error', end);
  }

  async function serveStatic(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'use GET');
    if (!o.staticDir) return sendText(res, 503, 'The Folio UI is not built: run `npm run build:renderer`.');
    const rel = decodePath(path === '/' ? '/index.html' : path);
    const file = rel === null ? null : join(o.staticDir, rel);
    const inside = file !== null && isInside(o.staticDir, file);
    const st = inside ? await stat(file).catch(() => null) : null;
    // Paths without an extension are the app's own routes: they get the app.
    const target = st?.isFile() ? (file as string) : extname(path) === '' ? join(o.staticDir, 'index.html') : null;
    if (!target) return sendText(res, 404, 'not found');
    const tst = await stat(target).catch(() => null);
    if (!tst?.isFile()) return sendText(res, 503, 'The Folio UI is not built: run `npm run build:renderer`.');
    res.writeHead(200, {
      'content-type': mimeLookup(target) || 'application/octet-stream',
      'content-length': tst.size,
      // Hashed asset names may be cached; the page itself never is (it must pick up a new build).
      'cache-control': target.includes(`${join(o.staticDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-store',
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(target).pipe(res);
  }

  const listen = (wanted: number) =>
    new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen({ host: LOOPBACK, port: wanted }, () => {
        server.off('error', fail);
        ok();
      });
    });
  const wanted = o.port ?? 0;
  let portTaken = 0;
  try {
    await listen(wanted);
  } catch (err) {
    if (!o.portFallback || wanted === 0 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    portTaken = wanted;
    await listen(0);
  }
  port = (server.address() as AddressInfo).port;
  const url = `http://${LOOPBACK}:${port}/`;
  return {
    url,
    openUrl: `${url}#token=${token}`,
    token,
    port,
    portTaken,
    close: async () => {
      for (const s of streams) s.end();
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      // Every connection goes, not only idle ones: a tab's event stream reconnects and its calls
      // keep sockets busy, and close() waited for them, so the core never exited on SIGTERM.
      server.closeAllConnections();
      await closed;
    },
  };
}

function refused(message: string): Result<never> {
  return { ok: false, error: { code: 'UNAUTHORIZED', message } };
}

function invalid(message: string): Result<never> {
  return { ok: false, error: { code: 'INVALID_ARGUMENTS', message } };
}

function statusOf(r: Result<unknown>): number {
  if (r.ok) return 200;
  switch (r.error.code) {
    case 'UNKNOWN_METHOD':
      return 404;
    case 'INVALID_ARGUMENTS':
      return 400;
    case 'INTERNAL':
      return 500;
    default:
      // A business failure is an answer, not a transport failure: the Result carries it.
      return 200;
  }
}

function sendResult(res: ServerResponse, status: number, r: Result<unknown>): void {
  const body = JSON.stringify(r);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
  res.end(body);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit the rest is read and dropped, so the client still gets its answer.
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY ? null : Buffer.concat(chunks);
}

function decodeMethod(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function decodePath(path: string): string | null {
  try {
    const p = decodeURIComponent(path);
    return p.includes('\0') ? null : p;
  } catch {
    return null;
  }
}

function isInside(dir: string, file: string): boolean {
  const r = relative(resolve(dir), resolve(file));
  return r !== '' && !r.startsWith('..') && !isAbsolute(r);
}
