/**
 * The text behind a READY TEXT rendition: the JSON document in its bytes, or, for a text file
 * (TEXT_IN_VERSION_MIME), the document made from the version's own content, which is not stored
 * twice. Whatever was read is returned unchecked: callers test it with isTextDocument.
 */
import type { RenditionRecord } from '../../store/repos/renditions.ts';
import type { AreaDeps } from '../kernel.ts';
import { fail } from '../errors.ts';
import type { RenditionFiles } from '../renditions/files.ts';
import { textFileExtraction } from './results.ts';
import { TEXT_IN_VERSION_MIME } from './textDocument.ts';
import { readVersion } from './versionBytes.ts';

export async function readTextDocument(deps: AreaDeps<'blobs' | 'versions'>, files: RenditionFiles, rendition: RenditionRecord): Promise<unknown> {
  if (rendition.mimeType !== TEXT_IN_VERSION_MIME) {
    const bytes = await files.readAll(rendition);
    try {
      return JSON.parse(bytes.toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  }
  const version = deps.repos.versions.get(rendition.tenantId, rendition.versionId);
  if (!version) fail('RENDITION_BLOB_NOT_AVAILABLE', `the content of version ${rendition.versionId} is not available; retry later`);
  const bytes = await readVersion(deps, version).catch((err: unknown) => fail('RENDITION_DOWNLOAD_FAILED', `${err instanceof Error ? err.message : String(err)}; retry`));
  const outcome = textFileExtraction(bytes);
  return outcome.status === 'READY' ? outcome.document : undefined;
}
