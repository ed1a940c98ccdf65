/**
 * Whether a PDF page without a text layer has anything on it to read. A blank page of a digital
 * document is not a scan: OCR would spend seconds on it and find nothing. The operator list
 * decides without rendering: a page that paints no glyph, image, shading or path is blank. A page
 * that paints only paths (a white background rectangle is common) is rendered at low resolution
 * and is blank when every pixel is white. Glyphs and images always go to OCR: only OCR can tell
 * whether they hold text.
 */
import { OPS, renderPixels, type PDFPageProxy } from './pdf.ts';

/** Resolution of the all-white check: enough for a hairline to leave grey pixels. */
const CHECK_DPI = 36;
const CHECK_MAX_SIDE = 1000;
/** A channel value at or above this counts as white (anti-aliasing leaves no pure white at edges). */
const WHITE = 250;

const GLYPHS_AND_IMAGES = new Set<number>([
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
  OPS.paintXObject,
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintSolidColorImageMask,
]);

const PATH_PAINTS = new Set<number>([
  OPS.stroke,
  OPS.closeStroke,
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
  OPS.rawFillPath,
  OPS.shadingFill,
]);

/** What a page paints: nothing, only paths and shadings, or glyphs or images. */
export type PageInk = 'none' | 'paths' | 'marks';

export async function pageInk(page: PDFPageProxy): Promise<PageInk> {
  const { fnArray, argsArray } = await page.getOperatorList();
  let ink: PageInk = 'none';
  for (const [i, op] of fnArray.entries()) {
    if (GLYPHS_AND_IMAGES.has(op)) return 'marks';
    if (PATH_PAINTS.has(op) || (op === OPS.constructPath && paintsPath(argsArray[i]))) ink = 'paths';
  }
  return ink;
}

/** pdf.js folds a path and the operator that ends it into constructPath; `n` (endPath) paints nothing, as for a clip. */
function paintsPath(args: unknown): boolean {
  return Array.isArray(args) && args[0] !== OPS.endPath;
}

export async function isBlankPage(page: PDFPageProxy): Promise<boolean> {
  const ink = await pageInk(page);
  if (ink !== 'paths') return ink === 'none';
  const pixels = await renderPixels(page, CHECK_DPI, CHECK_MAX_SIDE);
  for (let i = 0; i < pixels.length; i += 4) {
    if ((pixels[i] as number) < WHITE || (pixels[i + 1] as number) < WHITE || (pixels[i + 2] as number) < WHITE) return false;
  }
  return true;
}
