/** Names of organisation records: trimmed, not empty, not too long. */
import { NAME_MAX } from '../../../shared/v1/requests.ts';
import { fail } from '../errors.ts';

export function orgName(raw: string, field: string): string {
  const name = raw.trim();
  if (!name) fail('VALIDATION', `${field} must not be empty`, { field });
  if (name.length > NAME_MAX) fail('VALIDATION', `${field} is longer than ${NAME_MAX} characters`, { field });
  return name;
}
