/**
 * The service's records as the UI sees them. Each view picks the fields DesktopApi promises and
 * fills what the service left out, so a newer or older service never breaks the contract.
 *
 * Share grants (/v1/share-grants/*) are assumed to follow spec §2 ShareGrant: shareGrantId,
 * resourceType (CONTAINER | DOCUMENT), resourceId, grantorId, granteeType (USER | DEPARTMENT | ROLE),
 * granteeId, permissionPreset (VIEW | DOWNLOAD | EDIT), message, expiresAt, revokedAt, status
 * (ACTIVE | EXPIRED | REVOKED), createTime — plus granteeName when the service sends one.
 */
import type { ContainerEntry, DocumentEntry, Share, TextPage, VersionEntry, VersionText } from '../../shared/desktop/api.ts';

type Loose = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) ? v : 0);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});

export function containerView(c: unknown): ContainerEntry {
  const r = obj(c);
  const perms = obj(r.effectivePermissions);
  return {
    containerId: str(r.containerId),
    name: str(r.name),
    hasChildren: r.hasChildren === true,
    canWrite: perms.write === true,
    canShare: perms.share === true,
  };
}

export function documentView(d: unknown): DocumentEntry {
  const r = obj(d);
  return {
    docId: str(r.docId),
    containerId: str(r.containerId),
    title: str(r.title),
    sizeBytes: int(r.sizeBytes),
    mimeType: str(r.mimeType),
    currentVersionId: str(r.currentVersionId),
    currentVersionNo: int(r.currentVersionNo),
    updateTime: str(r.updateTime),
  };
}

export function shareView(s: unknown): Share {
  const r = obj(s);
  return {
    shareGrantId: str(r.shareGrantId),
    resourceType: str(r.resourceType),
    resourceId: str(r.resourceId),
    grantorId: str(r.grantorId),
    granteeType: str(r.granteeType),
    granteeId: str(r.granteeId),
    granteeName: str(r.granteeName),
    permissionPreset: str(r.permissionPreset),
    message: str(r.message),
    expiresAt: str(r.expiresAt),
    revokedAt: str(r.revokedAt),
    status: str(r.status),
    createTime: str(r.createTime),
  };
}

export function versionView(v: unknown): VersionEntry {
  const r = obj(v);
  return {
    versionId: str(r.versionId),
    versionNo: int(r.versionNo),
    sizeBytes: int(r.sizeBytes),
    mimeType: str(r.mimeType),
    originalFilename: str(r.originalFilename),
    comment: str(r.comment),
    label: str(r.label),
    createBy: str(r.createByName) || str(r.createBy),
    createTime: str(r.createTime),
    contentHash: str(r.contentHash),
  };
}

const TEXT_STATUSES = ['READY', 'PENDING', 'FAILED', 'NOT_APPLICABLE'] as const;

/** Spec 4.8: PENDING carries nothing more; FAILED and NOT_APPLICABLE carry only the reason. */
export function versionTextView(t: unknown, versionId: string): VersionText {
  const r = obj(t);
  const status = TEXT_STATUSES.find((s) => s === r.status) ?? 'FAILED';
  const pages: TextPage[] =
    status === 'READY' && Array.isArray(r.pages)
      ? r.pages.map((p) => {
          const q = obj(p);
          return { page: int(q.page), text: str(q.text), confidence: num(q.confidence), coverage: num(q.coverage), ocrStatus: str(q.ocrStatus) };
        })
      : [];
  return {
    versionId: str(r.versionId) || versionId,
    status,
    source: status === 'READY' ? str(r.source) : '',
    pages,
    failReason: str(r.failReason) || (TEXT_STATUSES.some((s) => s === r.status) ? '' : `unexpected status ${JSON.stringify(r.status)}`),
  };
}
