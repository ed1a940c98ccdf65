/**
 * Every NOT_APPLICABLE reason the text module gives, each on a file for which it is true
 * (issue #11: a reason must say what was found, not guess).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { extractText } from '../../../main/service/text/extract.ts';
import { NO_TEXT } from '../../../main/service/text/results.ts';
import { createOcrEngine } from '../../../main/service/text/ocr.ts';
import { drawText, epub, MIME, odt, pdf, png, tiff } from '../../fixtures/text.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const ocr = createOcrEngine('auto');
afterAll(() => ocr.close());

const utf8 = (s: string) => new TextEncoder().encode(s);
const notApplicable = (reason: string) => ({ status: 'NOT_APPLICABLE', reason });

/** A PDF whose page tree holds no page. */
function pdfWithoutPages(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 3\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('NOT_APPLICABLE reasons', { timeout: HEAVY_TEST_MS }, () => {
  it('an empty file: the document is empty', async () => {
    expect(await extractText(new Uint8Array(0), MIME.text, ocr)).toEqual(notApplicable(NO_TEXT.empty));
    expect(NO_TEXT.empty).toBe('the document is empty');
  });

  it('a digital document of white space or markup only: the document contains no text', async () => {
    expect(NO_TEXT.digital).toBe('the document contains no text');
    for (const [bytes, mime] of [
      [utf8(' \n\t\n'), MIME.text],
      [utf8('<p> </p><img src="x.png">'), MIME.html],
      [await odt([[' ']]), MIME.odt],
      [await epub([[], []]), MIME.epub],
      [Buffer.from('{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\par }'), MIME.rtf],
    ] as const) {
      expect(await extractText(bytes, mime, ocr)).toEqual(notApplicable(NO_TEXT.digital));
    }
  });

  it('a binary type Folio does not read: binary type X has no text Folio can extract', async () => {
    expect(await extractText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 0, 0, 0xff]), MIME.zip, ocr)).toEqual(notApplicable('binary type application/zip has no text Folio can extract'));
  });

  it('binary bytes with no declared type: binary data of no declared type', async () => {
    expect(await extractText(Uint8Array.from([0, 1, 2, 3]), 'application/octet-stream', ocr)).toEqual(notApplicable('binary data of no declared type has no text Folio can extract'));
  });

  it('text declared as a type Folio does not read says so, rather than claiming it has no text', async () => {
    expect(await extractText(utf8('MZ looks like words'), 'application/x-msdownload', ocr)).toEqual(
      notApplicable('the file looks like text, but application/x-msdownload is not a type Folio extracts text from'),
    );
  });

  it('a PDF without pages: the PDF has no pages', async () => {
    expect(await extractText(pdfWithoutPages(), MIME.pdf, ocr)).toEqual(notApplicable('the PDF has no pages'));
  });

  it('a PDF of blank pages: every page of the PDF is blank', async () => {
    expect(await extractText(pdf([[], []]), MIME.pdf, ocr)).toEqual(notApplicable('every page of the PDF is blank'));
  });

  it('a scanned PDF or TIFF where OCR finds nothing: the scan has no recognisable text', async () => {
    expect(await extractText(pdf([[], drawText([], 600, 300)]), MIME.pdf, ocr)).toEqual(notApplicable('the scan has no recognisable text'));
    expect(await extractText(tiff([drawText([], 400, 200)]), MIME.tiff, ocr)).toEqual(notApplicable('the scan has no recognisable text'));
  });

  it('an image where OCR finds nothing: the image has no recognisable text', async () => {
    expect(await extractText(await png(drawText([], 600, 300)), MIME.png, ocr)).toEqual(notApplicable('the image has no recognisable text'));
  });

  it('a TIFF with no image in it: the TIFF file has no pages', async () => {
    const header = Buffer.alloc(8);
    header.write('II', 0, 'latin1');
    header.writeUInt16LE(42, 2);
    expect(await extractText(header, MIME.tiff, ocr)).toEqual(notApplicable('the TIFF file has no pages'));
  });
});
