/**
 * Preview MIME types a browser renders inline. HTML and SVG are left out on purpose: served
 * inline from the service's origin, their scripts would run there.
 */
import { formatMediaType, type MediaType } from '../mediaType.ts';

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

/** The type to store and serve (a text type keeps its charset, nothing else), or undefined when it cannot be rendered inline. */
export function inlinePreviewType(type: MediaType): string | undefined {
  if (!INLINE.has(type.essence)) return undefined;
  const charset = type.essence.startsWith('text/') ? type.parameters.charset : undefined;
  return formatMediaType({ essence: type.essence, parameters: charset ? { charset } : {} });
}

export const INLINE_PREVIEW_TYPES: readonly string[] = [...INLINE];
