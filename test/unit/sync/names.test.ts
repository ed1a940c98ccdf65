/** Names across the two sides (main/sync/names.ts), checked against the service's own rule. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validName } from '../../../main/service/tree/names.ts';
import { canonicalName, localNameProblem, pathTooLong, serviceNameProblem } from '../../../main/sync/names.ts';

const serviceAccepts = (name: string): boolean => {
  try {
    validName(name, 'name');
    return true;
  } catch {
    return false;
  }
};

const nameLike = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('.', '..', '   ', 'a/b', 'tab\tname', 'ok.txt', '\uFFFD', 'e\u0301', '\uD800x'),
);

describe('names', () => {
  it('says the service refuses a name exactly when the service does', () => {
    fc.assert(
      fc.property(nameLike, (name) => {
        if (name.includes('\uFFFD')) return; // a disk's undecodable name: we refuse it, the service may not
        expect(serviceNameProblem(name) === null).toBe(serviceAccepts(name));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses U+FFFD, the mark of a file name that is not valid UTF-8 on disk', () => {
    expect(serviceNameProblem('bad\uFFFDname')).toBe('not-a-service-name');
  });

  it('on Linux and macOS, limits a name to 255 bytes of UTF-8 and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (name) => {
        expect(localNameProblem(name, 'linux') === 'too-long').toBe(Buffer.byteLength(name) > 255);
        expect(localNameProblem(name, 'linux')).toBe(localNameProblem(name, 'darwin'));
      }),
    );
    expect(localNameProblem('a:b*c?.txt', 'linux')).toBeNull();
  });

  it('on Windows, refuses reserved names, forbidden characters, trailing dots and spaces, and more than 255 UTF-16 units', () => {
    for (const name of ['CON', 'con.txt', 'Aux.tar.gz', 'nul', 'COM1', 'lpt9.log', 'com¹']) expect(localNameProblem(name, 'win32')).toBe('windows-reserved-name');
    for (const name of ['a<b', 'a>b', 'a:b', 'a"b', 'a\\b', 'a|b', 'a?b', 'a*b', 'a\u0001b']) expect(localNameProblem(name, 'win32')).toBe('windows-forbidden-character');
    for (const name of ['dot.', 'space ']) expect(localNameProblem(name, 'win32')).toBe('windows-trailing-dot-or-space');
    expect(localNameProblem('é'.repeat(255), 'win32')).toBeNull();
    expect(localNameProblem('é'.repeat(256), 'win32')).toBe('too-long');
    for (const name of ['console.txt', 'com10', 'nul-ish', 'ok.txt']) expect(localNameProblem(name, 'win32')).toBeNull();
  });

  it('measures paths against the platform limit', () => {
    expect(pathTooLong(`/${'a'.repeat(4094)}`, 'linux')).toBe(false);
    expect(pathTooLong(`/${'a'.repeat(4095)}`, 'linux')).toBe(true);
    expect(pathTooLong(`/${'a'.repeat(1100)}`, 'darwin')).toBe(true);
    expect(pathTooLong(`C:\\${'a'.repeat(5000)}`, 'win32')).toBe(false);
  });

  it('compares names in NFC, so NFD and NFC twins are one name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(canonicalName(s.normalize('NFD'))).toBe(canonicalName(s.normalize('NFC')));
      }),
    );
  });
});
