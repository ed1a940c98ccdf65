/**
 * One line of a `.folioignore`, in gitignore syntax, compiled to an RE2 regular expression and
 * matched with re2js, a linear-time engine. `.folioignore` is itself synced, so its lines are a
 * collaborator's text: on JavaScript's backtracking RegExp a line like `**\/a/**\/a/**\/b` takes
 * time exponential in a path's depth and stalls every client that syncs the folder.
 *
 * The meaning is the `ignore` package's (git's, case-insensitively), which this replaced: `#`
 * comments, `!` negation, a trailing `/` for folders only, a leading or middle `/` anchoring at
 * the pair's root, `**` as a whole segment for any number of folders, `*`, `?`, bracket classes
 * (`[a-z]`, `[!x]`, `[[:digit:]]`; never matching `/`), `\` quoting the next character, and
 * trailing spaces dropped unless quoted. A class that never closes, an unknown `[:name:]` and a
 * final quoted `/` make the line match nothing, as in git; `problem` says which.
 *
 * A compiled line is tested against a path as `IgnoreRules` hands it over: '/'-separated,
 * relative to the pair's root, with a trailing '/' when it names a folder.
 */
import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

/**
 * re2js, loaded with the first rule compiled: a pair without a `.folioignore` never needs it, and
 * loading it at start was a share of every quiet restart's CPU (docs/performance.md, "Restart").
 * Through require: `parse` is synchronous, and re2js ships a CommonJS build.
 */
let re2js: { RE2JS: typeof RE2JS } | undefined;
const engine = (): typeof RE2JS => (re2js ??= createRequire(import.meta.url)('re2js') as { RE2JS: typeof RE2JS }).RE2JS;

type Token = { t: 'lit'; c: string } | { t: 'slash' } | { t: 'star'; n: number } | { t: 'any' } | { t: 'class'; src: string };
type Range = readonly [number, number];

/** What a line is: nothing to apply (blank, a comment), a rule, or a rule that can match nothing. */
export type ParsedLine = { kind: 'none' } | { kind: 'rule'; rule: IgnorePattern } | { kind: 'never'; problem: string };

const cp = (c: string): number => c.codePointAt(0) as number;
const span = (from: string, to: string): Range => [cp(from), cp(to)];

// git's own ASCII classes (wildmatch.c), narrower than \d, \w or \s.
const POSIX: Record<string, readonly Range[]> = {
  alnum: [span('0', '9'), span('A', 'Z'), span('a', 'z')],
  alpha: [span('A', 'Z'), span('a', 'z')],
  blank: [span(' ', ' '), span('\t', '\t')],
  cntrl: [[0, 0x1f], [0x7f, 0x7f]],
  digit: [span('0', '9')],
  graph: [span('!', '.'), span('0', '~')],
  lower: [span('a', 'z')],
  print: [span(' ', '.'), span('0', '~')],
  punct: [span('!', '.'), span(':', '@'), span('[', '`'), span('{', '~')],
  space: [span(' ', ' '), span('\t', '\t'), span('\n', '\n'), span('\r', '\r')],
  upper: [span('A', 'Z')],
  xdigit: [span('0', '9'), span('A', 'F'), span('a', 'f')],
};

const SLASH = cp('/');
const NOT_SLASH = '[^/]';
const ANY_LEVEL = '(?:^|/)';
const FOLDERS = '(?:/[^/]+)';
const hex = (n: number): string => `\\x{${n.toString(16)}}`;

export class IgnorePattern {
  private constructor(
    readonly negative: boolean,
    private readonly regex: RE2JS,
  ) {}

  /** `first`: the file's first line, which may start with a byte order mark. */
  static parse(line: string, first = false): ParsedLine {
    let body = first && line.startsWith('\uFEFF') ? line.slice(1) : line;
    if (body.startsWith('#')) return { kind: 'none' };
    const negative = body.startsWith('!');
    if (negative) body = body.slice(1);
    body = IgnorePattern.trimEnd(body);
    if (body === '' || IgnorePattern.endsInLoneBackslash(body)) return { kind: 'none' };
    if (/^\/\*{2,}$/.test(body)) body = '**';
    const tokens = IgnorePattern.tokenize(body);
    if (typeof tokens === 'string') return { kind: 'never', problem: tokens };
    const source = IgnorePattern.toSource(tokens, body.slice(0, -1).includes('/'));
    return { kind: 'rule', rule: new IgnorePattern(negative, engine().compile(source, engine().CASE_INSENSITIVE)) };
  }

  /** `path` is relative to the pair's root, with a trailing '/' for a folder. */
  matches(path: string): boolean {
    return this.regex.test(path);
  }

  // Like git: a final CR, then trailing spaces go, except one quoted by an odd run of backslashes.
  private static trimEnd(body: string): string {
    let end = body.endsWith('\r') ? body.length - 1 : body.length;
    const lineEnd = end;
    while (body[end - 1] === ' ') end--;
    if (end === lineEnd) return body.slice(0, lineEnd);
    let backslashes = 0;
    while (body[end - backslashes - 1] === '\\') backslashes++;
    return backslashes % 2 === 1 ? `${body.slice(0, end - 1)} ` : body.slice(0, end);
  }

  private static endsInLoneBackslash(body: string): boolean {
    let n = 0;
    while (body[body.length - n - 1] === '\\') n++;
    return n % 2 === 1;
  }

  /** The line's tokens, or why it can match nothing. */
  private static tokenize(body: string): Token[] | string {
    const cs = Array.from(body);
    const out: Token[] = [];
    for (let i = 0; i < cs.length; i++) {
      const c = cs[i] as string;
      if (c === '\\') {
        const quoted = cs[++i] as string;
        if (quoted === '/' && i === cs.length - 1) return 'it ends in a quoted "/", which git reads as no pattern at all';
        out.push({ t: 'lit', c: quoted });
      } else if (c === '[') {
        const cls = IgnorePattern.bracket(cs, i);
        if (typeof cls === 'string') return cls;
        out.push({ t: 'class', src: cls.src });
        i = cls.end;
      } else if (c === '*') {
        const from = i;
        while (cs[i + 1] === '*') i++;
        out.push({ t: 'star', n: i - from + 1 });
      } else if (c === '?') out.push({ t: 'any' });
      else if (c === '/') out.push({ t: 'slash' });
      else out.push({ t: 'lit', c });
    }
    return out;
  }

  /**
   * A bracket expression has a grammar of its own (git's wildmatch.c): a `]` first is a member,
   * `\` quotes a member, `[:name:]` is a POSIX class, a range out of order keeps only its lower
   * bound. `start` is at the `[`; `end` is the closing `]`.
   */
  private static bracket(cs: string[], start: number): { end: number; src: string } | string {
    const unterminated = 'a "[" that is never closed by "]"';
    let i = start + 1;
    const negated = cs[i] === '!' || cs[i] === '^';
    if (negated) i++;
    const ranges: Range[] = [];
    let prev = '';
    for (;;) {
      const c = cs[i];
      if (c === undefined) return unterminated;
      if (c === '\\') {
        const quoted = cs[++i];
        if (quoted === undefined) return unterminated;
        ranges.push(span(quoted, quoted));
        prev = quoted;
      } else if (c === '-' && prev !== '' && i + 1 < cs.length && cs[i + 1] !== ']') {
        let to = cs[++i] as string;
        if (to === '\\') to = cs[++i] ?? '';
        if (to === '') return unterminated;
        if (cp(prev) <= cp(to)) ranges.push(span(prev, to));
        prev = '';
      } else if (c === '[' && cs[i + 1] === ':') {
        const nameStart = i + 2;
        let end = nameStart;
        while (end < cs.length && cs[end] !== ']') end++;
        if (end === cs.length) return unterminated;
        if (end > nameStart && cs[end - 1] === ':') {
          const name = cs.slice(nameStart, end - 1).join('');
          const cls = Object.hasOwn(POSIX, name) ? POSIX[name] : undefined;
          if (cls === undefined) return `an unknown character class "[:${name}:]"`;
          ranges.push(...cls);
          prev = '';
          i = end;
        } else {
          ranges.push(span('[', '['));
          prev = '[';
        }
      } else {
        ranges.push(span(c, c));
        prev = c;
      }
      i++;
      if (cs[i] === ']') return { end: i, src: IgnorePattern.classSource(negated, ranges) };
    }
  }

  /** A class never matches '/', whatever its members say. */
  private static classSource(negated: boolean, ranges: Range[]): string {
    const body = (rs: Range[]): string => rs.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join('');
    if (negated) return `[^/${body(ranges)}]`;
    const withoutSlash = ranges.flatMap(([lo, hi]): Range[] =>
      lo <= SLASH && SLASH <= hi ? ([[lo, SLASH - 1], [SLASH + 1, hi]] as Range[]).filter(([a, b]) => a <= b) : [[lo, hi]],
    );
    return withoutSlash.length === 0 ? '[^\\x00-\\x{10ffff}]' : `[${body(withoutSlash)}]`;
  }

  private static toSource(tokens: Token[], innerSlash: boolean): string {
    const isGlobstar = (k: number): boolean => {
      const tok = tokens[k];
      return tok?.t === 'star' && tok.n >= 2 && (k === 0 || tokens[k - 1]?.t === 'slash') && (k === tokens.length - 1 || tokens[k + 1]?.t === 'slash');
    };
    const isSlash = (k: number): boolean => tokens[k]?.t === 'slash';

    // Where the pattern may start: after any number of leading `**/`, at any level; after a
    // leading '/', or with a '/' inside, at the root; otherwise at any level.
    let k = isSlash(0) ? 1 : 0;
    let prefix: string;
    if (isGlobstar(k) && isSlash(k + 1)) {
      while (isGlobstar(k) && isSlash(k + 1)) k += 2;
      prefix = ANY_LEVEL;
    } else {
      prefix = isSlash(0) || innerSlash ? '^' : ANY_LEVEL;
    }
    const first = k;

    let out = prefix;
    for (; k < tokens.length; k++) {
      const tok = tokens[k] as Token;
      const last = k === tokens.length - 1;
      if (tok.t === 'lit') out += /^[\p{L}\p{N}]$/u.test(tok.c) ? tok.c : hex(cp(tok.c));
      else if (tok.t === 'any') out += NOT_SLASH;
      else if (tok.t === 'class') out += tok.src;
      // A final `*` straight after a '/' needs a name: `abc/*` is not the folder `abc/` itself.
      else if (tok.t === 'star') out += last && k > first && isSlash(k - 1) ? `${NOT_SLASH}+` : `${NOT_SLASH}*`;
      else if (isGlobstar(k + 1) && k + 1 === tokens.length - 1) return `${out}/(?s:.)`;
      else if (isGlobstar(k + 1) && k + 2 === tokens.length - 1) return `${out}${FOLDERS}+/$`;
      else if (isGlobstar(k + 1)) {
        out += `${FOLDERS}*`;
        k++;
      } else out += '/';
    }
    // A trailing '/' (already written) matches folders only; otherwise a file or a folder.
    return tokens.length > first && isSlash(tokens.length - 1) ? `${out}$` : `${out}/?$`;
  }
}
