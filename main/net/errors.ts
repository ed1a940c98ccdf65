/**
 * Failures of outbound requests, as values with codes of shared/errors.ts (URL_FORBIDDEN,
 * FETCH_FAILED, FETCH_TOO_LARGE, FETCH_TIMEOUT, TOO_MANY_REDIRECTS). main/net sits below the
 * service, so it carries the value; the service turns it into a ServiceError.
 */
import { errorValue, type ErrorName, type FolioErrorValue } from '../../shared/errors.ts';

export class OutboundError extends Error {
  constructor(readonly value: FolioErrorValue) {
    super(value.message);
  }
}

export function outboundError(name: ErrorName, message: string, details?: Record<string, unknown>): OutboundError {
  return new OutboundError(errorValue(name, message, details));
}
