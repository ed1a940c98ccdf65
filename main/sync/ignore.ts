/**
 * What a pair never syncs: the built-in temp and lock patterns (DESIGN.md §3), our own transfer
 * files, and the user's `.folioignore` (gitignore syntax, through the `ignore` library). The rules
 * apply to both sides, so an ignored name on the service is never taken for a local delete.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';

export const BUILT_IN_PATTERNS = ['~$*', '.~lock.*', '*.tmp', '*.part', '.DS_Store', 'Thumbs.db', '.folio-*'];
export const IGNORE_FILE = '.folioignore';

export class IgnoreRules {
  private constructor(private readonly matcher: Ignore) {}

  static fromPatterns(patterns: string[]): IgnoreRules {
    return new IgnoreRules(ignore().add(BUILT_IN_PATTERNS).add(patterns));
  }

  /** The built-in rules plus the pair's `.folioignore`, when there is one. */
  static async forDir(dir: string): Promise<IgnoreRules> {
    const text = await readFile(join(dir, IGNORE_FILE), 'utf8').catch(() => '');
    return IgnoreRules.fromPatterns(text.split(/\r?\n/));
  }

  /** `relPath` uses '/' separators and is relative to the pair's root. */
  ignores(relPath: string, isDir: boolean): boolean {
    return this.matcher.ignores(isDir ? `${relPath}/` : relPath);
  }
}
