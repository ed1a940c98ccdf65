/**
 * Which extractor reads a file. The bytes decide for the binary formats (a PDF named .txt is still
 * a PDF); the declared MIME type decides between the text formats, which have no signature.
 */
export type Format = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'docx' | 'odt' | 'epub' | 'rtf' | 'html' | 'markdown' | 'plain' | 'none';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** What the `mimetype` entry of an OpenDocument or EPUB package (or, failing it, the declared type) says. */
const PACKAGE_FORMATS = new Map<string, Format>([
  ['application/vnd.oasis.opendocument.text', 'odt'],
  ['application/vnd.oasis.opendocument.text-template', 'odt'],
  ['application/epub+zip', 'epub'],
]);
/** Declared types that are text by definition, though not under text/. */
const TEXT_APPLICATION_TYPES = new Set(['application/json', 'application/xml', 'application/javascript', 'application/x-yaml', 'application/yaml', 'application/sql', 'application/x-sh', 'application/toml']);
const SNIFF_BYTES = 8192;
/** Tab, line feed, form feed, carriage return, and escape (coloured logs). */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1b]);

export function detectFormat(bytes: Uint8Array, mimeType: string): Format {
  const signed = bySignature(bytes, mimeType);
  if (signed) return signed;
  const mime = baseType(mimeType);
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  if (mime === 'text/markdown' || mime === 'text/x-markdown') return 'markdown';
  if (mime.startsWith('text/') || TEXT_APPLICATION_TYPES.has(mime) || mime.endsWith('+xml') || mime.endsWith('+json')) return 'plain';
  if ((mime === '' || mime === 'application/octet-stream') && looksLikeText(bytes)) return 'plain';
  return 'none';
}

/** `type/subtype` in lower case, without parameters. */
export function baseType(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase();
}

function bySignature(b: Uint8Array, mimeType: string): Format | undefined {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return zipFormat(b, mimeType);
  if (startsWith(b, [0x7b, 0x5c, 0x72, 0x74, 0x66])) return 'rtf';
  // Readers accept a PDF header anywhere in the first KiB, after junk such as a mail header.
  if (Buffer.from(b.buffer, b.byteOffset, Math.min(b.byteLength, 1024)).includes('%PDF-')) return 'pdf';
  return undefined;
}

/**
 * A zip is a DOCX when it holds word/document.xml (entry names are stored uncompressed); an
 * OpenDocument or EPUB package starts with an uncompressed `mimetype` entry that names its type.
 */
function zipFormat(b: Uint8Array, mimeType: string): Format | undefined {
  if (baseType(mimeType) === DOCX_MIME || Buffer.from(b.buffer, b.byteOffset, b.byteLength).includes('word/document.xml')) return 'docx';
  return PACKAGE_FORMATS.get(packageMimetype(b) ?? baseType(mimeType));
}

/** The content of a first entry named `mimetype` stored without compression, as ODF and EPUB require. */
function packageMimetype(b: Uint8Array): string | undefined {
  if (b.length < 30) return undefined;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const method = view.getUint16(8, true);
  const size = view.getUint32(18, true);
  const nameLength = view.getUint16(26, true);
  const extraLength = view.getUint16(28, true);
  const name = Buffer.from(b.buffer, b.byteOffset + 30, Math.min(nameLength, b.length - 30)).toString('latin1');
  const start = 30 + nameLength + extraLength;
  if (method !== 0 || name !== 'mimetype' || size > 100 || start + size > b.length) return undefined;
  return Buffer.from(b.buffer, b.byteOffset + start, size).toString('latin1').trim();
}

function startsWith(b: Uint8Array, sig: number[]): boolean {
  return b.length >= sig.length && sig.every((x, i) => b[i] === x);
}

/** Valid UTF-8 with no control characters other than tab, newlines and form feed, as `file` judges text. */
export function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.length === 0) return false;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: head.length < bytes.length });
  } catch {
    return false;
  }
  for (let i = 0; i < decoded.length; i++) {
    const c = decoded.charCodeAt(i);
    if ((c < 0x20 && !ALLOWED_CONTROLS.has(c)) || c === 0x7f) return false;
  }
  return true;
}
