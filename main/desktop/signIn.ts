/**
 * One browser sign-in under way (RFC 8252 §7.3): a listener on a free loopback port receives the
 * authorization code from the system browser, the state is checked, and the code is traded for the
 * session. The listener answers one callback and closes; an abandoned sign-in closes it after
 * ATTEMPT_TTL_MS.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FolioApiError, isUnreachable } from '../remote/errors.ts';
import { authorizationUrl, CALLBACK_PATH, discover, exchangeCode, newPkce, SignInProblem, type SessionTokens } from '../remote/signIn.ts';
import { DesktopFailure } from './failure.ts';
import { ErrorCodes } from '../../shared/errors.ts';

const ATTEMPT_TTL_MS = 10 * 60_000;

export class BrowserSignIn {
  private readonly result: Promise<SessionTokens>;
  private timer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly server: Server,
    readonly authorizationUrl: string,
    result: Promise<SessionTokens>,
  ) {
    this.result = result;
    // Settled now or later, never unhandled: finish() is how the caller hears of it.
    this.result.catch(() => undefined);
  }

  /** Finds the service's endpoints and listens for the browser's return; the URL to open is ready when this resolves. */
  static async start(serviceUrl: string, clientId: string): Promise<BrowserSignIn> {
    const endpoints = await discover(serviceUrl);
    const pkce = newPkce();
    const state = randomBytes(16).toString('base64url');
    let deliver: (code: string) => void = () => undefined;
    let refuse: (err: Error) => void = () => undefined;
    const code = new Promise<string>((res, rej) => {
      deliver = res;
      refuse = rej;
    });
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      // Another page cannot finish (or spoil) this sign-in: only the state the app sent counts.
      if (url.searchParams.get('state') !== state) {
        res.writeHead(400, PAGE_HEADERS).end(page('This sign-in link is not the one Folio started. Start again from the Folio app.'));
        return;
      }
      const error = url.searchParams.get('error');
      const got = url.searchParams.get('code');
      if (error || !got) {
        res.writeHead(400, PAGE_HEADERS).end(page('The sign-in did not finish. Go back to the Folio app to see why.'));
        refuse(new SignInProblem('refused', 'The service did not sign you in. Try again.', `${error ?? 'no code'}: ${url.searchParams.get('error_description') ?? ''}`));
      } else {
        res.writeHead(200, PAGE_HEADERS).end(page('You are signed in. You can close this tab and go back to Folio.'));
        deliver(got);
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}${CALLBACK_PATH}`;
    const result = code.then((c) => exchangeCode(endpoints, { clientId, code: c, verifier: pkce.verifier, redirectUri }));
    const attempt = new BrowserSignIn(server, authorizationUrl(endpoints, { clientId, redirectUri, state, challenge: pkce.challenge }), result);
    attempt.timer = setTimeout(() => refuse(new SignInProblem('timeout', 'The sign-in took too long. Start it again.', `no answer within ${ATTEMPT_TTL_MS / 60_000} minutes`)), ATTEMPT_TTL_MS);
    attempt.cancel = (why) => refuse(new SignInProblem('cancelled', why, 'cancelled in the app'));
    void result.finally(() => attempt.close()).catch(() => undefined);
    return attempt;
  }

  /** Stops waiting; finish() then rejects with `why`. */
  cancel: (why: string) => void = () => undefined;

  finish(): Promise<SessionTokens> {
    return this.result;
  }

  private close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.server.close();
    this.server.closeIdleConnections();
  }
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

function page(text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Folio</title><style>body{font:16px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;padding:16px}p{max-width:28rem;text-align:center}</style></head><body><main><h1>Folio</h1><p>${text}</p></main></body></html>`;
}

/**
 * Any sign-in failure as a sentence a person understands, with the technical detail apart: the
 * UI never shows "ECONNREFUSED 127.0.0.1:1" or "HTTP 404 (code 1)" as the message.
 */
export function explainSignInFailure(err: unknown, serviceUrl: string): DesktopFailure {
  if (err instanceof DesktopFailure) return err;
  if (err instanceof SignInProblem) return new DesktopFailure('SIGN_IN_FAILED', err.message, undefined, err.detail);
  const host = hostOf(serviceUrl);
  const detail = err instanceof Error ? err.message : String(err);
  if (isUnreachable(err)) return new DesktopFailure('SERVICE_UNREACHABLE', `Folio could not reach ${host}. Check the address, and that this computer is online.`, undefined, detail);
  if (err instanceof FolioApiError) {
    if (err.code === ErrorCodes.INVALID_CLIENT.code) return new DesktopFailure('SERVICE_ERROR', 'The service did not accept this client ID and secret. Check them with your administrator.', err.code, detail);
    if (err.code === ErrorCodes.INVALID_USER_CREDENTIALS.code) return new DesktopFailure('SERVICE_ERROR', 'The user name or password is not right.', err.code, detail);
    if (err.code === 1 || /no route/.test(err.message)) {
      return new DesktopFailure('SIGN_IN_FAILED', `${host} answered, but it is not a Folio service. Check the address with whoever gave it to you.`, err.code, detail);
    }
    return new DesktopFailure('SERVICE_ERROR', 'The service refused to sign you in. Try again, or ask your administrator.', err.code, detail);
  }
  return new DesktopFailure('SIGN_IN_FAILED', 'Signing in failed.', undefined, detail);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
