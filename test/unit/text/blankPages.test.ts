/**
 * Blank pages of a PDF (issue #11): a page with no text layer that draws nothing is BLANK and no
 * OCR runs for it; a page that draws something still goes to OCR; the source of a mixed PDF
 * follows the pages that carry its text. OCR calls are counted on a real engine.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { extractText } from '../../../main/service/text/extract.ts';
import { sourceOf } from '../../../main/service/text/results.ts';
import { createOcrEngine } from '../../../main/service/text/ocr.ts';
import type { OcrEngine, OcrPage } from '../../../main/service/text/ocrPage.ts';
import type { Extraction, TextDocument } from '../../../main/service/text/textDocument.ts';
import type { TextPage } from '../../../shared/v1/text.ts';
import { drawText, MIME, normalise, pdf } from '../../fixtures/text.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

/** The real engine, counting the pages it is asked to read. */
class CountingOcr implements OcrEngine {
  calls = 0;
  private readonly engine = createOcrEngine('auto');

  recognize(image: Buffer, dpi: number | null): Promise<OcrPage> {
    this.calls++;
    return this.engine.recognize(image, dpi);
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}

const engines: CountingOcr[] = [];
function countingOcr(): CountingOcr {
  const ocr = new CountingOcr();
  engines.push(ocr);
  return ocr;
}
afterAll(() => Promise.all(engines.map((e) => e.close())));

function ready(result: Extraction): TextDocument {
  if (result.status !== 'READY') throw new Error(`expected READY, got ${result.status}: ${result.reason}`);
  return result.document;
}

const WHITE_BACKGROUND = { paint: '1 1 1 rg 0 0 612 792 re f' };
const CLIP_ONLY = { paint: 'q 36 36 540 720 re W n Q' };

describe('blank pages of a digital PDF', () => {
  it('are BLANK and empty, the document is EXTRACTED, and OCR never runs', async () => {
    const ocr = countingOcr();
    const file = pdf([['Chapter one', 'It begins.'], [], ['Chapter two'], WHITE_BACKGROUND, CLIP_ONLY, [], ['The end']]);
    const doc = ready(await extractText(file, MIME.pdf, ocr));
    expect(ocr.calls).toBe(0);
    expect(doc.source).toBe('EXTRACTED');
    expect(doc.ocr).toBeUndefined();
    expect(doc.pages.map((p) => [p.page, p.ocrStatus, p.text])).toEqual([
      [1, 'NOT_NEEDED', 'Chapter one\nIt begins.'],
      [2, 'BLANK', ''],
      [3, 'NOT_NEEDED', 'Chapter two'],
      [4, 'BLANK', ''],
      [5, 'BLANK', ''],
      [6, 'BLANK', ''],
      [7, 'NOT_NEEDED', 'The end'],
    ]);
    expect(doc.pages[1]).toEqual({ page: 2, text: '', confidence: 1, coverage: 1, ocrStatus: 'BLANK' });
  });

  it('a PDF whose every page is blank is NOT_APPLICABLE, without OCR', async () => {
    const ocr = countingOcr();
    expect(await extractText(pdf([[], WHITE_BACKGROUND, []]), MIME.pdf, ocr)).toEqual({ status: 'NOT_APPLICABLE', reason: 'every page of the PDF is blank' });
    expect(ocr.calls).toBe(0);
  });

  it('a scanned page and a page of drawn lines still go to OCR, beside blank pages', { timeout: HEAVY_TEST_MS }, async () => {
    const ocr = countingOcr();
    const longDigital = ['This manual has a text layer on most of its pages,', 'and far more of its words come from that layer', 'than from the one scanned page.'];
    const file = pdf([longDigital, [], drawText(['Scanned page'], 1200, 200, 48), { paint: '0 0 0 RG 4 w 72 72 m 540 720 l S' }]);
    const doc = ready(await extractText(file, MIME.pdf, ocr));
    expect(ocr.calls).toBe(2);
    expect(doc.pages.map((p) => p.ocrStatus)).toEqual(['NOT_NEEDED', 'BLANK', 'OK', 'NO_TEXT']);
    expect(normalise(doc.pages[2]?.text ?? '')).toBe('scanned page');
    // The text layer carries most of the text: the document is EXTRACTED though a page was OCR'd.
    expect(doc.source).toBe('EXTRACTED');
    expect(doc.ocr?.coordinateSystem.pages.map((p) => p.page)).toEqual([3, 4]);
  });
});

describe('the source of a mixed document', () => {
  const page = (text: string, ocrStatus: TextPage['ocrStatus']): TextPage => ({ page: 1, text, confidence: 1, coverage: 1, ocrStatus });

  it('is EXTRACTED when the text-layer pages hold more non-space characters', () => {
    expect(sourceOf([page('a long digital page', 'NOT_NEEDED'), page('short', 'OK'), page('', 'BLANK')])).toBe('EXTRACTED');
  });

  it('is OCR when the OCR pages hold more, whatever their confidence', () => {
    expect(sourceOf([page('cover', 'NOT_NEEDED'), page('a long scanned page', 'OK'), page('more', 'LOW_CONFIDENCE')])).toBe('OCR');
  });

  it('is EXTRACTED on a tie, and white space does not count', () => {
    expect(sourceOf([page('a b c', 'NOT_NEEDED'), page('abc\n\n\n', 'OK')])).toBe('EXTRACTED');
  });
});
