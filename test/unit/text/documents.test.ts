/**
 * ODT, EPUB and RTF (issue #11): text extracted, pages as documented, and bad or hostile files
 * FAILED with the cause instead of a crash, a hang or a huge allocation.
 */
import fc from 'fast-check';
import JSZip from 'jszip';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { extractText } from '../../../main/service/text/extract.ts';
import { createOcrEngine } from '../../../main/service/text/ocr.ts';
import type { Extraction, TextDocument } from '../../../main/service/text/textDocument.ts';
import { ZIP_LIMITS } from '../../../main/service/text/zip.ts';
import { epub, MIME, odt } from '../../fixtures/text.ts';

const ocr = createOcrEngine('auto');
afterAll(() => ocr.close());

const LIMITS = { ...ZIP_LIMITS };
afterEach(() => Object.assign(ZIP_LIMITS, LIMITS));

function ready(result: Extraction): TextDocument {
  if (result.status !== 'READY') throw new Error(`expected READY, got ${result.status}: ${result.reason}`);
  return result.document;
}

const texts = (doc: TextDocument) => doc.pages.map((p) => p.text);
const reasonOf = (r: Extraction) => (r.status === 'READY' ? '' : r.reason);

describe('ODT', () => {
  it('gives one page per soft page break, paragraphs as lines, found by content whatever the declared type', async () => {
    const doc = ready(await extractText(await odt([['Title', 'First paragraph.'], ['Second page']]), 'application/octet-stream', ocr));
    expect(doc.source).toBe('EXTRACTED');
    expect(texts(doc)).toEqual(['Title\nFirst paragraph.', 'Second page']);
    expect(doc.pages.map((p) => [p.page, p.ocrStatus])).toEqual([[1, 'NOT_NEEDED'], [2, 'NOT_NEEDED']]);
  });

  it('keeps spaces, tabs, line breaks and table cells, and leaves out tracked deletions and comments', async () => {
    const extra =
      '<text:p>a<text:s text:c="3"/>b<text:tab/>c<text:line-break/>d   <text:span>e</text:span></text:p>' +
      '<text:tracked-changes><text:changed-region><text:deletion><text:p>deleted words</text:p></text:deletion></text:changed-region></text:tracked-changes>' +
      '<text:p>kept<office:annotation><text:p>a comment</text:p></office:annotation></text:p>' +
      '<table:table><table:table-row><table:table-cell><text:p>cell one</text:p></table:table-cell><table:table-cell><text:p>cell two</text:p></table:table-cell></table:table-row></table:table>';
    const doc = ready(await extractText(await odt([['Only page']], extra), MIME.odt, ocr));
    expect(texts(doc)).toEqual(['Only page\na   b\tc\nd e\nkept\ncell one\ncell two']);
  });

  it('is one page when the file records no page breaks', async () => {
    const doc = ready(await extractText(await odt([['One', 'Two', 'Three']]), MIME.odt, ocr));
    expect(texts(doc)).toEqual(['One\nTwo\nThree']);
  });

  it('a package without content.xml FAILED', async () => {
    const zip = new JSZip();
    zip.file('mimetype', MIME.odt, { compression: 'STORE' });
    const result = await extractText(await zip.generateAsync({ type: 'nodebuffer' }), MIME.odt, ocr);
    expect(result).toEqual({ status: 'FAILED', reason: 'not a readable ODT file: the package has no content.xml' });
  });
});

describe('EPUB', () => {
  it('gives one page per spine item, in spine order, from XHTML', async () => {
    const doc = ready(await extractText(await epub([['Chapter one', 'It was a dark night.'], ['Chapter two'], ['Epilogue']], [0, 2, 1]), 'application/octet-stream', ocr));
    expect(doc.source).toBe('EXTRACTED');
    expect(texts(doc)).toEqual(['Chapter one\n\nIt was a dark night.', 'Epilogue', 'Chapter two']);
  });

  it('an EPUB whose content is encrypted (DRM) FAILED, saying so', async () => {
    const zip = await JSZip.loadAsync(await epub([['Locked chapter']]));
    zip.file(
      'META-INF/encryption.xml',
      '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:CipherData><enc:CipherReference URI="OEBPS/text/chapter%200.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>',
    );
    const result = await extractText(await zip.generateAsync({ type: 'nodebuffer' }), MIME.epub, ocr);
    expect(result).toEqual({ status: 'FAILED', reason: 'the EPUB is encrypted (DRM); its text cannot be read' });
  });
});

describe('ZIP bounds (zip bombs)', () => {
  it('a package that expands past the limit FAILED before it is inflated', async () => {
    ZIP_LIMITS.maxUnzippedBytes = 1_000_000;
    const file = await odt([['x'.repeat(2_000_000)]]);
    expect(file.length).toBeLessThan(100_000);
    const result = await extractText(file, MIME.odt, ocr);
    expect(result).toEqual({ status: 'FAILED', reason: 'not a readable ODT file: the package expands to more than 1000000 bytes, the limit for text extraction' });
  });

  it('a package that declares a smaller size than it holds FAILED instead of expanding', async () => {
    const file = await odt([['y'.repeat(100_000)]]);
    // Both the local header and the central directory record of content.xml claim 100 bytes.
    for (const [signature, sizeAt] of [[0x04034b50, 22], [0x02014b50, 24]] as const) {
      for (let at = file.indexOf(Buffer.from('content.xml')); at >= 0; at = file.indexOf(Buffer.from('content.xml'), at + 1)) {
        const header = signature === 0x04034b50 ? at - 30 : at - 46;
        if (header >= 0 && file.readUInt32LE(header) === signature) file.writeUInt32LE(100, header + sizeAt);
      }
    }
    const result = await extractText(file, MIME.odt, ocr);
    expect(result.status).toBe('FAILED');
    expect(reasonOf(result)).toMatch(/^not a readable ODT file: content\.xml cannot be read: .*too many bytes/);
  });

  it('a package with more entries than the limit FAILED', async () => {
    ZIP_LIMITS.maxEntries = 3;
    const result = await extractText(await epub([['a'], ['b']]), MIME.epub, ocr);
    expect(reasonOf(result)).toMatch(/^not a readable EPUB file: the package has \d+ entries; text extraction reads at most 3$/);
  });

  it('arbitrary bytes after a ZIP signature never throw, whatever the declared package', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), fc.constantFrom(MIME.odt, MIME.epub), async (tail, mime) => {
        const result = await extractText(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), tail]), mime, ocr);
        expect(['FAILED', 'NOT_APPLICABLE']).toContain(result.status);
      }),
      { numRuns: 200 },
    );
  });
});

describe('RTF', () => {
  const rtf = (body: string) => Buffer.from(`{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Times New Roman;}}{\\colortbl;\\red0\\green0\\blue0;}{\\*\\generator Writer;}{\\info{\\title Hidden title}}${body}}`, 'latin1');

  it('gives the text, not the tables, metadata or field codes, as one page', async () => {
    const doc = ready(await extractText(rtf('Hello \\b bold\\b0  world\\par Second\\tab line{\\field{\\*\\fldinst HYPERLINK "https://x.test"}{\\fldrslt  link}}\\par'), 'application/octet-stream', ocr));
    expect(doc.source).toBe('EXTRACTED');
    expect(texts(doc)).toEqual(['Hello bold world\nSecond\tline link']);
  });

  it('decodes \\u characters (skipping their fallback) and bytes in the declared code page', async () => {
    const doc = ready(await extractText(rtf("caf\\'e9 \\u8364?uro \\uc2\\u8212\\'97\\'97 done"), MIME.rtf, ocr));
    expect(texts(doc)).toEqual(['café €uro — done']);
    const cyrillic = Buffer.from("{\\rtf1\\ansi\\ansicpg1251 \\'cf\\'f0\\'e8\\'e2\\'e5\\'f2}", 'latin1');
    expect(texts(ready(await extractText(cyrillic, MIME.rtf, ocr)))).toEqual(['Привет']);
  });

  it('a \\bin run longer than the file FAILED before anything is allocated', async () => {
    const result = await extractText(Buffer.from('{\\rtf1 text\\bin99999999999 x}'), MIME.rtf, ocr);
    expect(result).toEqual({ status: 'FAILED', reason: 'not a readable RTF file: \\bin99999999999 claims more bytes than the file holds' });
  });

  it('groups nested deeper than any editor writes FAILED', async () => {
    const result = await extractText(Buffer.from(`{\\rtf1 ${'{'.repeat(5000)}deep${'}'.repeat(5000)}}`), MIME.rtf, ocr);
    expect(result).toEqual({ status: 'FAILED', reason: 'not a readable RTF file: groups nest deeper than 1000 levels' });
  });

  it('arbitrary bytes after an RTF signature never throw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), async (tail) => {
        const result = await extractText(Buffer.concat([Buffer.from('{\\rtf1'), tail]), MIME.rtf, ocr);
        expect(['READY', 'FAILED', 'NOT_APPLICABLE']).toContain(result.status);
      }),
      { numRuns: 300 },
    );
  });
});
