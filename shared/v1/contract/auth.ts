/** /v1/auth/*: spec 4.1, refresh and the user-session login, and the browser sign-in (RFC 8252, RFC 6749, RFC 7009). */
import { AuthorizeQuery, GrantRequest, GrantResult, RevokeRequest, RevokeResult, SignInForm } from '../oauth.ts';
import { RefreshRequest, TokenRequest, UserSessionRequest } from '../requests.ts';
import { TokenResult } from '../resources.ts';
import { route } from './route.ts';

const tags = ['auth'];
/** HTML forms (and RFC 6749 clients) send form encoding. */
export const FORM = 'application/x-www-form-urlencoded';

export const auth = {
  token: route({
    method: 'POST',
    path: '/v1/auth/token',
    tags,
    summary: 'Exchange client credentials for an APP_ONLY access token (spec 4.1). expiresIn is in seconds. No token needed.',
    public: true,
    body: TokenRequest,
    reply: { kind: 'envelope', data: TokenResult },
  }),
  refresh: route({
    method: 'POST',
    path: '/v1/auth/refresh',
    tags,
    summary: 'Spend a refresh token (each works once) for a new token pair of the same principal. No token needed.',
    public: true,
    body: RefreshRequest,
    reply: { kind: 'envelope', data: TokenResult },
  }),
  userSession: route({
    method: 'POST',
    path: '/v1/auth/userSession',
    tags,
    summary: "Log a user in with the app's bearer token; send the returned accessToken as X-Svc-User-Token. Needs the app's bearer token.",
    body: UserSessionRequest,
    reply: { kind: 'envelope', data: TokenResult },
  }),
  authorize: route({
    method: 'GET',
    path: '/v1/auth/authorize',
    tags,
    summary: 'The sign-in page (RFC 6749 §4.1.1 with PKCE S256, RFC 7636): the system browser opens it. Answers HTML. No token needed.',
    public: true,
    querystring: AuthorizeQuery,
    reply: { kind: 'page' },
  }),
  authorizeSubmit: route({
    method: 'POST',
    path: '/v1/auth/authorize',
    tags,
    summary: "The sign-in page's form: checks the CSRF token, the user name and password, then redirects with a single-use code. Answers HTML or a redirect. No token needed.",
    operationId: 'authAuthorizeSubmit',
    public: true,
    consumes: [FORM],
    body: SignInForm,
    reply: { kind: 'page' },
  }),
  oauthToken: route({
    method: 'POST',
    path: '/v1/auth/oauthToken',
    tags,
    summary:
      'The token endpoint (RFC 6749 §4.1.3, §6): grant_type authorization_code (with the PKCE code_verifier) gives the app pair plus userSession, the user pair; grant_type refresh_token refreshes one pair. JSON or form-encoded. No token needed.',
    public: true,
    consumes: ['application/json', FORM],
    body: GrantRequest,
    reply: { kind: 'envelope', data: GrantResult },
  }),
  revoke: route({
    method: 'POST',
    path: '/v1/auth/revoke',
    tags,
    summary: 'Revokes an access, user or refresh token (RFC 7009). An unknown token answers the same. JSON or form-encoded. No token needed.',
    public: true,
    consumes: ['application/json', FORM],
    body: RevokeRequest,
    reply: { kind: 'envelope', data: RevokeResult },
  }),
} as const;
