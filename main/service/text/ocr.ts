/**
 * OCR with tesseract.js, fully offline: the engine's WebAssembly core comes from the
 * tesseract.js-core package and the English model from @tesseract.js-data/eng, read from disk.
 * Nothing is fetched and nothing is cached outside node_modules (cacheMethod 'none').
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import type { OcrStatus } from '../../../shared/v1/text.ts';

const require = createRequire(import.meta.url);

/** The LSTM-only "best_int" model: what tesseract.js would fetch for OEM.LSTM_ONLY. */
const LANG_PATH = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const TESSERACT_JS_VERSION = (require('tesseract.js/package.json') as { version: string }).version;

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
}

export class OcrEngine {
  private worker: Promise<Tesseract.Worker> | undefined;

  /** Recognises one page image (PNG, JPEG, TIFF or PGM bytes). `dpi` is the resolution it was rendered at, when known. */
  async recognize(image: Buffer, dpi: number | null): Promise<OcrPage> {
    const worker = await this.ready();
    let data: Tesseract.Page;
    try {
      // debug_file keeps the engine's diagnostics ("Estimating resolution as …") out of the service log.
      await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO, debug_file: '/dev/null', user_defined_dpi: dpi === null ? '0' : String(dpi) });
      ({ data } = await worker.recognize(image, {}, { text: true, blocks: true }));
    } catch (err) {
      // A damaged image can abort the WebAssembly engine; the next page gets a fresh one.
      await this.close().catch(() => undefined);
      throw err;
    }
    const words = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
    return {
      ...judgePage(data.text, data.confidence, words),
      layout: Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null && v !== undefined)),
      engineVersion: `tesseract ${String(data.version)} (tesseract.js ${TESSERACT_JS_VERSION}, eng 4.0.0_best_int)`,
    };
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }

  private ready(): Promise<Tesseract.Worker> {
    this.worker ??= Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
      langPath: LANG_PATH,
      gzip: true,
      cacheMethod: 'none',
      logger: () => {},
      errorHandler: () => {},
    });
    return this.worker;
  }
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
