/**
 * PDF through pdfjs-dist (legacy build, for Node): the text layer of each page, and a page
 * rendered to PNG (through @napi-rs/canvas) for OCR when it has none. Fonts, CMaps and image
 * decoders come from the pdfjs-dist package on disk; nothing is fetched. The one module that
 * loads pdfjs-dist.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The legacy build of pdf.js carries core-js, which on V8 121 and older (Node 20) replaces
// Array.prototype.push with a JavaScript polyfill for an edge case (the error thrown when pushing
// onto an array whose length is frozen). pdf.js pushes for every glyph, and that polyfill took about
// a quarter of a text-layer page's CPU. So the engine's push is kept here and pdf.js is loaded
// after, by import(): a static import of a package, in a module of ours imported first or not,
// would be evaluated before this line in the bundle, where esbuild hoists every package's import
// above our own code.
const NATIVE_ARRAY_PUSH = Array.prototype.push;
const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
// pdf.js runs its worker code in this thread (Node has no web workers). Handing it the module now,
// instead of letting it import the module on the first document, loads the code once, at a known
// time: after which the polyfilled push both modules installed can be undone.
const pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
Object.assign(globalThis, { pdfjsWorker });
Array.prototype.push = NATIVE_ARRAY_PUSH;

const require = createRequire(import.meta.url);
const PDFJS_ROOT = dirname(require.resolve('pdfjs-dist/package.json'));
const dir = (name: string) => `${join(PDFJS_ROOT, name)}/`;

export { OPS, type PDFPageProxy };

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({
    // pdf.js takes ownership of the array it is given.
    data: new Uint8Array(bytes),
    standardFontDataUrl: dir('standard_fonts'),
    cMapUrl: dir('cmaps'),
    cMapPacked: true,
    wasmUrl: dir('wasm'),
    iccUrl: dir('iccs'),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

/** The page's text layer in reading order, one line per text line. */
export async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  let text = '';
  for (const item of content.items) {
    if (!('str' in item)) continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text.trimEnd();
}

export interface RenderedPage {
  /** A binary PGM (P5) image: 8-bit grey. */
  pgm: Buffer;
  width: number;
  height: number;
  dpi: number;
}

/**
 * Renders a page at `dpi`, lowered if needed so that neither side exceeds `maxSide` pixels, as grey
 * pixels for OCR. PGM rather than PNG: OCR reads grey anyway, and a PGM costs neither the PNG
 * compression here nor its decompression in the OCR engine (together a tenth of an OCR page's CPU).
 */
export async function renderPage(page: PDFPageProxy, dpi: number, maxSide: number): Promise<RenderedPage> {
  const { canvas, width, height, dpi: actual } = await paint(page, dpi, maxSide);
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const pgm = Buffer.allocUnsafe(header.length + width * height);
  header.copy(pgm);
  // ITU-R BT.601 luma in integers, as Leptonica converts colour to grey.
  for (let i = 0, o = header.length; i < rgba.length; i += 4, o++) {
    pgm[o] = ((rgba[i] as number) * 77 + (rgba[i + 1] as number) * 150 + (rgba[i + 2] as number) * 29) >> 8;
  }
  return { pgm, width, height, dpi: actual };
}

/** A page rendered at `dpi`, as RGBA pixels: for looking at, not for OCR. */
export async function renderPixels(page: PDFPageProxy, dpi: number, maxSide: number): Promise<Uint8ClampedArray> {
  const { canvas, width, height } = await paint(page, dpi, maxSide);
  return canvas.getContext('2d').getImageData(0, 0, width, height).data;
}

async function paint(page: PDFPageProxy, dpi: number, maxSide: number): Promise<{ canvas: Canvas; width: number; height: number; dpi: number }> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(dpi / 72, maxSide / Math.max(base.width, base.height));
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  return { canvas, width, height, dpi: Math.round(scale * 72) };
}
