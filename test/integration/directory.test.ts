/**
 * The directory search (/v1/directory/getPage) against a real `folio serve`: people, departments
 * and roles by name, ranked and paged, narrowed by kind, matched literally, and never across tenants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '../../shared/v1/directory.ts';
import type { Department, Role } from '../../shared/v1/org.ts';
import type { PageOf } from '../../shared/v1/resources.ts';
import { appApi, createTenant, createUser, data, removeDir, startServer, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { createUsers, type TestUser } from '../helpers/users.ts';

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let bob: TestUser;
let sales: Department;
let bobbers: Role;
let otherApp: Api;

const VALIDATION = 110001;

async function search(api: Api, body: Record<string, unknown>): Promise<PageOf<DirectoryEntry>> {
  return data(await api.post<PageOf<DirectoryEntry>>('/v1/directory/getPage', body));
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  app = await appApi(server.url, tenant);
  ({ bob } = await createUsers(server.dataDir, tenant.tenantId, app, ['bob', 'Bobby Tables', 'alice', '100%_done', '100 and more']));
  sales = data(await app.post<Department>('/v1/departments/create', { name: 'Sales' }));
  data(await app.post('/v1/departments/addMembers', { deptId: sales.deptId, userIds: [bob.userId] }));
  bobbers = data(await app.post<Role>('/v1/roles/save', { name: 'Bob fans', roleKey: 'bob-fans' }));
  const other = await createTenant(server.dataDir, 'globex');
  await createUser(server.dataDir, other.tenantId, 'bobcat');
  otherApp = await appApi(server.url, other);
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('directory search', () => {
  it('finds users, departments and roles by a part of the name, the exact name first, with what tells them apart', async () => {
    const page = await search(bob.api, { query: 'BOB', pageSize: 10, pageNumber: 1 });
    expect(page.totalElements).toBe(3);
    expect(page.content).toEqual([
      { kind: 'USER', id: bob.userId, name: 'bob', detail: 'Sales' },
      { kind: 'ROLE', id: bobbers.roleId, name: 'Bob fans', detail: 'bob-fans' },
      { kind: 'USER', id: expect.stringMatching(/^usr_/), name: 'Bobby Tables', detail: '' },
    ]);
  });

  it('narrows to the kinds asked for', async () => {
    expect((await search(app, { query: 'bob', kinds: ['ROLE'] })).content.map((e) => e.name)).toEqual(['Bob fans']);
    expect((await search(app, { query: 'sa', kinds: ['DEPARTMENT', 'USER'] })).content).toEqual([{ kind: 'DEPARTMENT', id: sales.deptId, name: 'Sales', detail: '' }]);
  });

  it('pages, with the total of every match', async () => {
    const first = await search(app, { query: '', pageSize: 2, pageNumber: 1 });
    const third = await search(app, { query: '', pageSize: 2, pageNumber: 4 });
    expect(first.totalElements).toBe(7);
    expect(first.content).toHaveLength(2);
    expect(third.content).toHaveLength(1);
  });

  it('matches % and _ literally, as characters of the name', async () => {
    expect((await search(app, { query: '%_' })).content.map((e) => e.name)).toEqual(['100%_done']);
    expect((await search(app, { query: '0_d' })).content.map((e) => e.name)).toEqual([]);
    expect((await search(app, { query: "'; DROP TABLE users; --" })).totalElements).toBe(0);
  });

  it("never shows another tenant's directory", async () => {
    expect((await search(app, { query: 'bobcat' })).totalElements).toBe(0);
    expect((await search(otherApp, { query: 'bob' })).content.map((e) => e.name)).toEqual(['bobcat']);
  });

  it('refuses a bad request with the envelope', async () => {
    expect((await app.post('/v1/directory/getPage', { query: 'x', kinds: ['TENANT'] })).body.code).toBe(VALIDATION);
    expect((await app.post('/v1/directory/getPage', { query: 'x', pageSize: 0 })).body.code).toBe(VALIDATION);
    expect((await app.post('/v1/directory/getPage', {})).body.code).toBe(VALIDATION);
  });
});

describe('who can share an item', () => {
  it('tells a reader they cannot share, and names the managers', async () => {
    const { carol, dave } = await createUsers(server.dataDir, tenant.tenantId, app, ['carol', 'dave']);
    const parent = data(await app.post<{ containerId: string }>('/v1/containers/create', { name: 'shared-parent', aclInheritEnabled: false }));
    data(await app.post('/v1/acl/entries/set', { containerId: parent.containerId, entries: [{ principalType: 'USER', principalId: carol.userId, role: 'MANAGER' }] }));
    const child = data(await app.post<{ containerId: string }>('/v1/containers/create', { name: 'child', parentId: parent.containerId }));
    data(
      await app.post('/v1/acl/entries/set', {
        containerId: child.containerId,
        entries: [
          { principalType: 'USER', principalId: dave.userId, role: 'VIEWER' },
          { principalType: 'DEPARTMENT', principalId: sales.deptId, role: 'MANAGER' },
        ],
      }),
    );
    const asDave = data(await dave.api.post<{ canShare: boolean; sharers: unknown[] }>('/v1/share-grants/sharers', { resourceType: 'CONTAINER', resourceId: child.containerId }));
    expect(asDave).toEqual({
      canShare: false,
      sharers: [
        { kind: 'USER', id: carol.userId, name: 'carol' },
        { kind: 'DEPARTMENT', id: sales.deptId, name: 'Sales' },
      ],
    });
    expect(data(await carol.api.post<{ canShare: boolean }>('/v1/share-grants/sharers', { resourceType: 'CONTAINER', resourceId: child.containerId })).canShare).toBe(true);
    expect((await bob.api.post('/v1/share-grants/sharers', { resourceType: 'CONTAINER', resourceId: parent.containerId })).body.code).toBe(102001);
    expect((await app.post('/v1/share-grants/sharers', { resourceType: 'DOCUMENT', resourceId: 'doc_nope' })).body.code).toBe(120001);
  });
});
