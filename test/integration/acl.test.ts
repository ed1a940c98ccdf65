/**
 * ACL entries and inheritance against a real `folio serve` (docs/access-control.md): the
 * tenant defaults, deny beats allow, principals through departments (and those above) and roles,
 * breaking inheritance, and listings that hide what a user may not read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContainerAcl } from '../../shared/v1/access.ts';
import type { Department, Role } from '../../shared/v1/org.ts';
import type { ChangePage, ChunkedUploadSession, Container, Document, PageOf, Version, VersionResult } from '../../shared/v1/resources.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { createUsers, type TestUser } from '../helpers/users.ts';

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let company: Department;
let legal: Department;
let auditors: Role;

const FORBIDDEN = 102001;

async function container(api: Api, name: string, extra: Record<string, unknown> = {}): Promise<Container> {
  return data(await api.post<Container>('/v1/containers/create', { name, ...extra }));
}

async function setEntries(containerId: string, entries: unknown[]): Promise<ContainerAcl> {
  return data(await app.post<ContainerAcl>('/v1/acl/entries/set', { containerId, entries }));
}

async function perms(api: Api, containerId: string) {
  const res = await api.get<Container>('/v1/containers/get', { containerId });
  return res.body.data?.effectivePermissions ?? null;
}

async function upload(api: Api, containerId: string, title: string, text = title): Promise<VersionResult> {
  return data(await api.raw('/v1/versions/upload', { containerId, title }, new TextEncoder().encode(text))) as VersionResult;
}

/** A container only the given entries reach: created without inheritance, then given exactly these entries. */
async function privateContainer(name: string, entries: unknown[], parentId?: string): Promise<Container> {
  const c = await container(app, name, { aclInheritEnabled: false, ...(parentId ? { parentId } : {}) });
  await setEntries(c.containerId, entries);
  return c;
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  app = await appApi(server.url, tenant);
  ({ alice, bob, carol } = await createUsers(server.dataDir, tenant.tenantId, app, ['alice', 'bob', 'carol']));
  company = data(await app.post<Department>('/v1/departments/create', { name: 'Company' }));
  legal = data(await app.post<Department>('/v1/departments/create', { name: 'Legal', parentDeptId: company.deptId }));
  data(await app.post('/v1/departments/addMembers', { deptId: legal.deptId, userIds: [bob.userId] }));
  auditors = data(await app.post<Role>('/v1/roles/save', { name: 'Auditors', roleKey: 'auditors' }));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('defaults of a new tenant', () => {
  it('gives EVERYONE the EDITOR role on the system root, and the application every bit', async () => {
    const root = data(await app.post<PageOf<Container>>('/v1/containers/getPage', {})).content[0] as Container;
    const rootId = root.parentId;
    const acl = data(await app.get<ContainerAcl>('/v1/acl/entries/get', { containerId: rootId }));
    expect(acl.aclInheritEnabled).toBe(false);
    expect(acl.entries).toEqual([
      { principalType: 'EVERYONE', principalId: '', principalName: 'Everyone', role: 'EDITOR', allowMask: 39, denyMask: 0, inherited: false, sourceContainerId: rootId },
    ]);
    expect(acl.effectivePermissions).toMatchObject({ manage: true, share: true, effectiveRole: 'MANAGER' });
    expect(await perms(alice.api, rootId)).toEqual({ read: true, download: true, write: true, share: false, manage: false, delete: true, effectiveRole: 'EDITOR' });
  });

  it('makes the user who creates a container its MANAGER; others keep what they inherit', async () => {
    const c = await container(alice.api, 'alice-made');
    expect(c.effectivePermissions).toMatchObject({ manage: true, share: true, effectiveRole: 'MANAGER' });
    expect((await perms(bob.api, c.containerId))?.effectiveRole).toBe('EDITOR');
    const acl = data(await alice.api.get<ContainerAcl>('/v1/acl/entries/get', { containerId: c.containerId }));
    expect(acl.entries).toMatchObject([{ principalType: 'USER', principalId: alice.userId, principalName: 'alice', role: 'MANAGER', allowMask: 63 }]);
    expect(acl.inheritedEntries).toMatchObject([{ principalType: 'EVERYONE', inherited: true }]);
  });

  it('gives a user with no entries anywhere nothing at all', async () => {
    const c = await privateContainer('nobody', []);
    const res = await carol.api.get('/v1/containers/get', { containerId: c.containerId });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: FORBIDDEN, success: false, data: null });
    expect((await app.get<Container>('/v1/containers/get', { containerId: c.containerId })).body.data?.effectivePermissions.effectiveRole).toBe('MANAGER');
  });
});

describe('acl/entries', () => {
  it('sets and reads entries; a role and extra allow bits add up', async () => {
    const c = await container(app, 'entries');
    const acl = await setEntries(c.containerId, [
      { principalType: 'USER', principalId: alice.userId, role: 'VIEWER', allowMask: 8 },
      { principalType: 'DEPARTMENT', principalId: legal.deptId, denyMask: 4 },
      { principalType: 'ROLE', principalId: auditors.roleId, role: 'DOWNLOADER' },
    ]);
    expect(acl.entries.map((e) => [e.principalType, e.principalName, e.role, e.allowMask, e.denyMask])).toEqual([
      ['USER', 'alice', 'VIEWER', 9, 0],
      ['DEPARTMENT', 'Legal', '', 0, 4],
      ['ROLE', 'Auditors', 'DOWNLOADER', 3, 0],
    ]);
    expect((await perms(alice.api, c.containerId))?.share).toBe(true);
    const replaced = await setEntries(c.containerId, []);
    expect(replaced.entries).toEqual([]);
    expect((await perms(alice.api, c.containerId))?.share).toBe(false);
  });

  it('lets only a MANAGER read or set entries, and changes nothing on refusal', async () => {
    const c = await container(app, 'managed');
    await setEntries(c.containerId, [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const read = await bob.api.get('/v1/acl/entries/get', { containerId: c.containerId });
    expect(read.body.code).toBe(FORBIDDEN);
    const write = await bob.api.post('/v1/acl/entries/set', { containerId: c.containerId, entries: [{ principalType: 'USER', principalId: bob.userId, role: 'MANAGER' }] });
    expect(write.status).toBe(403);
    const toggle = await bob.api.post('/v1/acl/inheritance/set', { containerId: c.containerId, aclInheritEnabled: false });
    expect(toggle.body.code).toBe(FORBIDDEN);
    const acl = data(await alice.api.get<ContainerAcl>('/v1/acl/entries/get', { containerId: c.containerId }));
    expect(acl.aclInheritEnabled).toBe(true);
    expect(acl.entries.map((e) => e.principalId)).toEqual([alice.userId]);
    const delegated = await alice.api.post<ContainerAcl>('/v1/acl/entries/set', {
      containerId: c.containerId,
      entries: [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }, { principalType: 'USER', principalId: bob.userId, role: 'MANAGER' }],
    });
    expect(delegated.body.code).toBe(0);
    expect((await bob.api.get('/v1/acl/entries/get', { containerId: c.containerId })).body.code).toBe(0);
  });

  it('refuses malformed entries with 110001 and unknown principals with 191004', async () => {
    const c = await container(app, 'validated');
    const bad: [unknown, number][] = [
      [[{ principalType: 'GROUP', principalId: 'x', role: 'VIEWER' }], 110001],
      [[{ principalType: 'USER', principalId: alice.userId, allowMask: 64 }], 110001],
      [[{ principalType: 'USER', principalId: alice.userId, allowMask: -1 }], 110001],
      [[{ principalType: 'USER', principalId: alice.userId, role: 'OWNER' }], 110001],
      [[{ principalType: 'USER', role: 'VIEWER' }], 110001],
      [[{ principalType: 'USER', principalId: alice.userId }], 110001],
      [[{ principalType: 'USER', principalId: alice.userId, role: 'VIEWER' }, { principalType: 'USER', principalId: alice.userId, denyMask: 1 }], 110001],
      [[{ principalType: 'USER', principalId: 'usr_nobody', role: 'VIEWER' }], 191004],
      [[{ principalType: 'DEPARTMENT', principalId: 'dpt_nothing', role: 'VIEWER' }], 191004],
      ['not a list', 110001],
    ];
    for (const [entries, code] of bad) {
      const res = await app.post('/v1/acl/entries/set', { containerId: c.containerId, entries });
      expect(res.body.code, JSON.stringify(entries)).toBe(code);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    const malformed = await app.post('/v1/acl/entries/set', '{"containerId": ');
    expect(malformed.body.code).toBe(110002);
    const acl = data(await app.get<ContainerAcl>('/v1/acl/entries/get', { containerId: c.containerId }));
    expect(acl.entries).toEqual([]);
  });

  it('answers unknown containers with 120001', async () => {
    expect((await app.get('/v1/acl/entries/get', { containerId: 'ctr_nothing' })).body.code).toBe(120001);
    expect((await app.post('/v1/acl/entries/set', { containerId: 'ctr_nothing', entries: [] })).body.code).toBe(120001);
  });
});

describe('deny beats allow', () => {
  it('a deny on the node beats an allow from above', async () => {
    const c = await container(app, 'deny-here');
    await setEntries(c.containerId, [{ principalType: 'USER', principalId: bob.userId, denyMask: 4 }]);
    expect(await perms(bob.api, c.containerId)).toMatchObject({ read: true, write: false, delete: true });
    const res = await bob.api.post('/v1/documents/save', { containerId: c.containerId, title: 'nope.txt' });
    expect(res.body.code).toBe(FORBIDDEN);
    expect(data(await app.post<PageOf<Document>>('/v1/documents/getPage', { containerId: c.containerId })).totalElements).toBe(0);
    expect((await alice.api.post('/v1/documents/save', { containerId: c.containerId, title: 'fine.txt' })).body.code).toBe(0);
  });

  it('a deny from above beats an allow on the node, whichever principal carries it', async () => {
    const parent = await container(app, 'deny-above');
    await setEntries(parent.containerId, [{ principalType: 'DEPARTMENT', principalId: company.deptId, denyMask: 32 }]);
    const child = await container(app, 'child', { parentId: parent.containerId });
    await setEntries(child.containerId, [{ principalType: 'USER', principalId: bob.userId, role: 'MANAGER' }]);
    expect(await perms(bob.api, child.containerId)).toMatchObject({ manage: true, share: true, delete: false });
    const doc = data(await bob.api.post<Document>('/v1/documents/save', { containerId: child.containerId, title: 'kept.txt' }));
    expect((await bob.api.post('/v1/documents/delete', { docId: doc.docId })).body.code).toBe(FORBIDDEN);
    expect(await perms(alice.api, child.containerId)).toMatchObject({ delete: true });
  });
});

describe('principals', () => {
  it('counts the departments above a user\'s own, and their roles', async () => {
    const c = await privateContainer('company-only', [{ principalType: 'DEPARTMENT', principalId: company.deptId, role: 'VIEWER' }]);
    expect(await perms(bob.api, c.containerId)).toMatchObject({ read: true, download: false, effectiveRole: 'VIEWER' });
    expect((await carol.api.get('/v1/containers/get', { containerId: c.containerId })).body.code).toBe(FORBIDDEN);

    await setEntries(c.containerId, [
      { principalType: 'DEPARTMENT', principalId: company.deptId, role: 'VIEWER' },
      { principalType: 'ROLE', principalId: auditors.roleId, role: 'DOWNLOADER' },
    ]);
    data(await app.post('/v1/roles/addMembers', { roleId: auditors.roleId, userIds: [carol.userId] }));
    expect((await perms(carol.api, c.containerId))?.effectiveRole).toBe('DOWNLOADER');
    data(await app.post('/v1/roles/removeMembers', { roleId: auditors.roleId, userIds: [carol.userId] }));
    expect((await carol.api.get('/v1/containers/get', { containerId: c.containerId })).body.code).toBe(FORBIDDEN);
  });

  it('follows a department move: leaving the parent department loses what it gave', async () => {
    const c = await privateContainer('company-readers', [{ principalType: 'DEPARTMENT', principalId: company.deptId, role: 'VIEWER' }]);
    const ops = data(await app.post<Department>('/v1/departments/create', { name: 'Ops', parentDeptId: company.deptId }));
    data(await app.post('/v1/departments/addMembers', { deptId: ops.deptId, userIds: [carol.userId] }));
    expect((await perms(carol.api, c.containerId))?.read).toBe(true);
    data(await app.post('/v1/departments/update', { deptId: ops.deptId, parentDeptId: '' }));
    expect((await carol.api.get('/v1/containers/get', { containerId: c.containerId })).body.code).toBe(FORBIDDEN);
    data(await app.post('/v1/departments/removeMembers', { deptId: ops.deptId, userIds: [carol.userId] }));
  });
});

describe('inheritance', () => {
  it('breaking it copies the inherited entries, so nobody gains or loses anything', async () => {
    const top = await privateContainer('inherit-top', [
      { principalType: 'DEPARTMENT', principalId: legal.deptId, role: 'EDITOR' },
      { principalType: 'USER', principalId: alice.userId, role: 'VIEWER' },
      { principalType: 'EVERYONE', denyMask: 2 },
    ]);
    const mid = await container(app, 'mid', { parentId: top.containerId });
    await setEntries(mid.containerId, [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }]);
    const leaf = await container(app, 'leaf', { parentId: mid.containerId });
    const before = await Promise.all([alice, bob, carol].flatMap((u) => [perms(u.api, mid.containerId), perms(u.api, leaf.containerId)]));

    const acl = data(await alice.api.post<ContainerAcl>('/v1/acl/inheritance/set', { containerId: mid.containerId, aclInheritEnabled: false }));
    expect(acl.aclInheritEnabled).toBe(false);
    expect(acl.inheritedEntries).toEqual([]);
    expect(acl.entries.map((e) => [e.principalType, e.principalId, e.role, e.allowMask, e.denyMask]).sort()).toEqual(
      [
        ['USER', alice.userId, 'MANAGER', 63, 0],
        ['DEPARTMENT', legal.deptId, 'EDITOR', 39, 0],
        ['EVERYONE', '', '', 0, 2],
      ].sort(),
    );
    const after = await Promise.all([alice, bob, carol].flatMap((u) => [perms(u.api, mid.containerId), perms(u.api, leaf.containerId)]));
    expect(after).toEqual(before);

    await setEntries(top.containerId, []);
    expect(await perms(bob.api, leaf.containerId)).toMatchObject({ read: true, write: true, delete: true, download: false });
    expect((await bob.api.get('/v1/containers/get', { containerId: top.containerId })).body.code).toBe(FORBIDDEN);
  });

  it('turning it back on keeps the node\'s own entries and inherits again', async () => {
    const top = await privateContainer('reinherit-top', [{ principalType: 'USER', principalId: carol.userId, role: 'VIEWER' }]);
    const child = await privateContainer('reinherit-child', [{ principalType: 'USER', principalId: bob.userId, role: 'VIEWER' }], top.containerId);
    expect((await carol.api.get('/v1/containers/get', { containerId: child.containerId })).body.code).toBe(FORBIDDEN);
    const acl = data(await app.post<ContainerAcl>('/v1/acl/inheritance/set', { containerId: child.containerId, aclInheritEnabled: true }));
    expect(acl.entries.map((e) => e.principalId)).toEqual([bob.userId]);
    expect(acl.inheritedEntries.map((e) => [e.principalId, e.sourceContainerId])).toEqual([[carol.userId, top.containerId]]);
    expect((await perms(carol.api, child.containerId))?.read).toBe(true);
  });

  it('a container created without inheritance starts with what it would have inherited', async () => {
    const top = await privateContainer('born-top', [{ principalType: 'USER', principalId: bob.userId, role: 'EDITOR' }]);
    const born = data(await bob.api.post<Container>('/v1/containers/create', { name: 'born', parentId: top.containerId, aclInheritEnabled: false }));
    expect(born.aclInheritEnabled).toBe(false);
    const acl = data(await app.get<ContainerAcl>('/v1/acl/entries/get', { containerId: born.containerId }));
    expect(acl.entries).toMatchObject([{ principalType: 'USER', principalId: bob.userId, role: 'MANAGER', allowMask: 63 }]);
    await setEntries(top.containerId, [{ principalType: 'USER', principalId: alice.userId, role: 'EDITOR' }]);
    expect((await alice.api.get('/v1/containers/get', { containerId: born.containerId })).body.code).toBe(FORBIDDEN);
  });

  it('refuses to make the system root inherit', async () => {
    const rootId = (data(await app.post<PageOf<Container>>('/v1/containers/getPage', {})).content[0] as Container).parentId;
    const res = await app.post('/v1/acl/inheritance/set', { containerId: rootId, aclInheritEnabled: true });
    expect(res.body.code).toBe(130004);
  });
});

describe('what a user may not read stays hidden', () => {
  let area: Container;
  let open: Container;
  let closed: Container;
  let openDoc: VersionResult;
  let closedDoc: VersionResult;
  let hiddenDoc: VersionResult;

  beforeAll(async () => {
    area = await privateContainer('area', [
      { principalType: 'USER', principalId: bob.userId, role: 'EDITOR' },
      { principalType: 'USER', principalId: carol.userId, role: 'VIEWER' },
    ]);
    open = await container(app, 'open', { parentId: area.containerId });
    closed = await privateContainer('closed', [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }], area.containerId);
    openDoc = await upload(app, open.containerId, 'open.txt');
    closedDoc = await upload(app, closed.containerId, 'closed.txt');
    hiddenDoc = await upload(app, area.containerId, 'hidden.txt');
    await upload(app, area.containerId, 'visible.txt');
    await app.post('/v1/acl/policy/create', {
      name: 'hide one document from bob',
      matchResourceType: 'DOCUMENT',
      matchConditions: [{ key: 'secret', operator: 'eq', value: true }],
      grantees: [{ granteeType: 'USER', granteeId: bob.userId }],
      grantDenyMask: 1,
    });
    data(await app.post('/v1/documents/update', { docId: hiddenDoc.docId, metadataColumns: { secret: true } }));
  });

  it('containers/getPage lists only readable children, and counts only them', async () => {
    const bobs = data(await bob.api.post<PageOf<Container>>('/v1/containers/getPage', { parentId: area.containerId }));
    expect(bobs.content.map((c) => c.name)).toEqual(['open']);
    expect(bobs.totalElements).toBe(1);
    const apps = data(await app.post<PageOf<Container>>('/v1/containers/getPage', { parentId: area.containerId }));
    expect(apps.content.map((c) => c.name)).toEqual(['closed', 'open']);
    const page2 = data(await app.post<PageOf<Container>>('/v1/containers/getPage', { parentId: area.containerId, pageSize: 1, pageNumber: 2 }));
    expect(page2.content.map((c) => c.name)).toEqual(['open']);
  });

  it('documents/getPage hides documents the user may not read', async () => {
    const bobs = data(await bob.api.post<PageOf<Document>>('/v1/documents/getPage', { containerId: area.containerId }));
    expect(bobs.content.map((d) => d.title)).toEqual(['visible.txt']);
    expect(bobs.totalElements).toBe(1);
    expect(data(await carol.api.post<PageOf<Document>>('/v1/documents/getPage', { containerId: area.containerId })).totalElements).toBe(2);
    expect((await bob.api.get('/v1/documents/get', { docId: hiddenDoc.docId })).body.code).toBe(FORBIDDEN);
    expect((await bob.api.post('/v1/documents/getPage', { containerId: closed.containerId })).body.code).toBe(FORBIDDEN);
  });

  it('versions/getPage without docId covers only readable documents', async () => {
    const bobs = data(await bob.api.post<PageOf<Version>>('/v1/versions/getPage', { pageSize: 500 }));
    const docIds = new Set(bobs.content.map((v) => v.docId));
    expect(docIds.has(openDoc.docId)).toBe(true);
    expect(docIds.has(closedDoc.docId)).toBe(false);
    expect(docIds.has(hiddenDoc.docId)).toBe(false);
    expect(bobs.totalElements).toBe(bobs.content.length);
    const apps = data(await app.post<PageOf<Version>>('/v1/versions/getPage', { pageSize: 500 }));
    expect(apps.content.map((v) => v.docId)).toEqual(expect.arrayContaining([closedDoc.docId, hiddenDoc.docId]));
    const firstOfTwo = data(await bob.api.post<PageOf<Version>>('/v1/versions/getPage', { pageSize: 1, pageNumber: 2 }));
    expect(firstOfTwo.totalElements).toBe(bobs.totalElements);
    expect(firstOfTwo.content[0]?.versionId).toBe(bobs.content[1]?.versionId);
    expect((await bob.api.post('/v1/versions/getPage', { docId: closedDoc.docId })).body.code).toBe(FORBIDDEN);
  });

  it('changes/getPage shows nothing of what the user may not read', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = data(await bob.api.post<ChangePage>('/v1/changes/getPage', { pageSize: 500, ...(cursor ? { cursor } : {}) }));
      seen.push(...page.changes.map((c) => c.id));
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    expect(seen).toContain(open.containerId);
    expect(seen).toContain(openDoc.docId);
    expect(seen).not.toContain(closed.containerId);
    expect(seen).not.toContain(closedDoc.docId);
    expect(seen).not.toContain(hiddenDoc.docId);
  });

  it('spec §5 rule 8: listing versions needs READ, download needs DOWNLOAD, initChunkedUpload needs upload (WRITE)', async () => {
    expect((await alice.api.post('/v1/versions/getPage', { docId: openDoc.docId })).body.code).toBe(FORBIDDEN);
    expect((await carol.api.post('/v1/versions/getPage', { docId: openDoc.docId })).body.code).toBe(0);
    const carolDownload = await carol.api.fetch('/v1/versions/download', { versionId: openDoc.versionId });
    expect(carolDownload.status).toBe(403);
    expect(((await carolDownload.json()) as { code: number }).code).toBe(FORBIDDEN);
    expect((await bob.api.fetch('/v1/versions/download', { versionId: openDoc.versionId })).status).toBe(200);
    const init = { containerId: open.containerId, title: 'big.bin', totalSize: 10, chunkSize: 10, totalChunks: 1 };
    expect((await carol.api.post('/v1/versions/initChunkedUpload', init)).body.code).toBe(FORBIDDEN);
    expect((await carol.api.post('/v1/versions/initChunkedUpload', { docId: openDoc.docId, totalSize: 10, chunkSize: 10, totalChunks: 1 })).body.code).toBe(FORBIDDEN);
    expect(data(await bob.api.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', init)).uploadId).toMatch(/\w/);
  });
});

describe('tenant isolation', () => {
  it('treats another tenant\'s containers and principals as unknown', async () => {
    const other = await createTenant(server.dataDir, 'other');
    const otherApp = await appApi(server.url, other);
    const theirs = await container(otherApp, 'theirs');
    expect((await app.get('/v1/acl/entries/get', { containerId: theirs.containerId })).body.code).toBe(120001);
    expect((await app.post('/v1/acl/entries/set', { containerId: theirs.containerId, entries: [] })).body.code).toBe(120001);
    expect((await app.post('/v1/acl/inheritance/set', { containerId: theirs.containerId, aclInheritEnabled: false })).body.code).toBe(120001);
    const mine = await container(app, 'mine');
    const res = await otherApp.post('/v1/acl/entries/set', { containerId: mine.containerId, entries: [{ principalType: 'USER', principalId: alice.userId, role: 'MANAGER' }] });
    expect(res.body.code).toBe(120001);
    const crossPrincipal = await otherApp.post('/v1/acl/entries/set', {
      containerId: theirs.containerId,
      entries: [{ principalType: 'DEPARTMENT', principalId: legal.deptId, role: 'VIEWER' }],
    });
    expect(crossPrincipal.body.code).toBe(191004);
  });
});
