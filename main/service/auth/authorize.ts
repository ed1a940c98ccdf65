/**
 * The authorization endpoint's rules (RFC 6749 §4.1, RFC 7636, RFC 8252): which client and redirect
 * an authorization request may use, and the single-use code a signed-in user's browser carries back.
 *
 * The tenant is found from the client: a tenant's own public client names it. The desktop app,
 * which knows only the service URL, sends the service-wide client id DESKTOP_CLIENT; the sign-in
 * page then asks for the organisation (the tenant's name), unless the service has one tenant only,
 * and the tokens go to that tenant's first public client.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Repos } from '../../store/repositories.ts';
import type { ClientRecord, UserRecord } from '../../store/repos/identityRecords.ts';
import { fail } from '../errors.ts';
import { DESKTOP_REDIRECT_URI } from '../tenancy.ts';
import { hashToken, passwordMatches } from './credentials.ts';

export const DESKTOP_CLIENT = 'folio-desktop';
/** RFC 6749 §4.1.2 recommends at most 10 minutes; the browser round trip takes seconds. */
export const CODE_TTL_MS = 60_000;

/** The query of GET /v1/auth/authorize, as received (every field may be missing). */
export interface AuthorizationQuery {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

/** A request whose client and redirect URI are known good: from here on, errors go back to the app. */
export interface CheckedClient {
  clientId: string;
  redirectUri: string;
  state: string;
  /** The client's tenant; '' for DESKTOP_CLIENT on a service with several tenants (the page asks). */
  tenantId: string;
}

export interface CheckedRequest extends CheckedClient {
  codeChallenge: string;
}

/** An error the app hears about through its redirect URI (RFC 6749 §4.1.2.1). */
export class RedirectedError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'unsupported_response_type' | 'access_denied',
    readonly description: string,
  ) {
    super(description);
  }
}

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * The client and its redirect URI. A failure here is shown on the page and never redirected: an
 * unchecked redirect URI would make the service an open redirector (RFC 6749 §4.1.2.1).
 */
export async function checkClient(repos: Repos<'authorizationCodes' | 'identity'>, q: AuthorizationQuery): Promise<CheckedClient> {
  const clientId = q.client_id ?? '';
  const redirectUri = q.redirect_uri ?? '';
  if (!clientId) fail('INVALID_AUTHORIZATION_REQUEST', 'The sign-in link names no application (client_id is missing).', { field: 'client_id' });
  if (!redirectUri) fail('INVALID_AUTHORIZATION_REQUEST', 'The sign-in link does not say where to return (redirect_uri is missing).', { field: 'redirect_uri' });
  if (clientId === DESKTOP_CLIENT) {
    if (!redirectMatches(DESKTOP_REDIRECT_URI, redirectUri)) fail('INVALID_AUTHORIZATION_REQUEST', 'The sign-in link returns to an address the Folio app does not use.', { field: 'redirect_uri' });
    return { clientId, redirectUri, state: q.state ?? '', tenantId: (await repos.identity.soleTenant()) ?? '' };
  }
  const client = await repos.identity.getClient(clientId);
  if (!client?.isPublic) fail('INVALID_AUTHORIZATION_REQUEST', 'The sign-in link names an application this service does not know.', { field: 'client_id' });
  if (!client.redirectUris.some((r) => redirectMatches(r, redirectUri))) {
    fail('INVALID_AUTHORIZATION_REQUEST', 'The sign-in link returns to an address this application has not registered.', { field: 'redirect_uri' });
  }
  return { clientId, redirectUri, state: q.state ?? '', tenantId: client.tenantId };
}

/** The rest of the request, once the redirect URI can be trusted: the response type and PKCE. */
export function checkRequest(client: CheckedClient, q: AuthorizationQuery): CheckedRequest {
  if (q.response_type !== 'code') throw new RedirectedError('unsupported_response_type', 'response_type must be code');
  if (q.code_challenge_method !== 'S256') throw new RedirectedError('invalid_request', 'code_challenge_method must be S256 (plain is refused)');
  if (!CHALLENGE.test(q.code_challenge ?? '')) throw new RedirectedError('invalid_request', 'code_challenge must be a base64url SHA-256 digest (43 characters)');
  return { ...client, codeChallenge: q.code_challenge as string };
}

/**
 * Whether a requested redirect URI is the registered one. A loopback http URI matches on any port
 * (RFC 8252 §7.3), since the app listens on whatever port is free; everything else matches exactly.
 */
export function redirectMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  let r: URL;
  let q: URL;
  try {
    r = new URL(registered);
    q = new URL(requested);
  } catch {
    return false;
  }
  const loopback = r.protocol === 'http:' && (r.hostname === '127.0.0.1' || r.hostname === '[::1]');
  return loopback && q.protocol === r.protocol && q.hostname === r.hostname && q.pathname === r.pathname && !q.search && !q.hash && !q.username && !q.password;
}

/** The tenant named on the sign-in page, for DESKTOP_CLIENT when the service has several. */
export async function tenantNamed(repos: Repos<'authorizationCodes' | 'identity'>, name: string): Promise<string> {
  const tenantId = name.trim() ? await repos.identity.findTenantByName(name.trim()) : undefined;
  // Same answer as a wrong password: the page must not tell which organisations exist.
  if (!tenantId) fail('INVALID_USER_CREDENTIALS', 'The organisation, user name or password is not right.');
  return tenantId;
}

/** The public client that receives the tokens of a sign-in through `clientId` in `tenantId`. */
export async function tokenClient(repos: Repos<'authorizationCodes' | 'identity'>, clientId: string, tenantId: string): Promise<ClientRecord> {
  const client = clientId === DESKTOP_CLIENT ? await repos.identity.firstPublicClient(tenantId) : await repos.identity.getClient(clientId);
  if (!client?.isPublic || client.tenantId !== tenantId) fail('INVALID_AUTHORIZATION_REQUEST', 'This organisation has no application for signing in through the browser.');
  return client;
}

/** Checks the user's name and password and returns a fresh code bound to the whole request. */
export async function issueCode(repos: Repos<'authorizationCodes' | 'identity'>, req: CheckedRequest & { tenantId: string }, userName: string, password: string): Promise<string> {
  await tokenClient(repos, req.clientId, req.tenantId);
  const user: UserRecord | undefined = await repos.identity.findUserByName(req.tenantId, userName);
  if (!user || !passwordMatches(password, user.passwordHash)) fail('INVALID_USER_CREDENTIALS', 'The user name or password is not right.');
  const code = randomBytes(32).toString('base64url');
  await repos.authorizationCodes.insert(hashToken(code), {
    tenantId: req.tenantId,
    clientId: req.clientId,
    userId: user.userId,
    redirectUri: req.redirectUri,
    codeChallenge: req.codeChallenge,
    expiresAt: Date.now() + CODE_TTL_MS,
  });
  return code;
}

/** base64url(SHA-256(verifier)), the S256 transform of RFC 7636 §4.2. */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function validVerifier(verifier: string): boolean {
  return VERIFIER.test(verifier);
}

/** The redirect URI with the given parameters added to its query. */
export function redirectWith(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  return url.href;
}
