/** Format detection, text decoding and image header parsing: the parsers that see untrusted bytes first. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../main/service/text/decodeText.ts';
import { detectFormat, looksLikeText } from '../../../main/service/text/formats.ts';
import { jpegSize, pngSize } from '../../../main/service/text/imageSize.ts';
import { docx, drawText, epub, jpeg, MIME, odt, pdf, png, tiff } from '../../fixtures/text.ts';

describe('detectFormat', () => {
  it('trusts signatures over the declared type', async () => {
    expect(detectFormat(pdf([['x']]), 'text/plain')).toBe('pdf');
    expect(detectFormat(await png(drawText(['x'], 20, 20)), 'application/octet-stream')).toBe('png');
    expect(detectFormat(await jpeg(drawText(['x'], 20, 20)), 'text/html')).toBe('jpeg');
    expect(detectFormat(tiff([drawText([], 4, 4)]), '')).toBe('tiff');
    expect(detectFormat(await docx(['x']), 'application/zip')).toBe('docx');
  });

  it('knows ODT and EPUB by their mimetype entry, and RTF by its header, whatever the declared type', async () => {
    expect(detectFormat(await odt([['x']]), 'application/zip')).toBe('odt');
    expect(detectFormat(await epub([['x']]), 'application/octet-stream')).toBe('epub');
    expect(detectFormat(new TextEncoder().encode('{\\rtf1 x}'), 'text/rtf')).toBe('rtf');
    // A package without the mimetype entry falls back on the declared type.
    expect(detectFormat(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), MIME.epub)).toBe('epub');
  });

  it('reads declared types that are text by definition as plain text', () => {
    const bytes = new TextEncoder().encode('<a>1</a>');
    for (const type of ['application/xml', 'image/svg+xml', 'application/ld+json', 'application/javascript']) expect(detectFormat(bytes, type)).toBe('plain');
  });

  it('uses the declared type for text formats, with parameters and any case', () => {
    const bytes = new TextEncoder().encode('<p>hi</p>');
    expect(detectFormat(bytes, 'Text/HTML; charset=utf-8')).toBe('html');
    expect(detectFormat(bytes, 'text/markdown')).toBe('markdown');
    expect(detectFormat(bytes, 'text/csv')).toBe('plain');
    expect(detectFormat(bytes, 'application/json')).toBe('plain');
  });

  it('sniffs text only when no type was declared', () => {
    expect(detectFormat(new TextEncoder().encode('README\n'), 'application/octet-stream')).toBe('plain');
    expect(detectFormat(Uint8Array.from([0, 1, 2, 3]), 'application/octet-stream')).toBe('none');
    expect(detectFormat(new TextEncoder().encode('words'), 'application/x-msdownload')).toBe('none');
    expect(detectFormat(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'application/zip')).toBe('none');
  });

  it('never throws, whatever the bytes and type', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 2048 }), fc.string(), (bytes, mime) => void detectFormat(bytes, mime)));
  });

  it('treats text without control characters as text, across a cut multi-byte character', () => {
    expect(looksLikeText(new TextEncoder().encode(`${'a'.repeat(8191)}é and more`))).toBe(true);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (s) => {
        const clean = [...s].map((c) => (isDisallowedControl(c.charCodeAt(0)) ? 'x' : c)).join('');
        expect(looksLikeText(new TextEncoder().encode(clean))).toBe(true);
      }),
    );
  });
});

describe('decodeText', () => {
  it('round-trips UTF-8, and UTF-16 with a byte-order mark, normalising line ends', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const expected = s.replace(/\r\n?/g, '\n');
        expect(decodeText(new TextEncoder().encode(s))).toBe(expected);
        expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]))).toBe(expected);
        expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s)]))).toBe(expected);
      }),
    );
  });

  it('reads bytes that are not UTF-8 as Windows-1252', () => {
    expect(decodeText(Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]))).toBe('café €');
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 512 }), (b) => void decodeText(b)));
  });
});

describe('image headers', () => {
  it('give the size of real PNG and JPEG files', async () => {
    const r = drawText(['size'], 321, 123);
    expect(pngSize(await png(r))).toEqual({ width: 321, height: 123 });
    expect(jpegSize(await jpeg(r))).toEqual({ width: 321, height: 123 });
  });

  it('never throw on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), (b) => {
        pngSize(b);
        jpegSize(Uint8Array.from([0xff, 0xd8, ...b]));
      }),
    );
  });
});

/** Control characters that make a file binary; tab, newlines, form feed and escape do not. */
function isDisallowedControl(code: number): boolean {
  return (code < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(code)) || code === 0x7f;
}
