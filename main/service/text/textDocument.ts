/**
 * What the text job produces. A READY result is stored as the version's TEXT rendition: this
 * document, as JSON, in the rendition blob files (except for a text file, whose text is its
 * content: storedText.ts). GET /v1/versions/text reads it back.
 */
import type { CoordinateSystem, TextPage, TextSource } from '../../../shared/v1/text.ts';

export const TEXT_KIND = 'TEXT';
export const TEXT_MIME = 'application/vnd.folio.text+json';
/**
 * The type of a READY TEXT rendition without bytes of its own: the version is a text file
 * (results.ts, isTextFile), and its text is read from the version's content when asked for.
 */
export const TEXT_IN_VERSION_MIME = 'application/vnd.folio.text-in-version';
export const TEXT_DOCUMENT_FORMAT = 'folio.text/1';

export interface TextDocument {
  format: typeof TEXT_DOCUMENT_FORMAT;
  source: TextSource;
  /** Every page, in order; OCR pages carry `layout`. */
  pages: TextPage[];
  /** Present when source is OCR. */
  ocr?: { schemaVersion: string; engineVersion: string; coordinateSystem: CoordinateSystem };
}

export type Extraction =
  | { status: 'READY'; document: TextDocument }
  | { status: 'NOT_APPLICABLE' | 'FAILED'; reason: string };

export function isTextDocument(value: unknown): value is TextDocument {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<TextDocument>;
  return v.format === TEXT_DOCUMENT_FORMAT && (v.source === 'EXTRACTED' || v.source === 'OCR') && Array.isArray(v.pages);
}
