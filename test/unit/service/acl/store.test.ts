/**
 * Access control over a real SQLite store, in process, for what the HTTP interface cannot set up:
 * nodes purged from the store (the change feed still shows their last changes to whoever could read
 * their parent) and users removed from the store (memberCount and principals forget them).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Perm } from '../../../../shared/permissions.ts';
import { ChangeFeed } from '../../../../main/service/changes/feed.ts';
import { DEFAULT_CONFIG } from '../../../../main/service/config.ts';
import type { ServiceDeps } from '../../../../main/service/kernel.ts';
import { serviceDeps } from '../../../../main/service/services.ts';
import { ContainerService } from '../../../../main/service/containers/service.ts';
import type { RequestContext } from '../../../../main/service/context.ts';
import { DocumentService } from '../../../../main/service/documents/service.ts';
import { RoleService } from '../../../../main/service/org/roles.ts';
import { createTenant, createUser } from '../../../../main/service/tenancy.ts';
import { openStore, type Store } from '../../../../main/store/index.ts';
import { removeDir, tempDir } from '../../../helpers/server.ts';

let dir: string;
let store: Store;
let raw: Database.Database;
let app: RequestContext;
let user: RequestContext;
let deps: ServiceDeps;

beforeAll(async () => {
  dir = tempDir('folio-acl-store-');
  store = await openStore(dir);
  raw = new Database(join(dir, 'folio.db'));
  raw.pragma('foreign_keys = ON');
  const t = await createTenant(store, 'acme');
  const { userId } = await createUser(store, { tenantId: t.tenantId, name: 'alice', password: 'correct horse' });
  app = { tenantId: t.tenantId, clientId: t.clientId, mode: 'APP_ONLY', userId: null };
  user = { ...app, mode: 'USER_TOKEN', userId };
  deps = serviceDeps(store, DEFAULT_CONFIG);
});

afterAll(() => {
  raw.close();
  store.close();
  removeDir(dir);
});

describe('purged nodes in the change feed', () => {
  it('are judged by their last parent', async () => {
    const containers = new ContainerService(deps);
    const documents = new DocumentService(deps, containers);
    const parent = await containers.create(app, { name: 'parent' });
    const child = await containers.create(app, { name: 'child', parentId: parent.containerId });
    const doc = await documents.save(app, { containerId: parent.containerId, title: 'doc.txt' });
    await containers.delete(app, child.containerId);
    await documents.delete(app, doc.docId);
    raw.prepare('DELETE FROM containers WHERE container_id = ?').run(child.containerId);
    raw.prepare('DELETE FROM documents WHERE doc_id = ?').run(doc.docId);

    expect(await deps.access.maskOn(user, child.containerId)).toBe(0);
    expect((await deps.access.maskOn(user, child.containerId, parent.containerId)) & Perm.READ).toBe(Perm.READ);
    const ids = (await new ChangeFeed(deps).page(user, undefined, 500)).changes.map((c) => c.id);
    expect(ids).toContain(child.containerId);
    expect(ids).toContain(doc.docId);

    await store.acl.entries.replace(app.tenantId, parent.containerId, [{ principalType: 'EVERYONE', principalId: '', role: '', allowMask: 0, denyMask: Perm.READ }], 'test');
    const hidden = (await new ChangeFeed(deps).page(user, undefined, 500)).changes.map((c) => c.id);
    expect(hidden).not.toContain(child.containerId);
    expect(hidden).not.toContain(doc.docId);
  });
});

describe('users removed from the store', () => {
  it('leave memberCount and the principals of every group', async () => {
    const roles = new RoleService(deps);
    const { userId: bobId } = await createUser(store, { tenantId: app.tenantId, name: 'bob', password: 'correct horse' });
    const r = await roles.save(app, { name: 'Counted', roleKey: 'counted' });
    await roles.addMembers(app, { roleId: r.roleId, userIds: [user.userId as string, bobId] });
    const dept = await store.org.departments.create({ tenantId: app.tenantId, name: 'D', parentDeptId: '', displayOrder: 0, leaderUserId: '', properties: {} });
    await store.org.departments.members.add(app.tenantId, dept.deptId, [bobId]);
    expect((await roles.get(app, r.roleId)).memberCount).toBe(2);

    raw.prepare('DELETE FROM users WHERE user_id = ?').run(bobId);
    expect((await roles.get(app, r.roleId)).memberCount).toBe(1);
    expect((await roles.page(app, { roleKey: 'counted' })).content[0]?.memberCount).toBe(1);
    expect(await store.org.departments.members.count(app.tenantId, dept.deptId)).toBe(0);
    expect(await store.org.roles.members.groupsOf(app.tenantId, bobId)).toEqual([]);
  });
});
