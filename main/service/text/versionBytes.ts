/** A version's content, read whole into memory for the text job and for the text of a text file. */
import type { VersionRecord } from '../../store/repos/versions.ts';
import type { AreaDeps } from '../kernel.ts';

/**
 * The version's bytes in a buffer of their own (it is handed over to the extractor thread). A read
 * failure is retried: the file may be on a volume that is briefly unavailable.
 */
export async function readVersion(deps: AreaDeps<'blobs'>, version: VersionRecord): Promise<Uint8Array> {
  const bytes = new Uint8Array(version.sizeBytes);
  let at = 0;
  try {
    for await (const chunk of deps.repos.blobs.read(version.contentHash)) {
      const piece = chunk as Buffer;
      if (at + piece.length > bytes.length) throw new Error('the stored file is longer than the version says');
      bytes.set(piece, at);
      at += piece.length;
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(`could not read the version's content (${code ?? (err instanceof Error ? err.message : 'I/O error')})`);
  }
  if (at !== bytes.length) throw new Error('the stored file is shorter than the version says');
  return bytes;
}
