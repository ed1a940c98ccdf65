/** The shape rule of free-form metadata maps (main/service/tree/metadata.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/service/errors.ts';
import { METADATA_MAX_DEPTH, validMetadata } from '../../../main/service/tree/metadata.ts';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { k: value };
  return value;
}

function codeOf(fn: () => unknown): number | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    if (err instanceof ServiceError) return err.value.code;
    throw err;
  }
}

describe('validMetadata', () => {
  it('accepts any JSON values nested within the limit, unchanged', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: METADATA_MAX_DEPTH })), (map) => {
        expect(validMetadata(map, 'metadataColumns')).toBe(map);
      }),
    );
  });

  it('accepts values exactly at the depth limit and refuses one level more with 110001', () => {
    expect(codeOf(() => validMetadata({ a: nested(METADATA_MAX_DEPTH) }, 'metadataColumns'))).toBeUndefined();
    expect(codeOf(() => validMetadata({ a: nested(METADATA_MAX_DEPTH + 1) }, 'metadataColumns'))).toBe(110001);
  });

  it('names the field, and survives nesting far beyond the call stack', () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    try {
      validMetadata({ a: deep }, 'metadataColumns');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ServiceError);
      expect((err as ServiceError).value).toMatchObject({ code: 110001, details: { field: 'metadataColumns' }, message: expect.stringContaining('metadataColumns') });
    }
  });
});
