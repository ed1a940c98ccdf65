/**
 * Turns a file into a text result, deterministically for digital formats (plain text, Markdown,
 * HTML, DOCX, PDF text layers) and by OCR for images and for PDF pages without a text layer.
 * Decides the statuses of spec §3: READY when some text exists, NOT_APPLICABLE when none exists
 * and trying again cannot find any, FAILED when the file could not be processed.
 */
import { convert as htmlToText } from 'html-to-text';
import mammoth from 'mammoth';
import type { PageSize, TextPage } from '../../../shared/v1/text.ts';
import { decodeText } from './decodeText.ts';
import { baseType, detectFormat } from './formats.ts';
import { jpegSize, pngSize, type Size } from './imageSize.ts';
import { LAYOUT_SCHEMA, type OcrEngine, type OcrPage } from './ocr.ts';
import { openPdf, pageText, renderPage } from './pdf.ts';
import { TEXT_DOCUMENT_FORMAT, type Extraction } from './textDocument.ts';
import { TiffFile } from './tiff.ts';

export const EXTRACTION_LIMITS = {
  /** Larger images are refused before decoding: their pixels alone would need gigabytes. */
  maxImagePixels: 50_000_000,
  /** PDF pages without text are rendered at this resolution for OCR... */
  renderDpi: 300,
  /** ...unless a side would exceed this many pixels. */
  maxRenderSide: 6000,
};

export async function extractText(bytes: Uint8Array, mimeType: string, ocr: OcrEngine): Promise<Extraction> {
  if (bytes.length === 0) return notApplicable('the document is empty');
  const format = detectFormat(bytes, mimeType);
  switch (format) {
    case 'none':
      return notApplicable(`${baseType(mimeType) || 'this file type'} has no text to extract`);
    case 'plain':
    case 'markdown':
      return digital([decodeText(bytes)]);
    case 'html':
      return digital([html(decodeText(bytes))]);
    case 'docx':
      return docx(bytes);
    case 'pdf':
      return pdf(bytes, ocr);
    case 'png':
    case 'jpeg':
      return image(bytes, format === 'png' ? pngSize(bytes) : jpegSize(bytes), ocr);
    case 'tiff':
      return tiff(bytes, ocr);
  }
}

function html(source: string): string {
  const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));
  return htmlToText(source, {
    wordwrap: false,
    selectors: [
      ...headings,
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  });
}

async function docx(bytes: Uint8Array): Promise<Extraction> {
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return digital([value]);
  } catch (err) {
    return failed(`not a readable DOCX file: ${messageOf(err)}`);
  }
}

/** Formats without fixed pages (text, HTML, DOCX) are one page. */
function digital(pageTexts: string[]): Extraction {
  const pages = pageTexts.map((t, i) => digitalPage(i + 1, t));
  if (pages.every((p) => p.text.trim() === '')) return notApplicable('the document contains no text');
  return { status: 'READY', document: { format: TEXT_DOCUMENT_FORMAT, source: 'EXTRACTED', pages } };
}

function digitalPage(page: number, text: string): TextPage {
  return { page, text: text.trimEnd(), confidence: 1, coverage: 1, ocrStatus: 'NOT_NEEDED' };
}

/** A page that went through OCR, with the size of the image OCR read (for coordinateSystem). */
interface OcrOutcome {
  page: TextPage;
  size: PageSize;
  engineVersion: string;
  error?: string;
}

async function pdf(bytes: Uint8Array, ocr: OcrEngine): Promise<Extraction> {
  let doc;
  try {
    doc = await openPdf(bytes);
  } catch (err) {
    if (err instanceof Error && err.name === 'PasswordException') return failed('the PDF is protected by a password');
    return failed(`not a readable PDF: ${messageOf(err)}`);
  }
  try {
    if (doc.numPages === 0) return notApplicable('the PDF has no pages');
    const pages: TextPage[] = [];
    const ocrPages: OcrOutcome[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      try {
        const text = await pageText(page);
        if (text.trim() !== '') {
          pages.push(digitalPage(n, text));
          continue;
        }
        const outcome = await ocrPage(n, async () => {
          const r = await renderPage(page, EXTRACTION_LIMITS.renderDpi, EXTRACTION_LIMITS.maxRenderSide);
          return { image: r.png, size: { page: n, width: r.width, height: r.height, dpi: r.dpi } };
        }, ocr);
        pages.push(outcome.page);
        ocrPages.push(outcome);
      } finally {
        page.cleanup();
      }
    }
    return assemble(pages, ocrPages);
  } catch (err) {
    return failed(`not a readable PDF: ${messageOf(err)}`);
  } finally {
    await doc.destroy();
  }
}

async function image(bytes: Uint8Array, size: Size | undefined, ocr: OcrEngine): Promise<Extraction> {
  if (!size) return failed('not a readable image: its header is damaged');
  const outcome = await ocrPage(1, async () => ({ image: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), size: { page: 1, ...size, dpi: null } }), ocr);
  return assemble([outcome.page], [outcome]);
}

async function tiff(bytes: Uint8Array, ocr: OcrEngine): Promise<Extraction> {
  let file: TiffFile;
  try {
    file = new TiffFile(bytes);
  } catch (err) {
    return failed(`not a readable TIFF image: ${messageOf(err)}`);
  }
  if (file.pages.length === 0) return notApplicable('the TIFF file has no pages');
  const outcomes: OcrOutcome[] = [];
  for (const [i, p] of file.pages.entries()) {
    outcomes.push(await ocrPage(i + 1, async () => ({ image: await file.toPng(p), size: { page: i + 1, width: p.width, height: p.height, dpi: null } }), ocr));
  }
  return assemble(outcomes.map((o) => o.page), outcomes);
}

/** OCR of one page; a page that cannot be read fails alone, with ocrStatus FAILED. */
async function ocrPage(page: number, raster: () => Promise<{ image: Buffer; size: PageSize }>, ocr: OcrEngine): Promise<OcrOutcome> {
  let size: PageSize = { page, width: 0, height: 0, dpi: null };
  try {
    const r = await raster();
    size = r.size;
    if (size.width * size.height > EXTRACTION_LIMITS.maxImagePixels) {
      throw new Error(`the image is ${size.width}×${size.height} pixels; OCR reads at most ${EXTRACTION_LIMITS.maxImagePixels / 1_000_000} megapixels`);
    }
    const result: OcrPage = await ocr.recognize(r.image, size.dpi);
    return {
      page: { page, text: result.text, confidence: result.confidence, coverage: result.coverage, ocrStatus: result.ocrStatus, layout: result.layout },
      size,
      engineVersion: result.engineVersion,
    };
  } catch (err) {
    return { page: { page, text: '', confidence: 0, coverage: 0, ocrStatus: 'FAILED' }, size, engineVersion: '', error: messageOf(err) };
  }
}

/**
 * Source is OCR as soon as one page needed it. With no text on any page, the result is FAILED if
 * some page could not be read (a retry may do better), else NOT_APPLICABLE.
 */
function assemble(pages: TextPage[], ocrPages: OcrOutcome[]): Extraction {
  if (ocrPages.length === 0) return { status: 'READY', document: { format: TEXT_DOCUMENT_FORMAT, source: 'EXTRACTED', pages } };
  if (pages.every((p) => p.text.trim() === '')) {
    const broken = ocrPages.find((o) => o.error !== undefined);
    return broken ? failed(`OCR failed on page ${broken.page.page}: ${broken.error}`) : notApplicable('OCR found no text');
  }
  const engineVersion = ocrPages.find((o) => o.engineVersion)?.engineVersion ?? '';
  return {
    status: 'READY',
    document: {
      format: TEXT_DOCUMENT_FORMAT,
      source: 'OCR',
      pages,
      ocr: {
        schemaVersion: LAYOUT_SCHEMA,
        engineVersion,
        coordinateSystem: { unit: 'pixel', origin: 'top-left', yAxis: 'down', pages: ocrPages.map((o) => o.size) },
      },
    },
  };
}

function notApplicable(reason: string): Extraction {
  return { status: 'NOT_APPLICABLE', reason };
}

function failed(reason: string): Extraction {
  return { status: 'FAILED', reason };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
