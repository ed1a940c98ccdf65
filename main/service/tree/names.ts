/**
 * Names of containers and titles of documents. Names are stored in Unicode NFC, so a name typed on
 * macOS (NFD) and on Windows (NFC) is the same name. Names hold no path separators or control
 * characters, and are never "." or "..": every name maps to a file name on some disk.
 */
import { NAME_MAX } from '../../../shared/v1/requests.ts';
import { fail } from '../errors.ts';

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[/\u0000-\u001f\u007f]/;
// A lone surrogate cannot be stored as UTF-8: SQLite would keep U+FFFD instead, a different name.
const LONE_SURROGATE = /\p{Cs}/u;

export function validName(raw: string, field: string): string {
  if (LONE_SURROGATE.test(raw)) fail('VALIDATION', `${field} is not well-formed Unicode (lone surrogate)`, { field });
  const name = raw.normalize('NFC');
  if (name.trim() === '') fail('VALIDATION', `${field} must not be empty`, { field });
  // Characters are code points, as the request schema's maxLength counts them.
  if ([...name].length > NAME_MAX) fail('VALIDATION', `${field} is longer than ${NAME_MAX} characters`, { field });
  if (FORBIDDEN.test(name)) fail('VALIDATION', `${field} must not contain '/' or control characters`, { field });
  if (name === '.' || name === '..') fail('VALIDATION', `${field} must not be '.' or '..'`, { field });
  return name;
}
