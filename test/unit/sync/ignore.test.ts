/** Ignore rules: the built-in temp and lock patterns, and .folioignore in gitignore syntax. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IgnoreRules } from '../../../main/sync/ignore.ts';

const names = ['a.txt', '~$report.docx', '.~lock.report.odt#', 'x.tmp', 'X.TMP', 'big.part', '.DS_Store', 'thumbs.db', 'Thumbs.db', '.folio-12.part', 'keep', 'build', 'notes.md'];

describe('ignore rules', () => {
  it('ignores the built-in temp and lock patterns at any depth', () => {
    const rules = IgnoreRules.fromPatterns([]);
    for (const name of ['~$report.docx', '.~lock.report.odt#', 'x.tmp', 'big.part', '.DS_Store', 'Thumbs.db', '.folio-12.part']) {
      expect(rules.ignores(name, false)).toBe(true);
      expect(rules.ignores(`deep/down/${name}`, false)).toBe(true);
    }
    for (const name of ['a.txt', 'notes.md', 'tmp', 'partial.txt']) expect(rules.ignores(`d/${name}`, false)).toBe(false);
  });

  it('applies .folioignore patterns in gitignore syntax, with negation', () => {
    const rules = IgnoreRules.fromPatterns(['build/', '*.log', '!keep.log', '/top-only.txt', '# a comment']);
    expect(rules.ignores('build', true)).toBe(true);
    expect(rules.ignores('src/build', true)).toBe(true);
    expect(rules.ignores('build', false)).toBe(false);
    expect(rules.ignores('a/debug.log', false)).toBe(true);
    expect(rules.ignores('a/keep.log', false)).toBe(false);
    expect(rules.ignores('top-only.txt', false)).toBe(true);
    expect(rules.ignores('sub/top-only.txt', false)).toBe(false);
    expect(rules.ignores('x.tmp', false)).toBe(true);
  });

  it('the fast check for built-in patterns agrees with the gitignore matcher', () => {
    const fast = IgnoreRules.fromPatterns([]);
    const full = IgnoreRules.fromPatterns(['this-pattern-matches-nothing-here']);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 4 }), fc.boolean(), (parts, isDir) => {
        // Parents are checked before children in a scan: only the last name decides here.
        const parents = parts.slice(0, -1).filter((p) => !fast.ignores(p, true));
        const path = [...parents, parts.at(-1) as string].join('/');
        expect(fast.ignores(path, isDir)).toBe(full.ignores(path, isDir));
      }),
    );
  });
});
