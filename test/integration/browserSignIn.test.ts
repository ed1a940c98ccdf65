/**
 * The browser sign-in (RFC 8252: authorization code, PKCE S256, loopback redirect) against a real
 * `folio serve`: the metadata, the page and its CSRF guard, the code's bindings (client, redirect,
 * verifier), its single use and expiry, refresh of both pairs, revocation, and what a public
 * client's token may do.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrantResult } from '../../shared/v1/oauth.ts';
import type { TokenResult } from '../../shared/v1/resources.ts';
import { authorizeUrl, formOf, pkce, signInOnPage, visit } from '../helpers/browserSignIn.ts';
import { Api, createTenant, createUser, data, folio, removeDir, startServer, type ServerHandle, type Tenant } from '../helpers/server.ts';

let server: ServerHandle;
let tenant: Tenant;
let other: Tenant;
let publicClient: string;
const REDIRECT = 'http://127.0.0.1:51234/oauth/callback';

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir, 'acme');
  other = await createTenant(server.dataDir, 'globex');
  await createUser(server.dataDir, tenant.tenantId, 'alice');
  await createUser(server.dataDir, other.tenantId, 'gina');
  publicClient = (JSON.parse((await folio(['admin', 'create-client', '--data', server.dataDir, '--tenant', tenant.tenantId, '--public', '--json'])).stdout) as { clientId: string }).clientId;
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

/** A code for alice through the tenant's public client, and the PKCE pair it is bound to. */
async function codeFor(redirectUri = REDIRECT, clientId = publicClient, userName = 'alice', extra: Record<string, string> = {}) {
  const p = pkce();
  const done = await signInOnPage(authorizeUrl(server.url, { clientId, redirectUri, challenge: p.challenge }), userName, 'correct horse', extra);
  expect(done.status).toBe(302);
  const back = new URL(done.location as string);
  expect(back.searchParams.get('state')).toBe('st4te');
  return { code: back.searchParams.get('code') as string, verifier: p.verifier, location: back };
}

function exchange(body: Record<string, string>) {
  return new Api(server.url).post<GrantResult>('/v1/auth/oauthToken', { grant_type: 'authorization_code', client_id: publicClient, redirect_uri: REDIRECT, ...body });
}

describe('GET /.well-known/oauth-authorization-server', () => {
  it('publishes the endpoints, S256 only, and public clients (RFC 8414)', async () => {
    const res = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta).toEqual({
      issuer: server.url,
      authorization_endpoint: `${server.url}/v1/auth/authorize`,
      token_endpoint: `${server.url}/v1/auth/oauthToken`,
      revocation_endpoint: `${server.url}/v1/auth/revoke`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      service_documentation: `${server.url}/v1/openapi.json`,
    });
  });
});

describe('the sign-in page', () => {
  it('is a plain form under a strict CSP, with a CSRF token bound to a SameSite cookie', async () => {
    const p = pkce();
    const page = await visit(authorizeUrl(server.url, { clientId: publicClient, redirectUri: REDIRECT, challenge: p.challenge }));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:51234");
    expect(page.html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1:51234)/);
    expect(page.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
    expect(formOf(page.html).csrf).toBeTruthy();
    expect(page.html).not.toContain('name="tenant"');
  });

  it('refuses a post without the cookie, or from another origin, and shows the form again', async () => {
    const p = pkce();
    const url = authorizeUrl(server.url, { clientId: publicClient, redirectUri: REDIRECT, challenge: p.challenge });
    const page = await visit(url);
    const body = new URLSearchParams({ ...formOf(page.html), userName: 'alice', password: 'correct horse' }).toString();
    const post = (headers: Record<string, string>) => visit(`${server.url}/v1/auth/authorize`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });
    const noCookie = await post({});
    expect(noCookie.status).toBe(400);
    expect(noCookie.location).toBeNull();
    expect(noCookie.html).toContain('This form expired. Sign in again.');
    const crossSite = await post({ cookie: page.cookie, origin: 'https://evil.example' });
    expect(crossSite.status).toBe(400);
    expect(crossSite.location).toBeNull();
  });

  it('says a wrong password in words, on the page, without redirecting', async () => {
    const p = pkce();
    const res = await signInOnPage(authorizeUrl(server.url, { clientId: publicClient, redirectUri: REDIRECT, challenge: p.challenge }), 'alice', 'wrong password');
    expect(res.status).toBe(400);
    expect(res.location).toBeNull();
    expect(res.html).toContain('The user name or password is not right.');
    expect(formOf(res.html).userName).toBe('alice');
  });

  it('shows an unknown client or an unregistered redirect on the page, never redirecting to it', async () => {
    const p = pkce();
    const unknown = await visit(authorizeUrl(server.url, { clientId: 'cli_nope', redirectUri: REDIRECT, challenge: p.challenge }));
    expect(unknown.status).toBe(400);
    expect(unknown.location).toBeNull();
    expect(unknown.html).toContain('names an application this service does not know');
    for (const redirectUri of ['http://127.0.0.1:51234/elsewhere', 'https://evil.example/oauth/callback', 'http://localhost:51234/oauth/callback']) {
      const bad = await visit(authorizeUrl(server.url, { clientId: publicClient, redirectUri, challenge: p.challenge }));
      expect(bad.status).toBe(400);
      expect(bad.location).toBeNull();
      expect(bad.html).toContain('has not registered');
    }
    // A confidential client cannot be used through the browser either.
    const confidential = await visit(authorizeUrl(server.url, { clientId: tenant.clientId, redirectUri: REDIRECT, challenge: p.challenge }));
    expect(confidential.status).toBe(400);
  });

  it('sends plain PKCE back to the app as invalid_request (S256 only)', async () => {
    const res = await visit(authorizeUrl(server.url, { clientId: publicClient, redirectUri: REDIRECT, challenge: 'x'.repeat(43), method: 'plain' }));
    expect(res.status).toBe(302);
    const back = new URL(res.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/S256/);
    expect(back.searchParams.get('state')).toBe('st4te');
  });

  it('accepts the loopback redirect on any port (RFC 8252 §7.3)', async () => {
    const { code, location } = await codeFor('http://127.0.0.1:40001/oauth/callback');
    expect(location.port).toBe('40001');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('POST /v1/auth/oauthToken: authorization_code', () => {
  it('gives the app pair and the user pair, which together act as the user', async () => {
    const { code, verifier } = await codeFor();
    const grant = data(await exchange({ code, code_verifier: verifier }));
    expect(grant.mode).toBe('APP_ONLY');
    expect(grant.tenantId).toBe(tenant.tenantId);
    expect(grant.userSession?.mode).toBe('USER');
    expect(grant.userSession?.userName).toBe('alice');
    const asAlice = new Api(server.url, grant.accessToken, { 'x-svc-user-token': grant.userSession?.accessToken ?? '' });
    expect((await asAlice.post('/v1/containers/getPage', {})).body.code).toBe(0);
  });

  it("refuses the public client's app token without the user's (a public client holds no secret)", async () => {
    const { code, verifier } = await codeFor();
    const grant = data(await exchange({ code, code_verifier: verifier }));
    const alone = await new Api(server.url, grant.accessToken).post('/v1/containers/getPage', {});
    expect(alone.status).toBe(403);
    expect(alone.body).toMatchObject({ code: 100007, success: false, data: null });
  });

  it('refuses a verifier that does not match the challenge, and the code is spent by the attempt', async () => {
    const { code, verifier } = await codeFor();
    const wrong = await exchange({ code, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 100006, success: false });
    expect(wrong.body.msg).toMatch(/code_verifier/);
    expect((await exchange({ code, code_verifier: verifier })).body.code).toBe(100006);
  });

  it('works once: a reused code is refused', async () => {
    const { code, verifier } = await codeFor();
    data(await exchange({ code, code_verifier: verifier }));
    const again = await exchange({ code, code_verifier: verifier });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(100006);
    expect(again.body.msg).toMatch(/already used/);
  });

  it('is bound to its redirect URI and to its client', async () => {
    const first = await codeFor();
    const moved = await exchange({ code: first.code, code_verifier: first.verifier, redirect_uri: 'http://127.0.0.1:51235/oauth/callback' });
    expect(moved.body.code).toBe(100006);
    expect(moved.body.msg).toMatch(/redirect_uri/);
    const second = await codeFor();
    const otherClient = await exchange({ code: second.code, code_verifier: second.verifier, client_id: 'folio-desktop' });
    expect(otherClient.body.code).toBe(100006);
    expect(otherClient.body.msg).toMatch(/another client/);
  });

  it('expires', async () => {
    const { code, verifier } = await codeFor();
    const db = new Database(join(server.dataDir, 'folio.db'));
    try {
      db.prepare('UPDATE authorization_codes SET expires_at = ?').run(Date.now() - 1);
    } finally {
      db.close();
    }
    const late = await exchange({ code, code_verifier: verifier });
    expect(late.body.code).toBe(100006);
    expect(late.body.msg).toMatch(/expired/);
  });

  it('stores only a hash of the code', async () => {
    const { code } = await codeFor();
    const db = new Database(join(server.dataDir, 'folio.db'), { readonly: true });
    try {
      const rows = db.prepare('SELECT code_hash FROM authorization_codes').all() as { code_hash: string }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((r) => r.code_hash === code)).toBe(false);
    } finally {
      db.close();
    }
  });

  it('takes a form-encoded body (RFC 6749) as well as JSON, and names a missing field', async () => {
    const { code, verifier } = await codeFor();
    const res = await fetch(`${server.url}/v1/auth/oauthToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: publicClient, redirect_uri: REDIRECT }).toString(),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    const missing = await new Api(server.url).post('/v1/auth/oauthToken', { grant_type: 'authorization_code', client_id: publicClient });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 110001, success: false });
    expect(missing.body.msg).toMatch(/code is required/);
    const unknown = await new Api(server.url).post('/v1/auth/oauthToken', { grant_type: 'password' });
    expect(unknown.body.code).toBe(110001);
  });
});

describe('the desktop client id (folio-desktop)', () => {
  it('asks for the organisation when the service has several, and signs in to the one named', async () => {
    const p = pkce();
    const url = authorizeUrl(server.url, { clientId: 'folio-desktop', redirectUri: REDIRECT, challenge: p.challenge });
    expect((await visit(url)).html).toContain('name="tenant"');
    const wrongOrg = await signInOnPage(url, 'gina', 'correct horse', { tenant: 'acme' });
    expect(wrongOrg.status).toBe(400);
    expect(wrongOrg.html).toContain('not right');
    const done = await signInOnPage(url, 'gina', 'correct horse', { tenant: 'globex' });
    const code = new URL(done.location as string).searchParams.get('code') as string;
    const grant = data(await new Api(server.url).post<GrantResult>('/v1/auth/oauthToken', { grant_type: 'authorization_code', client_id: 'folio-desktop', redirect_uri: REDIRECT, code, code_verifier: p.verifier }));
    expect(grant.tenantId).toBe(other.tenantId);
    expect(grant.userSession?.userName).toBe('gina');
  });
});

describe('refresh and revoke', () => {
  it('refreshes both pairs with the refresh_token grant, each refresh token once', async () => {
    const { code, verifier } = await codeFor();
    const grant = data(await exchange({ code, code_verifier: verifier }));
    const refresh = (token: string) => new Api(server.url).post<TokenResult>('/v1/auth/oauthToken', { grant_type: 'refresh_token', client_id: publicClient, refresh_token: token });
    const app = data(await refresh(grant.refreshToken));
    const user = data(await refresh(grant.userSession?.refreshToken ?? ''));
    expect(user.mode).toBe('USER');
    const asAlice = new Api(server.url, app.accessToken, { 'x-svc-user-token': user.accessToken });
    expect((await asAlice.post('/v1/containers/getPage', {})).body.code).toBe(0);
    expect((await refresh(grant.refreshToken)).body.code).toBe(100006);
    const foreign = await new Api(server.url).post('/v1/auth/oauthToken', { grant_type: 'refresh_token', client_id: tenant.clientId, refresh_token: app.refreshToken });
    expect(foreign.body.code).toBe(100006);
  });

  it('revokes: a revoked user token and refresh token stop working, and an unknown token answers alike', async () => {
    const { code, verifier } = await codeFor();
    const grant = data(await exchange({ code, code_verifier: verifier }));
    const user = grant.userSession as TokenResult;
    const revoke = (token: string) => new Api(server.url).post<{ revoked: boolean }>('/v1/auth/revoke', { token });
    expect(data(await revoke(user.accessToken))).toEqual({ revoked: true });
    expect(data(await revoke(user.refreshToken))).toEqual({ revoked: true });
    expect(data(await revoke('frt_never-issued'))).toEqual({ revoked: true });
    const asAlice = new Api(server.url, grant.accessToken, { 'x-svc-user-token': user.accessToken });
    expect((await asAlice.post('/v1/containers/getPage', {})).body.code).toBe(101010);
    const refreshed = await new Api(server.url).post('/v1/auth/oauthToken', { grant_type: 'refresh_token', client_id: publicClient, refresh_token: user.refreshToken });
    expect(refreshed.body.code).toBe(100006);
  });
});

describe('client credentials stay for scripts', () => {
  it('a public client cannot get a token by client credentials', async () => {
    const res = await new Api(server.url).post('/v1/auth/token', { clientId: publicClient, clientSecret: 'anything' });
    expect(res.body.code).toBe(100003);
  });
});
