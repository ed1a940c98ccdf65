import { RequestError } from 'got';

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

export const RATE_LIMITED = 160001;

/** The service could not be reached (after retries): the caller may go offline. */
export class ServiceUnreachable extends Error {
  constructor(readonly reason: unknown) {
    super(`service unreachable: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

/**
 * A request that failed below HTTP (refused, reset, timed out) on the undici path of
 * FolioClient.postBytes; got's path throws got's RequestError for the same. Worth another attempt.
 */
export class TransportError extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/** A failure of the network, not of the service: on either of the client's two HTTP paths. */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof RequestError || err instanceof TransportError;
}

/** Codes that say "try again": the rendition store was briefly unavailable (spec §7). */
export const TRANSIENT_CODES: ReadonlySet<number> = new Set([180005, 180006, 160001]);
/** Codes that say the credentials must be fetched again. */
export const REAUTH_CODES: ReadonlySet<number> = new Set([100001, 100002, 101010]);
/** Codes that say the credentials themselves are wrong: asking again will not help. */
export const CREDENTIAL_CODES: ReadonlySet<number> = new Set([100003, 100005]);
