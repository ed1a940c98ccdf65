/**
 * Media types (RFC 9110 §8.3.1: type "/" subtype *( OWS ";" OWS parameter )), the one rule for
 * every `mimeType` the service accepts and every stored type it echoes in a header.
 *
 * A stored type ends up in `Content-Type` on download. A value with a CR/LF or a character outside
 * Latin-1 makes Node refuse the header, so such a version would answer 500 forever; one with a
 * valid but odd spelling would be echoed as sent. So entry points keep only the canonical form
 * (lower-case type, subtype and parameter names, lower-case charset, each parameter once, a value
 * quoted only when it must be), and readers of rows written before this rule fall back to
 * application/octet-stream.
 */
import { parse } from 'fast-content-type-parse';
import { fail } from './errors.ts';

export interface MediaType {
  /** `type/subtype`, lower case. */
  essence: string;
  /** Parameter names in lower case, in the order sent; the first of a repeated name wins. */
  parameters: Readonly<Record<string, string>>;
}

export const OCTET_STREAM = 'application/octet-stream';
/** The field bound of `mimeType` (docs/api.md, Field bounds). */
const MAX_LENGTH = 255;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The canonical form of `value`, or a 110001 naming `field`. */
export function normaliseMediaType(value: string, field: string): string {
  return formatMediaType(readMediaType(value, field));
}

/** `value` parsed and canonical, or a 110001 naming `field`. */
export function readMediaType(value: string, field: string): MediaType {
  const parsed = parseMediaType(value);
  if (!parsed || formatMediaType(parsed).length > MAX_LENGTH) {
    fail('VALIDATION', `${field} must be a media type such as 'text/plain; charset=utf-8' (RFC 9110), at most ${MAX_LENGTH} characters`, { field });
  }
  return parsed;
}

/** What to send as `Content-Type` for a stored type: its canonical form, or application/octet-stream when it is not a media type. */
export function servableMediaType(stored: string): string {
  const parsed = parseMediaType(stored);
  return parsed ? formatMediaType(parsed) : OCTET_STREAM;
}

/** `value` parsed and canonical, or undefined when it is not a media type. */
export function parseMediaType(value: string): MediaType | undefined {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(value);
  } catch {
    return undefined;
  }
  const parameters: Record<string, string> = {};
  for (const [name, raw] of Object.entries(parsed.parameters)) parameters[name] = name === 'charset' ? raw.toLowerCase() : raw;
  return { essence: parsed.type, parameters };
}

export function formatMediaType(m: MediaType): string {
  return [m.essence, ...Object.entries(m.parameters).map(([name, value]) => `${name}=${TOKEN.test(value) ? value : quoted(value)}`)].join('; ');
}

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}
