import { errorValue, type ErrorName, type FolioErrorValue } from '../../shared/errors.ts';

/** Carries a FolioErrorValue out of domain code to the envelope writer. */
export class ServiceError extends Error {
  constructor(readonly value: FolioErrorValue) {
    super(value.message);
  }
}

export function fail(name: ErrorName, message?: string, details?: Record<string, unknown>): never {
  throw new ServiceError(errorValue(name, message, details));
}

export function notFound(what: string, id: string): never {
  return fail('NOT_FOUND', `${what} not found: ${id}`, { resource: what, id });
}
