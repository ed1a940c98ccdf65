/**
 * The service's sign-in page: one server-rendered form, no script and no external asset. Its CSP
 * allows only its own inline style (by nonce) and form posts to itself and to the app's redirect;
 * it cannot be framed. The form carries a CSRF token: an HMAC of a random nonce that also sits in a
 * SameSite=Strict, HttpOnly cookie, so a form posted from another site is refused (login CSRF).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { installSecret } from '../../store/installSecret.ts';

export const CSRF_COOKIE = 'folio_signin';

export interface PageInput {
  /** The authorization request, carried through the form as hidden fields. */
  hidden: Record<string, string>;
  askTenant: boolean;
  tenant: string;
  userName: string;
  error: string;
  csrf: string;
  nonce: string;
}

export class CsrfGuard {
  private readonly key: Buffer;

  constructor(dataDir: string) {
    this.key = installSecret(dataDir, 'signin-csrf-key');
  }

  /** A fresh pair: the nonce goes into the cookie, the token into the form. */
  issue(): { nonce: string; token: string } {
    const nonce = randomBytes(24).toString('base64url');
    return { nonce, token: this.sign(nonce) };
  }

  verify(cookieNonce: string | undefined, token: string | undefined): boolean {
    if (!cookieNonce || !token) return false;
    const a = Buffer.from(this.sign(cookieNonce));
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private sign(nonce: string): string {
    return createHmac('sha256', this.key).update(nonce).digest('base64url');
  }
}

export function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/**
 * The page's headers: the CSP above, no framing, no caching, and no referrer to other origins (the
 * URL holds the request). Not 'no-referrer': a browser then sends `Origin: null` with the form post,
 * and the origin check would refuse every sign-in.
 */
export function pageHeaders(nonce: string, redirectOrigin: string): Record<string, string> {
  const formTargets = ["'self'", redirectOrigin].filter(Boolean).join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'none'; form-action ${formTargets}; frame-ancestors 'none'; base-uri 'none'`,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

export function styleNonce(): string {
  return randomBytes(16).toString('base64');
}

export function signInPage(p: PageInput): string {
  const hidden = Object.entries(p.hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('\n      ');
  const tenant = p.askTenant
    ? `<label for="tenant">Organisation</label>
      <input id="tenant" name="tenant" required autocomplete="organization" value="${esc(p.tenant)}">`
    : '';
  const error = p.error ? `<p class="error" role="alert" id="error">${esc(p.error)}</p>` : '';
  return page(
    p.nonce,
    'Sign in to Folio',
    `<form method="post" action="authorize"${p.error ? ' aria-describedby="error"' : ''}>
      <h1>Sign in to Folio</h1>
      <p class="muted">The Folio app on your computer asked to sign in. It never sees your password.</p>
      ${error}
      ${hidden}
      <input type="hidden" name="csrf" value="${esc(p.csrf)}">
      ${tenant}
      <label for="userName">User name</label>
      <input id="userName" name="userName" required autocomplete="username" autocapitalize="none" spellcheck="false" value="${esc(p.userName)}"${p.userName ? '' : ' autofocus'}>
      <label for="password">Password</label>
      <input id="password" name="password" type="password" required autocomplete="current-password"${p.userName ? ' autofocus' : ''}>
      <button type="submit">Sign in</button>
    </form>`,
  );
}

/** A request that cannot go back to the app (unknown client, unregistered redirect): said plainly, here. */
export function errorPage(nonce: string, message: string): string {
  return page(nonce, 'Cannot sign in', `<div class="card"><h1>Cannot sign in</h1><p class="error" role="alert">${esc(message)}</p><p class="muted">Start the sign-in again from the Folio app.</p></div>`);
}

function page(nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style nonce="${nonce}">
  :root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6475; --bg: #f4f6fa; --card: #fff; --line: #c9d0dc; --accent: #2457c5; --err: #a4262c; }
  @media (prefers-color-scheme: dark) { :root { --fg: #e6e9ef; --muted: #a3abba; --bg: #14171d; --card: #1d2129; --line: #3a4150; --accent: #7aa2ff; --err: #ff8a8a; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, sans-serif; padding: 16px; }
  form, .card { width: 100%; max-width: 380px; background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 28px; display: flex; flex-direction: column; gap: 6px; }
  h1 { font-size: 1.4rem; margin: 0 0 4px; }
  .muted { color: var(--muted); margin: 0 0 12px; font-size: .95rem; }
  label { font-weight: 600; margin-top: 8px; }
  input { font: inherit; padding: 9px 11px; border: 1px solid var(--line); border-radius: 8px; background: transparent; color: inherit; }
  input:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  button { margin-top: 18px; font: inherit; font-weight: 600; padding: 10px; border: 0; border-radius: 8px; background: var(--accent); color: #fff; cursor: pointer; }
  .error { color: var(--err); font-weight: 600; margin: 0 0 8px; }
</style>
</head>
<body>
  <main>
    ${body}
  </main>
</body>
</html>
`;
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
