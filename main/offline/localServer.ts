/**
 * The embedded local server (docs/architecture.md, "Offline mode", docs/offline.md): /v1 on 127.0.0.1, answered by the
 * mirror's service code, the cache of the service's answers, the outbox, or the service itself,
 * as main/offline/endpoints.ts decides per endpoint. Every answer is the spec's envelope; callers
 * authenticate with the local client's token, and the service's own credentials never leave the
 * daemon.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SUCCESS_MSG, type Envelope } from '../../shared/envelope.ts';
import { ErrorCodes, errorValue } from '../../shared/errors.ts';
import { ConflictResolve, type LocalIdMapping, type LocalStatus } from '../../shared/v1/offline.ts';
import type { VersionText } from '../../shared/v1/text.ts';
import { FILE_EXECUTABLE_HEADER, FILE_MTIME_HEADER } from '../../shared/v1/resources.ts';
import { resolveCaller } from '../service/auth/tokens.ts';
import { DEFAULT_CONFIG } from '../service/config.ts';
import { failure } from '../service/envelope.ts';
import { fail, ServiceError } from '../service/errors.ts';
import { downloadVersion } from '../remote/transfer.ts';
import type { OfflineStore } from '../store/offline/state.ts';
import { answerKey, classify, recordsIn, type Handling, type JsonRecord, type QueuedWrite, type Resource } from './endpoints.ts';
import type { IdMap } from './ids.ts';
import type { Mirror } from './mirror.ts';
import { keepText, keptPage, TEXT_PATH } from './mirrorText.ts';
import type { Outbox } from './outbox.ts';
import type { TreeWriter } from './treeWrites.ts';
import { isUnreachable } from '../remote/errors.ts';
import type { Upstream } from './upstream.ts';

export interface LocalServerDeps {
  mirror: Mirror;
  offline: OfflineStore;
  ids: IdMap;
  outbox: Outbox;
  trees: TreeWriter;
  /** The service of the pairs; null while no pair is configured. */
  upstream: () => Upstream | null;
  status: () => Promise<LocalStatus>;
  /** Something waits for the service (the outbox grew, a conflict was settled): work soon. */
  changed: () => void;
}

const CALLER_HEADERS = ['authorization', 'x-svc-user-token', 'x-svc-act-as-source', 'x-svc-act-as-source-id'];

interface Call {
  rid: string;
  method: 'GET' | 'POST';
  path: string;
  query: Record<string, string>;
  body: JsonRecord;
  /** The raw request, when its body is bytes (an upload) rather than JSON. */
  raw: IncomingMessage | undefined;
  headers: Record<string, string>;
}

export class LocalServer {
  private readonly server: Server;

  constructor(private readonly d: LocalServerDeps) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async listen(host: string, port: number): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    const { port: bound } = this.server.address() as AddressInfo;
    return `http://${host}:${bound}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rid = randomUUID();
    try {
      await this.route(req, res, rid);
    } catch (err) {
      const value = err instanceof ServiceError ? err.value : errorValue('INTERNAL');
      if (!(err instanceof ServiceError)) console.error(`[${rid}] ${req.method} ${req.url}:`, err);
      if (res.headersSent) res.destroy();
      else send(res, ErrorCodes[value.name].http, failure(rid, value));
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse, rid: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method === 'GET' || req.method === 'POST' ? req.method : null;
    if (!method || !url.pathname.startsWith('/v1/')) fail('NOT_FOUND', `no route ${req.method} ${url.pathname}`);
    const handling = classify(method, url.pathname);
    if (handling.kind === 'public') return this.d.mirror.app.routing(req, res);
    await resolveCaller(this.d.mirror.store, {
      authorization: header(req, 'authorization'),
      userToken: header(req, 'x-svc-user-token'),
      actAsSource: header(req, 'x-svc-act-as-source'),
      actAsSourceId: header(req, 'x-svc-act-as-source-id'),
    });
    if (url.pathname.startsWith('/v1/local/')) return this.local(res, rid, method, url.pathname, Object.fromEntries(url.searchParams), req);
    const query = this.d.ids.translate(Object.fromEntries(url.searchParams));
    if (handling.kind === 'mirror') {
      req.url = `${url.pathname}?${new URLSearchParams(query)}`;
      return this.d.mirror.app.routing(req, res);
    }
    const raw = isBytes(req) ? req : undefined;
    const body = raw ? {} : this.d.ids.translate(await readJson(req));
    const headers = Object.fromEntries(CALLER_HEADERS.map((h) => [h, header(req, h)]).filter((e): e is [string, string] => e[1] !== undefined));
    const call: Call = { rid, method, path: url.pathname, query, body, raw, headers };
    return this.answer(handling, call, req, res);
  }

  private async answer(handling: Handling, call: Call, req: IncomingMessage, res: ServerResponse): Promise<void> {
    switch (handling.kind) {
      case 'public':
      case 'mirror':
        throw new Error(`${call.path} is the mirror's to answer`);
      case 'download':
        return this.download(call, req, res);
      case 'treeRead': {
        const answer = await this.d.mirror.call({ method: call.method, path: call.path, query: call.query, json: call.body, headers: call.headers });
        if (answer.envelope.code === ErrorCodes.NOT_FOUND.code) return this.viaService(call, res);
        return send(res, answer.status, { ...answer.envelope, rid: call.rid });
      }
      case 'treeWrite': {
        const answer = await this.d.trees.handle({ op: handling.op, query: call.query, body: call.body, ...(call.raw ? { stream: call.raw } : {}), headers: call.headers });
        if (answer === 'outside') return this.viaService(call, res);
        return send(res, answer.status, { ...answer.envelope, rid: call.rid });
      }
      case 'cachedRead':
        return this.cachedRead(handling.resource, call, res);
      case 'queuedWrite':
        return this.queuedWrite(handling, call, res);
      case 'onlineOnly':
        return this.viaService(call, res);
      case 'serviceElseMirror':
        return this.serviceElseMirror(call, res);
      default: {
        const unknown: never = handling;
        throw new Error(`unknown handling ${JSON.stringify(unknown)}`);
      }
    }
  }

  /** The service answers when it is reachable; else 170001. */
  private async viaService(call: Call, res: ServerResponse): Promise<void> {
    const upstream = this.online();
    if (!upstream) fail('SERVICE_UNREACHABLE', `the service is unreachable, and only it can answer ${call.path}`);
    try {
      const answer = await upstream.send({ method: call.method, path: call.path, query: call.query, json: call.body, ...(call.raw ? { stream: call.raw } : {}) });
      return send(res, answer.status, answer.envelope);
    } catch (err) {
      if (!isUnreachable(err)) throw err;
      fail('SERVICE_UNREACHABLE', err.maybeArrived ? `the service stopped answering during ${call.path}; it may or may not have been applied` : `the service is unreachable, and only it can answer ${call.path}`);
    }
  }

  /** The service's answer while it is reachable; else the mirror's, marked x-folio-source: mirror. */
  private async serviceElseMirror(call: Call, res: ServerResponse): Promise<void> {
    const upstream = this.online();
    if (upstream) {
      try {
        const answer = await upstream.send({ method: call.method, path: call.path, query: call.query, json: call.body });
        return send(res, answer.status, answer.envelope);
      } catch (err) {
        if (!isUnreachable(err)) throw err;
      }
    }
    const answer = await this.d.mirror.call({ method: call.method, path: call.path, query: call.query, json: call.body, headers: call.headers });
    return send(res, answer.status, { ...answer.envelope, rid: call.rid }, { 'x-folio-source': 'mirror' });
  }

  private online(): Upstream | null {
    const upstream = this.d.upstream();
    return upstream && upstream.connectivity.online ? upstream : null;
  }

  /** The service's answer while it is reachable (kept for later); the kept answer while it is away. */
  private async cachedRead(resource: Resource | null, call: Call, res: ServerResponse): Promise<void> {
    const key = requestKey(call);
    const upstream = this.online();
    if (upstream) {
      try {
        const answer = await upstream.send({ method: call.method, path: call.path, query: call.query, json: call.body });
        if (answer.envelope.code === 0) {
          this.d.offline.transaction(() => {
            this.d.offline.putAnswer(key, resource?.name ?? '', answer.envelope.data);
            this.keepRecords(resource, answer.envelope.data);
          });
          if (call.path === TEXT_PATH && !call.query.page) keepText(this.d.mirror, answer.envelope.data as VersionText);
        }
        return send(res, answer.status, { ...answer.envelope, data: this.overlay(resource, answer.envelope.data) });
      } catch (err) {
        if (!isUnreachable(err)) throw err;
      }
    }
    const kept = this.d.offline.answer(key) ?? (call.path === TEXT_PATH ? keptPage(this.d.offline, call.query) : undefined);
    if (kept) return send(res, 200, ok(call.rid, this.overlay(resource, kept.data)), { 'x-folio-cached': kept.fetchTime });
    const id = resource ? (call.query[resource.idField] ?? call.body[resource.idField]) : undefined;
    const record = resource && typeof id === 'string' ? this.d.offline.record(resource.name, id) : undefined;
    const known = record?.local ?? record?.service;
    if (known && record) return send(res, 200, ok(call.rid, known), { 'x-folio-cached': record.fetchTime });
    fail('SERVICE_UNREACHABLE', `the service is unreachable, and ${call.path} was not read with these parameters while it was`);
  }

  /** Records the service answered with: what later writes to them are based on. */
  private keepRecords(resource: Resource | null, data: unknown): void {
    if (resource) for (const r of recordsIn(resource, data)) this.d.offline.putServiceRecord(resource.name, r[resource.idField] as string, r);
  }

  /** Records with writes still in the outbox are shown as they will be. */
  private overlay(resource: Resource | null, data: unknown): unknown {
    if (!resource || !data || typeof data !== 'object') return data;
    const swap = (r: JsonRecord): JsonRecord => this.d.offline.record(resource.name, r[resource.idField] as string)?.local ?? r;
    const d = data as JsonRecord;
    if (typeof d[resource.idField] === 'string') return swap(d);
    if (Array.isArray(d.content)) return { ...d, content: (d.content as unknown[]).map((x) => (x && typeof x === 'object' && typeof (x as JsonRecord)[resource.idField] === 'string' ? swap(x as JsonRecord) : x)) };
    return data;
  }

  /**
   * Straight to the service while it is reachable and nothing waits before it in the outbox;
   * else into the outbox (202, with the record as it will be).
   */
  private async queuedWrite(write: QueuedWrite, call: Call, res: ServerResponse): Promise<void> {
    const upstream = this.d.upstream();
    if (!upstream) fail('SERVICE_UNREACHABLE', 'no sync pair is configured, so there is no service to write to');
    const request = { method: call.method, path: call.path, query: call.query, body: call.body };
    if (upstream.connectivity.online && this.d.outbox.open() === 0 && this.d.ids.pendingIn(request).length === 0) {
      try {
        const answer = await upstream.send({ method: call.method, path: call.path, query: call.query, json: call.body });
        if (answer.envelope.code === 0) this.d.offline.transaction(() => this.keepRecords(write.resource, answer.envelope.data));
        return send(res, answer.status, answer.envelope);
      } catch (err) {
        if (!isUnreachable(err)) throw err;
        if (err.maybeArrived) fail('SERVICE_UNREACHABLE', `the service stopped answering during ${call.path}; it may or may not have been applied`);
      }
    }
    const queued = this.d.outbox.queue(write, request);
    this.d.changed();
    send(res, 202, { ...ok(call.rid, queued.data), msg: 'queued: the service is unreachable; the write is replayed when it returns' }, { 'x-folio-outbox-seq': String(queued.seq) });
  }

  /** A version's bytes from the mirror; content not cached yet is fetched (and kept) while online. */
  private async download(call: Call, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { mirror } = this.d;
    const version = mirror.store.versions.get(mirror.tenantId, call.query.versionId ?? '');
    if (!version) return this.streamFromService(call, res);
    if (!(await mirror.store.blobs.has(version.contentHash))) {
      const upstream = this.online();
      if (!upstream) fail('SERVICE_UNREACHABLE', `the service is unreachable, and the content of version ${version.versionId} is not cached`);
      const temp = join(mirror.store.blobs.tmpDir, `${version.contentHash}-${randomBytes(6).toString('hex')}.download`);
      try {
        await downloadVersion(upstream.typed, version.versionId, version.contentHash, version.sizeBytes, temp, { partPath: `${temp}.part` });
      } catch (err) {
        upstream.connectivity.markOffline(err instanceof Error ? err.message : String(err));
        fail('SERVICE_UNREACHABLE', `the content of version ${version.versionId} could not be fetched from the service`);
      }
      try {
        const staged = { tempPath: temp, contentHash: version.contentHash, sizeBytes: version.sizeBytes };
        await mirror.store.blobs.withContent(version.contentHash, () => mirror.store.blobs.commit(staged));
      } finally {
        await mirror.store.blobs.discard(temp);
      }
    }
    req.url = `${call.path}?${new URLSearchParams(call.query)}`;
    mirror.app.routing(req, res);
  }

  private async streamFromService(call: Call, res: ServerResponse): Promise<void> {
    const upstream = this.online();
    if (!upstream) fail('SERVICE_UNREACHABLE', 'the service is unreachable, and this version is not in the mirror');
    const client = upstream.typed;
    const stream = (await client.got()).stream(call.path.replace(/^\//, ''), { searchParams: call.query, headers: await client.authHeaders() });
    const response = await new Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
      stream.once('response', resolve);
      stream.once('error', (err: Error) => {
        upstream.connectivity.markOffline(err.message);
        reject(new ServiceError(errorValue('SERVICE_UNREACHABLE', `the service stopped answering: ${err.message}`)));
      });
    });
    const pass = ['content-type', 'content-length', 'content-range', 'content-disposition', 'etag', 'accept-ranges', 'x-request-id', FILE_MTIME_HEADER, FILE_EXECUTABLE_HEADER];
    res.writeHead(response.statusCode, Object.fromEntries(pass.filter((h) => response.headers[h] !== undefined).map((h) => [h, response.headers[h] as string])));
    await pipeline(stream, res);
  }

  /** The local server's own endpoints. */
  private async local(res: ServerResponse, rid: string, method: string, path: string, query: Record<string, string>, req: IncomingMessage): Promise<void> {
    if (method === 'GET' && path === '/v1/local/status') return send(res, 200, ok(rid, await this.d.status()));
    if (method === 'POST' && path === '/v1/local/conflicts/resolve') {
      const body = await readJson(req);
      const seq = body.seq;
      const action = body.action;
      if (!Number.isInteger(seq) || (seq as number) < 1) fail('VALIDATION', 'seq must be a positive integer', { field: 'seq' });
      if (action !== 'discard' && action !== 'apply') fail('VALIDATION', "action must be 'discard' or 'apply'", { field: 'action' });
      const resolved: ConflictResolve = { seq: seq as number, action };
      const entry = this.d.outbox.resolve(resolved.seq, resolved.action);
      this.d.changed();
      return send(res, 200, ok(rid, { seq: entry.seq, state: entry.state }));
    }
    if (method === 'GET' && path === '/v1/local/ids/get') {
      const rec = this.d.offline.localId(query.id ?? '');
      if (!rec) fail('NOT_FOUND', `no local id ${query.id ?? ''}`);
      const mapping: LocalIdMapping = { localId: rec.localId, serviceId: rec.serviceId, kind: rec.kind };
      return send(res, 200, ok(rid, mapping));
    }
    fail('NOT_FOUND', `no route ${method} ${path}`);
  }
}

function ok<T>(rid: string, data: T): Envelope<T> {
  return { code: 0, data, ts: Date.now(), rid, msg: SUCCESS_MSG, success: true };
}

function send(res: ServerResponse, status: number, envelope: Envelope<unknown>, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(envelope);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'x-request-id': envelope.rid, ...headers });
  res.end(body);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function isBytes(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').startsWith('application/octet-stream');
}

/** The JSON object of a request body; an empty body is an empty object. */
async function readJson(req: IncomingMessage): Promise<JsonRecord> {
  const type = req.headers['content-type'] ?? '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > DEFAULT_CONFIG.jsonBodyLimit) fail('PAYLOAD_TOO_LARGE');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  if (!/^application\/json\b/.test(type)) fail('UNSUPPORTED_MEDIA_TYPE');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    fail('MALFORMED_JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail('VALIDATION', 'the request body must be a JSON object', { field: 'body' });
  return value as JsonRecord;
}

function requestKey(call: Call): string {
  return answerKey(call.method, call.path, call.query, call.body);
}
