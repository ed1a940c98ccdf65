/**
 * Text extraction throughput, in pages per second: a 50-page PDF with a text layer and a 5-page
 * scanned PDF (OCR), through Folio's extractor, and through Debian's `pdftotext` and `tesseract`
 * CLI on the same files in the same run. A missing CLI is reported, not fatal.
 *
 * Run alone: node --import tsx test/bench/textExtraction.ts
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extractText } from '../../main/service/text/extract.ts';
import { OcrEngine } from '../../main/service/text/ocr.ts';
import { drawText, pdf, png, type Raster } from '../fixtures/text.ts';

const run = promisify(execFile);

export interface BenchRow {
  case: string;
  tool: string;
  pages: number;
  seconds: number | null;
  pagesPerSecond: number | null;
  note: string;
}

const TEXT_PAGES = 50;
const SCAN_PAGES = 5;

function textPdf(): Buffer {
  const lines = (p: number) => Array.from({ length: 30 }, (_, i) => `Page ${p + 1}, line ${i + 1}: the quick brown fox jumps over the lazy dog.`);
  return pdf(Array.from({ length: TEXT_PAGES }, (_, p) => lines(p)));
}

function scanPages(): Raster[] {
  return Array.from({ length: SCAN_PAGES }, (_, p) =>
    drawText(Array.from({ length: 12 }, (_, i) => `Scanned page ${p + 1}, line ${i + 1} of a letter`), 1700, 1000, 36),
  );
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function row(name: string, tool: string, pages: number, seconds: number | null, note = ''): BenchRow {
  return { case: name, tool, pages, seconds, pagesPerSecond: seconds === null ? null : Math.round((pages / seconds) * 10) / 10, note };
}

async function cli(name: string, tool: string, pages: number, fn: () => Promise<unknown>): Promise<BenchRow> {
  try {
    return row(name, tool, pages, await timed(fn));
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return row(name, tool, pages, null, missing ? `${tool.split(' ')[0]} is not installed` : String(err));
  }
}

export async function benchTextExtraction(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-text-'));
  const ocr = new OcrEngine();
  try {
    const text = textPdf();
    const scans = scanPages();
    const scan = pdf(scans);
    writeFileSync(join(dir, 'text.pdf'), text);
    const images = await Promise.all(scans.map(png));
    images.forEach((b, i) => writeFileSync(join(dir, `scan-${i}.png`), b));

    // The OCR engine loads its model once per process; that cost is not per page.
    await extractText(await png(drawText(['warm up'])), 'image/png', ocr);

    const rows: BenchRow[] = [];
    rows.push(row(`${TEXT_PAGES}-page text PDF`, 'folio (pdfjs-dist)', TEXT_PAGES, await timed(() => extractText(text, 'application/pdf', ocr))));
    rows.push(await cli(`${TEXT_PAGES}-page text PDF`, 'pdftotext (poppler)', TEXT_PAGES, () => run('pdftotext', [join(dir, 'text.pdf'), '-'])));
    rows.push(row(`${SCAN_PAGES}-page OCR scan`, 'folio (pdfjs-dist + tesseract.js)', SCAN_PAGES, await timed(() => extractText(scan, 'application/pdf', ocr))));
    rows.push(
      await cli(`${SCAN_PAGES}-page OCR scan`, 'tesseract CLI (page images)', SCAN_PAGES, async () => {
        for (let i = 0; i < SCAN_PAGES; i++) await run('tesseract', [join(dir, `scan-${i}.png`), '-', '-l', 'eng'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
      }),
    );
    return rows;
  } finally {
    await ocr.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchTextExtraction());
}
