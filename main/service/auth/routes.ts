/** The handlers of /v1/auth/token, refresh and userSession (shared/v1/contract/auth.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../kernel.ts';
import { serve } from '../serve.ts';
import { issueClientToken, issueUserSession, refresh } from './tokens.ts';

export function authRoutes(app: FolioApp, { store }: ServiceDeps): void {
  serve(app, contract.auth.token, (req) => issueClientToken(store, req.body.clientId, req.body.clientSecret));
  serve(app, contract.auth.refresh, (req) => refresh(store, req.body.refreshToken));
  serve(app, contract.auth.userSession, (req) => issueUserSession(store, callerOf(req), req.body.userName, req.body.password));
}
