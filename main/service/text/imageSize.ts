/**
 * Pixel dimensions read from PNG and JPEG headers, without decoding: an image is checked against
 * the pixel limit before anything allocates its pixels (a small file can declare a huge image).
 */
export interface Size {
  width: number;
  height: number;
}

export function pngSize(b: Uint8Array): Size | undefined {
  // The signature (8 bytes), then IHDR: length (4), type (4), width (4), height (4).
  if (b.length < 24 || String.fromCharCode(b[12] ?? 0, b[13] ?? 0, b[14] ?? 0, b[15] ?? 0) !== 'IHDR') return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Start-of-frame markers carry the frame size; the others (DHT C4, JPG C8, DAC CC) do not. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export function jpegSize(b: Uint8Array): Size | undefined {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i++;
      continue;
    }
    // Markers without a length field: TEM, RSTn, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2;
      continue;
    }
    const length = view.getUint16(i + 2);
    if (SOF.has(marker)) {
      if (i + 8 >= b.length) return undefined;
      return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
    }
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}
