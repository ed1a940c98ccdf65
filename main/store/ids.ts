import { randomBytes } from 'node:crypto';

/** Opaque, URL-safe ids with a prefix that names the kind: `ctr_…`, `doc_…`, `ver_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
