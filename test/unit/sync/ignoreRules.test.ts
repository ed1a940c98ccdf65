/** .folioignore lines on the linear-time engine: gitignore's meaning, the limits, the problems reported. */
import fc from 'fast-check';
import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PATTERNS, IgnoreRules, MAX_IGNORE_RULE_LENGTH, MAX_IGNORE_RULES } from '../../../main/sync/ignore.ts';

describe('.folioignore rules', () => {
  it('decides a nested-globstar rule against a deep path (exponential on a backtracking engine)', () => {
    const rules = IgnoreRules.fromPatterns(['**/a/**/a/**/a/**/a/**/a/**/a/**/b']);
    const deep = 'a/'.repeat(64);
    expect(rules.ignores(`${deep}c`, false)).toBe(false);
    expect(rules.ignores(`${deep}b`, false)).toBe(true);
  });

  it('keeps the gitignore forms', () => {
    const rules = IgnoreRules.fromPatterns([
      'a/**/z',
      'logs/**',
      'deep/**/',
      '[!x]y.txt',
      'n[0-9]',
      '[[:upper:]]q',
      'sp\\ ',
      'tr   ',
      '\\#hash',
      '\\!bang',
      '/root/*',
      'lit\\*',
      'w?',
    ]);
    const yes: [string, boolean][] = [['a/z', false], ['a/b/c/z', false], ['logs/x', false], ['logs/x/y', false], ['deep/x', true], ['q/ay.txt', false], ['n5', false], ['Qq', false], ['sp ', false], ['tr', false], ['#hash', false], ['!bang', false], ['root/x', false], ['lit*', false], ['wx', false]];
    const no: [string, boolean][] = [['az', false], ['logs', true], ['deep', true], ['deep/x', false], ['xy.txt', false], ['nx', false], ['sp', false], ['tr ', false], ['root', true], ['sub/root/x', false], ['litx', false], ['w', false], ['wxy', false]];
    for (const [p, isDir] of yes) expect(rules.ignores(p, isDir), p).toBe(true);
    for (const [p, isDir] of no) expect(rules.ignores(p, isDir), p).toBe(false);
  });

  it('never lets a class match "/"', () => {
    const rules = IgnoreRules.fromPatterns(['a[%-0]b', 'c[/]d']);
    expect(rules.ignores('a/b', false)).toBe(false);
    expect(rules.ignores('a.b', false)).toBe(true);
    expect(rules.ignores('c/d', false)).toBe(false);
  });

  it('reports lines that match nothing, and skips overlong ones', () => {
    const long = `${'x'.repeat(MAX_IGNORE_RULE_LENGTH)}y`;
    const rules = IgnoreRules.fromPatterns(['# c', 'good.txt', 'bad[ab', '[[:nope:]]', long, 'end\\/']);
    expect(rules.problems).toEqual([
      { line: 3, reason: 'matches nothing: a "[" that is never closed by "]"' },
      { line: 4, reason: 'matches nothing: an unknown character class "[:nope:]"' },
      { line: 5, reason: `skipped: longer than ${MAX_IGNORE_RULE_LENGTH} characters` },
      { line: 6, reason: 'matches nothing: it ends in a quoted "/", which git reads as no pattern at all' },
    ]);
    expect(rules.ignores('good.txt', false)).toBe(true);
    expect(rules.ignores(long, false)).toBe(false);
  });

  it('applies the first rules up to the limit and reports the rest once', () => {
    const lines = Array.from({ length: MAX_IGNORE_RULES + 5 }, (_, i) => `r${i}`);
    const rules = IgnoreRules.fromPatterns(['', ...lines]);
    expect(rules.ignores(`r${MAX_IGNORE_RULES - 1}`, false)).toBe(true);
    expect(rules.ignores(`r${MAX_IGNORE_RULES}`, false)).toBe(false);
    expect(rules.problems).toEqual([{ line: MAX_IGNORE_RULES + 2, reason: `skipped, with the 4 rules after it: at most ${MAX_IGNORE_RULES} rules apply` }]);
  });

  it('matches what the `ignore` package matched, on patterns it ran safely', () => {
    const atom = fc.constantFrom('a', 'b', 'B', '.', '-', '*', '?', '[ab]', '[!a]', '[a-c]', '[[:digit:]]', '\\*', '\\?', '\\[', '1');
    const segment = fc.oneof({ weight: 5, arbitrary: fc.array(atom, { minLength: 1, maxLength: 4 }).map((a) => a.join('')) }, { weight: 1, arbitrary: fc.constantFrom('**', '***') });
    const pattern = fc
      .tuple(fc.constantFrom('', '!'), fc.constantFrom('', '/', '**/'), fc.array(segment, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '/', ' ', '\\ '))
      .map(([neg, lead, segs, tail]) => `${neg}${lead}${segs.join('/')}${tail}`);
    const name = fc.constantFrom('a', 'b', 'A', 'ab', 'a.b', '.a', 'b-a', '1', '*', '?', '[ab]', 'c ', 'aa', 'ba1');
    const path = fc.array(name, { minLength: 1, maxLength: 5 }).map((s) => s.join('/'));
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 4 }), path, fc.boolean(), (patterns, p, isDir) => {
        const theirs = ignore().add(BUILT_IN_PATTERNS).add(patterns);
        expect(IgnoreRules.fromPatterns(patterns).ignores(p, isDir)).toBe(theirs.ignores(isDir ? `${p}/` : p));
      }),
      { numRuns: 1500 },
    );
  });
});
