/** Names and display names of content-model records: trimmed, not empty, no control characters. */
import { fail } from '../errors.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function requiredLabel(raw: string | undefined, field: string): string {
  const label = (raw ?? '').normalize('NFC').trim();
  if (label === '') fail('VALIDATION', `${field} must not be empty`, { field });
  if (CONTROL.test(label)) fail('VALIDATION', `${field} must not contain control characters`, { field });
  return label;
}
