/** Text extraction in-process, format by format, with files made by test/fixtures/text.ts. */
import { afterAll, describe, expect, it } from 'vitest';
import { EXTRACTION_LIMITS, extractText } from '../../../main/service/text/extract.ts';
import { createOcrEngine } from '../../../main/service/text/ocr.ts';
import type { Extraction, TextDocument } from '../../../main/service/text/textDocument.ts';
import { docx, drawText, jpeg, MIME, normalise, pdf, png, tiff } from '../../fixtures/text.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const ocr = createOcrEngine('auto');
afterAll(() => ocr.close());

const utf8 = (s: string) => new TextEncoder().encode(s);

function ready(result: Extraction): TextDocument {
  if (result.status !== 'READY') throw new Error(`expected READY, got ${result.status}: ${result.reason}`);
  return result.document;
}

describe('digital documents (source EXTRACTED)', () => {
  it('keeps plain text as one page, line ends normalised', async () => {
    const doc = ready(await extractText(utf8('First line\r\nSecond line\n\n'), MIME.text, ocr));
    expect(doc.source).toBe('EXTRACTED');
    expect(doc.pages).toEqual([{ page: 1, text: 'First line\nSecond line', confidence: 1, coverage: 1, ocrStatus: 'NOT_NEEDED' }]);
    expect(doc.ocr).toBeUndefined();
  });

  it('keeps Markdown as written', async () => {
    const md = '# Title\n\n* item one\n* item two';
    expect(ready(await extractText(utf8(md), MIME.markdown, ocr)).pages[0]?.text).toBe(md);
  });

  it('strips HTML tags, scripts and styles, and decodes entities', async () => {
    const html = '<html><head><title>T</title><style>p{color:red}</style><script>var secret = 1;</script></head><body><h1>Report</h1><p>Fish &amp; chips <a href="https://x.test/">here</a></p></body></html>';
    const text = ready(await extractText(utf8(html), MIME.html, ocr)).pages[0]?.text;
    expect(text).toBe('Report\n\nFish & chips here');
  });

  it('extracts a DOCX, one paragraph per block', async () => {
    const doc = ready(await extractText(await docx(['Quarterly report', 'Revenue grew by 12 percent.']), MIME.docx, ocr));
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0]?.text).toBe('Quarterly report\n\nRevenue grew by 12 percent.');
  });

  it('reads a PDF text layer page by page', async () => {
    const file = pdf([['Hello page one', 'second line'], ['Page two (with parentheses)'], ['The end']]);
    const doc = ready(await extractText(file, MIME.pdf, ocr));
    expect(doc.source).toBe('EXTRACTED');
    expect(doc.pages.map((p) => p.text)).toEqual(['Hello page one\nsecond line', 'Page two (with parentheses)', 'The end']);
    expect(doc.pages.map((p) => p.page)).toEqual([1, 2, 3]);
  });

  it('routes by content: a PDF declared as octet-stream is still a PDF', async () => {
    expect(ready(await extractText(pdf([['Sniffed']]), 'application/octet-stream', ocr)).pages[0]?.text).toBe('Sniffed');
  });

  it('gives the same result every time', async () => {
    const file = pdf([['Deterministic'], ['output']]);
    expect(JSON.stringify(await extractText(file, MIME.pdf, ocr))).toBe(JSON.stringify(await extractText(file, MIME.pdf, ocr)));
  });
});

describe('FAILED', () => {
  it('a damaged PDF FAILED, with the cause', async () => {
    const result = await extractText(Buffer.from('%PDF-1.7\nthis is not really a pdf'), MIME.pdf, ocr);
    expect(result.status).toBe('FAILED');
    expect(result.status === 'FAILED' && result.reason).toMatch(/^not a readable PDF/);
  });

  it('a damaged DOCX FAILED', async () => {
    const result = await extractText(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/document.xml garbage')]), MIME.docx, ocr);
    expect(result.status).toBe('FAILED');
    expect(result.status === 'FAILED' && result.reason).toMatch(/^not a readable DOCX/);
  });

  it('an image larger than the pixel limit FAILED before it is decoded', async () => {
    const header = Buffer.from(await png(drawText(['x'], 40, 40)));
    header.writeUInt32BE(100_000, 16);
    header.writeUInt32BE(100_000, 20);
    const result = await extractText(header, MIME.png, ocr);
    expect(result.status).toBe('FAILED');
    expect(result.status === 'FAILED' && result.reason).toContain(`${EXTRACTION_LIMITS.maxImagePixels / 1_000_000} megapixels`);
  });
});

// Both engines, whichever the machine would choose: the program (which this machine must have, as
// CI's does) and WebAssembly.
describe.each(['native', 'wasm'] as const)('OCR (source OCR), %s engine', { timeout: HEAVY_TEST_MS }, (engine) => {
  const ocr = createOcrEngine(engine);
  afterAll(() => ocr.close());

  it('reads a PNG of known text, with confidence, coverage, status and layout', async () => {
    const doc = ready(await extractText(await png(drawText(['The quick brown fox', 'jumps over 42 lazy dogs'])), MIME.png, ocr));
    expect(doc.source).toBe('OCR');
    const page = doc.pages[0];
    expect(normalise(page?.text ?? '')).toBe('the quick brown fox jumps over 42 lazy dogs');
    expect(page?.ocrStatus).toBe('OK');
    expect(page?.confidence).toBeGreaterThan(0.8);
    expect(page?.confidence).toBeLessThanOrEqual(1);
    expect(page?.coverage).toBe(1);
    const blocks = page?.layout?.blocks as { text: string; bbox: { x0: number; y0: number; x1: number; y1: number }; paragraphs: { lines: { words: { text: string; confidence: number }[] }[] }[] }[];
    expect(normalise(blocks.map((b) => b.text).join(' '))).toBe('the quick brown fox jumps over 42 lazy dogs');
    const words = blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
    expect(words.map((w) => w.text)).toEqual(['The', 'quick', 'brown', 'fox', 'jumps', 'over', '42', 'lazy', 'dogs']);
    for (const w of words) expect(w.confidence).toBeGreaterThan(60);
    expect(blocks[0]?.bbox.x0).toBeGreaterThanOrEqual(0);
    expect(blocks[0]?.bbox.x1).toBeLessThanOrEqual(900);
    expect(doc.ocr?.engineVersion).toMatch(/^tesseract \d/);
    expect(doc.ocr?.schemaVersion).toBe(engine === 'native' ? 'tesseract-tsv-page/1' : 'tesseract.js-page/6');
    expect(doc.ocr?.coordinateSystem.pages).toEqual([{ page: 1, width: 900, height: 220, dpi: null }]);
  });

  it('reads a JPEG', async () => {
    const doc = ready(await extractText(await jpeg(drawText(['Invoice number 1234'])), MIME.jpeg, ocr));
    expect(normalise(doc.pages[0]?.text ?? '')).toBe('invoice number 1234');
  });

  it('reads every page of a multi-page TIFF', async () => {
    const doc = ready(await extractText(tiff([drawText(['First scanned page']), drawText(['Second scanned page'])]), MIME.tiff, ocr));
    expect(doc.pages.map((p) => normalise(p.text))).toEqual(['first scanned page', 'second scanned page']);
    expect(doc.ocr?.coordinateSystem.pages.map((p) => p.page)).toEqual([1, 2]);
  });

  it('OCRs PDF pages without a text layer, and keeps the text layer of the others', async () => {
    // The scanned page carries most of the text, so the source is OCR (blankPages.test.ts has the rule).
    const doc = ready(await extractText(pdf([['Cover'], drawText(['Scanned second page'], 1200, 200, 48)]), MIME.pdf, ocr));
    expect(doc.source).toBe('OCR');
    expect(doc.pages[0]).toEqual({ page: 1, text: 'Cover', confidence: 1, coverage: 1, ocrStatus: 'NOT_NEEDED' });
    expect(normalise(doc.pages[1]?.text ?? '')).toBe('scanned second page');
    expect(doc.pages[1]?.ocrStatus).toBe('OK');
    expect(doc.ocr?.coordinateSystem.pages).toEqual([{ page: 2, width: 1200, height: 200, dpi: 300 }]);
  });

  it('reads a scanned letter of twelve lines word for word', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `Scanned page 3, line ${i + 1} of a letter`);
    const doc = ready(await extractText(pdf([drawText(lines, 1700, 1000, 36)]), MIME.pdf, ocr));
    const recognised = (doc.pages[0]?.text ?? '').split('\n').filter((l) => l !== '');
    expect(recognised).toEqual(lines);
    expect(doc.pages[0]?.ocrStatus).toBe('OK');
  });

  it('an image that cannot be decoded FAILED', async () => {
    const broken = Buffer.concat([(await png(drawText(['x'], 40, 40))).subarray(0, 33), Buffer.from('not image data at all')]);
    const result = await extractText(broken, MIME.png, ocr);
    expect(result.status).toBe('FAILED');
    expect(result.status === 'FAILED' && result.reason).toMatch(/^OCR failed on page 1/);
  });
});
