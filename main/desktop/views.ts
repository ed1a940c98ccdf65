/**
 * The service's records as the UI sees them. Containers, documents and versions arrive as the v1
 * resources they are (shared/v1/resources.ts), and their DesktopApi entries are cut from them by
 * schema. Shares and text are still read loosely: each view picks the fields DesktopApi promises
 * and fills what the service left out.
 *
 * Share grants (/v1/share-grants/*) are assumed to follow spec §2 ShareGrant: shareGrantId,
 * resourceType (CONTAINER | DOCUMENT), resourceId, grantorId, granteeType (USER | DEPARTMENT | ROLE),
 * granteeId, permissionPreset (VIEW | DOWNLOAD | EDIT), message, expiresAt, revokedAt, status
 * (ACTIVE | EXPIRED | REVOKED), createTime — plus granteeName when the service sends one.
 */
import { DocumentEntry, VersionEntry, type ContainerEntry, type Share, type TextPage, type VersionText } from '../../shared/desktop/api.ts';
import { fieldsOf } from '../../shared/v1/fields.ts';
import type { Container, Document, Version } from '../../shared/v1/resources.ts';

type Loose = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) ? v : 0);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});

export function containerView(c: Container): ContainerEntry {
  return { containerId: c.containerId, name: c.name, hasChildren: c.hasChildren, canWrite: c.effectivePermissions.write, canShare: c.effectivePermissions.share };
}

export function documentView(d: Document): DocumentEntry {
  return fieldsOf(DocumentEntry, d);
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

/** The author by name, or by id when the service has no name for them (a deleted user). */
export function versionView(v: Version): VersionEntry {
  return { ...fieldsOf(VersionEntry, v), createBy: v.createByName || v.createBy };
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
