/** Departments (spec 4.16) against a real `folio serve`: the tree, cycles, members, deletion, and who may change them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerAcl, ShareGrant } from '../../shared/v1/access.ts';
import type { Department, DepartmentNode, Member } from '../../shared/v1/org.ts';
import type { Container, PageOf } from '../../shared/v1/resources.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { createUsers, type TestUser } from '../helpers/users.ts';

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let alice: TestUser;
let bob: TestUser;

async function dept(body: Record<string, unknown>): Promise<Department> {
  return data(await app.post<Department>('/v1/departments/create', body));
}

async function tree(body: Record<string, unknown> = {}): Promise<PageOf<DepartmentNode>> {
  return data(await app.post<PageOf<DepartmentNode>>('/v1/departments/getPage', { pageSize: 500, ...body }));
}

const shape = (nodes: DepartmentNode[]): unknown[] => nodes.map((n) => (n.children.length ? { [n.name]: shape(n.children) } : n.name));

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  app = await appApi(server.url, tenant);
  ({ alice, bob } = await createUsers(server.dataDir, tenant.tenantId, app, ['alice', 'bob']));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('departments', () => {
  it('creates, reads and updates a department (spec 4.16)', async () => {
    const hq = await dept({ name: 'HQ', displayOrder: 1, leaderUserId: alice.userId, properties: { costCenter: 'CC-1' } });
    expect(hq).toMatchObject({ tenantId: tenant.tenantId, source: 'LOCAL', name: 'HQ', parentDeptId: '', displayOrder: 1, leaderUserId: alice.userId, properties: { costCenter: 'CC-1' }, memberCount: 0 });
    expect(hq.deptId).toMatch(/^dpt_/);
    const sales = await dept({ name: 'Sales' });
    const updated = data(await app.post<Department>('/v1/departments/update', { deptId: sales.deptId, name: 'Sales & Marketing', parentDeptId: hq.deptId, displayOrder: 5, leaderUserId: bob.userId, properties: { region: 'EU' } }));
    expect(updated).toMatchObject({ deptId: sales.deptId, name: 'Sales & Marketing', parentDeptId: hq.deptId, displayOrder: 5, leaderUserId: bob.userId, properties: { region: 'EU' } });
    const partial = data(await app.post<Department>('/v1/departments/update', { deptId: sales.deptId, displayOrder: 2 }));
    expect(partial).toMatchObject({ name: 'Sales & Marketing', parentDeptId: hq.deptId, displayOrder: 2, leaderUserId: bob.userId, properties: { region: 'EU' } });
    const cleared = data(await app.post<Department>('/v1/departments/update', { deptId: sales.deptId, leaderUserId: '', parentDeptId: '' }));
    expect(cleared).toMatchObject({ leaderUserId: '', parentDeptId: '' });
    expect(data(await bob.api.get<Department>('/v1/departments/get', { deptId: sales.deptId }))).toEqual(cleared);
  });

  it('lists departments as a tree, ordered by displayOrder, with pages over the top level', async () => {
    const root = await dept({ name: 'Tree' });
    const b = await dept({ name: 'B', parentDeptId: root.deptId, displayOrder: 2 });
    const a = await dept({ name: 'A', parentDeptId: root.deptId, displayOrder: 1 });
    await dept({ name: 'B1', parentDeptId: b.deptId });
    await dept({ name: 'A2', parentDeptId: a.deptId, displayOrder: 2 });
    await dept({ name: 'A1', parentDeptId: a.deptId, displayOrder: 1 });
    const sub = await tree({ parentDeptId: root.deptId });
    expect(shape(sub.content)).toEqual([{ A: ['A1', 'A2'] }, { B: ['B1'] }]);
    expect(sub.totalElements).toBe(2);
    const byName = await tree({ parentDeptId: root.deptId, orderByColumn: 'name', isAsc: 'desc' });
    expect(shape(byName.content)).toEqual([{ B: ['B1'] }, { A: ['A2', 'A1'] }]);
    const second = data(await app.post<PageOf<DepartmentNode>>('/v1/departments/getPage', { parentDeptId: root.deptId, pageSize: 1, pageNumber: 2 }));
    expect(shape(second.content)).toEqual([{ B: ['B1'] }]);
    const top = await tree();
    expect(top.content.find((n) => n.deptId === root.deptId)?.children.map((c) => c.name)).toEqual(['A', 'B']);
    const found = await tree({ name: 'a2' });
    expect(found.content.map((n) => n.name)).toEqual(['A2']);
    expect((await app.post('/v1/departments/getPage', { parentDeptId: 'dpt_nothing' })).body.code).toBe(120001);
    expect((await app.post('/v1/departments/getPage', { orderByColumn: 'leader' })).body.code).toBe(110001);
  });

  it('refuses a parent cycle with 191001 and changes nothing', async () => {
    const top = await dept({ name: 'Cycle top' });
    const mid = await dept({ name: 'Cycle mid', parentDeptId: top.deptId });
    const low = await dept({ name: 'Cycle low', parentDeptId: mid.deptId });
    for (const parentDeptId of [top.deptId, mid.deptId, low.deptId]) {
      const res = await app.post('/v1/departments/update', { deptId: top.deptId, parentDeptId, name: 'renamed' });
      expect(res.body.code, parentDeptId).toBe(191001);
      expect(res.status).toBe(409);
    }
    expect(data(await app.get<Department>('/v1/departments/get', { deptId: top.deptId }))).toMatchObject({ name: 'Cycle top', parentDeptId: '' });
    expect(data(await app.post<Department>('/v1/departments/update', { deptId: low.deptId, parentDeptId: top.deptId })).parentDeptId).toBe(top.deptId);
  });

  it('refuses bad input with clear codes', async () => {
    const parent = await dept({ name: 'Names' });
    await dept({ name: 'Twin', parentDeptId: parent.deptId });
    const cases: [string, Record<string, unknown>, number][] = [
      ['/v1/departments/create', { name: '' }, 110001],
      ['/v1/departments/create', { name: '   ' }, 110001],
      ['/v1/departments/create', { name: 'x'.repeat(256) }, 110001],
      ['/v1/departments/create', { name: 'Twin', parentDeptId: parent.deptId }, 130001],
      ['/v1/departments/create', { name: 'Orphan', parentDeptId: 'dpt_nothing' }, 120001],
      ['/v1/departments/create', { name: 'Led', leaderUserId: 'usr_nobody' }, 191004],
      ['/v1/departments/create', { name: 'Typed', displayOrder: 'first' }, 110001],
      ['/v1/departments/create', { name: 'Props', properties: 'none' }, 110001],
      ['/v1/departments/update', { name: 'x' }, 110001],
      ['/v1/departments/update', { deptId: 'dpt_nothing', name: 'x' }, 120001],
      ['/v1/departments/addMembers', { deptId: parent.deptId, userIds: [] }, 110001],
      ['/v1/departments/addMembers', { deptId: parent.deptId, userIds: [alice.userId, 'usr_nobody'] }, 191004],
    ];
    for (const [path, body, code] of cases) expect((await app.post(path, body)).body.code, `${path} ${JSON.stringify(body)}`).toBe(code);
    expect(data(await app.get<Department>('/v1/departments/get', { deptId: parent.deptId })).memberCount).toBe(0);
    expect((await app.post('/v1/departments/create', '{"name":')).body.code).toBe(110002);
  });

  it('keeps members and memberCount true', async () => {
    const d = await dept({ name: 'Members' });
    expect(data(await app.post<Department>('/v1/departments/addMembers', { deptId: d.deptId, userIds: [alice.userId, bob.userId] })).memberCount).toBe(2);
    expect(data(await app.post<Department>('/v1/departments/addMembers', { deptId: d.deptId, userIds: [alice.userId, alice.userId] })).memberCount).toBe(2);
    const members = data(await app.post<PageOf<Member>>('/v1/departments/getMembers', { deptId: d.deptId }));
    expect(members).toEqual({ totalElements: 2, content: [{ userId: alice.userId, userName: 'alice' }, { userId: bob.userId, userName: 'bob' }] });
    expect(data(await app.post<Department>('/v1/departments/removeMembers', { deptId: d.deptId, userIds: [bob.userId, bob.userId] })).memberCount).toBe(1);
    expect(data(await app.post<Department>('/v1/departments/removeMembers', { deptId: d.deptId, userIds: [bob.userId] })).memberCount).toBe(1);
    const listed = await tree({ name: 'Members' });
    expect(listed.content[0]?.memberCount).toBe(1);
  });

  it('refuses to delete a department with sub-departments or members (191002); deleting forgets what named it', async () => {
    const parent = await dept({ name: 'Doomed' });
    const child = await dept({ name: 'Doomed child', parentDeptId: parent.deptId });
    expect((await app.post('/v1/departments/delete', { deptId: parent.deptId })).body.code).toBe(191002);
    data(await app.post('/v1/departments/addMembers', { deptId: child.deptId, userIds: [bob.userId] }));
    expect((await app.post('/v1/departments/delete', { deptId: child.deptId })).body.code).toBe(191002);

    const area = data(await app.post<Container>('/v1/containers/create', { name: 'dept-area' }));
    data(await app.post('/v1/acl/entries/set', { containerId: area.containerId, entries: [{ principalType: 'DEPARTMENT', principalId: child.deptId, role: 'MANAGER' }] }));
    const grant = data(await app.post<ShareGrant>('/v1/share-grants/create', { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'DEPARTMENT', granteeId: child.deptId, permissionPreset: 'VIEW' }));
    data(await app.post('/v1/departments/removeMembers', { deptId: child.deptId, userIds: [bob.userId] }));
    expect(data(await app.post<{ deptId: string }>('/v1/departments/delete', { deptId: child.deptId })).deptId).toBe(child.deptId);
    expect((await app.get('/v1/departments/get', { deptId: child.deptId })).body.code).toBe(120001);
    expect(data(await app.get<ContainerAcl>('/v1/acl/entries/get', { containerId: area.containerId })).entries).toEqual([]);
    expect(data(await app.get<ShareGrant>('/v1/share-grants/get', { shareGrantId: grant.shareGrantId })).status).toBe('REVOKED');
    expect(data(await app.post<{ deptId: string }>('/v1/departments/delete', { deptId: parent.deptId })).deptId).toBe(parent.deptId);
    expect((await app.post('/v1/departments/delete', { deptId: parent.deptId })).body.code).toBe(120001);
  });

  it('lets any user read the organisation but only an administrator change it', async () => {
    const d = await dept({ name: 'Guarded' });
    expect((await bob.api.get('/v1/departments/get', { deptId: d.deptId })).body.code).toBe(0);
    expect((await bob.api.post('/v1/departments/getPage', {})).body.code).toBe(0);
    expect((await bob.api.post('/v1/departments/getMembers', { deptId: d.deptId })).body.code).toBe(0);
    const attempts: [string, Record<string, unknown>][] = [
      ['/v1/departments/create', { name: 'Mine' }],
      ['/v1/departments/update', { deptId: d.deptId, name: 'Taken over' }],
      ['/v1/departments/addMembers', { deptId: d.deptId, userIds: [bob.userId] }],
      ['/v1/departments/removeMembers', { deptId: d.deptId, userIds: [bob.userId] }],
      ['/v1/departments/delete', { deptId: d.deptId }],
    ];
    for (const [path, body] of attempts) {
      const res = await bob.api.post(path, body);
      expect(res.body.code, path).toBe(102001);
      expect(res.status).toBe(403);
    }
    expect(data(await app.get<Department>('/v1/departments/get', { deptId: d.deptId }))).toMatchObject({ name: 'Guarded', memberCount: 0 });
    expect((await tree({ name: 'Mine' })).totalElements).toBe(0);
  });

  it('keeps tenants apart', async () => {
    const d = await dept({ name: 'Ours' });
    const other = await appApi(server.url, await createTenant(server.dataDir, 'other'));
    expect((await other.get('/v1/departments/get', { deptId: d.deptId })).body.code).toBe(120001);
    expect((await other.post('/v1/departments/update', { deptId: d.deptId, name: 'Theirs' })).body.code).toBe(120001);
    expect((await other.post('/v1/departments/delete', { deptId: d.deptId })).body.code).toBe(120001);
    expect((await other.post('/v1/departments/addMembers', { deptId: d.deptId, userIds: [alice.userId] })).body.code).toBe(120001);
    expect((await other.post('/v1/departments/create', { name: 'Child', parentDeptId: d.deptId })).body.code).toBe(120001);
    const theirs = data(await other.post<Department>('/v1/departments/create', { name: 'Theirs' }));
    expect((await other.post('/v1/departments/addMembers', { deptId: theirs.deptId, userIds: [alice.userId] })).body.code).toBe(191004);
    expect((await other.post('/v1/departments/update', { deptId: theirs.deptId, parentDeptId: d.deptId })).body.code).toBe(120001);
    expect(data(await other.post<PageOf<DepartmentNode>>('/v1/departments/getPage', {})).content.map((n) => n.name)).toEqual(['Theirs']);
    expect(data(await app.get<Department>('/v1/departments/get', { deptId: d.deptId })).name).toBe('Ours');
  });
});
