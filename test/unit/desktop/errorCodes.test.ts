/** docs/desktop.md publishes the DesktopApi error codes: exactly those of shared/desktop/api.ts, each explained. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DesktopErrorCodes } from '../../../shared/desktop/api.ts';

const DOC = readFileSync(resolve(import.meta.dirname, '../../../docs/desktop.md'), 'utf8');

/** Code and meaning of each row of the table under `## Error codes`. */
function documented(): [string, string][] {
  const section = DOC.split(/^## /m).find((s) => s.startsWith('Error codes\n'));
  if (!section) throw new Error('docs/desktop.md has no "## Error codes" section');
  return section
    .split('\n')
    .map((line) => /^\| `([A-Z_]+)` \| (.+) \|$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1] as string, m[2] as string]);
}

describe('the DesktopApi error codes in docs/desktop.md', () => {
  it('are exactly the codes of the contract, in its order', () => {
    expect(documented().map(([code]) => code)).toEqual([...DesktopErrorCodes]);
  });

  it('each say what they mean', () => {
    for (const [code, meaning] of documented()) expect(meaning.length, code).toBeGreaterThan(20);
  });
});
