/** The handlers of /v1/auth/token, refresh and userSession (shared/v1/contract/auth.ts). */
import { contract } from '../../../shared/v1/contract/index.ts';
import { callerOf, type FolioApp, type AreaDeps } from '../kernel.ts';
import { serve } from '../serve.ts';
import { issueClientToken, issueUserSession, refresh } from './tokens.ts';

export function authRoutes(app: FolioApp, { repos }: AreaDeps<'identity' | 'tokens'>): void {
  serve(app, contract.auth.token, (req) => issueClientToken(repos, req.body.clientId, req.body.clientSecret));
  serve(app, contract.auth.refresh, (req) => refresh(repos, req.body.refreshToken));
  serve(app, contract.auth.userSession, (req) => issueUserSession(repos, callerOf(req), req.body.userName, req.body.password));
}
