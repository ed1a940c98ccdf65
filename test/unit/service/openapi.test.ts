/**
 * The rules the OpenAPI description is factored by (main/service/openapi): which shared shapes
 * become named components, how equal content is recognised, and how operationIds are made.
 */
import * as Type from 'typebox/type';
import { describe, expect, it } from 'vitest';
import { errorResponseName, errorResponses } from '../../../main/service/openapi/components.ts';
import { canonical, namesByContent, refNamed, sharedSchemas } from '../../../main/service/openapi/namedSchemas.ts';
import { operationIdOf } from '../../../main/service/openapi/operations.ts';
import { ErrorCodes } from '../../../shared/errors.ts';

describe('named schemas', () => {
  it('gives every shared shape one name: no two exports of shared/v1 have the same content', () => {
    const { ambiguous } = namesByContent(sharedSchemas(), new WeakMap());
    expect(ambiguous).toEqual([]);
  });

  it('leaves query and header shapes out, as they become parameters', () => {
    const names = Object.keys(sharedSchemas());
    expect(names).toContain('Version');
    expect(names).toContain('InitChunkedUpload');
    expect(names.filter((n) => /Query$|Headers$/.test(n))).toEqual([]);
  });

  it('recognises equal content whatever the order of keys', () => {
    expect(canonical({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(canonical({ b: { c: [1, { e: 3, d: 2 }] }, a: 1 }));
    expect(canonical({ a: 1 })).not.toBe(canonical({ a: '1' }));
  });

  it('names the outermost match and leaves the rest inline', () => {
    const inner = { type: 'object', properties: { id: { type: 'string' } } };
    const outer = { type: 'object', properties: { inner } };
    const memo = new WeakMap<object, string>();
    const { names } = namesByContent({ Inner: inner, Outer: outer }, memo);
    expect(refNamed({ schema: structuredClone(outer) }, names, memo)).toEqual({ schema: { $ref: '#/components/schemas/Outer' } });
    expect(refNamed({ items: [structuredClone(inner)], other: { type: 'string' } }, names, memo)).toEqual({
      items: [{ $ref: '#/components/schemas/Inner' }],
      other: { type: 'string' },
    });
  });

  it('leaves a content that two names share inline rather than pick one', () => {
    const memo = new WeakMap<object, string>();
    const shape = Type.Object({ id: Type.String() });
    const { names, ambiguous } = namesByContent({ ABody: shape, BBody: structuredClone(shape) }, memo);
    expect(ambiguous).toEqual([['ABody', 'BBody']]);
    expect(names.size).toBe(0);
  });
});

describe('operationIds', () => {
  it('are the path after /v1 in camelCase, with Head for the HEAD twin of a GET', () => {
    expect(operationIdOf('POST', '/v1/versions/upload')).toBe('versionsUpload');
    expect(operationIdOf('POST', '/v1/share-grants/update')).toBe('shareGrantsUpdate');
    expect(operationIdOf('POST', '/v1/acl/policy/getPage')).toBe('aclPolicyGetPage');
    expect(operationIdOf('POST', '/v1/ingest/from-url')).toBe('ingestFromUrl');
    expect(operationIdOf('GET', '/v1/openapi.json')).toBe('openapiJson');
    expect(operationIdOf('HEAD', '/v1/versions/download')).toBe('versionsDownloadHead');
  });
});

describe('failure answers', () => {
  it('exist for every HTTP status of the error table but 200, each listing its codes', () => {
    const responses = errorResponses();
    for (const entry of Object.values(ErrorCodes)) {
      if (entry.http === 200) continue;
      const answer = responses[errorResponseName(entry.http)] as { description: string } | undefined;
      expect(answer?.description, String(entry.code)).toContain(String(entry.code));
    }
    expect(errorResponseName(413)).toBe('PayloadTooLarge');
    expect(errorResponseName(500)).toBe('InternalServerError');
  });
});
