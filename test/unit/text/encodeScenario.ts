/**
 * Run by encode.test.ts in a child process with --expose-gc: renders many TIFF pages to PNG and
 * PDF pages to grey pixels at once while the libuv thread pool is busy, so every encode is still
 * queued when a full collection runs and drops the canvases the encodes were started from. It
 * prints the size of each image it got; a canvas library that frees a surface still being encoded
 * crashes here with SIGSEGV instead.
 */
import { pbkdf2 } from 'node:crypto';
import { openPdf, renderPage } from '../../../main/service/text/pdf.ts';
import { TiffFile } from '../../../main/service/text/tiff.ts';
import { drawText, pdf, tiff } from '../../fixtures/text.ts';

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with --expose-gc');

const occupyThreadPool = () => Array.from({ length: 4 }, () => new Promise((done) => pbkdf2('a', 'b', 200_000, 32, 'sha512', done)));

const scan = new TiffFile(tiff([drawText(['a page of a scan'])]));
const document = await openPdf(pdf([drawText(['a scanned PDF page'])]));
const page = await document.getPage(1);

const sizes: number[] = [];
for (let round = 0; round < 10; round++) {
  const busy = occupyThreadPool();
  const pngs = [
    ...Array.from({ length: 8 }, () => scan.toPng(scan.pages[0] as NonNullable<(typeof scan.pages)[0]>)),
    ...Array.from({ length: 4 }, async () => (await renderPage(page, 100, 2000)).pgm),
  ];
  collect();
  for (const png of await Promise.all(pngs)) sizes.push(png.length);
  await Promise.all(busy);
}
await document.destroy();
process.stdout.write(`${JSON.stringify(sizes)}\n`);
