/**
 * Which bytes of a version a download sends (RFC 9110 §14). One range is served as 206; a
 * malformed header, several ranges, or an If-Range that names another ETag get the whole body,
 * as the RFC allows; a range wholly past the end is 416.
 */
import rangeParser from 'range-parser';

export type ByteSelection =
  | { kind: 'whole' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

export function selectBytes(size: number, etag: string, range: string | undefined, ifRange: string | undefined): ByteSelection {
  if (!range) return { kind: 'whole' };
  // If-Range may also carry a date; only our strong ETag can vouch that the bytes did not change.
  if (ifRange !== undefined && ifRange !== etag) return { kind: 'whole' };
  const parsed = rangeParser(size, range, { combine: true });
  if (parsed === -1) return { kind: 'unsatisfiable' };
  if (parsed === -2 || parsed.type !== 'bytes' || parsed.length !== 1 || !parsed[0]) return { kind: 'whole' };
  return { kind: 'partial', start: parsed[0].start, end: parsed[0].end };
}
