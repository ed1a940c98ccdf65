/** Walks the service's sign-in page over real HTTP, as a browser would: GET the form, POST it back. */
import { createHash, randomBytes } from 'node:crypto';

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  challenge: string;
  state?: string;
  method?: string;
}

export function authorizeUrl(base: string, p: AuthorizeParams): string {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    state: p.state ?? 'st4te',
    code_challenge: p.challenge,
    code_challenge_method: p.method ?? 'S256',
  });
  return `${base}/v1/auth/authorize?${q}`;
}

export interface PageVisit {
  status: number;
  html: string;
  cookie: string;
  location: string | null;
  headers: Headers;
}

export async function visit(url: string, init: RequestInit = {}): Promise<PageVisit> {
  const res = await fetch(url, { ...init, redirect: 'manual' });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { status: res.status, html: await res.text(), cookie, location: res.headers.get('location'), headers: res.headers };
}

/** The hidden and typed fields of the page's form, as the browser would post them. */
export function formOf(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1] ?? '';
    if (name) fields[name] = value.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
  }
  return fields;
}

/** Signs `userName` in on the page and returns where the service redirected the browser. */
export async function signInOnPage(url: string, userName: string, password: string, extra: Record<string, string> = {}): Promise<PageVisit> {
  const page = await visit(url);
  if (page.status !== 200) throw new Error(`sign-in page answered ${page.status}: ${page.html}`);
  const form = { ...formOf(page.html), userName, password, ...extra };
  return visit(new URL('/v1/auth/authorize', url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: page.cookie },
    body: new URLSearchParams(form).toString(),
  });
}
