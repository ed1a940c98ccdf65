/** Signed read URLs: any change to a signed field, or the expiry passing, invalidates the URL. */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signedQuery, verifyRead, type SignedRead } from '../../../main/service/renditions/signing.ts';
import type { SignedReadQuery } from '../../../shared/v1/renditions.ts';

const key = randomBytes(32);
const NOW = 1_700_000_000;

const read = fc.record({
  tenantId: fc.string({ minLength: 1, maxLength: 40 }),
  versionId: fc.string({ minLength: 1, maxLength: 40 }),
  kind: fc.string({ minLength: 1, maxLength: 20 }),
  expires: fc.integer({ min: NOW, max: NOW + 3600 }),
});

const query = (r: SignedRead, k = key): SignedReadQuery => Object.fromEntries(signedQuery(k, r));

describe('signed reads', () => {
  it('accept what they signed until it expires', () => {
    fc.assert(
      fc.property(read, (r) => {
        expect(verifyRead(key, query(r), NOW)).toEqual({ ok: true, read: r });
        expect(verifyRead(key, query(r), r.expires)).toEqual({ ok: true, read: r });
        expect(verifyRead(key, query(r), r.expires + 1)).toEqual({ ok: false, reason: 'expired' });
      }),
    );
  });

  it('refuse a URL with any signed field changed', () => {
    const field = fc.constantFrom('tenantId', 'versionId', 'kind', 'expires' as const);
    fc.assert(
      fc.property(read, field, fc.string({ minLength: 1, maxLength: 40 }), (r, f, replacement) => {
        const q = query(r);
        const changed = f === 'expires' ? String(r.expires + 1 + (replacement.length % 100)) : `${q[f]}${replacement}`;
        const verdict = verifyRead(key, { ...q, [f]: changed }, NOW);
        expect(verdict.ok).toBe(false);
      }),
    );
  });

  it('refuse a URL signed with another key', () => {
    fc.assert(
      fc.property(read, (r) => {
        expect(verifyRead(key, query(r, randomBytes(32)), NOW)).toEqual({ ok: false, reason: 'bad signature' });
      }),
    );
  });

  it('never throw on arbitrary input', () => {
    const anyField = fc.option(fc.string({ maxLength: 80 }), { nil: undefined });
    fc.assert(
      fc.property(fc.record({ tenantId: anyField, versionId: anyField, kind: anyField, expires: anyField, sig: anyField }), (q) => {
        expect(verifyRead(key, q, NOW).ok).toBe(false);
      }),
    );
  });
});
