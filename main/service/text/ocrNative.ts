/**
 * OCR by the machine's `tesseract` program (Debian's `tesseract-ocr`), when it has one with the
 * English model. No shell: the program is run with an argument array, reads the image from its
 * standard input and writes TSV to its standard output, so no file is written. A page that takes
 * longer than `timeoutMs` is killed, and so is every page still running when the engine closes.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { judgePage, type OcrEngine, type OcrPage } from './ocrPage.ts';
import { parseTsv } from './ocrTsv.ts';

const run = promisify(execFile);

const PROGRAM = 'tesseract';
/** Names the shape of a page's layout from this engine (ocrTsv.ts): blocks, paragraphs, lines, words with bbox. */
export const NATIVE_LAYOUT_SCHEMA = 'tesseract-tsv-page/1';
/** A page of 50 megapixels (the limit in extract.ts) takes the CLI well under a minute. */
const PAGE_TIMEOUT_MS = 300_000;
const PROBE_TIMEOUT_MS = 30_000;
/** TSV of a dense page is a few hundred kilobytes. */
const MAX_OUTPUT = 64 * 1024 * 1024;
/**
 * One thread per page: the extractor threads already give each core a page, and OpenMP's extra
 * threads would only contend with them (they spin while they wait).
 */
const ENV = { ...process.env, OMP_THREAD_LIMIT: '1' };

/**
 * The first bytes of the images this engine is given. The CLI reads anything else on its standard
 * input as a list of file names to read, so nothing else may reach it.
 */
const SIGNATURES: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x50, 0x35, 0x0a], // binary PGM (P5), as pdf.ts renders
];

export interface NativeOcrOptions {
  timeoutMs?: number;
  /** Told when a child process starts (`running` true) and when it has ended. */
  onChild?: (pid: number, running: boolean) => void;
}

/** The CLI's version ("tesseract 5.3.0"), or null when there is no CLI with the English model. */
export async function probeNativeOcr(): Promise<string | null> {
  try {
    const [version, langs] = await Promise.all([
      run(PROGRAM, ['--version'], { env: ENV, timeout: PROBE_TIMEOUT_MS }),
      run(PROGRAM, ['--list-langs'], { env: ENV, timeout: PROBE_TIMEOUT_MS }),
    ]);
    // Tesseract 4 printed its version on stderr.
    const first = `${version.stdout}${version.stderr}`.split('\n')[0]?.trim() ?? '';
    const hasEnglish = `${langs.stdout}${langs.stderr}`.split('\n').some((l) => l.trim() === 'eng');
    return /^tesseract \d/.test(first) && hasEnglish ? first : null;
  } catch {
    return null;
  }
}

export class NativeOcr implements OcrEngine {
  private readonly children = new Set<ChildProcess>();
  private readonly timeoutMs: number;

  constructor(
    private readonly version: string,
    private readonly options: NativeOcrOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? PAGE_TIMEOUT_MS;
  }

  async recognize(image: Buffer, dpi: number | null): Promise<OcrPage> {
    if (!SIGNATURES.some((s) => s.every((byte, i) => image[i] === byte))) throw new Error('the OCR engine reads PNG, JPEG and PGM images only');
    const args = ['stdin', 'stdout', '-l', 'eng', '--oem', '1', '--psm', '3', ...(dpi === null ? [] : ['--dpi', String(dpi)]), 'tsv'];
    const tsv = await this.run(args, image);
    const page = parseTsv(tsv);
    return {
      ...judgePage(page.text, page.confidence, page.words),
      layout: { text: page.text, confidence: page.confidence, blocks: page.blocks },
      engineVersion: `${this.version} (tesseract CLI)`,
      layoutSchema: NATIVE_LAYOUT_SCHEMA,
    };
  }

  close(): Promise<void> {
    for (const child of this.children) child.kill('SIGKILL');
    this.children.clear();
    return Promise.resolve();
  }

  private run(args: string[], input: Buffer): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = execFile(PROGRAM, args, { env: ENV, timeout: this.timeoutMs, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT, encoding: 'utf8' }, (err, stdout, stderr) => {
        this.children.delete(child);
        if (child.pid !== undefined) this.options.onChild?.(child.pid, false);
        if (err) reject(new Error(err.killed ? `the OCR engine took longer than ${this.timeoutMs / 1000} s` : `the OCR engine failed: ${lastLine(stderr) || err.message}`));
        else resolve(stdout);
      });
      this.children.add(child);
      if (child.pid !== undefined) this.options.onChild?.(child.pid, true);
      // The program may exit (a damaged image) before it has read everything.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(input);
    });
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
