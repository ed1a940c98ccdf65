/**
 * Bytes of a text file to a string. A byte-order mark decides the encoding; without one, UTF-8 if
 * the bytes are valid UTF-8, else Windows-1252 (which maps every byte), so decoding never fails.
 * Line ends become \n.
 */
export function decodeText(bytes: Uint8Array): string {
  return decode(bytes).replace(/\r\n?/g, '\n');
}

function decode(b: Uint8Array): string {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return new TextDecoder('utf-8').decode(b);
  if (b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le').decode(b);
  if (b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return windows1252(b);
  }
}

/**
 * Windows-1252 differs from Latin-1 only in 0x80-0x9F. Done by hand because Node's TextDecoder
 * decodes 'windows-1252' as Latin-1 (0x80 gives U+0080 instead of €).
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

export function windows1252(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}
