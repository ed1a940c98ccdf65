/**
 * ACL policies (spec 4.4, 4.9) against a real `folio serve`: create, update, get, getPage with its
 * filters, delete; what an enabled policy grants or denies; affectedResourceCount; who may manage them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AclPolicy, ContainerAcl } from '../../shared/v1/access.ts';
import type { Department } from '../../shared/v1/org.ts';
import type { Container, Document, PageOf } from '../../shared/v1/resources.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { createUsers, type TestUser } from '../helpers/users.ts';

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let alice: TestUser;
let bob: TestUser;
let engineering: Department;
let rootId: string;
let folderTypeId: string;
let fileTypeId: string;

const FORBIDDEN = 102001;

async function container(name: string, extra: Record<string, unknown> = {}): Promise<Container> {
  return data(await app.post<Container>('/v1/containers/create', { name, ...extra }));
}

async function privateContainer(name: string, entries: unknown[] = []): Promise<Container> {
  const c = await container(name, { aclInheritEnabled: false });
  data(await app.post<ContainerAcl>('/v1/acl/entries/set', { containerId: c.containerId, entries }));
  return c;
}

async function createPolicy(body: Record<string, unknown>): Promise<AclPolicy> {
  return data(await app.post<AclPolicy>('/v1/acl/policy/create', body));
}

const readCode = async (api: Api, containerId: string) => (await api.get('/v1/containers/get', { containerId })).body.code;

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  app = await appApi(server.url, tenant);
  ({ alice, bob } = await createUsers(server.dataDir, tenant.tenantId, app, ['alice', 'bob']));
  engineering = data(await app.post<Department>('/v1/departments/create', { name: 'Engineering' }));
  data(await app.post('/v1/departments/addMembers', { deptId: engineering.deptId, userIds: [bob.userId] }));
  const first = await container('probe');
  rootId = first.parentId;
  folderTypeId = first.containerTypeId;
  fileTypeId = data(await app.post<Document>('/v1/documents/save', { containerId: first.containerId, title: 'probe.txt' })).documentTypeId;
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('acl/policy CRUD', () => {
  it('creates with defaults, reads back, and updates only the fields sent (spec 4.4)', async () => {
    const p = await createPolicy({ name: 'readers', grantees: [{ granteeType: 'EVERYONE' }], grantRole: 'VIEWER' });
    expect(p).toMatchObject({
      tenantId: tenant.tenantId,
      name: 'readers',
      description: '',
      matchResourceType: 'CONTAINER',
      matchContainerTypeIds: [],
      matchConditions: [],
      grantees: [{ granteeType: 'EVERYONE', granteeId: '' }],
      grantType: 'ROLE',
      grantRole: 'VIEWER',
      grantPermissionMask: 1,
      grantDenyMask: 0,
      enabled: true,
    });
    expect(p.policyId).toMatch(/^pol_/);
    expect(data(await app.get<AclPolicy>('/v1/acl/policy/get', { policyId: p.policyId }))).toEqual(p);

    const updated = data(
      await app.post<AclPolicy>(`/v1/acl/policy/update?policyId=${p.policyId}`, {
        description: 'now with conditions',
        matchConditions: [{ key: 'team', operator: 'in', value: ['a', 'b'] }],
        grantType: 'MASK',
        grantPermissionMask: 3,
        grantDenyMask: 32,
        enabled: false,
      }),
    );
    expect(updated).toMatchObject({
      name: 'readers',
      description: 'now with conditions',
      matchConditions: [{ key: 'team', operator: 'in', value: ['a', 'b'] }],
      grantType: 'MASK',
      grantRole: '',
      grantPermissionMask: 3,
      grantDenyMask: 32,
      enabled: false,
      grantees: [{ granteeType: 'EVERYONE', granteeId: '' }],
    });
    expect(updated.updateTime >= p.updateTime).toBe(true);
    expect(data(await app.post<{ policyId: string }>('/v1/acl/policy/delete', { policyId: p.policyId })).policyId).toBe(p.policyId);
    expect((await app.get('/v1/acl/policy/get', { policyId: p.policyId })).body.code).toBe(120001);
    expect((await app.post(`/v1/acl/policy/update?policyId=${p.policyId}`, { name: 'x' })).body.code).toBe(120001);
  });

  it('filters getPage by name, matchResourceType, grantType and enabled (spec 4.9)', async () => {
    const a = await createPolicy({ name: 'Filter Alpha', matchResourceType: 'DOCUMENT', grantRole: 'EDITOR', grantees: [] });
    const b = await createPolicy({ name: 'filter beta', matchResourceType: 'CONTAINER', grantPermissionMask: 1, enabled: false });
    const c = await createPolicy({ name: 'other gamma', matchResourceType: 'ALL', grantDenyMask: 4 });
    const ids = async (body: Record<string, unknown>) => data(await app.post<PageOf<AclPolicy>>('/v1/acl/policy/getPage', { pageSize: 500, ...body })).content.map((p) => p.policyId);
    expect(await ids({ name: 'FILTER' })).toEqual([a.policyId, b.policyId]);
    expect(await ids({ name: 'filter', matchResourceType: 'DOCUMENT' })).toEqual([a.policyId]);
    expect(await ids({ name: 'a', grantType: 'MASK' })).toEqual([b.policyId, c.policyId]);
    expect(await ids({ name: 'filter', enabled: false })).toEqual([b.policyId]);
    expect(await ids({ name: 'a', orderByColumn: 'name', isAsc: 'desc' })).toEqual([c.policyId, b.policyId, a.policyId]);
    const page = data(await app.post<PageOf<AclPolicy>>('/v1/acl/policy/getPage', { name: 'filter', pageSize: 1, pageNumber: 2 }));
    expect(page).toMatchObject({ totalElements: 2 });
    expect(page.content.map((p) => p.policyId)).toEqual([b.policyId]);
    expect((await app.post('/v1/acl/policy/getPage', { matchResourceType: 'FOLDER' })).body.code).toBe(110001);
    expect((await app.post('/v1/acl/policy/getPage', { orderByColumn: 'grantees' })).body.code).toBe(110001);
    for (const p of [a, b, c]) await app.post('/v1/acl/policy/delete', { policyId: p.policyId });
  });

  it('refuses invalid policies with a clear code and stores nothing', async () => {
    const before = data(await app.post<PageOf<AclPolicy>>('/v1/acl/policy/getPage', {})).totalElements;
    const cases: [Record<string, unknown>, number][] = [
      [{ grantRole: 'VIEWER' }, 110001],
      [{ name: '  ', grantRole: 'VIEWER' }, 110001],
      [{ name: 'x', grantType: 'ROLE' }, 110001],
      [{ name: 'x', grantRole: 'OWNER' }, 110001],
      [{ name: 'x', grantType: 'MASK', grantRole: 'VIEWER', grantPermissionMask: 1 }, 110001],
      [{ name: 'x', grantRole: 'VIEWER', grantPermissionMask: 63 }, 110001],
      [{ name: 'x' }, 110001],
      [{ name: 'x', grantPermissionMask: 64 }, 110001],
      [{ name: 'x', grantPermissionMask: 1, matchResourceType: 'VERSION' }, 110001],
      [{ name: 'x', grantPermissionMask: 1, matchConditions: [{ key: 'a', operator: 'like', value: 'b' }] }, 110001],
      [{ name: 'x', grantPermissionMask: 1, matchConditions: [{ key: 'a', operator: 'in', value: 'b' }] }, 110001],
      [{ name: 'x', grantPermissionMask: 1, matchConditions: [{ key: 'a', operator: 'eq' }] }, 110001],
      [{ name: 'x', grantPermissionMask: 1, matchContainerTypeIds: ['typ_nothing'] }, 110001],
      [{ name: 'x', grantPermissionMask: 1, grantees: [{ granteeType: 'USER', granteeId: 'usr_nobody' }] }, 191004],
      [{ name: 'x', grantPermissionMask: 1, grantees: [{ granteeType: 'ROLE' }] }, 110001],
      [{ name: 'x', grantPermissionMask: 1, enabled: 'yes' }, 110001],
    ];
    for (const [body, code] of cases) {
      const res = await app.post('/v1/acl/policy/create', body);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
      expect(res.body.data).toBeNull();
    }
    expect(data(await app.post<PageOf<AclPolicy>>('/v1/acl/policy/getPage', {})).totalElements).toBe(before);
    expect((await app.post('/v1/acl/policy/update', { name: 'x' })).body.code).toBe(110001);
  });
});

describe('what an enabled policy does', () => {
  it('grants to its grantees on every container it matches, and on the documents in them; not below', async () => {
    const area = await privateContainer('policy-area');
    const apollo = await container('apollo', { parentId: area.containerId, metadataColumns: { project: 'apollo' } });
    const nested = await container('nested', { parentId: apollo.containerId });
    const zeus = await container('zeus', { parentId: area.containerId, metadataColumns: { project: 'zeus' } });
    const doc = data(await app.post<Document>('/v1/documents/save', { containerId: apollo.containerId, title: 'plan.txt' }));
    expect(await readCode(bob.api, apollo.containerId)).toBe(FORBIDDEN);

    const p = await createPolicy({
      name: 'engineering edits apollo',
      matchResourceType: 'CONTAINER',
      matchContainerTypeIds: [folderTypeId],
      matchConditions: [{ key: 'project', operator: 'eq', value: 'apollo' }],
      grantees: [{ granteeType: 'DEPARTMENT', granteeId: engineering.deptId }],
      grantRole: 'EDITOR',
    });
    expect((await bob.api.get<Container>('/v1/containers/get', { containerId: apollo.containerId })).body.data?.effectivePermissions.effectiveRole).toBe('EDITOR');
    expect((await bob.api.get('/v1/documents/get', { docId: doc.docId })).body.code).toBe(0);
    expect(await readCode(bob.api, nested.containerId)).toBe(FORBIDDEN);
    expect(await readCode(bob.api, zeus.containerId)).toBe(FORBIDDEN);
    expect(await readCode(alice.api, apollo.containerId)).toBe(FORBIDDEN);

    data(await app.post(`/v1/acl/policy/update?policyId=${p.policyId}`, { enabled: false }));
    expect(await readCode(bob.api, apollo.containerId)).toBe(FORBIDDEN);
    data(await app.post(`/v1/acl/policy/update?policyId=${p.policyId}`, { enabled: true, matchContainerTypeIds: [fileTypeId] }));
    expect(await readCode(bob.api, apollo.containerId)).toBe(FORBIDDEN);
    data(await app.post(`/v1/acl/policy/update?policyId=${p.policyId}`, { matchContainerTypeIds: [] }));
    expect(await readCode(bob.api, apollo.containerId)).toBe(0);
    data(await app.post('/v1/containers/update', { containerId: apollo.containerId, metadataColumns: { project: 'artemis' } }));
    expect(await readCode(bob.api, apollo.containerId)).toBe(FORBIDDEN);
    await app.post('/v1/acl/policy/delete', { policyId: p.policyId });
  });

  it('denies: a deny mask beats every allow, an owner\'s included', async () => {
    const frozen = await container('frozen', { metadataColumns: { state: 'frozen' } });
    data(await app.post('/v1/acl/entries/set', { containerId: frozen.containerId, entries: [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }] }));
    expect((await alice.api.post('/v1/documents/save', { containerId: frozen.containerId, title: 'before.txt' })).body.code).toBe(0);
    const p = await createPolicy({ name: 'freeze', grantees: [{ granteeType: 'EVERYONE' }], grantDenyMask: 4 | 32, matchConditions: [{ key: 'state', operator: 'eq', value: 'frozen' }] });
    expect((await alice.api.post('/v1/documents/save', { containerId: frozen.containerId, title: 'after.txt' })).body.code).toBe(FORBIDDEN);
    expect((await alice.api.get<Container>('/v1/containers/get', { containerId: frozen.containerId })).body.data?.effectivePermissions).toMatchObject({ read: true, manage: true, write: false, delete: false });
    expect((await app.post('/v1/documents/save', { containerId: frozen.containerId, title: 'app.txt' })).body.code).toBe(0);
    await app.post('/v1/acl/policy/delete', { policyId: p.policyId });
  });

  it('matches documents by their own metadata and type', async () => {
    const area = await privateContainer('doc-policy-area');
    const contract = data(await app.post<Document>('/v1/documents/save', { containerId: area.containerId, title: 'contract.txt', metadataColumns: { kind: 'contract', tags: ['public'] } }));
    const memo = data(await app.post<Document>('/v1/documents/save', { containerId: area.containerId, title: 'memo.txt', metadataColumns: { kind: 'memo' } }));
    const p = await createPolicy({
      name: 'public documents',
      matchResourceType: 'DOCUMENT',
      matchContainerTypeIds: [fileTypeId],
      matchConditions: [{ key: 'tags', operator: 'contains', value: 'public' }],
      grantees: [{ granteeType: 'USER', granteeId: bob.userId }],
      grantRole: 'DOWNLOADER',
    });
    expect((await bob.api.get('/v1/documents/get', { docId: contract.docId })).body.code).toBe(0);
    expect((await bob.api.get('/v1/documents/get', { docId: memo.docId })).body.code).toBe(FORBIDDEN);
    expect(await readCode(bob.api, area.containerId)).toBe(FORBIDDEN);
    await app.post('/v1/acl/policy/delete', { policyId: p.policyId });
    expect((await bob.api.get('/v1/documents/get', { docId: contract.docId })).body.code).toBe(FORBIDDEN);
  });
});

describe('affectedResourceCount', () => {
  it('counts the active containers and documents a policy matches', async () => {
    const area = await container('count-area');
    const a1 = await container('c1', { parentId: area.containerId, metadataColumns: { counted: 'yes' } });
    await container('c2', { parentId: area.containerId, metadataColumns: { counted: 'yes' } });
    const gone = await container('c3', { parentId: area.containerId, metadataColumns: { counted: 'yes' } });
    await container('c4', { parentId: area.containerId, metadataColumns: { counted: 'no' } });
    data(await app.post('/v1/documents/save', { containerId: a1.containerId, title: 'd1', metadataColumns: { counted: 'yes' } }));
    data(await app.post('/v1/documents/save', { containerId: a1.containerId, title: 'd2', metadataColumns: { counted: 'no' } }));
    data(await app.post('/v1/containers/delete', { containerId: gone.containerId }));

    const cond = [{ key: 'counted', operator: 'eq', value: 'yes' }];
    const containers = await createPolicy({ name: 'count containers', matchConditions: cond, grantPermissionMask: 1, enabled: false });
    expect(containers.affectedResourceCount).toBe(2);
    const documents = await createPolicy({ name: 'count documents', matchResourceType: 'DOCUMENT', matchConditions: cond, grantPermissionMask: 1 });
    expect(documents.affectedResourceCount).toBe(1);
    const all = await createPolicy({ name: 'count all', matchResourceType: 'ALL', matchConditions: [{ key: 'counted', operator: 'exists' }], grantPermissionMask: 1 });
    expect(all.affectedResourceCount).toBe(5);
    const none = await createPolicy({ name: 'count none', matchContainerTypeIds: [fileTypeId], grantPermissionMask: 1 });
    expect(none.affectedResourceCount).toBe(0);

    data(await app.post('/v1/containers/restore', { containerId: gone.containerId }));
    expect(data(await app.get<AclPolicy>('/v1/acl/policy/get', { policyId: containers.policyId })).affectedResourceCount).toBe(3);
    const listed = data(await app.post<PageOf<AclPolicy>>('/v1/acl/policy/getPage', { name: 'count ' }));
    expect(Object.fromEntries(listed.content.map((p) => [p.name, p.affectedResourceCount]))).toEqual({ 'count all': 6, 'count containers': 3, 'count documents': 1, 'count none': 0 });
    const narrowed = data(await app.post<AclPolicy>(`/v1/acl/policy/update?policyId=${containers.policyId}`, { matchConditions: [{ key: 'counted', operator: 'ne', value: 'yes' }] }));
    expect(narrowed.affectedResourceCount).toBeGreaterThanOrEqual(1);
    for (const p of [containers, documents, all, none]) await app.post('/v1/acl/policy/delete', { policyId: p.policyId });
  });
});

describe('who may manage policies', () => {
  it('an administrator: the application, or a user with MANAGE on the system root', async () => {
    const p = await createPolicy({ name: 'admin only', grantPermissionMask: 1 });
    const attempts = [
      () => bob.api.post('/v1/acl/policy/create', { name: 'mine', grantPermissionMask: 1 }),
      () => bob.api.post(`/v1/acl/policy/update?policyId=${p.policyId}`, { enabled: false }),
      () => bob.api.get('/v1/acl/policy/get', { policyId: p.policyId }),
      () => bob.api.post('/v1/acl/policy/getPage', {}),
      () => bob.api.post('/v1/acl/policy/delete', { policyId: p.policyId }),
    ];
    for (const attempt of attempts) expect((await attempt()).body.code).toBe(FORBIDDEN);
    expect(data(await app.get<AclPolicy>('/v1/acl/policy/get', { policyId: p.policyId })).enabled).toBe(true);

    data(await app.post('/v1/acl/entries/set', { containerId: rootId, entries: [{ principalType: 'EVERYONE', role: 'EDITOR' }, { principalType: 'USER', principalId: bob.userId, role: 'MANAGER' }] }));
    expect((await bob.api.post(`/v1/acl/policy/update?policyId=${p.policyId}`, { enabled: false })).body.code).toBe(0);
    data(await app.post('/v1/acl/entries/set', { containerId: rootId, entries: [{ principalType: 'EVERYONE', role: 'EDITOR' }] }));
    expect((await bob.api.post('/v1/acl/policy/delete', { policyId: p.policyId })).body.code).toBe(FORBIDDEN);
    await app.post('/v1/acl/policy/delete', { policyId: p.policyId });
  });

  it('keeps tenants apart', async () => {
    const p = await createPolicy({ name: 'ours', grantPermissionMask: 1 });
    const other = await appApi(server.url, await createTenant(server.dataDir, 'other'));
    expect((await other.get('/v1/acl/policy/get', { policyId: p.policyId })).body.code).toBe(120001);
    expect((await other.post(`/v1/acl/policy/update?policyId=${p.policyId}`, { name: 'theirs' })).body.code).toBe(120001);
    expect((await other.post('/v1/acl/policy/delete', { policyId: p.policyId })).body.code).toBe(120001);
    expect(data(await other.post<PageOf<AclPolicy>>('/v1/acl/policy/getPage', {})).totalElements).toBe(0);
    expect((await other.post('/v1/acl/policy/create', { name: 'x', grantPermissionMask: 1, grantees: [{ granteeType: 'USER', granteeId: bob.userId }] })).body.code).toBe(191004);
    expect((await other.post('/v1/acl/policy/create', { name: 'x', grantPermissionMask: 1, matchContainerTypeIds: [folderTypeId] })).body.code).toBe(110001);
    expect(data(await app.get<AclPolicy>('/v1/acl/policy/get', { policyId: p.policyId })).name).toBe('ours');
  });
});
