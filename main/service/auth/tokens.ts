/** Issuing token pairs and resolving the caller of a request (spec §5). */
import type { TokenResult } from '../../../shared/v1/resources.ts';
import type { Repos } from '../../store/repositories.ts';
import type { ClientRecord, UserRecord } from '../../store/repos/identityRecords.ts';
import type { TokenRecord } from '../../store/repos/tokenRecords.ts';
import type { RequestContext } from '../context.ts';
import { fail } from '../errors.ts';
import { hashToken, newSecret, passwordMatches, secretMatches } from './credentials.ts';

export const ACCESS_TTL_SECONDS = 3600;
export const USER_TTL_SECONDS = 8 * 3600;
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

export const APP_MODE = 'APP_ONLY';
export const USER_MODE = 'USER';

export async function issuePair(repos: Repos<'identity' | 'tokens'>, client: ClientRecord, user: UserRecord | null): Promise<TokenResult> {
  const now = Date.now();
  const accessToken = newSecret(user ? 'fut' : 'fat');
  const refreshToken = newSecret('frt');
  const ttl = user ? USER_TTL_SECONDS : ACCESS_TTL_SECONDS;
  const base = { tenantId: client.tenantId, clientId: client.clientId, userId: user?.userId ?? null };
  await repos.units.transaction(async (tx) => {
    await tx.tokens.insert(hashToken(accessToken), { ...base, kind: user ? 'user' : 'access', expiresAt: now + ttl * 1000 });
    await tx.tokens.insert(hashToken(refreshToken), {
      ...base,
      kind: user ? 'user_refresh' : 'refresh',
      expiresAt: now + REFRESH_TTL_SECONDS * 1000,
    });
  });
  return {
    accessToken,
    expiresIn: ttl,
    refreshToken,
    scopes: client.scopes,
    mode: user ? USER_MODE : APP_MODE,
    userId: user?.userId ?? '',
    userName: user?.name ?? '',
    tenantId: client.tenantId,
    requirePasswordChange: user?.requirePasswordChange ?? false,
  };
}

export async function issueClientToken(repos: Repos<'identity' | 'tokens'>, clientId: string, clientSecret: string): Promise<TokenResult> {
  const client = await repos.identity.getClient(clientId);
  // A public client has no secret to match: it gets tokens only through a user's sign-in.
  if (!client || client.isPublic || !secretMatches(clientSecret, client.secretHash)) fail('INVALID_CLIENT');
  return issuePair(repos, client, null);
}

export async function issueUserSession(repos: Repos<'identity' | 'tokens'>, ctx: RequestContext, userName: string, password: string): Promise<TokenResult> {
  const client = await repos.identity.getClient(ctx.clientId);
  const user = await repos.identity.findUserByName(ctx.tenantId, userName);
  // Unknown user and wrong password answer alike, so names cannot be probed.
  if (!client || !user || !passwordMatches(password, user.passwordHash)) fail('INVALID_USER_CREDENTIALS');
  return issuePair(repos, client, user);
}

/** Spends a refresh token (each works once) and issues a new pair for the same principal. */
export async function refresh(repos: Repos<'identity' | 'tokens'>, refreshToken: string): Promise<TokenResult> {
  const hash = hashToken(refreshToken);
  const record = await repos.tokens.find(hash);
  if (!record || (record.kind !== 'refresh' && record.kind !== 'user_refresh') || record.expiresAt < Date.now()) {
    fail('INVALID_REFRESH_TOKEN');
  }
  if (!(await repos.tokens.consume(hash))) fail('INVALID_REFRESH_TOKEN');
  const client = await repos.identity.getClient(record.clientId);
  if (!client) fail('INVALID_REFRESH_TOKEN');
  const user = record.userId ? await repos.identity.getUser(record.tenantId, record.userId) : null;
  if (record.userId && !user) fail('INVALID_REFRESH_TOKEN');
  return issuePair(repos, client, user ?? null);
}

export interface ChannelHeaders {
  authorization: string | undefined;
  userToken: string | undefined;
  actAsSource: string | undefined;
  actAsSourceId: string | undefined;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

/** Where resolveCaller finds tokens (by the token itself) and clients: the repositories, or a request's memories (./callers.ts). */
export interface CallerLookups {
  token(token: string): Promise<TokenRecord | undefined>;
  client(clientId: string): Promise<ClientRecord | undefined>;
}

function lookupsOf(repos: Repos<'identity' | 'tokens'>): CallerLookups {
  return { token: (token) => repos.tokens.find(hashToken(token)), client: (clientId) => repos.identity.getClient(clientId) };
}

/**
 * Resolves the caller. The order matters and follows spec §5: the app token first; then both
 * channels together (101008); then half a weak pair (101009); then the channel itself, where a
 * weak channel on a client without act_as_user_allowed silently stays APP_ONLY.
 */
export async function resolveCaller(repos: Repos<'identity' | 'tokens'>, h: ChannelHeaders, lookups: CallerLookups = lookupsOf(repos)): Promise<RequestContext> {
  const match = h.authorization ? BEARER.exec(h.authorization) : null;
  if (!match?.[1]) fail('UNAUTHENTICATED');
  const token = await lookups.token(match[1]);
  if (!token || token.kind !== 'access') fail('UNAUTHENTICATED');
  if (token.expiresAt < Date.now()) fail('TOKEN_EXPIRED');
  const app: RequestContext = { tenantId: token.tenantId, clientId: token.clientId, mode: 'APP_ONLY', userId: null };

  const hasStrong = present(h.userToken);
  const hasSource = present(h.actAsSource);
  const hasSourceId = present(h.actAsSourceId);
  if (hasStrong && (hasSource || hasSourceId)) fail('CHANNEL_BOTH');
  if (hasSource !== hasSourceId) fail('CHANNEL_WEAK_INCOMPLETE');

  if (hasStrong) {
    const user = await lookups.token(h.userToken as string);
    if (!user || user.kind !== 'user' || user.tenantId !== app.tenantId || !user.userId || user.expiresAt < Date.now()) {
      fail('USER_TOKEN_INVALID');
    }
    return { ...app, mode: 'USER_TOKEN', userId: user.userId };
  }
  const client = await lookups.client(app.clientId);
  // Anyone may run a public client, so its app token alone must not carry the application's rights.
  if (client?.isPublic) fail('PUBLIC_CLIENT_NEEDS_USER');
  if (hasSource) {
    if (!client?.actAsUserAllowed) return app;
    const user = await repos.identity.findUserByExternalId(app.tenantId, h.actAsSource as string, h.actAsSourceId as string);
    if (!user) fail('ACT_AS_USER_UNKNOWN');
    return { ...app, mode: 'ACT_AS_USER', userId: user.userId };
  }
  return app;
}

function present(v: string | undefined): boolean {
  return v !== undefined && v !== '';
}
