/**
 * The typed /v1 client. It fetches and refreshes tokens, logs a user in and sends the strong
 * user channel, retries transient failures with exponential backoff (network errors, 5xx, 429 and
 * the transient business codes), and never retries a business error. JSON calls go through
 * Node's own HTTP (./jsonCall.ts), bytes through undici, streams for others through got.
 */
import type { Readable } from 'node:stream';
import type { Got } from 'got';
import type { Static, TSchema } from 'typebox';
import type { Agent, Dispatcher, request } from 'undici';
import { ErrorCodes } from '../../shared/errors.ts';
import { contract, OCTET_STREAM, type DataOf, type EnvelopeRoute } from '../../shared/v1/contract/index.ts';
import type { Change, ChangePage, Container, Document, TokenResult, Version } from '../../shared/v1/resources.ts';
import type { ContainerCreate, ContainerUpdate, DocumentUpdate } from '../../shared/v1/requests.ts';
import { failureOf, parseBody, unwrapEnvelope, type ResponseHeaders, type ServiceReply } from './envelope.ts';
import { FolioApiError, isTransient, REAUTH_CODES, ServiceUnreachable } from './errors.ts';
import { sendJson } from './jsonCall.ts';
import { firstMismatch, matchesSchema } from './replyCheck.ts';

export interface Credentials {
  clientId: string;
  clientSecret: string;
  /** When set, every call acts as this user through the strong channel (X-Svc-User-Token). */
  user?: { userName: string; password: string };
  /** A browser sign-in's tokens (./signIn.ts): they replace the secret and the login above. */
  session?: SessionAuth;
}

/** Tokens that someone else obtained and keeps fresh, shared by every client of an account. */
export interface SessionAuth {
  headers(): Promise<Record<string, string>>;
  /** The service refused the tokens: renew them before the next call. */
  expire(): void;
  whoAmI(): { tenantId: string; userId: string };
}

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface ClientOptions {
  baseUrl: string;
  credentials: Credentials;
  retry?: Partial<RetryPolicy>;
  /** How long a connection may sit idle (no byte either way) before the request fails and is retried. */
  idleTimeoutMs?: number;
  /** Told of each failure that will be tried again, and how long the client waits before it does. */
  onRetry?: (failure: unknown, delayMs: number) => void;
}

/** Where a download's body goes as it arrives (FolioClient.getInto). */
export interface BytesSink {
  /** The response's status (below 400) and headers, before any piece of its body. */
  start(status: number, headers: ResponseHeaders): void;
  /** A piece of the body. A promise returned holds the rest of the body until it settles. */
  piece(bytes: Buffer): void | Promise<void>;
}

interface Session {
  token: TokenResult;
  expiresAt: number;
}

/** What a JSON route takes: its body, else its query, else nothing. Byte uploads go through postBytes. */
export type ArgsOf<R extends EnvelopeRoute> = R['consumes'] extends readonly [typeof OCTET_STREAM]
  ? [never]
  : R['body'] extends TSchema
    ? [Static<R['body']>]
    : R['querystring'] extends TSchema
      ? [Static<R['querystring']>]
      : [];

/** A byte upload of the contract: its query travels in the URL, the bytes in the body. */
export type BytesRoute = EnvelopeRoute & { readonly consumes: readonly [typeof OCTET_STREAM]; readonly querystring: TSchema };

type Input = { json?: unknown; query?: Record<string, string | number | boolean> };

/**
 * undici, loaded at the first byte transfer of the process: a process that moves no bytes (a quiet
 * restart) is spared its start, some fifty CommonJS files and the HTTP parser's WebAssembly
 * (docs/performance.md, "Restart").
 */
let undici: Promise<{ Agent: typeof Agent; request: typeof request }> | undefined;
const loadUndici = () => (undici ??= import('undici'));

/** got, loaded at the first call of FolioClient.got (streams and proxied calls); a quiet restart makes none. */
let gotModule: Promise<typeof import('got')> | undefined;
const loadGot = () => (gotModule ??= import('got'));

const REFRESH_MARGIN_MS = 60_000;
/** An error envelope is small; more than this is not one. */
const MAX_FAILURE_BODY = 64 * 1024;
const CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
const MAX_RATE_LIMIT_WAITS = 20;
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

export class FolioClient {
  readonly baseUrl: string;
  private readonly retry: RetryPolicy;
  /** An idle limit, not a total one: a large transfer may take long, a stalled one may not. */
  private readonly timeouts: { connectMs: number; idleMs: number };
  /** Keep-alive connections for postBytes and getBytes, made at the first of them. */
  private bytesAgent: Agent | undefined;
  private bytesBase: URL | undefined;
  private http: Promise<Got> | undefined;
  private app: Session | null = null;
  private user: Session | null = null;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.retry = { attempts: 5, baseDelayMs: 200, maxDelayMs: 5_000, ...options.retry };
    this.timeouts = { connectMs: CONNECT_TIMEOUT_MS, idleMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS };
  }

  /**
   * A got instance on the service's URL (paths relative to it), with the client's time-outs, no
   * retries and no error for an HTTP status, for the callers that stream or pass calls through:
   * every error it raises is a failure below HTTP, and comes as ServiceUnreachable.
   */
  got(): Promise<Got> {
    this.http ??= loadGot().then(({ default: got }) =>
      got.extend({
        prefixUrl: this.baseUrl,
        throwHttpErrors: false,
        retry: { limit: 0 },
        timeout: { connect: this.timeouts.connectMs, socket: this.timeouts.idleMs },
        hooks: { beforeError: [(err) => new ServiceUnreachable(err)] },
      }),
    );
    return this.http;
  }

  /** undici's request, this client's agent for it, and the service's origin and path prefix for its dispatch. */
  private async bytesTransport(): Promise<{ send: typeof request; agent: Agent; origin: string; prefix: string }> {
    const { Agent: AgentOf, request: send } = await loadUndici();
    const { connectMs, idleMs } = this.timeouts;
    this.bytesAgent ??= new AgentOf({ connect: { timeout: connectMs }, headersTimeout: idleMs, bodyTimeout: idleMs });
    this.bytesBase ??= new URL(this.baseUrl);
    return { send, agent: this.bytesAgent, origin: this.bytesBase.origin, prefix: this.bytesBase.pathname.replace(/\/+$/, '') };
  }

  /**
   * POSTs raw bytes to `path` (a small file, a chunk) and unwraps the envelope, once (wrap it in
   * withRetry). Bytes go through undici, not got: got normalises its whole option set on every
   * request, 260–520 µs more CPU than undici here, which the thousands of small uploads of a
   * first sync paid on every file (a quarter of the client's CPU; docs/architecture.md). Same
   * time-outs as the JSON calls'.
   */
  async postBytes<R extends BytesRoute>(route: R, query: Static<R['querystring']>, headers: Record<string, string>, body: Buffer | Readable, length: number): Promise<DataOf<R>> {
    const url = `${this.baseUrl}${route.path}?${new URLSearchParams(stringsOf(query as Record<string, unknown>)).toString()}`;
    const { send, agent } = await this.bytesTransport();
    let reply: ServiceReply;
    try {
      const res = await send(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(length) },
        body,
        dispatcher: agent,
      });
      reply = { status: res.statusCode, headers: res.headers, body: parseBody(await res.body.text()) };
    } catch (err) {
      throw new ServiceUnreachable(err);
    }
    return checked(route, reply);
  }

  /**
   * GETs the bytes of `path` (a version's download) through undici, for the reason postBytes
   * does, and hands the body to `sink` piece by piece as it arrives. Through undici's dispatch, not
   * its request: request wraps each body in a Readable with its own async resource and a promise,
   * which a download of many small files paid on every one. Resolves once the body is whole. A
   * status of 400 or more is thrown as its envelope's error; a failure of the connection or of the
   * body is ServiceUnreachable; what the sink throws ends the request and is thrown as it is.
   */
  async getInto(path: string, query: Record<string, string>, headers: Record<string, string>, sink: BytesSink): Promise<void> {
    const { agent, origin, prefix } = await this.bytesTransport();
    const target = `${prefix}${path}?${new URLSearchParams(query).toString()}`;
    return new Promise<void>((resolve, reject) => {
      let sinkFailure: unknown;
      let failed: { status: number; headers: ResponseHeaders; pieces: Buffer[]; length: number } | undefined;
      const rejectFailed = (f: NonNullable<typeof failed>) => reject(failureOf({ status: f.status, headers: f.headers, body: parseBody(Buffer.concat(f.pieces).toString('utf8')) }));
      const stop = (controller: Dispatcher.DispatchController, err: unknown) => {
        sinkFailure = err;
        controller.abort(err instanceof Error ? err : new Error(String(err)));
      };
      agent.dispatch(
        { origin, path: target, method: 'GET', headers },
        {
          // Its presence tells undici that this handler takes the controller API, not the older callbacks.
          onRequestStart() {},
          onResponseStart(controller, status, responseHeaders) {
            if (status >= 400) {
              failed = { status, headers: responseHeaders, pieces: [], length: 0 };
              return;
            }
            try {
              sink.start(status, responseHeaders);
            } catch (err) {
              stop(controller, err);
            }
          },
          onResponseData(controller, piece) {
            if (failed) {
              failed.pieces.push(piece);
              failed.length += piece.length;
              // An error envelope is small; the status and the headers are enough past this.
              if (failed.length > MAX_FAILURE_BODY) controller.abort(new Error('error body too large'));
              return;
            }
            let wait: void | Promise<void>;
            try {
              wait = sink.piece(piece);
            } catch (err) {
              stop(controller, err);
              return;
            }
            if (wait) {
              controller.pause();
              wait.then(
                () => controller.resume(),
                (err: unknown) => stop(controller, err),
              );
            }
          },
          onResponseEnd() {
            if (failed) rejectFailed(failed);
            else resolve();
          },
          onResponseError(_controller, err) {
            // A failure's body cut short still leaves its status and headers to go by.
            if (sinkFailure !== undefined) reject(sinkFailure as Error);
            else if (failed) rejectFailed(failed);
            else reject(new ServiceUnreachable(err));
          },
        },
      );
    });
  }

  /**
   * Calls a JSON route of the contract with its body (or, for a route without one, its query) and
   * returns the envelope's data, checked against the route's reply schema; throws FolioApiError
   * (UNEXPECTED_REPLY when the data does not match) or ServiceUnreachable.
   */
  async v1<R extends EnvelopeRoute>(route: R, ...args: ArgsOf<R>): Promise<DataOf<R>> {
    const [value] = args as unknown[];
    const input: Input = route.body ? { json: value ?? {} } : value === undefined ? {} : { query: value as Input['query'] };
    return this.call(route, input);
  }

  /** Calls a route and unwraps its envelope, renewing the credentials once when the service refuses them. */
  private async call<R extends EnvelopeRoute>(route: R, input: Input): Promise<DataOf<R>> {
    return this.withRetry(async () => {
      const headers = await this.authHeaders();
      try {
        return await this.raw(route, input, headers);
      } catch (err) {
        if (!(err instanceof FolioApiError) || !REAUTH_CODES.has(err.code)) throw err;
        this.app = null;
        this.user = null;
        this.options.credentials.session?.expire();
        return this.raw(route, input, await this.authHeaders());
      }
    });
  }

  /** One request, no retry: for the token endpoints and for call(). */
  private async raw<R extends EnvelopeRoute>(route: R, input: Input, headers: Record<string, string>): Promise<DataOf<R>> {
    const url = new URL(`${this.baseUrl}${route.path}`);
    if (input.query) url.search = new URLSearchParams(stringsOf(input.query)).toString();
    let reply: ServiceReply;
    try {
      const res = await sendJson({ method: route.method, url, headers, json: input.json }, this.timeouts);
      reply = { status: res.status, headers: res.headers, body: parseBody(res.text) };
    } catch (err) {
      throw new ServiceUnreachable(err);
    }
    return checked(route, reply);
  }

  /**
   * Retries what may succeed later; a business error is thrown at once. A failure that carries
   * Retry-After waits as long as it says (capped), else the wait grows exponentially.
   */
  async withRetry<T>(work: () => Promise<T>): Promise<T> {
    // A rate limit is the service asking for patience, not failing: waiting as long as it says
    // does not use up an attempt, up to a bounded number of waits.
    let rateWaits = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (err) {
        if (!isTransient(err)) throw err;
        const patience = isRateLimit(err) && rateWaits < MAX_RATE_LIMIT_WAITS;
        if (patience) {
          rateWaits++;
          attempt--;
        } else if (attempt >= this.retry.attempts) {
          throw err;
        }
        const delay = this.delayAfter(err, patience ? this.retry.maxDelayMs : this.backoff(attempt));
        this.options.onRetry?.(err, delay);
        await sleep(delay);
      }
    }
  }

  private backoff(attempt: number): number {
    return Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
  }

  /** Retry-After when the failure carries one, within a bound; else `otherwise`. */
  private delayAfter(err: unknown, otherwise: number): number {
    const asked = err instanceof FolioApiError ? err.retryAfterMs : undefined;
    return asked === undefined ? otherwise : Math.min(MAX_RATE_LIMIT_WAIT_MS, asked);
  }

  /** Headers that authenticate a call: the app token, plus the user token when acting as a user. */
  async authHeaders(): Promise<Record<string, string>> {
    if (this.options.credentials.session) return this.options.credentials.session.headers();
    const app = await this.appSession();
    const headers: Record<string, string> = { authorization: `Bearer ${app.token.accessToken}` };
    if (this.options.credentials.user) headers['x-svc-user-token'] = (await this.userSession(app)).token.accessToken;
    return headers;
  }

  private async appSession(): Promise<Session> {
    if (this.app && this.app.expiresAt - REFRESH_MARGIN_MS > Date.now()) return this.app;
    const { clientId, clientSecret } = this.options.credentials;
    this.app = await this.renew(this.app, () => this.raw(contract.auth.token, { json: { clientId, clientSecret } }, {}));
    return this.app;
  }

  private async userSession(app: Session): Promise<Session> {
    if (this.user && this.user.expiresAt - REFRESH_MARGIN_MS > Date.now()) return this.user;
    const creds = this.options.credentials.user as NonNullable<Credentials['user']>;
    this.user = await this.renew(this.user, () =>
      this.raw(contract.auth.userSession, { json: creds }, { authorization: `Bearer ${app.token.accessToken}` }),
    );
    return this.user;
  }

  /** Refreshes with the refresh token when there is one, else logs in again. */
  private async renew(current: Session | null, login: () => Promise<TokenResult>): Promise<Session> {
    let token: TokenResult | undefined;
    if (current) {
      token = await this.raw(contract.auth.refresh, { json: { refreshToken: current.token.refreshToken } }, {}).catch(() => undefined);
    }
    token ??= await login();
    return { token, expiresAt: Date.now() + token.expiresIn * 1000 };
  }

  /** The user the client acts as, or null for APP_ONLY. */
  async whoAmI(): Promise<{ tenantId: string; userId: string | null }> {
    if (this.options.credentials.session) return this.options.credentials.session.whoAmI();
    const app = await this.appSession();
    if (!this.options.credentials.user) return { tenantId: app.token.tenantId, userId: null };
    return { tenantId: app.token.tenantId, userId: (await this.userSession(app)).token.userId };
  }

  getContainer(containerId: string): Promise<Container> {
    return this.v1(contract.containers.get, { containerId });
  }

  createContainer(input: ContainerCreate): Promise<Container> {
    return this.v1(contract.containers.create, input);
  }

  updateContainer(input: ContainerUpdate): Promise<Container> {
    return this.v1(contract.containers.update, input);
  }

  deleteContainer(containerId: string): Promise<Container> {
    return this.v1(contract.containers.delete, { containerId });
  }

  getDocument(docId: string): Promise<Document> {
    return this.v1(contract.documents.get, { docId });
  }

  updateDocument(input: DocumentUpdate): Promise<Document> {
    return this.v1(contract.documents.update, input);
  }

  deleteDocument(docId: string): Promise<Document> {
    return this.v1(contract.documents.delete, { docId });
  }

  getVersion(versionId: string): Promise<Version> {
    return this.v1(contract.versions.get, { versionId });
  }

  changes(cursor: string | undefined, pageSize = 500): Promise<ChangePage> {
    return this.v1(contract.changes.getPage, { ...(cursor ? { cursor } : {}), pageSize });
  }

  /** The cursor of the newest change: take it before walking the tree. */
  async latestCursor(): Promise<string> {
    return (await this.v1(contract.changes.latestCursor)).cursor;
  }

  /** Every change after `cursor`, page by page; returns them with the cursor to use next time. */
  async allChanges(cursor: string | undefined): Promise<{ changes: Change[]; cursor: string }> {
    const changes: Change[] = [];
    let next = cursor;
    for (;;) {
      const page = await this.changes(next);
      changes.push(...page.changes);
      next = page.nextCursor;
      if (!page.hasMore) return { changes, cursor: next };
    }
  }

  /** Every child container and document of a container (the whole listing, page by page). */
  async children(containerId: string): Promise<{ containers: Container[]; documents: Document[] }> {
    const containers = await allPages((pageNumber) => this.v1(contract.containers.getPage, { parentId: containerId, pageSize: MAX_PAGE, pageNumber }));
    const documents = await allPages((pageNumber) => this.v1(contract.documents.getPage, { containerId, pageSize: MAX_PAGE, pageNumber }));
    return { containers, documents };
  }
}

const MAX_PAGE = 500;

/** Every item of a paged listing, page by page until the total is reached or a page comes back empty. */
export async function allPages<T>(page: (pageNumber: number) => Promise<{ totalElements: number; content: T[] }>): Promise<T[]> {
  const out: T[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const { content, totalElements } = await page(pageNumber);
    out.push(...content);
    if (out.length >= totalElements || content.length === 0) return out;
  }
}

/**
 * The data of a success envelope, once it matches the route's reply schema: a reply outside it
 * (another service, another version of it, a proxy's page) fails here, with the route and the
 * first field that differs, rather than deep inside whoever reads it.
 */
async function checked<R extends EnvelopeRoute>(route: R, reply: ServiceReply): Promise<DataOf<R>> {
  const data = unwrapEnvelope<unknown>(reply);
  if (matchesSchema(route.reply.data, data)) return data as DataOf<R>;
  const where = await firstMismatch(route.reply.data, data);
  const rid = typeof (reply.body as { rid?: unknown }).rid === 'string' ? (reply.body as { rid: string }).rid : '';
  throw new FolioApiError(ErrorCodes.UNEXPECTED_REPLY.code, `${ErrorCodes.UNEXPECTED_REPLY.msg}: ${route.method} ${route.path}: ${where}`, rid, reply.status);
}

/** A query as URL parameters. */
function stringsOf(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
}

/** The service asks for patience: RATE_LIMITED, or a 429 from something in front of it. */
function isRateLimit(err: unknown): err is FolioApiError {
  return err instanceof FolioApiError && (err.code === ErrorCodes.RATE_LIMITED.code || err.httpStatus === 429);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
