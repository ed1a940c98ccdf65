/**
 * Preview MIME types a browser renders inline. HTML and SVG are left out on purpose: served
 * inline from the service's origin, their scripts would run there.
 */
import { baseType } from '../text/formats.ts';

const INLINE = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'text/plain',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/ogg',
]);

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** The type to store and serve, or undefined when it cannot be rendered inline. */
export function inlinePreviewType(mimeType: string): string | undefined {
  const base = baseType(mimeType);
  if (!MIME.test(base) || !INLINE.has(base)) return undefined;
  const charset = /;\s*charset="?([a-z0-9_.:-]+)"?/i.exec(mimeType)?.[1];
  return base.startsWith('text/') && charset ? `${base}; charset=${charset.toLowerCase()}` : base;
}

export const INLINE_PREVIEW_TYPES: readonly string[] = [...INLINE];
