/**
 * TIFF pages to PNG, so that every page of a multi-page scan reaches OCR (and any compression
 * UTIF reads, fax G3/G4 included). Reduced-resolution copies (thumbnails) are not pages.
 */
import { createCanvas, ImageData } from '@napi-rs/canvas';
import UTIF from 'utif2';

export interface TiffPage {
  ifd: UTIF.IFD;
  width: number;
  height: number;
}

export class TiffFile {
  private readonly buffer: ArrayBuffer;
  /** Page sizes come from the tags; no pixels are decoded until a page is asked for. */
  readonly pages: readonly TiffPage[];

  constructor(bytes: Uint8Array) {
    this.buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    this.pages = UTIF.decode(this.buffer)
      .filter((ifd) => (tagNumber(ifd, 't254') & 1) === 0)
      .map((ifd) => ({ ifd, width: tagNumber(ifd, 't256'), height: tagNumber(ifd, 't257') }));
  }

  async toPng(page: TiffPage): Promise<Buffer> {
    UTIF.decodeImage(this.buffer, page.ifd);
    const rgba = UTIF.toRGBA8(page.ifd);
    const canvas = createCanvas(page.width, page.height);
    const pixels = new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength);
    canvas.getContext('2d').putImageData(new ImageData(pixels, page.width, page.height), 0, 0);
    return canvas.encode('png');
  }
}

function tagNumber(ifd: UTIF.IFD, tag: string): number {
  const value = ifd[tag];
  return Array.isArray(value) && typeof value[0] === 'number' ? value[0] : 0;
}
