/**
 * The app's side of the browser sign-in (RFC 8252): finding the service's authorization server
 * (RFC 8414), PKCE, trading the code for tokens, and the signed-in session that refreshes itself
 * and revokes on sign-out. What goes wrong is told as a SignInProblem: a sentence for a person,
 * and the technical detail apart; a service that cannot be reached is ServiceUnreachable, as on
 * every other path of the client.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Envelope } from '../../shared/envelope.ts';
import type { AuthorizationServerMetadata, GrantResult } from '../../shared/v1/oauth.ts';
import type { TokenResult } from '../../shared/v1/resources.ts';
import type { SessionAuth } from './client.ts';
import { FolioApiError, ServiceUnreachable } from './errors.ts';

const METADATA_PATH = '/.well-known/oauth-authorization-server';
const REQUEST_TIMEOUT_MS = 15_000;
const REFRESH_MARGIN_MS = 60_000;
/** The client id that signs in to whichever organisation the person names (docs/api.md). */
export const DESKTOP_CLIENT = 'folio-desktop';
export const CALLBACK_PATH = '/oauth/callback';

export type ProblemKind = 'bad-url' | 'not-folio' | 'refused' | 'cancelled' | 'timeout';

/** A sign-in failure a person can act on; `detail` is for the "Details" disclosure. */
export class SignInProblem extends Error {
  constructor(
    readonly kind: ProblemKind,
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

export interface ServerEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint: string;
}

/** Reads the service's metadata; a wrong address or a server that is not Folio says so in words. */
export async function discover(serviceUrl: string): Promise<ServerEndpoints> {
  let base: URL;
  try {
    base = new URL(serviceUrl);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error(`${base.protocol} is not http or https`);
  } catch (err) {
    throw new SignInProblem('bad-url', 'That is not a web address. It looks like https://folio.example.com.', message(err));
  }
  const where = base.host;
  const url = `${serviceUrl.replace(/\/+$/, '')}${METADATA_PATH}`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), redirect: 'follow' });
  } catch (err) {
    throw new ServiceUnreachable(new Error(`GET ${url}: ${causeOf(err)}`, { cause: err }));
  }
  const notFolio = (why: string) => new SignInProblem('not-folio', `${where} answered, but it is not a Folio service. Check the address with whoever gave it to you.`, `GET ${url}: ${why}`);
  if (!res.ok) throw notFolio(`HTTP ${res.status}`);
  let meta: Partial<AuthorizationServerMetadata>;
  try {
    meta = (await res.json()) as Partial<AuthorizationServerMetadata>;
  } catch {
    throw notFolio(`the answer is not JSON (${res.headers.get('content-type') ?? 'no content type'})`);
  }
  if (typeof meta.authorization_endpoint !== 'string' || typeof meta.token_endpoint !== 'string' || !meta.code_challenge_methods_supported?.includes('S256')) {
    throw notFolio('the metadata names no authorization and token endpoints with PKCE S256');
  }
  return {
    authorizationEndpoint: meta.authorization_endpoint,
    tokenEndpoint: meta.token_endpoint,
    revocationEndpoint: typeof meta.revocation_endpoint === 'string' ? meta.revocation_endpoint : '',
  };
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function newPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizationUrl(endpoints: ServerEndpoints, p: { clientId: string; redirectUri: string; state: string; challenge: string }): string {
  const url = new URL(endpoints.authorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    state: p.state,
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

/** One token pair and when its access token expires (ms since the epoch). */
export interface StoredPair {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

/** What the keychain keeps for a browser sign-in: both pairs, and where to refresh and revoke them. */
export interface SessionTokens {
  clientId: string;
  tenantId: string;
  userId: string;
  userName: string;
  tokenEndpoint: string;
  revocationEndpoint: string;
  app: StoredPair;
  user: StoredPair;
}

export async function exchangeCode(endpoints: ServerEndpoints, p: { clientId: string; code: string; verifier: string; redirectUri: string }): Promise<SessionTokens> {
  const grant = await post<GrantResult>(endpoints.tokenEndpoint, { grant_type: 'authorization_code', client_id: p.clientId, code: p.code, code_verifier: p.verifier, redirect_uri: p.redirectUri });
  if (!grant.userSession) throw new FolioApiError(1, 'the token endpoint gave no user session', '', 200);
  const now = Date.now();
  return {
    clientId: p.clientId,
    tenantId: grant.tenantId,
    userId: grant.userSession.userId,
    userName: grant.userSession.userName,
    tokenEndpoint: endpoints.tokenEndpoint,
    revocationEndpoint: endpoints.revocationEndpoint,
    app: pairOf(grant, now),
    user: pairOf(grant.userSession, now),
  };
}

/**
 * A browser sign-in's tokens in use. Every FolioClient of the account shares one instance: refresh
 * tokens work once, so two clients refreshing on their own would log each other out. A refresh
 * that the service refuses means the person must sign in again; the caller hears FolioApiError.
 */
export class BrowserSession implements SessionAuth {
  private renewing: Promise<void> | null = null;

  constructor(
    private tokens: SessionTokens,
    /** Keeps the rotated tokens (the keychain): the old refresh tokens are spent. */
    private readonly onRenew: (tokens: SessionTokens) => Promise<void>,
  ) {}

  get current(): SessionTokens {
    return this.tokens;
  }

  async headers(): Promise<Record<string, string>> {
    await this.fresh();
    return { authorization: `Bearer ${this.tokens.app.accessToken}`, 'x-svc-user-token': this.tokens.user.accessToken };
  }

  /** The service refused a token early (revoked, restarted clock): refresh before the next call. */
  expire(): void {
    this.tokens = { ...this.tokens, app: { ...this.tokens.app, expiresAt: 0 }, user: { ...this.tokens.user, expiresAt: 0 } };
  }

  whoAmI(): { tenantId: string; userId: string } {
    return { tenantId: this.tokens.tenantId, userId: this.tokens.userId };
  }

  /** Revokes both pairs (RFC 7009); an unreachable service does not keep the person signed in. */
  async revoke(): Promise<void> {
    const t = this.tokens;
    if (!t.revocationEndpoint) return;
    await Promise.allSettled([t.user.refreshToken, t.user.accessToken, t.app.refreshToken, t.app.accessToken].map((token) => post(t.revocationEndpoint, { token, client_id: t.clientId })));
  }

  private fresh(): Promise<void> {
    const stale = (p: StoredPair) => p.expiresAt - REFRESH_MARGIN_MS <= Date.now();
    if (!stale(this.tokens.app) && !stale(this.tokens.user)) return Promise.resolve();
    this.renewing ??= this.renew(stale).finally(() => (this.renewing = null));
    return this.renewing;
  }

  private async renew(stale: (p: StoredPair) => boolean): Promise<void> {
    const t = this.tokens;
    const refresh = async (p: StoredPair) => (stale(p) ? pairOf(await post<TokenResult>(t.tokenEndpoint, { grant_type: 'refresh_token', client_id: t.clientId, refresh_token: p.refreshToken }), Date.now()) : p);
    const [app, user] = await Promise.all([refresh(t.app), refresh(t.user)]);
    this.tokens = { ...t, app, user };
    await this.onRenew(this.tokens);
  }
}

/** A stored session, if `raw` is one (the keychain holds client secrets of the Advanced sign-in too). */
export function parseSessionTokens(raw: unknown): SessionTokens | null {
  const s = raw as Partial<SessionTokens> | null;
  const pair = (p: Partial<StoredPair> | undefined) => typeof p?.accessToken === 'string' && typeof p.refreshToken === 'string' && typeof p.expiresAt === 'number';
  return s && typeof s.tokenEndpoint === 'string' && typeof s.clientId === 'string' && pair(s.app) && pair(s.user) ? (s as SessionTokens) : null;
}

function pairOf(t: TokenResult, now: number): StoredPair {
  return { accessToken: t.accessToken, refreshToken: t.refreshToken, expiresAt: now + t.expiresIn * 1000 };
}

/** POSTs JSON and unwraps the envelope; a failure below HTTP is ServiceUnreachable (the client may go offline). */
async function post<T>(url: string, body: Record<string, string>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (err) {
    throw new ServiceUnreachable(err);
  }
  let env: Envelope<T> | undefined;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    env = undefined;
  }
  if (!env || typeof env.code !== 'number') throw new FolioApiError(1, `unexpected response (HTTP ${res.status})`, '', res.status);
  if (env.code !== 0 || env.data === null) throw new FolioApiError(env.code, env.msg, env.rid, res.status);
  return env.data;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** fetch's own message is "fetch failed"; the cause (ECONNREFUSED, ENOTFOUND, a certificate) is the detail. */
function causeOf(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return [message(err), cause?.code, cause?.message].filter(Boolean).join(': ');
}
