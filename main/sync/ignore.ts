/**
 * What a pair never syncs: the built-in temp and lock patterns (docs/architecture.md, "The sync engine"), our own transfer
 * files, and the user's `.folioignore` (gitignore syntax, each line compiled by `IgnorePattern` to
 * run on a linear-time engine). The rules apply to both sides, so an ignored name on the service
 * is never taken for a local delete.
 */
import { join } from 'node:path';
import { IgnorePattern } from './ignoreRules.ts';
import { nodeFs, type SyncFs } from './syncFs.ts';

export const BUILT_IN_PATTERNS = ['~$*', '.~lock.*', '*.tmp', '*.part', '.DS_Store', 'Thumbs.db', '.folio-*'];
export const IGNORE_FILE = '.folioignore';
/** Rules past this many are skipped: every path is tested against each rule of its folder chain. */
export const MAX_IGNORE_RULES = 500;
/** Longer lines are skipped: the time a rule takes grows with its length. */
export const MAX_IGNORE_RULE_LENGTH = 256;

/** A line of `.folioignore` that has no effect, and why. `line` counts from 1. */
export interface IgnoreProblem {
  line: number;
  reason: string;
}

// The built-in patterns have no '/': gitignore matches them against the last name of a path, as
// this does (ignoring case, like the rules of a .folioignore). A pair without a .folioignore
// is checked by this alone, which keeps a scan of a large folder cheap.
const BUILT_IN = /^(~\$.*|\.~lock\..*|.*\.tmp|.*\.part|\.DS_Store|Thumbs\.db|\.folio-.*)$/i;
// Compiled with the first .folioignore that has rules, not at import: a pair without one never
// runs them, and need not load their engine.
let builtInRules: IgnorePattern[] | undefined;
const builtIn = (): IgnorePattern[] =>
  (builtInRules ??= BUILT_IN_PATTERNS.map((p) => {
    const parsed = IgnorePattern.parse(p);
    if (parsed.kind !== 'rule') throw new Error(`built-in ignore pattern ${p} does not compile`);
    return parsed.rule;
  }));

export class IgnoreRules {
  /** Folder paths ('a/b/') already decided: a scan asks about every entry, and each one's parents. */
  private readonly folders = new Map<string, boolean>();

  private constructor(
    private readonly rules: IgnorePattern[] | null,
    /** The user's patterns, one a line: what the rules depend on besides the built-in ones. */
    readonly source: string,
    /** The user's lines that are skipped or can match nothing. */
    readonly problems: readonly IgnoreProblem[],
  ) {}

  static fromPatterns(patterns: string[]): IgnoreRules {
    const own = patterns.filter((p) => p.trim() !== '' && !p.startsWith('#'));
    if (own.length === 0) return new IgnoreRules(null, '', []);
    const rules = [...builtIn()];
    const problems: IgnoreProblem[] = [];
    let count = 0;
    for (const [index, text] of patterns.entries()) {
      if (text.trim() === '' || text.startsWith('#')) continue;
      const line = index + 1;
      if (count === MAX_IGNORE_RULES) {
        problems.push({ line, reason: `skipped, with the ${own.length - count - 1} rules after it: at most ${MAX_IGNORE_RULES} rules apply` });
        break;
      }
      const first = count++ === 0;
      if (text.length > MAX_IGNORE_RULE_LENGTH) {
        problems.push({ line, reason: `skipped: longer than ${MAX_IGNORE_RULE_LENGTH} characters` });
        continue;
      }
      const parsed = IgnorePattern.parse(text, first);
      if (parsed.kind === 'rule') rules.push(parsed.rule);
      else if (parsed.kind === 'never') problems.push({ line, reason: `matches nothing: ${parsed.problem}` });
    }
    return new IgnoreRules(rules, own.join('\n'), problems);
  }

  /** The built-in rules plus the pair's `.folioignore`, when there is one. */
  static async forDir(dir: string, fs: Pick<SyncFs, 'readText'> = nodeFs): Promise<IgnoreRules> {
    const text = await fs.readText(join(dir, IGNORE_FILE)).catch(() => '');
    return IgnoreRules.fromPatterns(text.split(/\r?\n/));
  }

  /** `relPath` uses '/' separators and is relative to the pair's root. */
  ignores(relPath: string, isDir: boolean): boolean {
    if (!this.rules) return BUILT_IN.test(relPath.slice(relPath.lastIndexOf('/') + 1));
    // As in git, nothing inside an ignored folder can be brought back by a later `!` rule.
    for (let slash = relPath.indexOf('/'); slash !== -1; slash = relPath.indexOf('/', slash + 1)) {
      if (this.folderIgnored(relPath.slice(0, slash + 1))) return true;
    }
    return isDir ? this.folderIgnored(`${relPath}/`) : this.lastMatchIgnores(relPath);
  }

  private folderIgnored(path: string): boolean {
    let ignored = this.folders.get(path);
    if (ignored === undefined) {
      ignored = this.lastMatchIgnores(path);
      this.folders.set(path, ignored);
    }
    return ignored;
  }

  /** The last rule that matches decides, as in gitignore. */
  private lastMatchIgnores(path: string): boolean {
    const rules = this.rules as IgnorePattern[];
    for (let i = rules.length - 1; i >= 0; i--) {
      const rule = rules[i] as IgnorePattern;
      if (rule.matches(path)) return !rule.negative;
    }
    return false;
  }
}
