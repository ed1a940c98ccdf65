/**
 * The checks on a URL that need no network: scheme, user info, names that are internal by
 * definition, and IP literals (which the WHATWG parser has already normalised: 0x7f.1, 2130706433
 * and 0177.0.0.1 all arrive here as 127.0.0.1). Names are checked again at connect time, address
 * by address (see fetcher.ts). Every redirect hop passes through here again.
 */
import { isIP } from 'node:net';
import { forbiddenReason } from './address.ts';
import { outboundError } from './errors.ts';

/** Names that resolve to internal services by definition (RFC 6761 localhost; cloud metadata names). */
const INTERNAL_NAMES = ['localhost', 'metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal'];
const INTERNAL_SUFFIXES = ['.localhost'];

export interface CheckedUrl {
  url: URL;
  /** Host without brackets or trailing dot, lower-case. */
  host: string;
  /** `host:port` with the port made explicit; what the operator allow-list matches. */
  hostPort: string;
  /** The operator allowed this exact host and port: its addresses are not checked. */
  allowListed: boolean;
}

/**
 * An operator's exact `host:port` exceptions to the address rules (for local integrations and
 * tests): `127.0.0.1:8080`, `[::1]:9000`, `files.intranet:443`. No wildcards, no ranges.
 */
export class AllowList {
  private readonly entries: ReadonlySet<string>;

  constructor(entries: readonly string[]) {
    this.entries = new Set(entries.map(normaliseEntry));
  }

  has(hostPort: string): boolean {
    return this.entries.has(hostPort);
  }
}

function normaliseEntry(entry: string): string {
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d+$/i.test(entry)) throw new TypeError(`fetch allow-list entry must be host:port, not ${entry}`);
  let url: URL;
  try {
    url = new URL(`http://${entry}/`);
  } catch {
    throw new TypeError(`fetch allow-list entry is not a valid host:port: ${entry}`);
  }
  if (url.username || url.password || url.pathname !== '/') throw new TypeError(`fetch allow-list entry must be host:port, not ${entry}`);
  return hostPortOf(url);
}

export function checkUrl(raw: string | URL, allow: AllowList): CheckedUrl {
  let url: URL;
  try {
    url = typeof raw === 'string' ? new URL(raw) : raw;
  } catch {
    throw outboundError('URL_FORBIDDEN', 'not a valid absolute URL', { reason: 'invalid URL' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw outboundError('URL_FORBIDDEN', `scheme ${url.protocol} is not allowed; use http or https`, { reason: 'scheme' });
  }
  if (url.username || url.password) throw outboundError('URL_FORBIDDEN', 'URLs with user info (user:password@) are not allowed', { reason: 'user info' });
  const host = bareHost(url);
  const hostPort = hostPortOf(url);
  if (allow.has(hostPort)) return { url, host, hostPort, allowListed: true };
  if (isIP(host)) {
    const reason = forbiddenReason(host);
    if (reason) throw outboundError('URL_FORBIDDEN', `address ${host} is not allowed (${reason})`, { reason, address: host });
  } else if (INTERNAL_NAMES.includes(host) || INTERNAL_SUFFIXES.some((s) => host.endsWith(s))) {
    throw outboundError('URL_FORBIDDEN', `host ${host} is internal`, { reason: 'internal name', host });
  }
  return { url, host, hostPort, allowListed: false };
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '').toLowerCase();
}

function hostPortOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.replace(/\.+$/, '').toLowerCase();
  return `${host}:${port}`;
}
