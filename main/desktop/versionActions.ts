/** Acting on a document's history from the UI: fetching any version's bytes, and restoring one. */
import { createHash } from 'node:crypto';
import type { ArgsOf, ResultOf } from '../../shared/desktop/api.ts';
import { contract } from '../../shared/v1/contract/index.ts';
import type { Version } from '../../shared/v1/resources.ts';
import type { FolioClient } from '../remote/client.ts';
import { failure } from './failure.ts';

/** Base64 over the transport grows by a third and is held whole in the UI: past this, the synced file is the way. */
export const MAX_UI_DOWNLOAD_BYTES = 64 * 1024 * 1024;

export async function downloadVersion(client: FolioClient, args: ArgsOf<'downloadVersion'>): Promise<ResultOf<'downloadVersion'>> {
  const v = await client.getVersion(args.versionId);
  if (v.sizeBytes > MAX_UI_DOWNLOAD_BYTES) throw failure('INVALID_STATE', `version ${v.versionNo} is larger than ${MAX_UI_DOWNLOAD_BYTES / 1024 / 1024} MiB: open it from a synced folder instead`);
  const bytes = await client.withRetry(async () => {
    const res = await (await client.got()).get(contract.versions.download.path.slice(1), { searchParams: { versionId: v.versionId }, headers: await client.authHeaders(), responseType: 'buffer' });
    if (res.statusCode === 403) throw failure('SERVICE_ERROR', 'You may read this document but not download it.');
    if (res.statusCode !== 200) throw failure('SERVICE_ERROR', `the service answered HTTP ${res.statusCode} to the download`);
    return res.body;
  });
  if (createHash('sha256').update(bytes).digest('hex') !== v.contentHash) throw failure('SERVICE_ERROR', 'the downloaded bytes do not match the version; try again');
  return { filename: filenameOf(v), mimeType: v.mimeType, sizeBytes: bytes.length, base64: bytes.toString('base64') };
}

export async function restoreVersion(client: FolioClient, args: ArgsOf<'restoreVersion'>): Promise<ResultOf<'restoreVersion'>> {
  const r = await client.v1(contract.versions.restore, { versionId: args.versionId });
  return { versionId: r.versionId, versionNo: r.versionNo };
}

/** "report.pdf" as "report (v2).pdf": a saved old version never passes for the current file. */
function filenameOf(v: Version): string {
  const name = v.originalFilename || 'document';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (v${v.versionNo})${name.slice(dot)}` : `${name} (v${v.versionNo})`;
}
