import { codesOf, ErrorCodes } from '../../shared/errors.ts';

/** A failure reported by the service in its envelope, as a value with the code. */
export class FolioApiError extends Error {
  constructor(
    readonly code: number,
    /** The envelope's msg alone, for a reader who shows the code in their own way (the `folio` command). */
    readonly serviceMessage: string,
    readonly rid: string,
    readonly httpStatus: number,
    /** From Retry-After: how long the service asked us to wait (rate limit). */
    readonly retryAfterMs?: number,
  ) {
    super(`${serviceMessage} (code ${code}, rid ${rid})`);
  }
}

/** System errors raised before a request could have left this machine. */
const NOT_SENT: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * The one way the client says that the service could not be reached: a request refused, reset or
 * timed out below HTTP, or answered by something that is not the service. Each of the client's
 * HTTP paths turns its own failure into this where it happens (the JSON calls, got's beforeError
 * hook, the undici bytes path, the sign-in fetch, the local server's upstream), so the engine, the
 * desktop, the daemon and the command all ask one question, isUnreachable. Its code is
 * SERVICE_UNREACHABLE.
 */
export class ServiceUnreachable extends Error {
  readonly code = ErrorCodes.SERVICE_UNREACHABLE.code;

  constructor(
    readonly reason: unknown,
    /** False when the request certainly never reached the service, so sending it again cannot do it twice. */
    readonly maybeArrived: boolean = !NOT_SENT.has(systemCodeOf(reason)),
  ) {
    super(`service unreachable: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

/** Whether a failure means the service could not be reached, as opposed to answering with an error. */
export function isUnreachable(err: unknown): err is ServiceUnreachable {
  return err instanceof ServiceUnreachable;
}

/** The system error code of a network failure; fetch puts it on the failure's cause. */
function systemCodeOf(reason: unknown): string {
  for (let e = reason, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && NOT_SENT.has(code)) return code;
  }
  return '';
}

/** Codes that say "try again": the rendition store was briefly unavailable (spec §7). */
export const TRANSIENT_CODES: ReadonlySet<number> = codesOf('RENDITION_BLOB_NOT_AVAILABLE', 'RENDITION_DOWNLOAD_FAILED', 'RATE_LIMITED');
/** Codes that say the credentials must be fetched again. */
export const REAUTH_CODES: ReadonlySet<number> = codesOf('UNAUTHENTICATED', 'TOKEN_EXPIRED', 'USER_TOKEN_INVALID');
/** Codes that say the credentials themselves are wrong: asking again will not help. */
export const CREDENTIAL_CODES: ReadonlySet<number> = codesOf('INVALID_CLIENT', 'INVALID_USER_CREDENTIALS');

/** A failure the same request may not meet again: the service unreachable, failing (5xx) or asking for patience. */
export function isTransient(err: unknown): boolean {
  if (err instanceof FolioApiError) return TRANSIENT_CODES.has(err.code) || err.httpStatus >= 500 || err.httpStatus === 429;
  return isUnreachable(err);
}
