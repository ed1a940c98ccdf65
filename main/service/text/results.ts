/**
 * What a text extraction yields, and the results the service's own thread builds: a text file's
 * text (its content), and a PDF's result joined from its extractor threads' parts. Nothing here
 * parses a document format: this is all of the text area that the service's main thread loads.
 * pdf.js, tesseract.js and the other parsers load in the extractor threads only (extract.ts): the
 * legacy build of pdf.js brings core-js, which replaces JSON.stringify and JSON.parse with
 * JavaScript polyfills in the thread that loads it, and every request's serialisation and log line
 * went through them.
 */
import type { PageSize, TextPage, TextSource } from '../../../shared/v1/text.ts';
import { decodeText } from './decodeText.ts';
import { detectFormat } from './formats.ts';
import { TEXT_DOCUMENT_FORMAT, type Extraction } from './textDocument.ts';

export const NO_TEXT = {
  empty: 'the document is empty',
  digital: 'the document contains no text',
  noPages: 'the PDF has no pages',
  blankPdf: 'every page of the PDF is blank',
  scan: 'the scan has no recognisable text',
  image: 'the image has no recognisable text',
  tiffNoPages: 'the TIFF file has no pages',
} as const;

/** Plain text and Markdown: their text is the file itself, so the text job stores no copy of it. */
export function isTextFile(bytes: Uint8Array, mimeType: string): boolean {
  const format = detectFormat(bytes, mimeType);
  return format === 'plain' || format === 'markdown';
}

/** The text of a file isTextFile accepts: one page, line ends normalised. */
export function textFileExtraction(bytes: Uint8Array): Extraction {
  if (bytes.length === 0) return notApplicable(NO_TEXT.empty);
  return digital([decodeText(bytes)]);
}

/** Formats without fixed pages are one page; EPUB is one per spine item, ODT one per soft page break. */
export function digital(pageTexts: string[]): Extraction {
  const pages = pageTexts.map((t, i) => digitalPage(i + 1, t));
  if (pages.every((p) => p.text.trim() === '')) return notApplicable(NO_TEXT.digital);
  return { status: 'READY', document: { format: TEXT_DOCUMENT_FORMAT, source: 'EXTRACTED', pages } };
}

export function digitalPage(page: number, text: string): TextPage {
  return { page, text: text.trimEnd(), confidence: 1, coverage: 1, ocrStatus: 'NOT_NEEDED' };
}

/** A page that went through OCR, with the size of the image OCR read (for coordinateSystem). */
export interface OcrOutcome {
  page: TextPage;
  size: PageSize;
  engineVersion: string;
  layoutSchema: string;
  error?: string;
}

/**
 * Which pages of a PDF one extractor thread reads: page n when (n - 1) % count === index. Pages are
 * dealt out in turn rather than in runs, so that a scan's OCR pages spread over every thread.
 */
export interface PageShare {
  index: number;
  count: number;
}

export const ALL_PAGES: PageShare = { index: 0, count: 1 };

/** The pages one share of a PDF yielded, in page order, with the outcomes of those that went through OCR. */
export interface PdfPart {
  status: 'PART';
  pages: TextPage[];
  ocrPages: OcrOutcome[];
}

/** The whole PDF's result from the results of its shares, its pages back in page order. */
export function joinPdfParts(parts: readonly (PdfPart | Extraction)[]): Extraction {
  const whole = parts.find((p): p is Extraction => p.status !== 'PART');
  if (whole) return whole;
  const byPage = (a: { page: number }, b: { page: number }) => a.page - b.page;
  const pdfParts = parts as readonly PdfPart[];
  const pages = pdfParts.flatMap((p) => p.pages).sort(byPage);
  const ocrPages = pdfParts.flatMap((p) => p.ocrPages).sort((a, b) => byPage(a.page, b.page));
  if (pages.every((p) => p.ocrStatus === 'BLANK')) return notApplicable(NO_TEXT.blankPdf);
  return assemble(pages, ocrPages, NO_TEXT.scan);
}

/**
 * With no text on any page, the result is FAILED if some page could not be read (a retry may do
 * better), else NOT_APPLICABLE for `noText`. Otherwise READY, its source set by sourceOf.
 */
export function assemble(pages: TextPage[], ocrPages: OcrOutcome[], noText: string): Extraction {
  if (ocrPages.length === 0) return { status: 'READY', document: { format: TEXT_DOCUMENT_FORMAT, source: 'EXTRACTED', pages } };
  if (pages.every((p) => p.text.trim() === '')) {
    const broken = ocrPages.find((o) => o.error !== undefined);
    return broken ? failed(`OCR failed on page ${broken.page.page}: ${broken.error}`) : notApplicable(noText);
  }
  // Every page of a document is read by one engine (the extractor threads choose alike).
  const engine = ocrPages.find((o) => o.engineVersion !== '');
  return {
    status: 'READY',
    document: {
      format: TEXT_DOCUMENT_FORMAT,
      source: sourceOf(pages),
      pages,
      ocr: {
        schemaVersion: engine?.layoutSchema ?? '',
        engineVersion: engine?.engineVersion ?? '',
        coordinateSystem: { unit: 'pixel', origin: 'top-left', yAxis: 'down', pages: ocrPages.map((o) => o.size) },
      },
    },
  };
}

/**
 * The source follows the pages that carry the text: OCR when the pages OCR read hold more of it
 * (counted in non-space characters) than the pages with a text layer, else EXTRACTED. Blank pages
 * and pages where OCR found nothing hold none.
 */
export function sourceOf(pages: readonly TextPage[]): TextSource {
  let recognised = 0;
  let layer = 0;
  for (const p of pages) {
    const chars = p.text.replace(/\s/g, '').length;
    if (p.ocrStatus === 'NOT_NEEDED') layer += chars;
    else recognised += chars;
  }
  return recognised > layer ? 'OCR' : 'EXTRACTED';
}

export function notApplicable(reason: string): Extraction {
  return { status: 'NOT_APPLICABLE', reason };
}

export function failed(reason: string): Extraction {
  return { status: 'FAILED', reason };
}
