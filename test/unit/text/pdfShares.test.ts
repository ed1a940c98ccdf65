/**
 * A PDF's pages shared among extractor threads (extractorPool.ts) come back as one thread reads
 * them: the same pages, texts and statuses, in page order. The pool runs real worker threads.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { extractPdfPart, extractText } from '../../../main/service/text/extract.ts';
import { ALL_PAGES, joinPdfParts } from '../../../main/service/text/results.ts';
import { ExtractorPool } from '../../../main/service/text/extractorPool.ts';
import { createOcrEngine } from '../../../main/service/text/ocr.ts';
import { MIME, pdf } from '../../fixtures/text.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const ocr = createOcrEngine('auto');
const pool = new ExtractorPool({ threads: 2 });
afterAll(async () => {
  await ocr.close();
  await pool.close();
});

/** Seven pages, one of them blank, each line naming its page: any reordering shows. */
function sevenPages(): Buffer {
  return pdf(Array.from({ length: 7 }, (_, p) => (p === 3 ? [] : [`Page ${p + 1} opens`, `page ${p + 1} closes`])));
}

describe('a PDF read in shares', () => {
  it('joins the shares of three readers back into the single reader\'s result', async () => {
    const file = sevenPages();
    const whole = await extractText(file, MIME.pdf, ocr);
    const parts = await Promise.all([0, 1, 2].map((index) => extractPdfPart(file, { index, count: 3 }, ocr)));
    expect(joinPdfParts(parts)).toEqual(whole);
    expect(joinPdfParts([await extractPdfPart(file, ALL_PAGES, ocr)])).toEqual(whole);
  });

  it('gives the same document through two extractor threads as in one thread, pages in order', { timeout: HEAVY_TEST_MS }, async () => {
    const file = sevenPages();
    const whole = await extractText(file, MIME.pdf, ocr);
    const shared = await pool.extract(new Uint8Array(file), MIME.pdf, new AbortController().signal);
    expect(shared).toEqual(whole);
    if (shared.status !== 'READY') throw new Error(`expected READY, got ${shared.status}`);
    expect(shared.document.pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(shared.document.pages[4]?.text).toBe('Page 5 opens\npage 5 closes');
  });

  it('gives a damaged PDF the same failure through the pool as in one thread', { timeout: HEAVY_TEST_MS }, async () => {
    const file = Buffer.from('%PDF-1.4\nnot really a pdf');
    const whole = await extractText(file, MIME.pdf, ocr);
    expect(whole.status).toBe('FAILED');
    expect(await pool.extract(new Uint8Array(file), MIME.pdf, new AbortController().signal)).toEqual(whole);
  });
});
