/**
 * The token endpoint of the browser sign-in (RFC 6749 §4.1.3 and §6, RFC 7636 §4.6) and revocation
 * (RFC 7009). A code buys two token pairs: the public client's app token and the user's session
 * token (the strong channel, X-Svc-User-Token); each pair is then refreshed on its own.
 */
import { timingSafeEqual } from 'node:crypto';
import type { GrantRequest, GrantResult } from '../../../shared/v1/oauth.ts';
import type { TokenResult } from '../../../shared/v1/resources.ts';
import type { Repos } from '../../store/repositories.ts';
import { fail } from '../errors.ts';
import { DESKTOP_CLIENT, s256, tokenClient, validVerifier } from './authorize.ts';
import { hashToken } from './credentials.ts';
import { issuePair, refresh } from './tokens.ts';

export async function grant(repos: Repos<'authorizationCodes' | 'identity' | 'tokens'>, body: GrantRequest): Promise<GrantResult> {
  switch (body.grant_type) {
    case 'authorization_code':
      return exchangeCode(repos, body);
    case 'refresh_token':
      return refreshFor(repos, body);
    default:
      return fail('VALIDATION', 'grant_type must be authorization_code or refresh_token', { field: 'grant_type' });
  }
}

async function exchangeCode(repos: Repos<'authorizationCodes' | 'identity' | 'tokens'>, body: GrantRequest): Promise<GrantResult> {
  const code = required(body.code, 'code');
  const verifier = required(body.code_verifier, 'code_verifier');
  const clientId = required(body.client_id, 'client_id');
  const redirectUri = required(body.redirect_uri, 'redirect_uri');
  // Taken before any check: a code that fails once is gone, so it cannot be tried again.
  const record = await repos.authorizationCodes.take(hashToken(code));
  if (!record || record.expiresAt < Date.now()) fail('INVALID_GRANT', 'the authorization code is unknown, expired or already used');
  if (record.clientId !== clientId) fail('INVALID_GRANT', 'the authorization code was issued to another client');
  if (record.redirectUri !== redirectUri) fail('INVALID_GRANT', 'redirect_uri differs from the one of the authorization request');
  if (!validVerifier(verifier) || !sameText(s256(verifier), record.codeChallenge)) fail('INVALID_GRANT', 'code_verifier does not match the code_challenge');
  const client = await tokenClient(repos, record.clientId, record.tenantId);
  const user = await repos.identity.getUser(record.tenantId, record.userId);
  if (!user) fail('INVALID_GRANT', 'the user of this authorization code no longer exists');
  // Both pairs or neither: the inner units of work join this one.
  return repos.units.transaction(async () => ({ ...(await issuePair(repos, client, null)), userSession: await issuePair(repos, client, user) }));
}

/** A public client names itself when it refreshes (RFC 6749 §6): a token works only for its own client. */
async function refreshFor(repos: Repos<'authorizationCodes' | 'identity' | 'tokens'>, body: GrantRequest): Promise<TokenResult> {
  const token = required(body.refresh_token, 'refresh_token');
  const clientId = required(body.client_id, 'client_id');
  const record = await repos.tokens.find(hashToken(token));
  const owner = record && (clientId === DESKTOP_CLIENT ? (await repos.identity.firstPublicClient(record.tenantId))?.clientId : clientId);
  if (!record || owner !== record.clientId) fail('INVALID_GRANT', 'the refresh token is invalid, expired or belongs to another client');
  return refresh(repos, token);
}

/**
 * Revokes an access, user or refresh token (RFC 7009 §2). An unknown token is not an error: the
 * answer must not tell whether a token existed (§2.2).
 */
export async function revoke(repos: Repos<'authorizationCodes' | 'identity' | 'tokens'>, token: string): Promise<{ revoked: true }> {
  await repos.tokens.consume(hashToken(token));
  return { revoked: true };
}

function required(value: string | undefined, field: string): string {
  if (!value) fail('VALIDATION', `${field} is required for this grant_type`, { field });
  return value;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
