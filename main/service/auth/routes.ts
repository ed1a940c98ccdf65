/** /v1/auth/*: spec 4.1, plus refresh and the user-session login (docs/architecture.md, "Service conventions"). */
import { TokenResult } from '../../../shared/v1/resources.ts';
import { RefreshRequest, TokenRequest, UserSessionRequest } from '../../../shared/v1/requests.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../kernel.ts';
import { ok, replies } from '../envelope.ts';
import { issueClientToken, issueUserSession, refresh } from './tokens.ts';

const tags = ['auth'];

export function authRoutes(app: FolioApp, { store }: ServiceDeps): void {
  app.post('/v1/auth/token', {
    config: { public: true },
    schema: { tags, summary: 'Exchange client credentials for an APP_ONLY access token (spec 4.1). expiresIn is in seconds. No token needed.', security: [], body: TokenRequest, response: replies(TokenResult) },
  }, async (req) => ok(req, issueClientToken(store, req.body.clientId, req.body.clientSecret)));

  app.post('/v1/auth/refresh', {
    config: { public: true },
    schema: { tags, summary: 'Spend a refresh token (each works once) for a new token pair of the same principal. No token needed.', security: [], body: RefreshRequest, response: replies(TokenResult) },
  }, async (req) => ok(req, refresh(store, req.body.refreshToken)));

  app.post('/v1/auth/userSession', {
    schema: {
      tags,
      summary: "Log a user in with the app's bearer token; send the returned accessToken as X-Svc-User-Token. Needs the app's bearer token.",
      body: UserSessionRequest,
      response: replies(TokenResult),
    },
  }, async (req) => ok(req, issueUserSession(store, callerOf(req), req.body.userName, req.body.password)));
}
