/**
 * Share grants (spec 4.12, §2 ShareGrant) against a real `folio serve`: what a grant gives,
 * that an expired or revoked grant gives nothing, what update may change, and who sees which grants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerAcl, ShareGrant } from '../../shared/v1/access.ts';
import type { Department, Role } from '../../shared/v1/org.ts';
import type { Container, Document, PageOf, Version, VersionResult } from '../../shared/v1/resources.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { createUsers, type TestUser } from '../helpers/users.ts';

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let team: Department;
let reviewers: Role;

const FORBIDDEN = 102001;

async function privateContainer(name: string, entries: unknown[], parentId?: string): Promise<Container> {
  const c = data(await app.post<Container>('/v1/containers/create', { name, aclInheritEnabled: false, ...(parentId ? { parentId } : {}) }));
  data(await app.post<ContainerAcl>('/v1/acl/entries/set', { containerId: c.containerId, entries }));
  return c;
}

async function upload(api: Api, containerId: string, title: string): Promise<VersionResult> {
  return data(await api.raw('/v1/versions/upload', { containerId, title }, new TextEncoder().encode(title))) as VersionResult;
}

async function share(api: Api, body: Record<string, unknown>): Promise<ShareGrant> {
  return data(await api.post<ShareGrant>('/v1/share-grants/create', body));
}

const readCode = async (api: Api, containerId: string) => (await api.get('/v1/containers/get', { containerId })).body.code;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  app = await appApi(server.url, tenant);
  ({ alice, bob, carol } = await createUsers(server.dataDir, tenant.tenantId, app, ['alice', 'bob', 'carol']));
  const company = data(await app.post<Department>('/v1/departments/create', { name: 'Company' }));
  team = data(await app.post<Department>('/v1/departments/create', { name: 'Team', parentDeptId: company.deptId }));
  data(await app.post('/v1/departments/addMembers', { deptId: team.deptId, userIds: [carol.userId] }));
  reviewers = data(await app.post<Role>('/v1/roles/save', { name: 'Reviewers', roleKey: 'reviewers' }));
  data(await app.post('/v1/roles/addMembers', { roleId: reviewers.roleId, userIds: [bob.userId] }));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('what a grant gives', () => {
  it('VIEW on a container gives READ there and everywhere below it', async () => {
    const area = await privateContainer('view-area', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const sub = data(await alice.api.post<Container>('/v1/containers/create', { name: 'sub', parentId: area.containerId }));
    const doc = await upload(alice.api, sub.containerId, 'a.txt');
    expect(await readCode(bob.api, area.containerId)).toBe(FORBIDDEN);

    const g = await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW', message: 'have a look' });
    expect(g).toMatchObject({ status: 'ACTIVE', grantorId: alice.userId, granteeName: 'bob', resourceName: 'view-area', expiresAt: '', revokedAt: '', message: 'have a look' });
    expect((await bob.api.get<Container>('/v1/containers/get', { containerId: sub.containerId })).body.data?.effectivePermissions).toMatchObject({ read: true, download: false, write: false, share: false });
    expect(data(await bob.api.post<PageOf<Document>>('/v1/documents/getPage', { containerId: sub.containerId })).totalElements).toBe(1);
    expect((await bob.api.fetch('/v1/versions/download', { versionId: doc.versionId })).status).toBe(403);
    expect((await bob.api.post('/v1/documents/save', { containerId: sub.containerId, title: 'b.txt' })).body.code).toBe(FORBIDDEN);
  });

  it('EDIT gives READ, DOWNLOAD and WRITE; a share never passes on SHARE, MANAGE or DELETE', async () => {
    const area = await privateContainer('edit-area', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'EDIT' });
    const p = (await bob.api.get<Container>('/v1/containers/get', { containerId: area.containerId })).body.data?.effectivePermissions;
    expect(p).toMatchObject({ read: true, download: true, write: true, share: false, manage: false, delete: false });
    expect((await bob.api.post('/v1/documents/save', { containerId: area.containerId, title: 'by-bob.txt' })).body.code).toBe(0);
  });

  it('a grant to a department reaches the members of the departments below it; a grant to a role its members', async () => {
    const area = await privateContainer('group-area', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const company = data(await app.get<Department>('/v1/departments/get', { deptId: team.parentDeptId }));
    await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'DEPARTMENT', granteeId: company.deptId, permissionPreset: 'VIEW' });
    expect(await readCode(carol.api, area.containerId)).toBe(0);
    expect(await readCode(bob.api, area.containerId)).toBe(FORBIDDEN);
    await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'ROLE', granteeId: reviewers.roleId, permissionPreset: 'DOWNLOAD' });
    expect(await readCode(bob.api, area.containerId)).toBe(0);
  });

  it('a grant on a document gives that document only, wherever it lies', async () => {
    const area = await privateContainer('doc-area', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const shared = await upload(alice.api, area.containerId, 'shared.txt');
    const other = await upload(alice.api, area.containerId, 'other.txt');
    await share(alice.api, { resourceType: 'DOCUMENT', resourceId: shared.docId, granteeType: 'USER', granteeId: carol.userId, permissionPreset: 'DOWNLOAD' });
    expect((await carol.api.get<Document>('/v1/documents/get', { docId: shared.docId })).body.code).toBe(0);
    expect((await carol.api.fetch('/v1/versions/download', { versionId: shared.versionId })).status).toBe(200);
    expect((await carol.api.post('/v1/versions/getPage', { docId: shared.docId })).body.code).toBe(0);
    const everything = data(await carol.api.post<PageOf<Version>>('/v1/versions/getPage', { pageSize: 500 }));
    expect(everything.content.map((v) => v.docId)).toContain(shared.docId);
    expect(everything.content.map((v) => v.docId)).not.toContain(other.docId);
    expect((await carol.api.get('/v1/documents/get', { docId: other.docId })).body.code).toBe(FORBIDDEN);
    expect(await readCode(carol.api, area.containerId)).toBe(FORBIDDEN);
    expect((await carol.api.post('/v1/documents/update', { docId: shared.docId, title: 'renamed.txt' })).body.code).toBe(FORBIDDEN);
  });

  it("versions/getPage without docId: a user sees the versions of readable containers and shared documents, paged and counted alike", async () => {
    const { erin } = await createUsers(server.dataDir, tenant.tenantId, app, ['erin']);
    const seen = await privateContainer('listing-seen', [{ principalType: 'USER', principalId: erin.userId, role: 'VIEWER' }]);
    const unseen = await privateContainer('listing-unseen', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const denied = await privateContainer('listing-denied', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }, { principalType: 'USER', principalId: erin.userId, denyMask: 1 }]);
    const a = await upload(app, seen.containerId, 'a.txt');
    const again = data(await app.raw('/v1/versions/upload', { docId: a.docId }, new TextEncoder().encode('a, second'))) as VersionResult;
    const sharedDoc = await upload(alice.api, unseen.containerId, 'shared.txt');
    await upload(alice.api, unseen.containerId, 'private.txt');
    const deniedDoc = await upload(alice.api, denied.containerId, 'denied.txt');
    await share(alice.api, { resourceType: 'DOCUMENT', resourceId: sharedDoc.docId, granteeType: 'USER', granteeId: erin.userId, permissionPreset: 'VIEW' });
    await share(alice.api, { resourceType: 'DOCUMENT', resourceId: deniedDoc.docId, granteeType: 'USER', granteeId: erin.userId, permissionPreset: 'VIEW' });
    const b = await upload(app, seen.containerId, 'b.txt');

    // Newest versionNo first; equal numbers in versionId order, as the app's own listing orders them.
    const everything = data(await app.post<PageOf<Version>>('/v1/versions/getPage', { pageSize: 500 })).content;
    const expected = everything.filter((v) => [a.docId, sharedDoc.docId, b.docId].includes(v.docId)).map((v) => v.versionId);
    expect(expected).toHaveLength(4);
    const all = data(await erin.api.post<PageOf<Version>>('/v1/versions/getPage', { pageSize: 500 }));
    expect(all.content.map((v) => v.versionId)).toEqual(expected);
    expect(all.totalElements).toBe(4);
    expect(all.content[0]?.versionId).toBe(again.versionId);
    for (let page = 1; page <= 3; page++) {
      const one = data(await erin.api.post<PageOf<Version>>('/v1/versions/getPage', { pageSize: 2, pageNumber: page }));
      expect(one.totalElements).toBe(4);
      expect(one.content.map((v) => v.versionId)).toEqual(expected.slice((page - 1) * 2, page * 2));
    }

    // A deleted document leaves the listing and the count at once.
    data(await app.post('/v1/documents/delete', { docId: b.docId }));
    const afterDelete = data(await erin.api.post<PageOf<Version>>('/v1/versions/getPage', { pageSize: 500 }));
    expect(afterDelete.totalElements).toBe(3);
    expect(afterDelete.content.map((v) => v.docId)).not.toContain(b.docId);
  });

  it('reaches below a node that breaks inheritance, but a deny still wins', async () => {
    const area = await privateContainer('deep-area', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const walled = await privateContainer('walled', [], area.containerId);
    const denied = await privateContainer('denied', [{ principalType: 'EVERYONE', denyMask: 1 }], area.containerId);
    await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW' });
    expect(await readCode(bob.api, walled.containerId)).toBe(0);
    expect(await readCode(bob.api, denied.containerId)).toBe(FORBIDDEN);
  });
});

describe('who may share what', () => {
  it('needs SHARE on the resource, and never gives more than the grantor holds', async () => {
    const area = await privateContainer('rights-area', [
      { principalType: 'USER', principalId: alice.userId, role: 'MANAGER' },
      { principalType: 'USER', principalId: carol.userId, allowMask: 1 | 8 },
    ]);
    const asBob = await bob.api.post('/v1/share-grants/create', { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW' });
    expect(asBob.status).toBe(403);
    const tooMuch = await carol.api.post('/v1/share-grants/create', { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'DOWNLOAD' });
    expect(tooMuch.body.code).toBe(FORBIDDEN);
    expect(await readCode(bob.api, area.containerId)).toBe(FORBIDDEN);
    const g = await share(carol.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW' });
    expect(g.grantorId).toBe(carol.userId);
    const raise = await carol.api.post('/v1/share-grants/update', { shareGrantId: g.shareGrantId, permissionPreset: 'EDIT' });
    expect(raise.body.code).toBe(FORBIDDEN);
    expect(data(await alice.api.post<ShareGrant>('/v1/share-grants/update', { shareGrantId: g.shareGrantId, permissionPreset: 'EDIT' })).permissionPreset).toBe('EDIT');
  });

  it('refuses a second active grant of the same resource to the same grantee with 191007', async () => {
    const area = await privateContainer('dup-area', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const body = { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW' };
    const first = await share(alice.api, body);
    const again = await alice.api.post('/v1/share-grants/create', body);
    expect(again.body.code).toBe(191007);
    data(await alice.api.post('/v1/share-grants/revoke', { shareGrantId: first.shareGrantId }));
    expect((await alice.api.post('/v1/share-grants/create', body)).body.code).toBe(0);
  });

  it('refuses bad input with clear codes', async () => {
    const area = await privateContainer('bad-area', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const base = { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW' };
    const cases: [Record<string, unknown>, number][] = [
      [{ ...base, permissionPreset: 'OWN' }, 110001],
      [{ ...base, granteeType: 'EVERYONE' }, 110001],
      [{ ...base, resourceType: 'VERSION' }, 110001],
      [{ ...base, expiresAt: 'next tuesday' }, 110001],
      [{ ...base, expiresAt: '2001-01-01T00:00:00Z' }, 110001],
      [{ ...base, expiresAt: 12 }, 110001],
      [{ ...base, granteeId: 'usr_nobody' }, 191004],
      [{ ...base, resourceId: 'ctr_nothing' }, 120001],
      [{ ...base, resourceType: 'DOCUMENT' }, 120001],
    ];
    for (const [body, code] of cases) expect((await alice.api.post('/v1/share-grants/create', body)).body.code, JSON.stringify(body)).toBe(code);
    expect(data(await alice.api.post<PageOf<ShareGrant>>('/v1/share-grants/getPage', { resourceType: 'CONTAINER', resourceId: area.containerId })).totalElements).toBe(0);
  });
});

describe('expiry and revocation', () => {
  it('an expired grant gives nothing, shows EXPIRED, and comes back when extended', async () => {
    const area = await privateContainer('expiring', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const g = await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW', expiresAt });
    expect(g.expiresAt).toBe(expiresAt);
    expect(await readCode(bob.api, area.containerId)).toBe(0);
    await sleep(1700);
    expect(await readCode(bob.api, area.containerId)).toBe(FORBIDDEN);
    expect(data(await alice.api.get<ShareGrant>('/v1/share-grants/get', { shareGrantId: g.shareGrantId })).status).toBe('EXPIRED');
    const extended = data(await alice.api.post<ShareGrant>('/v1/share-grants/update', { shareGrantId: g.shareGrantId, expiresAt: '' }));
    expect(extended).toMatchObject({ status: 'ACTIVE', expiresAt: '' });
    expect(await readCode(bob.api, area.containerId)).toBe(0);
  });

  it('a revoked grant gives nothing, shows REVOKED, and cannot be changed; revoking again is harmless', async () => {
    const area = await privateContainer('revoking', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const g = await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'EDIT' });
    expect(await readCode(bob.api, area.containerId)).toBe(0);
    const revoked = data(await alice.api.post<ShareGrant>('/v1/share-grants/revoke', { shareGrantId: g.shareGrantId }));
    expect(revoked.status).toBe('REVOKED');
    expect(Date.parse(revoked.revokedAt)).toBeGreaterThan(0);
    expect(await readCode(bob.api, area.containerId)).toBe(FORBIDDEN);
    expect((await alice.api.post('/v1/share-grants/update', { shareGrantId: g.shareGrantId, permissionPreset: 'VIEW' })).body.code).toBe(191005);
    expect(data(await alice.api.post<ShareGrant>('/v1/share-grants/revoke', { shareGrantId: g.shareGrantId })).revokedAt).toBe(revoked.revokedAt);
  });

  it('lets a user decline a grant made to them, but not revoke someone else\'s', async () => {
    const area = await privateContainer('declining', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const toBob = await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW' });
    const toCarol = await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: carol.userId, permissionPreset: 'VIEW' });
    expect((await bob.api.post('/v1/share-grants/revoke', { shareGrantId: toCarol.shareGrantId })).body.code).toBe(FORBIDDEN);
    expect(data(await bob.api.post<ShareGrant>('/v1/share-grants/revoke', { shareGrantId: toBob.shareGrantId })).status).toBe('REVOKED');
    expect(await readCode(carol.api, area.containerId)).toBe(0);
  });
});

describe('share-grants/update (spec 4.12)', () => {
  it('changes only permissionPreset, expiresAt and message', async () => {
    const area = await privateContainer('updating', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const other = await privateContainer('updating-other', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const g = await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW', message: 'first' });
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const updated = data(await alice.api.post<ShareGrant>('/v1/share-grants/update', { shareGrantId: g.shareGrantId, permissionPreset: 'DOWNLOAD', expiresAt, message: 'second' }));
    expect(updated).toMatchObject({ permissionPreset: 'DOWNLOAD', expiresAt, message: 'second', granteeId: bob.userId, resourceId: area.containerId, status: 'ACTIVE' });
    expect((await bob.api.get<Container>('/v1/containers/get', { containerId: area.containerId })).body.data?.effectivePermissions.download).toBe(true);

    for (const [field, value] of [
      ['resourceId', other.containerId],
      ['granteeId', carol.userId],
      ['granteeType', 'ROLE'],
      ['grantorId', bob.userId],
      ['status', 'REVOKED'],
      ['resourceType', 'DOCUMENT'],
    ] as const) {
      const res = await alice.api.post('/v1/share-grants/update', { shareGrantId: g.shareGrantId, message: 'sneaky', [field]: value });
      expect(res.body.code, field).toBe(191006);
      expect(res.status).toBe(400);
    }
    const after = data(await alice.api.get<ShareGrant>('/v1/share-grants/get', { shareGrantId: g.shareGrantId }));
    expect(after).toEqual(updated);
    expect(await readCode(carol.api, other.containerId)).toBe(FORBIDDEN);

    const echoed = data(await alice.api.post<ShareGrant>('/v1/share-grants/update', { ...after, message: 'echoed back' }));
    expect(echoed.message).toBe('echoed back');
  });

  it('is refused to a grantee without SHARE, and for unknown or foreign grants', async () => {
    const area = await privateContainer('upd-rights', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const g = await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW' });
    expect((await bob.api.post('/v1/share-grants/update', { shareGrantId: g.shareGrantId, permissionPreset: 'EDIT' })).body.code).toBe(FORBIDDEN);
    expect((await alice.api.post('/v1/share-grants/update', { shareGrantId: 'shr_nothing', message: 'x' })).body.code).toBe(120001);
    const other = await createTenant(server.dataDir, 'other');
    const otherApp = await appApi(server.url, other);
    expect((await otherApp.post('/v1/share-grants/update', { shareGrantId: g.shareGrantId, message: 'x' })).body.code).toBe(120001);
    expect((await otherApp.post('/v1/share-grants/revoke', { shareGrantId: g.shareGrantId })).body.code).toBe(120001);
    expect((await otherApp.get('/v1/share-grants/get', { shareGrantId: g.shareGrantId })).body.code).toBe(120001);
    expect((await otherApp.post('/v1/share-grants/create', { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW' })).body.code).toBe(120001);
    expect(data(await otherApp.post<PageOf<ShareGrant>>('/v1/share-grants/getPage', {})).totalElements).toBe(0);
    expect(data(await alice.api.get<ShareGrant>('/v1/share-grants/get', { shareGrantId: g.shareGrantId })).permissionPreset).toBe('VIEW');
  });
});

describe('share-grants/getPage', () => {
  it('lists grants made to me (through my departments and roles too), grants I made, and grants on a resource', async () => {
    const area = await privateContainer('listing', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const toBob = await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'USER', granteeId: bob.userId, permissionPreset: 'VIEW' });
    const toRole = await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'ROLE', granteeId: reviewers.roleId, permissionPreset: 'VIEW' });
    const toTeam = await share(alice.api, { resourceType: 'CONTAINER', resourceId: area.containerId, granteeType: 'DEPARTMENT', granteeId: team.deptId, permissionPreset: 'VIEW' });
    data(await alice.api.post('/v1/share-grants/revoke', { shareGrantId: toRole.shareGrantId }));

    const bobs = data(await bob.api.post<PageOf<ShareGrant>>('/v1/share-grants/getPage', { pageSize: 500 })).content.map((g) => g.shareGrantId);
    expect(bobs).toEqual(expect.arrayContaining([toBob.shareGrantId, toRole.shareGrantId]));
    expect(bobs).not.toContain(toTeam.shareGrantId);
    const bobsActive = data(await bob.api.post<PageOf<ShareGrant>>('/v1/share-grants/getPage', { pageSize: 500, status: 'ACTIVE' })).content;
    expect(bobsActive.every((g) => g.status === 'ACTIVE')).toBe(true);
    expect(bobsActive.map((g) => g.shareGrantId)).not.toContain(toRole.shareGrantId);
    expect(data(await carol.api.post<PageOf<ShareGrant>>('/v1/share-grants/getPage', { pageSize: 500 })).content.map((g) => g.shareGrantId)).toContain(toTeam.shareGrantId);

    const onResource = data(await alice.api.post<PageOf<ShareGrant>>('/v1/share-grants/getPage', { resourceType: 'CONTAINER', resourceId: area.containerId }));
    expect(onResource.totalElements).toBe(3);
    expect(onResource.content.map((g) => g.shareGrantId)).toEqual([toTeam.shareGrantId, toRole.shareGrantId, toBob.shareGrantId]);
    const revokedOnly = data(await alice.api.post<PageOf<ShareGrant>>('/v1/share-grants/getPage', { resourceType: 'CONTAINER', resourceId: area.containerId, status: 'REVOKED' }));
    expect(revokedOnly.content.map((g) => g.shareGrantId)).toEqual([toRole.shareGrantId]);
    const mine = data(await alice.api.post<PageOf<ShareGrant>>('/v1/share-grants/getPage', { grantedByMe: true, pageSize: 500 }));
    expect(mine.content.every((g) => g.grantorId === alice.userId)).toBe(true);
    expect(mine.content.length).toBeGreaterThanOrEqual(3);

    expect((await bob.api.post('/v1/share-grants/getPage', { resourceType: 'CONTAINER', resourceId: area.containerId })).body.code).toBe(FORBIDDEN);
    expect((await alice.api.post('/v1/share-grants/getPage', { resourceId: area.containerId })).body.code).toBe(110001);
    expect((await alice.api.post('/v1/share-grants/getPage', { status: 'GONE' })).body.code).toBe(110001);
    expect((await bob.api.get('/v1/share-grants/get', { shareGrantId: toTeam.shareGrantId })).body.code).toBe(FORBIDDEN);
    expect((await carol.api.get('/v1/share-grants/get', { shareGrantId: toTeam.shareGrantId })).body.code).toBe(0);
  });
});
