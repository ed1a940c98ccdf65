/** What an OCR engine gives for a page, and how a page's words are judged. */
import type { OcrStatus } from '../../../shared/v1/text.ts';

/** Words at or above this confidence (0..100) count as recognised with confidence. */
export const CONFIDENT_WORD = 60;

export interface OcrPage {
  text: string;
  /** 0..1 */
  confidence: number;
  /** 0..1 */
  coverage: number;
  ocrStatus: OcrStatus;
  /** The engine's page object, minus the outputs that were not asked for. */
  layout: Record<string, unknown>;
  engineVersion: string;
  /** Names the shape of `layout`. */
  layoutSchema: string;
}

export interface OcrEngine {
  /** Recognises one page image (PNG, JPEG or PGM bytes; the WebAssembly engine also reads TIFF). `dpi` is the resolution it was rendered at, when known. */
  recognize(image: Buffer, dpi: number | null): Promise<OcrPage>;
  close(): Promise<void>;
}

export type PageVerdict = Pick<OcrPage, 'text' | 'confidence' | 'coverage' | 'ocrStatus'>;

/**
 * A page's text, confidence (the engine's mean, 0..100, scaled to 0..1), coverage (share of the
 * recognised characters in words at or above CONFIDENT_WORD) and status.
 */
export function judgePage(rawText: string, meanConfidence: number, words: readonly { text: string; confidence: number }[]): PageVerdict {
  const text = rawText.trimEnd();
  if (text.trim() === '') return { text: '', confidence: 0, coverage: 0, ocrStatus: 'NO_TEXT' };
  const chars = words.reduce((n, w) => n + w.text.length, 0);
  const confidentChars = words.reduce((n, w) => n + (w.confidence >= CONFIDENT_WORD ? w.text.length : 0), 0);
  return {
    text,
    confidence: round(meanConfidence / 100),
    coverage: chars > 0 ? round(confidentChars / chars) : 0,
    ocrStatus: meanConfidence < CONFIDENT_WORD ? 'LOW_CONFIDENCE' : 'OK',
  };
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
