/**
 * The service's records as the UI sees them: each view picks the fields DesktopApi promises.
 * What comes in was checked against the /v1 contract by the client (main/remote/client.ts), so a
 * view only chooses; a service that answers otherwise fails there, with UNEXPECTED_REPLY.
 */
import type { ContainerEntry, DocumentEntry, Share, VersionEntry, VersionText } from '../../shared/desktop/api.ts';
import type { ShareGrant } from '../../shared/v1/access.ts';
import type { Container, Document, Version } from '../../shared/v1/resources.ts';
import type { VersionText as ServiceVersionText } from '../../shared/v1/text.ts';

export function containerView(c: Container): ContainerEntry {
  return {
    containerId: c.containerId,
    name: c.name,
    hasChildren: c.hasChildren,
    canWrite: c.effectivePermissions.write,
    canShare: c.effectivePermissions.share,
  };
}

export function documentView(d: Document): DocumentEntry {
  return {
    docId: d.docId,
    containerId: d.containerId,
    title: d.title,
    sizeBytes: d.sizeBytes,
    mimeType: d.mimeType,
    currentVersionId: d.currentVersionId,
    currentVersionNo: d.currentVersionNo,
    updateTime: d.updateTime,
  };
}

export function shareView(s: ShareGrant): Share {
  return {
    shareGrantId: s.shareGrantId,
    resourceType: s.resourceType,
    resourceId: s.resourceId,
    grantorId: s.grantorId,
    granteeType: s.granteeType,
    granteeId: s.granteeId,
    granteeName: s.granteeName,
    permissionPreset: s.permissionPreset,
    message: s.message,
    expiresAt: s.expiresAt,
    revokedAt: s.revokedAt,
    status: s.status,
    createTime: s.createTime,
  };
}

export function versionView(v: Version): VersionEntry {
  return {
    versionId: v.versionId,
    versionNo: v.versionNo,
    sizeBytes: v.sizeBytes,
    mimeType: v.mimeType,
    originalFilename: v.originalFilename,
    comment: v.comment,
    label: v.label,
    createBy: v.createByName || v.createBy,
    createTime: v.createTime,
    contentHash: v.contentHash,
  };
}

/** Spec 4.8: PENDING carries nothing more; FAILED and NOT_APPLICABLE carry only the reason; the layout stays behind. */
export function versionTextView(t: ServiceVersionText): VersionText {
  const ready = t.status === 'READY';
  return {
    versionId: t.versionId,
    status: t.status,
    source: ready ? (t.source ?? '') : '',
    pages: ready ? (t.pages ?? []).map((p) => ({ page: p.page, text: p.text, confidence: p.confidence, coverage: p.coverage, ocrStatus: p.ocrStatus })) : [],
    failReason: t.failReason ?? '',
  };
}
