/**
 * Turns a file into a text result, deterministically for digital formats (plain text, Markdown,
 * HTML, DOCX, ODT, EPUB, RTF, PDF text layers) and by OCR for images and for PDF pages that draw
 * something but have no text layer. Decides the statuses of spec §3: READY when some text exists,
 * NOT_APPLICABLE when none exists and trying again cannot find any, FAILED when the file could not
 * be processed. Every reason says what was found.
 */
import mammoth from 'mammoth';
import type { PageSize, TextPage } from '../../../shared/v1/text.ts';
import { isBlankPage } from './blankPage.ts';
import { decodeText } from './decodeText.ts';
import { EpubEncrypted, epubPages } from './epub.ts';
import { baseType, detectFormat, looksLikeText } from './formats.ts';
import { htmlText } from './html.ts';
import { jpegSize, pngSize, type Size } from './imageSize.ts';
import type { OcrEngine, OcrPage } from './ocrPage.ts';
import { odtPages } from './odt.ts';
import { openPdf, pageText, renderPage } from './pdf.ts';
import { RtfError, rtfText } from './rtf.ts';
import { ALL_PAGES, assemble, digital, digitalPage, failed, joinPdfParts, NO_TEXT, notApplicable, textFileExtraction, type OcrOutcome, type PageShare, type PdfPart } from './results.ts';
import type { Extraction } from './textDocument.ts';
import { TiffFile } from './tiff.ts';
import { ZipError, ZipPackage } from './zip.ts';

export const EXTRACTION_LIMITS = {
  /** Larger images are refused before decoding: their pixels alone would need gigabytes. */
  maxImagePixels: 50_000_000,
  /** PDF pages without text are rendered at this resolution for OCR... */
  renderDpi: 300,
  /** ...unless a side would exceed this many pixels. */
  maxRenderSide: 6000,
};

export async function extractText(bytes: Uint8Array, mimeType: string, ocr: OcrEngine): Promise<Extraction> {
  if (bytes.length === 0) return notApplicable(NO_TEXT.empty);
  const format = detectFormat(bytes, mimeType);
  switch (format) {
    case 'none':
      return notApplicable(unreadType(bytes, mimeType));
    case 'plain':
    case 'markdown':
      return textFileExtraction(bytes);
    case 'html':
      return digital([htmlText(decodeText(bytes))]);
    case 'docx':
      return docx(bytes);
    case 'odt':
      return zipped(bytes, 'ODT', odtPages);
    case 'epub':
      return zipped(bytes, 'EPUB', epubPages);
    case 'rtf':
      return rtf(bytes);
    case 'pdf':
      return pdf(bytes, ocr);
    case 'png':
    case 'jpeg':
      return image(bytes, format === 'png' ? pngSize(bytes) : jpegSize(bytes), ocr);
    case 'tiff':
      return tiff(bytes, ocr);
  }
}

/** Why a file of a type Folio does not read has no text, as far as Folio can tell. */
function unreadType(bytes: Uint8Array, mimeType: string): string {
  const type = baseType(mimeType);
  const declared = type !== '' && type !== 'application/octet-stream';
  if (!looksLikeText(bytes)) return declared ? `binary type ${type} has no text Folio can extract` : 'binary data of no declared type has no text Folio can extract';
  return `the file looks like text, but ${type} is not a type Folio extracts text from`;
}

async function docx(bytes: Uint8Array): Promise<Extraction> {
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return digital([value]);
  } catch (err) {
    return failed(`not a readable DOCX file: ${messageOf(err)}`);
  }
}

/** ODT and EPUB: a ZIP package read within the bounds of ZipPackage. */
async function zipped(bytes: Uint8Array, kind: string, pagesOf: (zip: ZipPackage) => Promise<string[]>): Promise<Extraction> {
  let zip: ZipPackage;
  try {
    zip = await ZipPackage.open(bytes);
  } catch (err) {
    return failed(`not a readable ${kind} file: ${messageOf(err)}`);
  }
  try {
    return digital(await pagesOf(zip));
  } catch (err) {
    if (err instanceof EpubEncrypted) return failed(err.message);
    if (err instanceof ZipError) return failed(`not a readable ${kind} file: ${err.message}`);
    throw err;
  } finally {
    zip.close();
  }
}

async function rtf(bytes: Uint8Array): Promise<Extraction> {
  try {
    return digital([await rtfText(bytes)]);
  } catch (err) {
    return failed(`not a readable RTF file: ${err instanceof RtfError ? err.message : messageOf(err)}`);
  }
}

/** A PDF page that draws nothing: certainly empty, so no OCR ran. */
function blankPage(page: number): TextPage {
  return { page, text: '', confidence: 1, coverage: 1, ocrStatus: 'BLANK' };
}

async function pdf(bytes: Uint8Array, ocr: OcrEngine): Promise<Extraction> {
  return joinPdfParts([await extractPdfPart(bytes, ALL_PAGES, ocr)]);
}

/**
 * Reads the pages of `share`. A document that cannot be read at all gives the same Extraction in
 * every share, so joinPdfParts can take any one of them.
 */
export async function extractPdfPart(bytes: Uint8Array, share: PageShare, ocr: OcrEngine): Promise<PdfPart | Extraction> {
  let doc;
  try {
    doc = await openPdf(bytes);
  } catch (err) {
    if (err instanceof Error && err.name === 'PasswordException') return failed('the PDF is protected by a password');
    return failed(`not a readable PDF: ${messageOf(err)}`);
  }
  try {
    if (doc.numPages === 0) return notApplicable(NO_TEXT.noPages);
    const pages: TextPage[] = [];
    const ocrPages: OcrOutcome[] = [];
    for (let n = share.index + 1; n <= doc.numPages; n += share.count) {
      const page = await doc.getPage(n);
      try {
        const text = await pageText(page);
        if (text.trim() !== '') {
          pages.push(digitalPage(n, text));
          continue;
        }
        // A page whose drawing cannot be read is not known to be blank: OCR tries it, and says so if it fails.
        if (await isBlankPage(page).catch(() => false)) {
          pages.push(blankPage(n));
          continue;
        }
        const outcome = await ocrPage(n, async () => {
          const r = await renderPage(page, EXTRACTION_LIMITS.renderDpi, EXTRACTION_LIMITS.maxRenderSide);
          return { image: r.pgm, size: { page: n, width: r.width, height: r.height, dpi: r.dpi } };
        }, ocr);
        pages.push(outcome.page);
        ocrPages.push(outcome);
      } finally {
        page.cleanup();
      }
    }
    return { status: 'PART', pages, ocrPages };
  } catch (err) {
    return failed(`not a readable PDF: ${messageOf(err)}`);
  } finally {
    await doc.destroy();
  }
}

async function image(bytes: Uint8Array, size: Size | undefined, ocr: OcrEngine): Promise<Extraction> {
  if (!size) return failed('not a readable image: its header is damaged');
  const outcome = await ocrPage(1, async () => ({ image: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), size: { page: 1, ...size, dpi: null } }), ocr);
  return assemble([outcome.page], [outcome], NO_TEXT.image);
}

async function tiff(bytes: Uint8Array, ocr: OcrEngine): Promise<Extraction> {
  let file: TiffFile;
  try {
    file = new TiffFile(bytes);
  } catch (err) {
    return failed(`not a readable TIFF image: ${messageOf(err)}`);
  }
  if (file.pages.length === 0) return notApplicable(NO_TEXT.tiffNoPages);
  const outcomes: OcrOutcome[] = [];
  for (const [i, p] of file.pages.entries()) {
    outcomes.push(await ocrPage(i + 1, async () => ({ image: await file.toPng(p), size: { page: i + 1, width: p.width, height: p.height, dpi: null } }), ocr));
  }
  return assemble(outcomes.map((o) => o.page), outcomes, NO_TEXT.scan);
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
      layoutSchema: result.layoutSchema,
    };
  } catch (err) {
    return { page: { page, text: '', confidence: 0, coverage: 0, ocrStatus: 'FAILED' }, size, engineVersion: '', layoutSchema: '', error: messageOf(err) };
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
