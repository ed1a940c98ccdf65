/**
 * The table that decides who answers each /v1 endpoint on the local server (docs/offline.md):
 * the spec's 17 endpoints land where the docs say, unknown endpoints never reach the mirror or the
 * outbox, and the records of an answer are found under the resource's id field.
 */
import { describe, expect, it } from 'vitest';
import { classify, recordIdOf, recordsIn, RESOURCES, type QueuedWrite } from '../../../main/offline/endpoints.ts';

const kindOf = (method: string, path: string) => classify(method, path).kind;

describe('classify', () => {
  it.each([
    ['POST', '/v1/auth/token', 'public'],
    ['POST', '/v1/ingest/from-url', 'onlineOnly'],
    ['GET', '/v1/containers/getFormSchema', 'cachedRead'],
    ['POST', '/v1/acl/policy/update', 'queuedWrite'],
    ['POST', '/v1/containers/create', 'treeWrite'],
    ['POST', '/v1/documents/save', 'treeWrite'],
    ['GET', '/v1/fieldDefinitions/get', 'cachedRead'],
    ['GET', '/v1/versions/text', 'cachedRead'],
    ['POST', '/v1/acl/policy/getPage', 'cachedRead'],
    ['POST', '/v1/contentTypes/save', 'queuedWrite'],
    ['POST', '/v1/versions/initChunkedUpload', 'treeWrite'],
    ['POST', '/v1/share-grants/update', 'queuedWrite'],
    ['POST', '/v1/contentTypes/getPage', 'cachedRead'],
    ['POST', '/v1/versions/getPage', 'treeRead'],
    ['GET', '/v1/contentTypes/get', 'cachedRead'],
    ['POST', '/v1/departments/update', 'queuedWrite'],
    ['POST', '/v1/roles/save', 'queuedWrite'],
  ])('%s %s is %s (the spec table of docs/offline.md)', (method, path, kind) => {
    expect(kindOf(method, path)).toBe(kind);
  });

  it('keeps the tree, the change feed and downloads with the mirror', () => {
    expect(kindOf('GET', '/v1/containers/get')).toBe('treeRead');
    expect(kindOf('POST', '/v1/documents/getPage')).toBe('treeRead');
    expect(kindOf('GET', '/v1/versions/download')).toBe('download');
    expect(kindOf('POST', '/v1/changes/getPage')).toBe('mirror');
    expect(kindOf('POST', '/v1/versions/uploadChunk')).toBe('treeWrite');
    expect(kindOf('POST', '/v1/documents/delete')).toBe('treeWrite');
  });

  it('sends restores, renditions, webhooks, ACL entries and unknown writes to the service only', () => {
    for (const path of ['/v1/containers/restore', '/v1/documents/restore', '/v1/renditions/upload', '/v1/renditions/signed-url', '/v1/webhooks/create', '/v1/acl/entries/set', '/v1/roles/addMembers', '/v1/made/up']) {
      expect(kindOf('POST', path), path).toBe('onlineOnly');
    }
  });

  it('treats any GET, and POSTs whose verb reads, as reads', () => {
    expect(classify('GET', '/v1/renditions/list')).toEqual({ kind: 'cachedRead', resource: null });
    expect(classify('POST', '/v1/roles/getMembers')).toEqual({ kind: 'cachedRead', resource: RESOURCES.roles });
    expect(classify('POST', '/v1/webhooks/deliveries/getPage').kind).toBe('cachedRead');
  });

  it('leaves a tree endpoint called with the wrong method to the service, which refuses it', () => {
    expect(kindOf('GET', '/v1/containers/create')).toBe('cachedRead');
    expect(kindOf('POST', '/v1/containers/get')).toBe('cachedRead');
    expect(kindOf('GET', '/v1/documents/getPage')).toBe('cachedRead');
  });
});

describe('queued writes', () => {
  const write = (method: string, path: string) => classify(method, path) as QueuedWrite;

  it('finds the record id in the body, or in the query for acl/policy/update', () => {
    expect(recordIdOf(write('POST', '/v1/share-grants/update'), { shareGrantId: 'shg_1', expiresAt: '' }, {})).toBe('shg_1');
    expect(recordIdOf(write('POST', '/v1/acl/policy/update'), { policyId: 'wrong' }, { policyId: 'pol_1' })).toBe('pol_1');
    expect(recordIdOf(write('POST', '/v1/roles/save'), { name: 'x' }, {})).toBe('');
  });

  it('knows what an applied revoke, disable or delete looks like', () => {
    const revoke = write('POST', '/v1/share-grants/revoke');
    expect(revoke.applied?.({ status: 'REVOKED' })).toBe(true);
    expect(revoke.applied?.({ status: 'ACTIVE' })).toBe(false);
    expect(revoke.optimistic?.({ status: 'ACTIVE', shareGrantId: 's' }, {})).toMatchObject({ status: 'REVOKED', revokedAt: expect.any(String) });
    expect(write('POST', '/v1/departments/delete').applied?.(null)).toBe(true);
    expect(write('POST', '/v1/departments/delete').applied?.({ deptId: 'd' })).toBe(false);
    expect(write('POST', '/v1/contentTypes/disable').applied?.({ status: 'DISABLED' })).toBe(true);
  });
});

describe('recordsIn', () => {
  it('finds a single record and the records of a page, by the resource id field', () => {
    const r = RESOURCES.contentTypes as NonNullable<typeof RESOURCES.contentTypes>;
    expect(recordsIn(r, { typeId: 't1', name: 'a' })).toEqual([{ typeId: 't1', name: 'a' }]);
    expect(recordsIn(r, { totalElements: 3, content: [{ typeId: 't1' }, { other: 1 }, null, { typeId: 't2' }] })).toEqual([{ typeId: 't1' }, { typeId: 't2' }]);
    expect(recordsIn(r, null)).toEqual([]);
    expect(recordsIn(r, { fieldId: 'f' })).toEqual([]);
  });
});
