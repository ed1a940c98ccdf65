/**
 * Storage quotas per tenant (spec §8; docs/api.md#limits publishes the rules).
 *
 * Two checks:
 * - admission, on a declared size (initChunkedUpload's totalSize, a direct upload's
 *   Content-Length, ingest's declaredSizeBytes or the source's Content-Length), before any byte
 *   is stored. The size must fit in the quota less the stored bytes and the bytes reserved by the
 *   tenant's open chunked uploads. A declared size says nothing about the content, so it is
 *   charged in full, unless an expectedContentHash names content the tenant already stores.
 * - charge, on the real content, inside the finalize transaction. Content the tenant already
 *   stores costs nothing. The transaction serialises writers, so two uploads cannot both take
 *   the last free bytes.
 */
import type { Readable } from 'node:stream';
import type { StagedBlob } from '../../store/blobStore.ts';
import { SizeLimitExceeded } from '../../store/streamWrite.ts';
import type { Repos } from '../../store/repositories.ts';
import { fail } from '../errors.ts';

/** Refuses a declared size that does not fit in what the tenant has left. */
export function admitDeclared(repos: Repos<'blobs' | 'identity' | 'quotas'>, tenantId: string, declaredBytes: number | null | undefined, contentHash = ''): void {
  const quota = repos.quotas.quotaOf(tenantId);
  if (quota === 0 || declaredBytes === null || declaredBytes === undefined) return;
  if (repos.quotas.holds(tenantId, contentHash)) return;
  const used = repos.quotas.usedBytes(tenantId);
  const reserved = repos.quotas.reservedBytes(tenantId, Date.now());
  if (used + reserved + declaredBytes > quota) overQuota(`${declaredBytes} bytes declared do not fit`, declaredBytes, quota, used, reserved);
}

/** Refuses content that would take the tenant's stored bytes over its quota. Run it in the finalize transaction. */
export function chargeStored(repos: Repos<'blobs' | 'identity' | 'quotas'>, tenantId: string, contentHash: string, sizeBytes: number): void {
  const quota = repos.quotas.quotaOf(tenantId);
  if (quota === 0 || repos.quotas.holds(tenantId, contentHash)) return;
  const used = repos.quotas.usedBytes(tenantId);
  if (used + sizeBytes > quota) overQuota(`${sizeBytes} bytes of new content do not fit`, sizeBytes, quota, used, 0);
}

/**
 * Stages a stream that declared no size the quota could check, cutting it off as soon as it
 * passes `ceiling` (a SizeLimitExceeded, for the caller to report) or the room the tenant has left
 * (QUOTA_EXCEEDED). Bytes the tenant may already store still count here: they are not hashed yet.
 */
export async function stageWithinQuota(repos: Repos<'blobs' | 'identity' | 'quotas'>, tenantId: string, body: Readable, ceiling: number): Promise<StagedBlob> {
  const quota = repos.quotas.quotaOf(tenantId);
  const used = quota === 0 ? 0 : repos.quotas.usedBytes(tenantId);
  const reserved = quota === 0 ? 0 : repos.quotas.reservedBytes(tenantId, Date.now());
  const room = quota === 0 ? Infinity : Math.max(0, quota - used - reserved);
  if (room >= ceiling) return repos.blobs.stage(body, ceiling);
  try {
    return await repos.blobs.stage(body, room);
  } catch (err) {
    if (err instanceof SizeLimitExceeded) overQuota(`the content passed the ${room} bytes left`, room + 1, quota, used, reserved);
    throw err;
  }
}

function overQuota(what: string, required: number, quota: number, used: number, reserved: number): never {
  const held = reserved > 0 ? `${used} bytes stored, ${reserved} reserved by open chunked uploads` : `${used} bytes stored`;
  return fail('QUOTA_EXCEEDED', `storage quota exceeded: ${what} in the quota of ${quota} bytes (${held}); nothing was stored`, {
    quotaBytes: quota,
    usedBytes: used,
    reservedBytes: reserved,
    requiredBytes: required,
  });
}

/** `folio admin set-quota`: sets (or, with 0, removes) a tenant's quota. Bytes already stored above it stay. */
export async function setTenantQuota(repos: Repos<'blobs' | 'identity' | 'quotas'>, tenantId: string, quotaBytes: number): Promise<{ tenantId: string; quotaBytes: number; usedBytes: number }> {
  if (!(await repos.identity.tenantExists(tenantId))) fail('NOT_FOUND', `tenant not found: ${tenantId}`);
  repos.quotas.setQuota(tenantId, quotaBytes);
  return { tenantId, quotaBytes, usedBytes: repos.quotas.usedBytes(tenantId) };
}
