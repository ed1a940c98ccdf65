/**
 * Errors in how the command was called: exit code 2. A wrong value is said in one line; a call
 * whose shape is wrong (a flag missing, unknown or extra) is followed by the command's usage.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

export function requireOption(value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required`, true);
  return value;
}

/** A TCP port given on the command line; 0 asks the system for a free one. */
export function parsePort(raw: string, flag = '--port'): number {
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`${flag} must be a number from 0 to 65535, not '${raw}'`);
  return port;
}

/**
 * The service's address, checked before anything is tried: an http(s) URL with a host, as the
 * WHATWG URL parser reads it. Returned as given, less trailing slashes, because the pairs saved
 * so far are keyed by that spelling.
 */
export function parseServerUrl(raw: string, flag = '--server'): string {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // Not a URL at all (e.g. 127.0.0.1:8080): said below, as for a URL of the wrong kind.
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new UsageError(`${flag} must be an http:// or https:// URL with a host (e.g. http://127.0.0.1:8080), not '${raw}'`);
  }
  return raw.replace(/\/+$/, '');
}
