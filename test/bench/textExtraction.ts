/**
 * Text extraction throughput, in pages per second: a 50-page PDF with a text layer and a 5-page
 * scanned PDF (OCR), through Folio's extractor threads (as the text job uses them), and through
 * Debian's `pdftotext` and `tesseract` CLI on the same files in the same run. For OCR, also the CPU
 * seconds per page of each: Folio's whole process (every thread, and the OCR program's processes it
 * ran) against the CLI processes'. A missing CLI is reported, not fatal. FOLIO_BENCH_OCR=wasm (or
 * native) picks Folio's OCR engine; by default Folio picks as the service does.
 *
 * The text PDF is timed as the service meets it in a backlog: threads that have read documents
 * before (another 50-page PDF, twice), the median of several runs on each side, pdftotext's too.
 * The first document a fresh pool reads, when pdf.js's text layout has not been compiled yet, is
 * its own row, without a target.
 *
 * Run alone: node --import tsx test/bench/textExtraction.ts
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ExtractorPool } from '../../main/service/text/extractorPool.ts';
import type { OcrChoice } from '../../main/service/text/ocr.ts';
import type { Extraction } from '../../main/service/text/textDocument.ts';
import { drawText, pdf, png, type Raster } from '../fixtures/text.ts';

const run = promisify(execFile);

export interface BenchRow {
  case: string;
  tool: string;
  pages: number;
  seconds: number | null;
  pagesPerSecond: number | null;
  /** CPU seconds per page, where measured. */
  cpuPerPage: number | null;
  note: string;
}

const TEXT_PAGES = 50;
const SCAN_PAGES = 5;
/** Timed runs of the text PDF on each side; the row is their median. */
const TEXT_RUNS = 5;

function textPdf(): Buffer {
  return linesPdf((p, i) => `Page ${p + 1}, line ${i + 1}: the quick brown fox jumps over the lazy dog.`);
}

/** Another document of the same shape, so the measured one is never the one the threads warmed on. */
function warmUpPdf(): Buffer {
  return linesPdf((p, i) => `Warm-up page ${p + 1}, row ${i + 1}: pack my box with five dozen liquor jugs.`);
}

function linesPdf(line: (page: number, i: number) => string): Buffer {
  return pdf(Array.from({ length: TEXT_PAGES }, (_, p) => Array.from({ length: 30 }, (_, i) => line(p, i))));
}


function scanPages(): Raster[] {
  return Array.from({ length: SCAN_PAGES }, (_, p) =>
    drawText(Array.from({ length: 12 }, (_, i) => `Scanned page ${p + 1}, line ${i + 1} of a letter`), 1700, 1000, 36),
  );
}

interface Timing {
  seconds: number;
  cpu: number;
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** CPU seconds of the child processes this process has waited for (cutime and cstime of /proc/self/stat). */
function childrenCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

/** Wall-clock seconds of `fn`, and the CPU seconds of this process (all its threads) and of the children it ran meanwhile. */
async function timed(fn: () => Promise<unknown>): Promise<Timing> {
  const start = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const childrenBefore = childrenCpu();
  await fn();
  const cpu = process.cpuUsage(cpuBefore);
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, cpu: (cpu.user + cpu.system) / 1e6 + childrenCpu() - childrenBefore };
}

function row(name: string, tool: string, pages: number, timing: Timing | null, note = ''): BenchRow {
  return {
    case: name,
    tool,
    pages,
    seconds: timing?.seconds ?? null,
    pagesPerSecond: timing === null ? null : Math.round((pages / timing.seconds) * 10) / 10,
    cpuPerPage: timing === null ? null : Math.round((timing.cpu / pages) * 1000) / 1000,
    note,
  };
}

/**
 * Runs a CLI under `sh`, which reports the CPU of the children it waited for (fields cutime and
 * cstime of /proc/<sh>/stat) once they have exited.
 */
async function cliCpu(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { stdout } = await run('sh', ['-c', '"$@" >/dev/null && cat /proc/$$/stat', 'sh', command, ...args], { env });
  const fields = stdout.slice(stdout.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

async function cli(name: string, tool: string, pages: number, fn: () => Promise<number>): Promise<BenchRow> {
  try {
    const start = process.hrtime.bigint();
    const cpu = await fn();
    return row(name, tool, pages, { seconds: Number(process.hrtime.bigint() - start) / 1e9, cpu });
  } catch (err) {
    return cliFailed(name, tool, pages, err);
  }
}

function cliFailed(name: string, tool: string, pages: number, err: unknown): BenchRow {
  const missing = (err as { stderr?: string }).stderr?.includes('not found');
  return row(name, tool, pages, null, missing ? `${tool.split(' ')[0]} is not installed` : String(err));
}

/** The median wall time and the median CPU of `runs`, each on its own. */
function median(runs: Timing[]): Timing {
  const middle = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  return { seconds: middle(runs.map((r) => r.seconds)), cpu: middle(runs.map((r) => r.cpu)) };
}

/** A CLI run TEXT_RUNS times: the median of its runs, or its first failure. */
async function cliMedian(name: string, tool: string, pages: number, fn: () => Promise<number>): Promise<BenchRow> {
  const runs: Timing[] = [];
  for (let i = 0; i < TEXT_RUNS; i++) {
    const start = process.hrtime.bigint();
    try {
      const cpu = await fn();
      runs.push({ seconds: Number(process.hrtime.bigint() - start) / 1e9, cpu });
    } catch (err) {
      return cliFailed(name, tool, pages, err);
    }
  }
  return row(name, tool, pages, median(runs));
}

export async function benchTextExtraction(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-text-'));
  const pool = new ExtractorPool({ ocr: (process.env.FOLIO_BENCH_OCR as OcrChoice | undefined) ?? 'auto' });
  const extract = (bytes: Uint8Array) => pool.extract(new Uint8Array(bytes), 'application/pdf', new AbortController().signal);
  try {
    const text = textPdf();
    const scans = scanPages();
    const scan = pdf(scans);
    writeFileSync(join(dir, 'text.pdf'), text);
    const images = await Promise.all(scans.map(png));
    images.forEach((b, i) => writeFileSync(join(dir, `scan-${i}.png`), b));

    // Each extractor thread loads pdf.js and the OCR model once, when it starts; that cost is not
    // per page. A page of text and a page of scan for every thread starts them all.
    await extract(pdf(Array.from({ length: pool.size }, () => [['warm up'], drawText(['warm up'])]).flat()));

    const rows: BenchRow[] = [];
    rows.push(row(`${TEXT_PAGES}-page text PDF, first document after start`, 'folio (pdfjs-dist)', TEXT_PAGES, await timed(() => extract(text))));
    const warmUp = warmUpPdf();
    for (let i = 0; i < 2; i++) await extract(warmUp);
    const runs: Timing[] = [];
    for (let i = 0; i < TEXT_RUNS; i++) runs.push(await timed(() => extract(text)));
    rows.push(row(`${TEXT_PAGES}-page text PDF`, `folio (pdfjs-dist), median of ${TEXT_RUNS}`, TEXT_PAGES, median(runs)));
    rows.push(await cliMedian(`${TEXT_PAGES}-page text PDF`, `pdftotext (poppler), median of ${TEXT_RUNS}`, TEXT_PAGES, () => cliCpu('pdftotext', [join(dir, 'text.pdf'), '-'])));
    let scanned: Extraction | undefined;
    const scanTiming = await timed(async () => (scanned = await extract(scan)));
    const engine = scanned?.status === 'READY' ? (scanned.document.ocr?.engineVersion ?? '') : `no text: ${scanned?.status}`;
    rows.push(row(`${SCAN_PAGES}-page OCR scan`, 'folio (pdfjs-dist + OCR)', SCAN_PAGES, scanTiming, engine));
    rows.push(
      await cli(`${SCAN_PAGES}-page OCR scan`, 'tesseract CLI (page images)', SCAN_PAGES, async () => {
        let cpu = 0;
        for (let i = 0; i < SCAN_PAGES; i++) cpu += await cliCpu('tesseract', [join(dir, `scan-${i}.png`), '-', '-l', 'eng'], { ...process.env, OMP_THREAD_LIMIT: '1' });
        return cpu;
      }),
    );
    return rows;
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchTextExtraction());
}
