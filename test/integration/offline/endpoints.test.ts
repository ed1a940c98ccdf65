/**
 * Issue 5, test 5: every one of the spec's 17 endpoints, called on the local server while the
 * service is down, gets a well-formed envelope: served (from the mirror, or from what was read
 * while online), queued (202, in the outbox), or 170001 SERVICE_UNREACHABLE for what only the
 * service can do. docs/offline.md has the same table.
 *
 * Some endpoints live on other branches (ACL policies, share grants, departments, roles, text):
 * while the service lacks one, the local server has nothing cached for it, so a read or an update
 * of it is 170001 and a create is still queued. The expectation follows what the service offers.
 *
 * Also here: the local token file is the user's alone, and the local server wants it.
 */
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../shared/envelope.ts';
import type { ContentType, FieldDefinition } from '../../../shared/v1/contentModel.ts';
import type { Document, PageOf } from '../../../shared/v1/resources.ts';
import { Api, data } from '../../helpers/server.ts';
import { World, wellFormed } from './harness.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

type Outcome = 'served' | 'queued' | 'unreachable';

let w: World;
let paths: Set<string>;
let doc: Document;
let typeId = '';
let fieldId = '';
let policyId = 'pol_never_read';
let shareGrantId = 'shg_never_read';
let deptId = 'dpt_never_read';

beforeAll(async () => {
  w = await World.create();
  paths = await w.servicePaths();
  await w.serviceUpload({ containerId: w.rootId, title: 'synced.txt' }, 'synced');
  await w.pairAdd();
  await w.startDaemon();
  await w.converged();
  doc = (await w.serviceDocs(w.rootId)).get('synced.txt') as Document;

  // Read once while online, as a user of the local API would have: these are served offline.
  typeId = (data(await w.local.post<PageOf<ContentType>>('/v1/contentTypes/getPage', {})).content[0] as ContentType).typeId;
  data(await w.local.get('/v1/contentTypes/get', { typeId }));
  fieldId = data(await w.svc.post<FieldDefinition>('/v1/fieldDefinitions/save', { attributeKey: 'priority', displayName: 'Priority', valueType: 'INTEGER' })).fieldId;
  data(await w.local.get('/v1/fieldDefinitions/get', { fieldId }));
  data(await w.local.get('/v1/containers/getFormSchema', { containerId: w.rootId }));
  if (paths.has('/v1/versions/text')) data(await w.local.get('/v1/versions/text', { versionId: doc.currentVersionId }));
  if (paths.has('/v1/acl/policy/update')) {
    policyId = data(await w.svc.post<{ policyId: string }>('/v1/acl/policy/create', { name: 'offline policy', grantPermissionMask: 1 })).policyId;
    data(await w.local.get('/v1/acl/policy/get', { policyId }));
    data(await w.local.post('/v1/acl/policy/getPage', {}));
  }
  if (paths.has('/v1/share-grants/update')) {
    const { stdout } = await w.folio(['admin', 'create-user', '--data', w.server.dataDir, '--tenant', w.tenant.tenantId, '--name', 'reader', '--password', 'correct horse', '--json']);
    const userId = (JSON.parse(stdout) as { userId: string }).userId;
    shareGrantId = data(
      await w.svc.post<{ shareGrantId: string }>('/v1/share-grants/create', { resourceType: 'DOCUMENT', resourceId: doc.docId, granteeType: 'USER', granteeId: userId, permissionPreset: 'VIEW' }),
    ).shareGrantId;
    data(await w.local.get('/v1/share-grants/get', { shareGrantId }));
  }
  if (paths.has('/v1/departments/update')) {
    deptId = data(await w.svc.post<{ deptId: string }>('/v1/departments/create', { name: 'Sales' })).deptId;
    data(await w.local.get('/v1/departments/get', { deptId }));
  }
  await w.stopService();
  await w.offline();
}, HEAVY_TEST_MS);
afterAll(async () => {
  await w?.close();
});

/** Served when the service had the endpoint (and so it was read), else nothing to serve. */
const readIfThere = (path: string): Outcome => (paths.has(path) ? 'served' : 'unreachable');
const updateIfThere = (path: string): Outcome => (paths.has(path) ? 'queued' : 'unreachable');

interface Case {
  n: number;
  call: () => Promise<{ status: number; headers: Headers; body: Envelope<unknown> }>;
  expect: () => Outcome;
}

const cases: Case[] = [
  {
    n: 1,
    call: () => {
      const local = JSON.parse(readFileSync(join(w.stateDir, 'local-client.json'), 'utf8')) as { clientId: string; clientSecret: string };
      return new Api(w.localUrl).post('/v1/auth/token', { clientId: local.clientId, clientSecret: local.clientSecret });
    },
    expect: () => 'served',
  },
  { n: 2, call: () => w.local.post('/v1/ingest/from-url', { containerId: w.rootId, title: 'fetched.txt', url: 'https://example.com/a.txt' }), expect: () => 'unreachable' },
  { n: 3, call: () => w.local.get('/v1/containers/getFormSchema', { containerId: w.rootId }), expect: () => 'served' },
  { n: 4, call: () => w.local.post(`/v1/acl/policy/update?policyId=${policyId}`, { description: 'changed offline' }), expect: () => updateIfThere('/v1/acl/policy/update') },
  { n: 5, call: () => w.local.post('/v1/containers/create', { parentId: w.rootId, name: 'Offline folder' }), expect: () => 'served' },
  { n: 6, call: () => w.local.post('/v1/documents/save', { containerId: w.rootId, title: 'offline.txt' }), expect: () => 'served' },
  { n: 7, call: () => w.local.get('/v1/fieldDefinitions/get', { fieldId }), expect: () => 'served' },
  { n: 8, call: () => w.local.get('/v1/versions/text', { versionId: doc.currentVersionId }), expect: () => readIfThere('/v1/versions/text') },
  { n: 9, call: () => w.local.post('/v1/acl/policy/getPage', {}), expect: () => readIfThere('/v1/acl/policy/getPage') },
  { n: 10, call: () => w.local.post('/v1/contentTypes/save', { targetKind: 'DOCUMENT', code: 'memo', name: 'Memo' }), expect: () => 'queued' },
  {
    n: 11,
    call: () => w.local.post('/v1/versions/initChunkedUpload', { containerId: w.rootId, title: 'big.bin', totalSize: 600_000, chunkSize: 300_000, totalChunks: 2, idempotencyKey: 'offline-big' }),
    expect: () => 'served',
  },
  { n: 12, call: () => w.local.post('/v1/share-grants/update', { shareGrantId, expiresAt: new Date(Date.now() + 86_400_000).toISOString() }), expect: () => updateIfThere('/v1/share-grants/update') },
  { n: 13, call: () => w.local.post('/v1/contentTypes/getPage', {}), expect: () => 'served' },
  { n: 14, call: () => w.local.post('/v1/versions/getPage', { docId: doc.docId }), expect: () => 'served' },
  { n: 15, call: () => w.local.get('/v1/contentTypes/get', { typeId }), expect: () => 'served' },
  { n: 16, call: () => w.local.post('/v1/departments/update', { deptId, name: 'Sales and more' }), expect: () => updateIfThere('/v1/departments/update') },
  { n: 17, call: () => w.local.post('/v1/roles/save', { name: 'Reviewer', roleKey: 'reviewer' }), expect: () => 'queued' },
];

describe('the spec endpoints on the local server, with the service down', () => {
  it.each(cases)('endpoint $n', async ({ call, expect: expected }) => {
    const res = await call();
    wellFormed(res.status, res.headers, res.body);
    const outcome = expected();
    if (outcome === 'served') {
      expect(res.body.code, res.body.msg).toBe(0);
      expect(res.status).toBe(200);
    } else if (outcome === 'queued') {
      expect(res.body.code, res.body.msg).toBe(0);
      expect(res.status).toBe(202);
      expect(res.headers.get('x-folio-outbox-seq')).toMatch(/^\d+$/);
    } else {
      expect(res.body.code, res.body.msg).toBe(170001);
      expect(res.status).toBe(503);
    }
  });

  it('serves what was read while online with the same content', async () => {
    const versions = data(await w.local.post<PageOf<{ versionId: string }>>('/v1/versions/getPage', { docId: doc.docId }));
    expect(versions.content.map((v) => v.versionId)).toEqual([doc.currentVersionId]);
    const type = await w.local.get<ContentType>('/v1/contentTypes/get', { typeId });
    expect(type.headers.get('x-folio-cached')).toBeTruthy();
    expect(data(type).typeId).toBe(typeId);
  });

  it('a read never made while online is 170001, not a guess', async () => {
    const res = await w.local.get('/v1/fieldDefinitions/get', { fieldId: 'fld_never_read' });
    wellFormed(res.status, res.headers, res.body);
    expect(res.body.code).toBe(170001);
  });
});

describe('the local tree never loses folder content the service has not seen', () => {
  it('refuses a new name that a file in the folder already has, and undoes the mirror', async () => {
    writeFileSync(join(w.dir, 'untracked.txt'), 'made in the folder, offline');
    const res = await w.local.post('/v1/documents/save', { containerId: w.rootId, title: 'untracked.txt' });
    wellFormed(res.status, res.headers, res.body);
    expect([res.status, res.body.code]).toEqual([409, 130001]);
    expect(readFileSync(join(w.dir, 'untracked.txt'), 'utf8')).toBe('made in the folder, offline');
    const page = data(await w.local.post<PageOf<Document>>('/v1/documents/getPage', { containerId: w.rootId }));
    expect(page.content.map((d) => d.title)).not.toContain('untracked.txt');
  });

  it('refuses to overwrite or delete a file edited in the folder since the last sync (170002)', async () => {
    writeFileSync(join(w.dir, 'synced.txt'), 'edited in the folder, not synced yet');
    const upload = await w.local.raw('/v1/versions/upload', { docId: doc.docId }, Buffer.from('from the local API'));
    wellFormed(upload.status, upload.headers, upload.body);
    expect([upload.status, upload.body.code]).toEqual([409, 170002]);
    const del = await w.local.post('/v1/documents/delete', { docId: doc.docId });
    expect([del.status, del.body.code]).toEqual([409, 170002]);
    expect(readFileSync(join(w.dir, 'synced.txt'), 'utf8')).toBe('edited in the folder, not synced yet');
    expect(data(await w.local.get<Document>('/v1/documents/get', { docId: doc.docId })).state).toBe('ACTIVE');

    // A folder goes only when every file in it is what the local tree holds.
    const holder = data(await w.local.post<{ containerId: string }>('/v1/containers/create', { parentId: w.rootId, name: 'holder' }));
    data(await w.local.raw('/v1/versions/upload', { containerId: holder.containerId, title: 'known.txt' }, Buffer.from('known')));
    writeFileSync(join(w.dir, 'holder', 'stranger.txt'), 'not in the local tree');
    const refused = await w.local.post('/v1/containers/delete', { containerId: holder.containerId });
    expect([refused.status, refused.body.code]).toEqual([409, 170002]);
    expect(existsSync(join(w.dir, 'holder', 'known.txt'))).toBe(true);
    rmSync(join(w.dir, 'holder', 'stranger.txt'));
    data(await w.local.post('/v1/containers/delete', { containerId: holder.containerId }));
    expect(existsSync(join(w.dir, 'holder'))).toBe(false);
  });
});

describe('the local server and its token', () => {
  it('keeps the token and client secret in files only the user can read', () => {
    for (const file of ['local-token', 'local-client.json']) expect(statSync(join(w.stateDir, file)).mode & 0o777).toBe(0o600);
  });

  it('refuses callers without the local token, with the envelope', async () => {
    for (const api of [new Api(w.localUrl), new Api(w.localUrl, 'not-the-token')]) {
      const res = await api.get('/v1/local/status');
      wellFormed(res.status, res.headers, res.body);
      expect(res.body.code).toBe(100001);
      const read = await api.post('/v1/documents/getPage', { containerId: w.rootId });
      expect(read.body.code).toBe(100001);
    }
  });

  it('answers bad input with the envelope', async () => {
    const res = await fetch(`${w.localUrl}/v1/contentTypes/getPage`, { method: 'POST', headers: { authorization: `Bearer ${w.local.token}`, 'content-type': 'application/json' }, body: '{"pageSize":' });
    const body = (await res.json()) as Envelope<unknown>;
    wellFormed(res.status, res.headers, body);
    expect(body.code).toBe(110002);
    const unknown = await w.local.post('/v1/no/such', {});
    wellFormed(unknown.status, unknown.headers, unknown.body);
    expect(unknown.body.code).toBe(170001);
  });
});
