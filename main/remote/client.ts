/**
 * The typed /v1 client, on got. It fetches and refreshes tokens, logs a user in and sends the
 * strong user channel, retries transient failures with exponential backoff (network errors, 5xx,
 * 429 and the transient business codes), and never retries a business error.
 */
import got, { RequestError, type Got } from 'got';
import type { Envelope } from '../../shared/envelope.ts';
import type { ChangePage, Container, Document, PageOf, TokenResult, Version } from '../../shared/v1/resources.ts';
import type { ContainerCreate, ContainerUpdate, DocumentUpdate } from '../../shared/v1/requests.ts';
import { FolioApiError, REAUTH_CODES, ServiceUnreachable, TRANSIENT_CODES } from './errors.ts';

export interface Credentials {
  clientId: string;
  clientSecret: string;
  /** When set, every call acts as this user through the strong channel (X-Svc-User-Token). */
  user?: { userName: string; password: string };
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
}

interface Session {
  token: TokenResult;
  expiresAt: number;
}

const REFRESH_MARGIN_MS = 60_000;

export class FolioClient {
  readonly http: Got;
  readonly baseUrl: string;
  private readonly retry: RetryPolicy;
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
      timeout: { connect: 10_000, socket: options.idleTimeoutMs ?? 30_000 },
    });
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
      responseType: 'json',
    });
    const body = res.body as Envelope<T> | undefined;
    if (!body || typeof body.code !== 'number') throw new FolioApiError(1, `unexpected response (HTTP ${res.statusCode})`, '', res.statusCode);
    if (body.code !== 0 || body.data === null) throw new FolioApiError(body.code, body.msg, body.rid, res.statusCode);
    return body.data;
  }

  /** Retries what may succeed later; a business error is thrown at once. */
  async withRetry<T>(work: () => Promise<T>): Promise<T> {
    let lastError: unknown;
    for (let attempt = 0; attempt < this.retry.attempts; attempt++) {
      if (attempt > 0) await sleep(Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2));
      try {
        return await work();
      } catch (err) {
        lastError = err;
        if (!isTransient(err)) throw err;
      }
    }
    if (lastError instanceof FolioApiError) throw lastError;
    throw new ServiceUnreachable(lastError);
  }

  /** Headers that authenticate a call: the app token, plus the user token when acting as a user. */
  async authHeaders(): Promise<Record<string, string>> {
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

function isTransient(err: unknown): boolean {
  if (err instanceof FolioApiError) return TRANSIENT_CODES.has(err.code) || err.httpStatus >= 500 || err.httpStatus === 429;
  return err instanceof RequestError;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
