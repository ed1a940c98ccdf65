/** Errors in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export function requireOption(value: string | undefined, flag: string): string {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required`);
  return value;
}
