/**
 * The typed /v1 client, on got. It fetches and refreshes tokens, logs a user in and sends the
 * strong user channel, retries transient failures with exponential backoff (network errors, 5xx,
 * 429 and the transient business codes), and never retries a business error.
 */
import type { Readable } from 'node:stream';
import got, { type Got } from 'got';
import { Agent, request } from 'undici';
import type { Change, ChangePage, Container, Document, PageOf, TokenResult, Version } from '../../shared/v1/resources.ts';
import type { ContainerCreate, ContainerUpdate, DocumentUpdate } from '../../shared/v1/requests.ts';
import { parseBody, unwrapEnvelope, type ServiceReply } from './envelope.ts';
import { ErrorCodes } from '../../shared/errors.ts';
import { FolioApiError, isUnreachable, REAUTH_CODES, ServiceUnreachable, TRANSIENT_CODES } from './errors.ts';

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

interface Session {
  token: TokenResult;
  expiresAt: number;
}

const REFRESH_MARGIN_MS = 60_000;
const CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
const MAX_RATE_LIMIT_WAITS = 20;
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

export class FolioClient {
  readonly http: Got;
  readonly baseUrl: string;
  private readonly retry: RetryPolicy;
  /** Keep-alive connections for postBytes. */
  private readonly bytesAgent: Agent;
  private app: Session | null = null;
  private user: Session | null = null;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.retry = { attempts: 5, baseDelayMs: 200, maxDelayMs: 5_000, ...options.retry };
    this.http = got.extend({
      prefixUrl: this.baseUrl,
      throwHttpErrors: false,
      retry: { limit: 0 },
      // An idle limit, not a total one: a large transfer may take long, a stalled one may not.
      timeout: { connect: CONNECT_TIMEOUT_MS, socket: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS },
      // With throwHttpErrors off, every error got raises is a failure below HTTP: the service was not reached.
      hooks: { beforeError: [(err) => new ServiceUnreachable(err)] },
    });
    const idle = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    this.bytesAgent = new Agent({ connect: { timeout: CONNECT_TIMEOUT_MS }, headersTimeout: idle, bodyTimeout: idle });
  }

  /**
   * POSTs raw bytes to `path` (a small file, a chunk) and unwraps the envelope, once (wrap it in
   * withRetry). Bytes go through undici, not got: got normalises its whole option set on every
   * request, 260–520 µs more CPU than undici here, which the thousands of small uploads of a
   * first sync paid on every file (a quarter of the client's CPU; docs/architecture.md). Same
   * time-outs as got's path.
   */
  async postBytes<T>(path: string, query: Record<string, string>, headers: Record<string, string>, body: Buffer | Readable, length: number): Promise<T> {
    const url = `${this.baseUrl}/${path.replace(/^\//, '')}?${new URLSearchParams(query).toString()}`;
    let reply: ServiceReply;
    try {
      const res = await request(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(length) },
        body,
        dispatcher: this.bytesAgent,
      });
      reply = { status: res.statusCode, headers: res.headers, body: parseBody(await res.body.text()) };
    } catch (err) {
      throw new ServiceUnreachable(err);
    }
    return unwrapEnvelope<T>(reply);
  }

  /** Calls an endpoint and unwraps its envelope; throws FolioApiError or ServiceUnreachable. */
  async call<T>(method: 'GET' | 'POST', path: string, input: { json?: unknown; query?: Record<string, string | number> } = {}): Promise<T> {
    return this.withRetry(async () => {
      const headers = await this.authHeaders();
      try {
        return await this.raw<T>(method, path, input, headers);
      } catch (err) {
        if (!(err instanceof FolioApiError) || !REAUTH_CODES.has(err.code)) throw err;
        this.app = null;
        this.user = null;
        this.options.credentials.session?.expire();
        return this.raw<T>(method, path, input, await this.authHeaders());
      }
    });
  }

  /** One request, no retry: for the token endpoints and for call(). */
  private async raw<T>(method: 'GET' | 'POST', path: string, input: { json?: unknown; query?: Record<string, string | number> }, headers: Record<string, string>): Promise<T> {
    const res = await this.http(path.replace(/^\//, ''), {
      method,
      headers,
      ...(input.json !== undefined ? { json: input.json } : {}),
      ...(input.query ? { searchParams: input.query } : {}),
      responseType: 'text',
    });
    return unwrapEnvelope<T>({ status: res.statusCode, headers: res.headers, body: parseBody(res.body) });
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
    this.app = await this.renew(this.app, () => this.raw<TokenResult>('POST', '/v1/auth/token', { json: { clientId, clientSecret } }, {}));
    return this.app;
  }

  private async userSession(app: Session): Promise<Session> {
    if (this.user && this.user.expiresAt - REFRESH_MARGIN_MS > Date.now()) return this.user;
    const creds = this.options.credentials.user as NonNullable<Credentials['user']>;
    this.user = await this.renew(this.user, () =>
      this.raw<TokenResult>('POST', '/v1/auth/userSession', { json: creds }, { authorization: `Bearer ${app.token.accessToken}` }),
    );
    return this.user;
  }

  /** Refreshes with the refresh token when there is one, else logs in again. */
  private async renew(current: Session | null, login: () => Promise<TokenResult>): Promise<Session> {
    let token: TokenResult | undefined;
    if (current) {
      token = await this.raw<TokenResult>('POST', '/v1/auth/refresh', { json: { refreshToken: current.token.refreshToken } }, {}).catch(() => undefined);
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
    return this.call('GET', '/v1/containers/get', { query: { containerId } });
  }

  createContainer(input: ContainerCreate): Promise<Container> {
    return this.call('POST', '/v1/containers/create', { json: input });
  }

  updateContainer(input: ContainerUpdate): Promise<Container> {
    return this.call('POST', '/v1/containers/update', { json: input });
  }

  deleteContainer(containerId: string): Promise<Container> {
    return this.call('POST', '/v1/containers/delete', { json: { containerId } });
  }

  getDocument(docId: string): Promise<Document> {
    return this.call('GET', '/v1/documents/get', { query: { docId } });
  }

  updateDocument(input: DocumentUpdate): Promise<Document> {
    return this.call('POST', '/v1/documents/update', { json: input });
  }

  deleteDocument(docId: string): Promise<Document> {
    return this.call('POST', '/v1/documents/delete', { json: { docId } });
  }

  getVersion(versionId: string): Promise<Version> {
    return this.call('GET', '/v1/versions/get', { query: { versionId } });
  }

  changes(cursor: string | undefined, pageSize = 500): Promise<ChangePage> {
    return this.call('POST', '/v1/changes/getPage', { json: { ...(cursor ? { cursor } : {}), pageSize } });
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
    const containers = await this.allPages<Container>('/v1/containers/getPage', { parentId: containerId });
    const documents = await this.allPages<Document>('/v1/documents/getPage', { containerId });
    return { containers, documents };
  }

  private async allPages<T>(path: string, filter: Record<string, string>): Promise<T[]> {
    const out: T[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await this.call<PageOf<T>>('POST', path, { json: { ...filter, pageSize: 500, pageNumber } });
      out.push(...page.content);
      if (out.length >= page.totalElements || page.content.length === 0) return out;
    }
  }
}

/** The service asks for patience: RATE_LIMITED, or a 429 from something in front of it. */
function isRateLimit(err: unknown): err is FolioApiError {
  return err instanceof FolioApiError && (err.code === ErrorCodes.RATE_LIMITED.code || err.httpStatus === 429);
}

function isTransient(err: unknown): boolean {
  if (err instanceof FolioApiError) return TRANSIENT_CODES.has(err.code) || err.httpStatus >= 500 || err.httpStatus === 429;
  return isUnreachable(err);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
