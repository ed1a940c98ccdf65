/**
 * Signed direct-read URLs. The signature is an HMAC-SHA256, under the install's own key, over
 * tenant, version, kind and expiry together: changing any of them, or the expiry passing,
 * invalidates the URL.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignedReadQuery } from '../../../shared/v1/renditions.ts';

export interface SignedRead {
  tenantId: string;
  versionId: string;
  kind: string;
  /** Unix seconds. */
  expires: number;
}

const DIGITS = /^\d{1,12}$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/;

export function signRead(key: Buffer, r: SignedRead): string {
  // JSON keeps the fields apart: no two different reads sign the same text.
  return createHmac('sha256', key).update(JSON.stringify(['folio-rendition-read-v1', r.tenantId, r.versionId, r.kind, r.expires])).digest('hex');
}

export function signedQuery(key: Buffer, r: SignedRead): URLSearchParams {
  return new URLSearchParams({ tenantId: r.tenantId, versionId: r.versionId, kind: r.kind, expires: String(r.expires), sig: signRead(key, r) });
}

export type Verdict = { ok: true; read: SignedRead } | { ok: false; reason: 'malformed' | 'bad signature' | 'expired' };

export function verifyRead(key: Buffer, q: SignedReadQuery, nowSeconds: number): Verdict {
  const { tenantId, versionId, kind, expires, sig } = q;
  if (!tenantId || !versionId || !kind || !expires || !sig || !DIGITS.test(expires) || !HEX_SHA256.test(sig)) return { ok: false, reason: 'malformed' };
  const read: SignedRead = { tenantId, versionId, kind, expires: Number(expires) };
  if (!timingSafeEqual(Buffer.from(signRead(key, read), 'hex'), Buffer.from(sig, 'hex'))) return { ok: false, reason: 'bad signature' };
  if (read.expires < nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, read };
}
