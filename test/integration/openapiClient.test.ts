/**
 * A third-party client, as a tool builds it from GET /v1/openapi.json: openapi-typescript types
 * (test/helpers/folioApi.d.ts, generated from the SERVED description and kept current here) and
 * openapi-fetch. The main flows run through it against a real `folio serve`, every call type-checked
 * by `npm run typecheck`, and every response is checked against the description
 * (test/helpers/openapiValidation.ts).
 *
 * After a change to a route schema, regenerate the types with
 * `npx vitest run test/integration/openapiClient.test.ts -u`.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import createClient, { type Client } from 'openapi-fetch';
import ts from 'typescript';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../helpers/folioApi.d.ts';
import { ResponseValidator, type OpenApiDocument } from '../helpers/openapiValidation.ts';
import { createTenant, createUser, removeDir, startServer, type ServerHandle, type Tenant } from '../helpers/server.ts';

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

/** The generated types; raw bytes (`format: binary`) are a Blob, as openapi-typescript's docs advise for fetch. */
async function clientTypes(doc: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], {
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
  });
  return astToString(ast);
}

/** Upload bodies go out as they are, not as JSON. */
const asBytes = { bodySerializer: (body: Blob) => body, headers: { 'content-type': 'application/octet-stream' } };

/** The data of a success, or the test fails with the envelope's message. */
function ok<T>(res: { data?: { code: number; msg: string; data: T | null }; error?: unknown; response: Response }): T {
  if (!res.data || res.data.code !== 0 || res.data.data === null) throw new Error(`expected success, got ${res.response.status}: ${JSON.stringify(res.data ?? res.error)}`);
  return res.data.data;
}

let server: ServerHandle;
let tenant: Tenant;
let doc: OpenApiDocument;
let validator: ResponseValidator;
let api: Client<paths>;
let bobId: string;

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  bobId = await createUser(server.dataDir, tenant.tenantId, 'bob');
  doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as OpenApiDocument;
  validator = new ResponseValidator(doc);
  const anonymous = createClient<paths>({ baseUrl: server.url });
  anonymous.use(validator.middleware);
  const token = ok(await anonymous.POST('/v1/auth/token', { body: { clientId: tenant.clientId, clientSecret: tenant.clientSecret } }));
  expect(token.mode).toBe('APP_ONLY');
  api = createClient<paths>({ baseUrl: server.url, headers: { Authorization: `Bearer ${token.accessToken}` } });
  api.use(validator.middleware);
});

afterEach(() => {
  expect(validator.problems.splice(0)).toEqual([]);
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('the generated client', () => {
  it('is generated from the served description, and the checked-in types are current', async () => {
    await expect(await clientTypes(doc)).toMatchFileSnapshot('../helpers/folioApi.d.ts');
  });

  it('notices a response that breaks the description (the check can fail)', async () => {
    const fake = new Response(JSON.stringify({ code: 0, data: { containerId: 5 }, ts: 1, rid: 'r', msg: 'success', success: true }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
    await validator.check('GET', '/v1/containers/get', fake);
    await validator.check('GET', '/v1/containers/get', new Response('{}', { status: 418, headers: { 'content-type': 'application/json' } }));
    const seen = validator.problems.splice(0);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/GET \/v1\/containers\/get 200: .*must/);
    expect(seen[1]).toMatch(/418: status not documented/);
  });
});

describe('the main flows through the typed client, every response as described', () => {
  let containerId = '';
  let docId = '';
  let versionId = '';
  const text = 'Hello, typed world.\n';

  it('containers: create, get, list', async () => {
    const created = ok(await api.POST('/v1/containers/create', { body: { name: 'Projects', description: 'typed' } }));
    containerId = created.containerId;
    expect(ok(await api.GET('/v1/containers/get', { params: { query: { containerId } } })).name).toBe('Projects');
    const page = ok(await api.POST('/v1/containers/getPage', { body: { parentId: created.parentId, pageSize: 50 } }));
    expect(page.content.map((c) => c.containerId)).toContain(containerId);
  });

  it('documents: save, get, list', async () => {
    const saved = ok(await api.POST('/v1/documents/save', { body: { containerId, title: 'notes.txt' } }));
    docId = saved.docId;
    expect(ok(await api.GET('/v1/documents/get', { params: { query: { docId } } })).title).toBe('notes.txt');
    expect(ok(await api.POST('/v1/documents/getPage', { body: { containerId } })).content).toHaveLength(1);
  });

  it('direct upload: raw bytes with the target in the query', async () => {
    const result = ok(
      await api.POST('/v1/versions/upload', {
        params: { query: { docId, originalFilename: 'notes.txt', mimeType: 'text/plain' } },
        body: new Blob([text]),
        ...asBytes,
      }),
    );
    versionId = result.versionId;
    expect(result.sizeBytes).toBe(text.length);
  });

  it('chunked upload: init, two chunks, complete', async () => {
    const chunkSize = 256 * 1024;
    const bytes = new Uint8Array(chunkSize + 16).fill(7);
    const session = ok(await api.POST('/v1/versions/initChunkedUpload', { body: { docId, originalFilename: 'notes.bin', totalSize: bytes.length, chunkSize, totalChunks: 2 } }));
    for (const chunkIndex of [0, 1]) {
      const chunk = bytes.slice(chunkIndex * chunkSize, (chunkIndex + 1) * chunkSize);
      ok(await api.POST('/v1/versions/uploadChunk', { params: { query: { uploadId: session.uploadId, chunkIndex } }, body: new Blob([chunk]), ...asBytes }));
    }
    const done = ok(await api.POST('/v1/versions/completeChunkedUpload', { body: { uploadId: session.uploadId } }));
    expect([done.versionNo, done.sizeBytes]).toEqual([2, bytes.length]);
  });

  it('versions: list and get; text', async () => {
    const page = ok(await api.POST('/v1/versions/getPage', { body: { docId } }));
    expect(page.content.map((v) => v.versionNo)).toEqual([2, 1]);
    expect(ok(await api.GET('/v1/versions/get', { params: { query: { versionId } } })).versionNo).toBe(1);
    expect(ok(await api.GET('/v1/versions/text', { params: { query: { versionId } } })).versionId).toBe(versionId);
  });

  it('download: whole, a Range (206 with Content-Range), a range past the end (416), an unknown version (404)', async () => {
    const whole = await api.GET('/v1/versions/download', { params: { query: { versionId } }, parseAs: 'text' });
    expect([whole.response.status, whole.data]).toEqual([200, text]);
    const part = await api.GET('/v1/versions/download', { params: { query: { versionId }, header: { range: 'bytes=0-4' } }, parseAs: 'text' });
    expect([part.response.status, part.data, part.response.headers.get('content-range')]).toEqual([206, 'Hello', `bytes 0-4/${text.length}`]);
    const past = await api.GET('/v1/versions/download', { params: { query: { versionId }, header: { range: 'bytes=999-' } } });
    expect([past.response.status, past.error?.code]).toEqual([416, 110005]);
    const unknown = await api.GET('/v1/versions/download', { params: { query: { versionId: 'ver_nope' } } });
    expect([unknown.response.status, unknown.error?.code]).toEqual([404, 120001]);
  });

  it('content types: save, get, list', async () => {
    const type = ok(await api.POST('/v1/contentTypes/save', { body: { targetKind: 'DOCUMENT', code: 'contract', name: 'Contract' } }));
    expect(ok(await api.GET('/v1/contentTypes/get', { params: { query: { typeId: type.typeId } } })).code).toBe('contract');
    expect(ok(await api.POST('/v1/contentTypes/getPage', { body: { targetKind: 'DOCUMENT' } })).content.map((t) => t.typeId)).toContain(type.typeId);
  });

  it('departments and roles: create, members, list', async () => {
    const dept = ok(await api.POST('/v1/departments/create', { body: { name: 'Legal' } }));
    ok(await api.POST('/v1/departments/addMembers', { body: { deptId: dept.deptId, userIds: [bobId] } }));
    expect(ok(await api.POST('/v1/departments/getMembers', { body: { deptId: dept.deptId } })).content.map((m) => m.userId)).toEqual([bobId]);
    expect(ok(await api.POST('/v1/departments/getPage', { body: {} })).content.map((d) => d.name)).toContain('Legal');
    const role = ok(await api.POST('/v1/roles/save', { body: { name: 'Reviewers', roleKey: 'reviewers' } }));
    ok(await api.POST('/v1/roles/addMembers', { body: { roleId: role.roleId, userIds: [bobId] } }));
    expect(ok(await api.POST('/v1/roles/getMembers', { body: { roleId: role.roleId } })).content.map((m) => m.userId)).toEqual([bobId]);
    expect(ok(await api.GET('/v1/roles/get', { params: { query: { roleId: role.roleId } } })).memberCount).toBe(1);
  });

  it('ACL policies: create, get, update, list, delete', async () => {
    const policy = ok(
      await api.POST('/v1/acl/policy/create', {
        body: { name: 'bob reads documents', matchResourceType: 'DOCUMENT', grantType: 'ROLE', grantRole: 'VIEWER', grantees: [{ granteeType: 'USER', granteeId: bobId }] },
      }),
    );
    expect(ok(await api.GET('/v1/acl/policy/get', { params: { query: { policyId: policy.policyId } } })).name).toBe('bob reads documents');
    const updated = ok(await api.POST('/v1/acl/policy/update', { params: { query: { policyId: policy.policyId } }, body: { name: 'bob reads', enabled: false } }));
    expect(updated.enabled).toBe(false);
    expect(ok(await api.POST('/v1/acl/policy/getPage', { body: {} })).content.map((p) => p.policyId)).toContain(policy.policyId);
    ok(await api.POST('/v1/acl/policy/delete', { body: { policyId: policy.policyId } }));
  });

  it('shares: create, get, update, list, revoke', async () => {
    const grant = ok(await api.POST('/v1/share-grants/create', { body: { resourceType: 'DOCUMENT', resourceId: docId, granteeType: 'USER', granteeId: bobId, permissionPreset: 'VIEW' } }));
    expect(ok(await api.GET('/v1/share-grants/get', { params: { query: { shareGrantId: grant.shareGrantId } } })).granteeId).toBe(bobId);
    expect(ok(await api.POST('/v1/share-grants/update', { body: { shareGrantId: grant.shareGrantId, permissionPreset: 'DOWNLOAD' } })).permissionPreset).toBe('DOWNLOAD');
    expect(ok(await api.POST('/v1/share-grants/getPage', { body: { resourceType: 'DOCUMENT', resourceId: docId } })).content).toHaveLength(1);
    ok(await api.POST('/v1/share-grants/revoke', { body: { shareGrantId: grant.shareGrantId } }));
  });

  it('checked every response of the flows', () => {
    expect(validator.checked).toBeGreaterThanOrEqual(40);
  });
});

describe('what the types refuse, the server refuses too (tsc fails on a directive whose call is allowed)', () => {
  it('an upload takes bytes, not JSON', async () => {
    // @ts-expect-error the body of an upload is binary
    const res = await api.POST('/v1/versions/upload', { params: { query: { docId: 'doc_x' } }, body: { bytes: 'x' } });
    expect([res.response.status, res.error?.code]).toEqual([415, 110004]);
  });

  it('a download needs its versionId', async () => {
    // @ts-expect-error versionId is a required query parameter
    const res = await api.GET('/v1/versions/download', { params: { query: {} } });
    expect([res.response.status, res.error?.code]).toEqual([400, 110001]);
  });
});
