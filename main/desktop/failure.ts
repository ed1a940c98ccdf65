/**
 * Failures inside the desktop core, and how any thrown error becomes the DesktopError value a UI
 * receives. Messages never carry arguments (a signIn's secret must not reach a log or a UI).
 */
import type { DesktopError, DesktopErrorCode } from '../../shared/desktop/api.ts';
import { codesOf, ErrorCodes } from '../../shared/errors.ts';
import { FolioApiError, isUnreachable } from '../remote/errors.ts';

export class DesktopFailure extends Error {
  constructor(
    readonly code: DesktopErrorCode,
    message: string,
    readonly serviceCode?: number,
    readonly detail?: string,
  ) {
    super(message);
  }

  toValue(): DesktopError {
    return {
      code: this.code,
      message: this.message,
      ...(this.serviceCode !== undefined ? { serviceCode: this.serviceCode } : {}),
      ...(this.detail ? { detail: this.detail } : {}),
    };
  }
}

export function failure(code: DesktopErrorCode, message: string): DesktopFailure {
  return new DesktopFailure(code, message);
}

const AUTH_CODES = codesOf('UNAUTHENTICATED', 'TOKEN_EXPIRED', 'INVALID_CLIENT', 'INVALID_REFRESH_TOKEN', 'INVALID_USER_CREDENTIALS', 'USER_TOKEN_INVALID');

export function toDesktopError(err: unknown): DesktopError {
  if (err instanceof DesktopFailure) return err.toValue();
  if (err instanceof FolioApiError) {
    // FolioApiError's message ends in "(code N, rid R)"; the value carries the code on its own.
    const message = err.message.replace(/ \(code \d+, rid [^)]*\)$/, '');
    if (err.code === ErrorCodes.NOT_FOUND.code && /no route/.test(message)) return { code: 'NOT_SUPPORTED', message: `The service does not offer this yet (${message}).`, serviceCode: err.code };
    if (err.code === ErrorCodes.NOT_FOUND.code) return { code: 'NOT_FOUND', message, serviceCode: err.code };
    if (AUTH_CODES.has(err.code)) return { code: 'SERVICE_ERROR', message: `the service refused the credentials: ${message}`, serviceCode: err.code };
    return { code: 'SERVICE_ERROR', message, serviceCode: err.code };
  }
  if (isUnreachable(err)) return { code: 'SERVICE_UNREACHABLE', message: err.message };
  return { code: 'INTERNAL', message: 'internal error in the desktop core' };
}
