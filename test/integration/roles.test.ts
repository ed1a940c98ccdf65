/** Business roles (spec 4.17) against a real `folio serve`: roleKey per tenant, memberCount kept true, and who may change them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AclPolicy, ContainerAcl } from '../../shared/v1/access.ts';
import type { Member, Role } from '../../shared/v1/org.ts';
import type { Container, PageOf } from '../../shared/v1/resources.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { createUsers, type TestUser } from '../helpers/users.ts';

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

async function role(body: Record<string, unknown>): Promise<Role> {
  return data(await app.post<Role>('/v1/roles/save', body));
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  app = await appApi(server.url, tenant);
  ({ alice, bob, carol } = await createUsers(server.dataDir, tenant.tenantId, app, ['alice', 'bob', 'carol']));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('roles', () => {
  it('saves, reads and updates a role (spec 4.17)', async () => {
    const r = await role({ name: 'Approvers', roleKey: 'approvers', description: 'sign off contracts', properties: { level: 2 } });
    expect(r).toMatchObject({ tenantId: tenant.tenantId, source: 'LOCAL', name: 'Approvers', roleKey: 'approvers', description: 'sign off contracts', properties: { level: 2 }, memberCount: 0 });
    expect(r.roleId).toMatch(/^rol_/);
    expect(data(await bob.api.get<Role>('/v1/roles/get', { roleId: r.roleId }))).toEqual(r);
    const u = data(await app.post<Role>('/v1/roles/update', { roleId: r.roleId, description: 'sign off everything' }));
    expect(u).toMatchObject({ name: 'Approvers', roleKey: 'approvers', description: 'sign off everything', properties: { level: 2 } });
    const renamed = data(await app.post<Role>('/v1/roles/update', { roleId: r.roleId, roleKey: 'approvers.v2', name: 'Senior approvers' }));
    expect(renamed).toMatchObject({ roleKey: 'approvers.v2', name: 'Senior approvers' });
  });

  it('keeps roleKey unique per tenant (191003), and free across tenants', async () => {
    const first = await role({ name: 'Editors', roleKey: 'editors' });
    const dup = await app.post('/v1/roles/save', { name: 'Other editors', roleKey: 'editors' });
    expect(dup.body.code).toBe(191003);
    expect(dup.status).toBe(409);
    const second = await role({ name: 'Writers', roleKey: 'writers' });
    expect((await app.post('/v1/roles/update', { roleId: second.roleId, roleKey: 'editors' })).body.code).toBe(191003);
    expect(data(await app.post<Role>('/v1/roles/update', { roleId: first.roleId, roleKey: 'editors' })).roleKey).toBe('editors');
    expect(data(await app.get<Role>('/v1/roles/get', { roleId: second.roleId })).roleKey).toBe('writers');
    const other = await appApi(server.url, await createTenant(server.dataDir, 'other'));
    expect(data(await other.post<Role>('/v1/roles/save', { name: 'Editors', roleKey: 'editors' })).roleKey).toBe('editors');
    expect(data(await other.post<PageOf<Role>>('/v1/roles/getPage', {})).totalElements).toBe(1);
    expect((await other.get('/v1/roles/get', { roleId: first.roleId })).body.code).toBe(120001);
    expect((await other.post('/v1/roles/update', { roleId: first.roleId, name: 'x' })).body.code).toBe(120001);
    expect((await other.post('/v1/roles/addMembers', { roleId: first.roleId, userIds: [alice.userId] })).body.code).toBe(120001);
    expect((await other.post('/v1/roles/delete', { roleId: first.roleId })).body.code).toBe(120001);
  });

  it('keeps memberCount true through adds, duplicate adds, removals and deleted roles', async () => {
    const r = await role({ name: 'Counted', roleKey: 'counted' });
    const count = async () => data(await app.get<Role>('/v1/roles/get', { roleId: r.roleId })).memberCount;
    expect(data(await app.post<Role>('/v1/roles/addMembers', { roleId: r.roleId, userIds: [alice.userId, bob.userId] })).memberCount).toBe(2);
    expect(data(await app.post<Role>('/v1/roles/addMembers', { roleId: r.roleId, userIds: [bob.userId, bob.userId, carol.userId] })).memberCount).toBe(3);
    expect(await count()).toBe(3);
    expect(data(await app.post<Role>('/v1/roles/removeMembers', { roleId: r.roleId, userIds: [bob.userId] })).memberCount).toBe(2);
    expect(data(await app.post<Role>('/v1/roles/removeMembers', { roleId: r.roleId, userIds: [bob.userId] })).memberCount).toBe(2);
    expect((await app.post('/v1/roles/addMembers', { roleId: r.roleId, userIds: [bob.userId, 'usr_nobody'] })).body.code).toBe(191004);
    expect(await count()).toBe(2);
    const members = data(await app.post<PageOf<Member>>('/v1/roles/getMembers', { roleId: r.roleId }));
    expect(members.content.map((m) => m.userName)).toEqual(['alice', 'carol']);
    const listed = data(await app.post<PageOf<Role>>('/v1/roles/getPage', { roleKey: 'counted' }));
    expect(listed.content.map((x) => x.memberCount)).toEqual([2]);
  });

  it('filters getPage by name and roleKey, with allow-listed ordering', async () => {
    await role({ name: 'Finance reader', roleKey: 'fin-read' });
    await role({ name: 'Finance writer', roleKey: 'fin-write' });
    const names = async (body: Record<string, unknown>) => data(await app.post<PageOf<Role>>('/v1/roles/getPage', body)).content.map((r) => r.name);
    expect(await names({ name: 'FINANCE' })).toEqual(['Finance reader', 'Finance writer']);
    expect(await names({ roleKey: 'fin-w' })).toEqual(['Finance writer']);
    expect(await names({ name: 'finance', orderByColumn: 'roleKey', isAsc: 'desc' })).toEqual(['Finance writer', 'Finance reader']);
    expect((await app.post('/v1/roles/getPage', { orderByColumn: 'memberCount' })).body.code).toBe(110001);
  });

  it('deleting a role drops its memberships and what named it', async () => {
    const r = await role({ name: 'Temporary', roleKey: 'temporary' });
    data(await app.post('/v1/roles/addMembers', { roleId: r.roleId, userIds: [bob.userId] }));
    const area = data(await app.post<Container>('/v1/containers/create', { name: 'role-area', aclInheritEnabled: false }));
    data(await app.post('/v1/acl/entries/set', { containerId: area.containerId, entries: [{ principalType: 'ROLE', principalId: r.roleId, role: 'VIEWER' }] }));
    const p = data(await app.post<AclPolicy>('/v1/acl/policy/create', { name: 'temp', grantRole: 'VIEWER', grantees: [{ granteeType: 'ROLE', granteeId: r.roleId }, { granteeType: 'EVERYONE' }] }));
    expect((await bob.api.get('/v1/containers/get', { containerId: area.containerId })).body.code).toBe(0);
    data(await app.post('/v1/roles/delete', { roleId: r.roleId }));
    expect((await app.get('/v1/roles/get', { roleId: r.roleId })).body.code).toBe(120001);
    expect(data(await app.get<ContainerAcl>('/v1/acl/entries/get', { containerId: area.containerId })).entries).toEqual([]);
    expect(data(await app.get<AclPolicy>('/v1/acl/policy/get', { policyId: p.policyId })).grantees).toEqual([{ granteeType: 'EVERYONE', granteeId: '' }]);
    await app.post('/v1/acl/policy/delete', { policyId: p.policyId });
    expect((await bob.api.get('/v1/containers/get', { containerId: area.containerId })).body.code).toBe(102001);
    expect(data(await app.post<Role>('/v1/roles/save', { name: 'Temporary again', roleKey: 'temporary' })).memberCount).toBe(0);
  });

  it('refuses bad input and non-administrators, changing nothing', async () => {
    const r = await role({ name: 'Guarded', roleKey: 'guarded' });
    const cases: [string, Record<string, unknown>, number][] = [
      ['/v1/roles/save', { name: 'x' }, 110001],
      ['/v1/roles/save', { name: ' ', roleKey: 'blank-name' }, 110001],
      ['/v1/roles/save', { name: 'x', roleKey: '' }, 110001],
      ['/v1/roles/save', { name: 'x', roleKey: 'has space' }, 110001],
      ['/v1/roles/save', { name: 'x', roleKey: 7 }, 110001],
      ['/v1/roles/update', { roleId: 'rol_nothing', name: 'x' }, 120001],
      ['/v1/roles/addMembers', { roleId: r.roleId }, 110001],
    ];
    for (const [path, body, code] of cases) expect((await app.post(path, body)).body.code, `${path} ${JSON.stringify(body)}`).toBe(code);
    const attempts: [string, Record<string, unknown>][] = [
      ['/v1/roles/save', { name: 'Mine', roleKey: 'mine' }],
      ['/v1/roles/update', { roleId: r.roleId, name: 'Taken over' }],
      ['/v1/roles/addMembers', { roleId: r.roleId, userIds: [bob.userId] }],
      ['/v1/roles/removeMembers', { roleId: r.roleId, userIds: [bob.userId] }],
      ['/v1/roles/delete', { roleId: r.roleId }],
    ];
    for (const [path, body] of attempts) expect((await bob.api.post(path, body)).body.code, path).toBe(102001);
    expect(data(await app.get<Role>('/v1/roles/get', { roleId: r.roleId }))).toMatchObject({ name: 'Guarded', memberCount: 0 });
    expect(data(await app.post<PageOf<Role>>('/v1/roles/getPage', { roleKey: 'mine' })).totalElements).toBe(0);
    expect((await bob.api.post('/v1/roles/getPage', {})).body.code).toBe(0);
  });
});
