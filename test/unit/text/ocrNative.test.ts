/**
 * OCR by the machine's `tesseract` program (ocrNative.ts), which this machine has, as CI's does
 * (scripts/setup-system.sh): only images reach it, a page over its time-out is killed, closing the
 * engine or ending the extractor thread kills the pages still running, and without the program
 * `auto` falls back to WebAssembly. The text each engine reads is checked in extract.test.ts.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ExtractorThread } from '../../../main/service/text/extractorThread.ts';
import { NativeOcr, probeNativeOcr } from '../../../main/service/text/ocrNative.ts';
import { drawText, MIME, png } from '../../fixtures/text.ts';
import { HEAVY_TEST_MS, until } from '../../helpers/wait.ts';

const run = promisify(execFile);

/** A process that has ended: gone, or a zombie that nothing has waited for. */
function ended(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true;
  try {
    const text = readFileSync(stat, 'latin1');
    return text.slice(text.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** How a zombie ended (field exit_code of /proc/PID/stat, in waitpid's form), or null while it is not one. */
function zombie(pid: number): { killedBy: number } | { exitCode: number } | null {
  const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  if (fields[0] !== 'Z') return null;
  const status = Number(fields[49]);
  return (status & 0x7f) !== 0 ? { killedBy: status & 0x7f } : { exitCode: status >> 8 };
}

/** A page large enough that the program is still reading it when a test stops it. */
async function longPage(): Promise<Buffer> {
  return png(drawText(Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of a long page that takes a while to read`), 1700, 2200, 36));
}

describe('the tesseract program as the OCR engine', { timeout: HEAVY_TEST_MS }, () => {
  it('is found on this machine, with its English model', async () => {
    expect(await probeNativeOcr()).toMatch(/^tesseract \d+\.\d+/);
  });

  it('lays out the text as the program\'s own text output does', async () => {
    const image = await png(drawText(Array.from({ length: 12 }, (_, i) => `Scanned page 1, line ${i + 1} of a letter`), 1700, 1000, 36));
    const ocr = new NativeOcr('tesseract test');
    const page = await ocr.recognize(image, 300);
    const own = await new Promise<string>((resolve, reject) => {
      const child = execFile('tesseract', ['stdin', 'stdout', '-l', 'eng', '--oem', '1', '--psm', '3', '--dpi', '300'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' } }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
      child.stdin?.end(image);
    });
    expect(page.text).toBe(own.trimEnd());
    expect(page.text.split('\n').length).toBeGreaterThan(12);
  });

  it('is handed images only: bytes that the program would read as a list of file names never reach it', async () => {
    const started: number[] = [];
    const ocr = new NativeOcr('tesseract test', { onChild: (pid) => started.push(pid) });
    await expect(ocr.recognize(Buffer.from('/etc/passwd\n/etc/hostname\n'), null)).rejects.toThrow('reads PNG, JPEG and PGM images only');
    await expect(ocr.recognize(Buffer.from('P6\n1 1\n255\nabc'), null)).rejects.toThrow('reads PNG, JPEG and PGM images only');
    expect(started).toEqual([]);
  });

  it('kills a page that takes longer than its time-out', async () => {
    const pids: number[] = [];
    const ocr = new NativeOcr('tesseract test', { timeoutMs: 1, onChild: (pid, running) => running && pids.push(pid) });
    await expect(ocr.recognize(await png(drawText(['Too slow'])), null)).rejects.toThrow('the OCR engine took longer than 0.001 s');
    expect(pids).toHaveLength(1);
    expect(ended(pids[0] as number)).toBe(true);
  });

  it('kills the pages still running when it closes', async () => {
    let running: (pid: number) => void = () => undefined;
    const started = new Promise<number>((resolve) => (running = resolve));
    const ocr = new NativeOcr('tesseract test', { onChild: (pid, isRunning) => isRunning && running(pid) });
    const page = ocr.recognize(await longPage(), null);
    const pid = await started;
    await ocr.close();
    await expect(page).rejects.toThrow();
    expect(ended(pid)).toBe(true);
  });

  it('a job stopped in the extractor thread kills the program reading its page', async () => {
    let running: (pid: number) => void = () => undefined;
    const started = new Promise<number>((resolve) => (running = resolve));
    const thread = new ExtractorThread({ ocr: 'native', onOcrChild: (pid, isRunning) => isRunning && running(pid) });
    const stop = new AbortController();
    try {
      const job = thread.extract(await longPage(), MIME.png, stop.signal);
      const pid = await started;
      stop.abort(new Error('stopped'));
      await expect(job).rejects.toThrow('stopped');
      // The thread ends after the job has failed, and its child with it. Nothing waits for that
      // child any more (its thread is gone), so it stays a zombie that tells how it ended.
      const status = await until(`the OCR process ${pid} to end`, () => zombie(pid));
      expect(status).toEqual({ killedBy: 9 });
    } finally {
      await thread.close();
    }
  });

  it('`auto` reads with WebAssembly on a machine without the program', async () => {
    const script = `
      import { createOcrEngine } from ${JSON.stringify(new URL('../../../main/service/text/ocr.ts', import.meta.url).href)};
      import { drawText, png } from ${JSON.stringify(new URL('../../fixtures/text.ts', import.meta.url).href)};
      const ocr = createOcrEngine('auto');
      const page = await ocr.recognize(await png(drawText(['Read without the program'])), null);
      await ocr.close();
      console.log(JSON.stringify({ text: page.text, engine: page.engineVersion, schema: page.layoutSchema }));
    `;
    const dir = mkdtempSync(join(tmpdir(), 'folio-ocr-auto-'));
    let stdout: string;
    try {
      writeFileSync(join(dir, 'read.mjs'), script);
      ({ stdout } = await run(process.execPath, ['--import', 'tsx', join(dir, 'read.mjs')], { env: { ...process.env, PATH: '/nonexistent' } }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const page = JSON.parse(stdout.trim().split('\n').at(-1) as string) as { text: string; engine: string; schema: string };
    expect(page.text).toBe('Read without the program');
    expect(page.engine).toMatch(/tesseract\.js/);
    expect(page.schema).toBe('tesseract.js-page/6');
  });
});
