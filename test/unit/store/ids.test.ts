/** Ids (main/store/ids.ts): drawn from a pool of random bytes, still each one distinct and well formed. */
import { describe, expect, it } from 'vitest';
import { newId } from '../../../main/store/ids.ts';

describe('newId', () => {
  it('gives distinct, URL-safe ids of 12 random bytes, across many refills of its pool', () => {
    const ids = Array.from({ length: 20_000 }, () => newId('doc'));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^doc_[A-Za-z0-9_-]{16}$/);
  });
});
