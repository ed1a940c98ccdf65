/**
 * The engine's own temp files: a download is written beside its destination as a part file, and
 * one a crash left behind is removed once the pair is in sync. Only names of exactly this form
 * are the engine's: other `.folio-*.part` files (the desktop writing `.folioignore` through
 * replaceFile, say) are in flight elsewhere, and removing them would break that write.
 */
import { createHash } from 'node:crypto';

export const DOWNLOAD_PART = /^\.folio-[0-9a-f]{20}\.part$/;

/** The part file of a download: stable per node and content, so a resumed download finds it. */
export function downloadPartName(id: string, hash: string): string {
  return `.folio-${createHash('sha256').update(`${id}\n${hash}`).digest('hex').slice(0, 20)}.part`;
}
