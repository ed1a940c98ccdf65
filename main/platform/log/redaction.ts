/**
 * What never reaches a log: credentials in headers and bodies, and the signature of a signed URL.
 * Every Folio logger (the service's and the desktop's) is built with these.
 */
import type { LoggerOptions } from 'pino';

export const REDACTED = '[Redacted]';

/** Keys that hold a secret wherever they appear, at the top of a logged object or one level down. */
const SECRET_KEYS = ['authorization', 'x-svc-user-token', 'clientSecret', 'password', 'refreshToken', 'accessToken', 'userToken'];

/** A key as one step of a redaction path: dotted, or bracketed when it is not an identifier. */
const step = (key: string, first: boolean) => (/^\w+$/.test(key) ? `${first ? '' : '.'}${key}` : `["${key}"]`);

export const REDACT_PATHS: string[] = SECRET_KEYS.flatMap((k) => [step(k, true), `*${step(k, false)}`, `req.headers${step(k, false)}`]);

/**
 * Query parameters that are credentials: `sig` signs the direct-read URLs of renditions
 * (main/service/renditions/signing.ts); the others are what callers send by habit from other
 * services, and a log must not keep them even though Folio ignores them.
 */
const SECRET_PARAMS = new Set(['sig', 'signature', 'token', 'access_token', 'accesstoken']);

/**
 * A query without these (in any case) can name no credential parameter: each name above holds
 * `sig` or `token`, and a name can only hide it behind a percent-escape. Every request's access
 * line passes here, and most queries hold none, so they are kept without being taken apart.
 */
const MAY_NAME_SECRET = /sig|token|%/i;

/** The URL as logged: path and query, with every credential parameter's value replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0 || !MAY_NAME_SECRET.test(url.slice(q + 1))) return url;
  const kept = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_PARAMS.has(safeDecode(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${kept.join('&')}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
}

/** The part of a logger's options that keeps secrets out. */
export const REDACTION: Pick<LoggerOptions, 'redact'> = { redact: { paths: REDACT_PATHS, censor: REDACTED } };
