/**
 * How a failed command is told: one line, its reason and its code from shared/errors.ts, exit
 * code 1. The stack is for developers only (FOLIO_DEBUG=1).
 */
import { ErrorCodes, type ErrorName } from '../../shared/errors.ts';
import { FolioApiError, isUnreachable } from '../remote/errors.ts';
import { ServiceError } from '../service/errors.ts';

/** A failure the command found itself (not the service): a named code and a message for people. */
export class CliFailure extends Error {
  constructor(
    readonly errorName: ErrorName,
    message: string,
  ) {
    super(message);
  }
}

/** What the service's refusal of the environment's credentials means to the person who set them. */
const CREDENTIAL_REASONS: ReadonlyMap<number, string> = new Map([
  [ErrorCodes.INVALID_CLIENT.code, 'the service refused the client id or secret in FOLIO_CLIENT_ID and FOLIO_CLIENT_SECRET'],
  [ErrorCodes.INVALID_USER_CREDENTIALS.code, 'the service refused the user name or password in FOLIO_USER and FOLIO_PASSWORD'],
]);

/** The reason and the code of any failure, as one line without the `folio: ` prefix. */
export function failureLine(err: unknown): string {
  if (err instanceof CliFailure) return `${err.message} (code ${ErrorCodes[err.errorName].code})`;
  if (err instanceof ServiceError) return `${err.value.message} (code ${err.value.code})`;
  if (err instanceof FolioApiError) return `${CREDENTIAL_REASONS.get(err.code) ?? `the service refused: ${err.serviceMessage}`} (code ${err.code})`;
  if (isUnreachable(err)) return `the service could not be reached: ${firstLine(err.reason)} (code ${err.code})`;
  return `${firstLine(err)} (code ${ErrorCodes.INTERNAL.code})`;
}

function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.split('\n')[0] ?? text;
}
