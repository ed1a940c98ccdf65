/** The naming rule of containers and documents (main/service/tree/names.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/service/errors.ts';
import { validName } from '../../../main/service/tree/names.ts';

const FORBIDDEN_CHARS = ['/', ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)), '\u007f'];

/** The error validName throws for `raw`, or undefined when it accepts it. */
function rejection(raw: string, field = 'name'): { code: number; field: unknown; message: string } | undefined {
  try {
    validName(raw, field);
    return undefined;
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    return { code: err.value.code, field: err.value.details?.field, message: err.value.message };
  }
}

/** Strings made of any well-formed code points except the forbidden ones. */
const allowedChar = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }).filter((c) => !FORBIDDEN_CHARS.some((f) => c.includes(f)));
const goodName = fc
  .array(allowedChar, { minLength: 1, maxLength: 40 })
  .map((cs) => cs.join(''))
  .filter((s) => s.trim() !== '' && s.normalize('NFC') !== '.' && s.normalize('NFC') !== '..' && [...s.normalize('NFC')].length <= 255);

describe('validName', () => {
  it('accepts every well-formed name and returns it in NFC', () => {
    fc.assert(
      fc.property(goodName, (raw) => {
        const name = validName(raw, 'name');
        expect(name).toBe(raw.normalize('NFC'));
      }),
    );
  });

  it('maps an NFD name and its NFC twin to the same stored name', () => {
    fc.assert(
      fc.property(goodName, (raw) => {
        expect(validName(raw.normalize('NFD'), 'title')).toBe(validName(raw.normalize('NFC'), 'title'));
      }),
    );
    expect(validName('Cafe\u0301', 'name')).toBe('Caf\u00e9');
  });

  it('is idempotent: a stored name validates to itself', () => {
    fc.assert(
      fc.property(goodName, (raw) => {
        const stored = validName(raw, 'name');
        expect(validName(stored, 'name')).toBe(stored);
      }),
    );
  });

  it.each([
    ['a slash', 'a/b'],
    ['a NUL', 'a\u0000b'],
    ['a newline', 'line\nbreak'],
    ['a tab', 'tab\there'],
    ['DEL', 'del\u007f'],
    ['"."', '.'],
    ['".."', '..'],
    ['the empty string', ''],
    ['only spaces', '   '],
    ['256 characters', 'x'.repeat(256)],
    ['a lone high surrogate', 'broken\ud800'],
    ['a lone low surrogate', '\udc00broken'],
  ])('rejects a name with %s as 110001 naming the field', (_what, raw) => {
    expect(rejection(raw, 'title')).toMatchObject({ code: 110001, field: 'title', message: expect.stringContaining('title') });
  });

  it('rejects any name containing a forbidden character, wherever it sits', () => {
    fc.assert(
      fc.property(goodName, fc.constantFrom(...FORBIDDEN_CHARS), fc.nat(), (base, bad, at) => {
        const i = at % (base.length + 1);
        expect(rejection(base.slice(0, i) + bad + base.slice(i))?.code).toBe(110001);
      }),
    );
  });

  it('counts length in characters (code points) after NFC, like the request schema', () => {
    expect(validName('x'.repeat(255), 'name')).toHaveLength(255);
    // 255 astral characters are 510 UTF-16 units but 255 characters.
    expect([...validName('\u{1F600}'.repeat(255), 'name')]).toHaveLength(255);
    expect(rejection('\u{1F600}'.repeat(256))?.code).toBe(110001);
    // 255 base letters each with a combining accent: 510 code points in NFD, 255 in NFC.
    expect(validName('e\u0301'.repeat(255), 'name')).toBe('\u00e9'.repeat(255));
  });
});
