/**
 * What a pair never syncs: the built-in temp and lock patterns (docs/architecture.md, "The sync engine"), our own transfer
 * files, and the user's `.folioignore` (gitignore syntax, through the `ignore` library). The rules
 * apply to both sides, so an ignored name on the service is never taken for a local delete.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';

export const BUILT_IN_PATTERNS = ['~$*', '.~lock.*', '*.tmp', '*.part', '.DS_Store', 'Thumbs.db', '.folio-*'];
export const IGNORE_FILE = '.folioignore';

// The built-in patterns have no '/': gitignore matches them against the last name of a path, as
// this does (ignoring case, like the `ignore` library by default). A pair without a .folioignore
// is checked by this alone, which keeps a scan of a large folder cheap.
const BUILT_IN = /^(~\$.*|\.~lock\..*|.*\.tmp|.*\.part|\.DS_Store|Thumbs\.db|\.folio-.*)$/i;

export class IgnoreRules {
  private constructor(
    private readonly matcher: Ignore | null,
    /** The user's patterns, one a line: what the rules depend on besides the built-in ones. */
    readonly source: string,
  ) {}

  static fromPatterns(patterns: string[]): IgnoreRules {
    const own = patterns.filter((p) => p.trim() !== '' && !p.startsWith('#'));
    return new IgnoreRules(own.length === 0 ? null : ignore().add(BUILT_IN_PATTERNS).add(own), own.join('\n'));
  }

  /** The built-in rules plus the pair's `.folioignore`, when there is one. */
  static async forDir(dir: string): Promise<IgnoreRules> {
    const text = await readFile(join(dir, IGNORE_FILE), 'utf8').catch(() => '');
    return IgnoreRules.fromPatterns(text.split(/\r?\n/));
  }

  /** `relPath` uses '/' separators and is relative to the pair's root. */
  ignores(relPath: string, isDir: boolean): boolean {
    if (this.matcher) return this.matcher.ignores(isDir ? `${relPath}/` : relPath);
    return BUILT_IN.test(relPath.slice(relPath.lastIndexOf('/') + 1));
  }
}
