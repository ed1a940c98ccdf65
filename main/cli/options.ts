/** Errors in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export function requireOption(value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required`);
  return value;
}

/** A TCP port given on the command line; 0 asks the system for a free one. */
export function parsePort(raw: string, flag = '--port'): number {
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`${flag} must be a number from 0 to 65535, not '${raw}'`);
  return port;
}
