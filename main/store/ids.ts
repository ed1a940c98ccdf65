import { randomBytes } from 'node:crypto';

const ID_BYTES = 12;
/**
 * Random bytes are drawn a few kilobytes at a time, as crypto.randomUUID does: one call into the
 * CSPRNG per id cost more than the rest of making a document.
 */
const POOL_BYTES = ID_BYTES * 512;
let pool = Buffer.alloc(0);
let taken = 0;

function idBytes(): Buffer {
  if (taken + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    taken = 0;
  }
  taken += ID_BYTES;
  return pool.subarray(taken - ID_BYTES, taken);
}

/** Opaque, URL-safe ids with a prefix that names the kind: `ctr_…`, `doc_…`, `ver_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${idBytes().toString('base64url')}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
