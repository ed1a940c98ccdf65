/**
 * OCR of one page image, by one of two engines: the machine's `tesseract` program when it has one
 * with the English model (ocrNative.ts), else tesseract.js in WebAssembly (ocrWasm.ts), which needs
 * nothing but npm packages. The program reads a page for about half the CPU of the WebAssembly
 * engine (docs/performance.md, "Text extraction"); both give a page's text, its confidence, and a
 * layout of blocks, paragraphs, lines and words in pixels.
 */
import { NativeOcr, probeNativeOcr, type NativeOcrOptions } from './ocrNative.ts';
import type { OcrEngine, OcrPage } from './ocrPage.ts';
import { WasmOcr } from './ocrWasm.ts';

/** `auto`: the program when the machine has it, else WebAssembly. */
export type OcrChoice = 'auto' | 'native' | 'wasm';

export function createOcrEngine(choice: OcrChoice, native: NativeOcrOptions = {}): OcrEngine {
  if (choice === 'wasm') return new WasmOcr();
  return new ChosenOcr(choice, native);
}

/** Finds out on the first page which engine the machine can run. */
class ChosenOcr implements OcrEngine {
  private engine: Promise<OcrEngine> | undefined;

  constructor(
    private readonly choice: 'auto' | 'native',
    private readonly native: NativeOcrOptions,
  ) {}

  async recognize(image: Buffer, dpi: number | null): Promise<OcrPage> {
    return (await this.chosen()).recognize(image, dpi);
  }

  async close(): Promise<void> {
    const engine = this.engine;
    this.engine = undefined;
    if (engine) await (await engine).close();
  }

  private chosen(): Promise<OcrEngine> {
    this.engine ??= probeNativeOcr().then((version) => {
      if (version !== null) return new NativeOcr(version, this.native);
      if (this.choice === 'native') throw new Error('the tesseract program with its English model is not installed');
      return new WasmOcr();
    });
    // A failed probe is not kept: the next page asks again.
    this.engine.catch(() => (this.engine = undefined));
    return this.engine;
  }
}
