/**
 * OCR with tesseract.js, fully offline: the engine's WebAssembly core comes from the
 * tesseract.js-core package and the English model from @tesseract.js-data/eng, read from disk.
 * Nothing is fetched and nothing is cached outside node_modules (cacheMethod 'none').
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import { judgePage, type OcrEngine, type OcrPage } from './ocrPage.ts';

const require = createRequire(import.meta.url);

/** The LSTM-only "best_int" model: what tesseract.js would fetch for OEM.LSTM_ONLY. */
const LANG_PATH = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const TESSERACT_JS_VERSION = (require('tesseract.js/package.json') as { version: string }).version;
/** Names the shape of a page's layout from this engine: tesseract.js's Page object (blocks, paragraphs, lines, words, symbols with bbox in pixels). */
export const WASM_LAYOUT_SCHEMA = 'tesseract.js-page/6';

export class WasmOcr implements OcrEngine {
  private worker: Promise<Tesseract.Worker> | undefined;

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
      layoutSchema: WASM_LAYOUT_SCHEMA,
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
