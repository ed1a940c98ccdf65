/**
 * Organisation and access on the asynchronous store (main/store/async/repos/: departments, roles,
 * their members, the directory, ACL entries, ACL policies, share grants) run the same cases on a
 * real SQLite file and on the real PostgreSQL of scripts/cluster.sh: one set of queries, one
 * behaviour, and what one node writes is what the next check on another node reads, down to the
 * access scope's reads of the tree (PostgreSQL's migration 0009_tree). A version's reference is
 * read on SQLite only: PostgreSQL's versions come with the write path's migration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AclPolicyContent } from '../../../main/store/async/repos/aclPolicies.ts';
import type { AsyncDatabase } from '../../../main/store/async/database.ts';
import { twoNodes, type RawStatement, type TwoNodes } from '../../helpers/asyncDatabases.ts';
import { useCluster } from '../../helpers/clusterFixture.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const dirs: string[] = [];
const cluster = useCluster(dirs);

const policy = (name: string, more: Partial<AclPolicyContent> = {}): AclPolicyContent => ({
  name,
  description: '',
  matchResourceType: 'CONTAINER',
  matchContainerTypeIds: [],
  matchConditions: [],
  grantees: [],
  grantType: 'ALLOW',
  grantRole: 'VIEWER',
  grantPermissionMask: 1,
  grantDenyMask: 0,
  enabled: true,
  ...more,
});

const byName = { column: 'name', asc: true } as const;
const later = (ms: number): string => new Date(Date.now() + ms).toISOString();

describe.each(['sqlite', 'postgres'] as const)('organisation and access on %s', (dialect) => {
  let nodes: TwoNodes;
  let db: AsyncDatabase;
  /** A second node on the same database. */
  let other: AsyncDatabase;

  beforeAll(async () => {
    nodes = await twoNodes(cluster, dialect, dirs);
    ({ db, other } = nodes);
  }, HEAVY_TEST_MS);

  /**
   * Writes rows of the tree's tables under ids the cases name, through a connection of its own
   * (the store makes its own ids), as another process would.
   */
  const treeRows = (statements: readonly RawStatement[]): Promise<void> => nodes.rawEach(statements);

  const container = (tenantId: string, containerId: string, parentId: string | null, more: { inherit?: number; type?: string; metadata?: string; status?: string } = {}): RawStatement => [
    `INSERT INTO containers (container_id, tenant_id, parent_id, container_type_id, name, status, metadata, acl_inherit_enabled, create_by, create_time, update_by, update_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'test', '', 'test', '')`,
    containerId, tenantId, parentId, more.type ?? 'ctt_folder', containerId, more.status ?? 'ACTIVE', more.metadata ?? '{}', more.inherit ?? 1,
  ];

  afterAll(async () => {
    await nodes?.close();
  });

  /** A tenant with users by these names; their ids in the same order. */
  async function tenantWith(name: string, users: readonly string[]): Promise<{ tenantId: string; userIds: string[] }> {
    const tenantId = await db.repos.identity.createTenant(name);
    const userIds: string[] = [];
    for (const user of users) userIds.push(await db.repos.identity.createUser({ tenantId, name: user, passwordHash: '', source: null, sourceId: null }));
    return { tenantId, userIds };
  }

  it('keeps departments as a tree per tenant, with sibling names unique, ancestors and members', async () => {
    const { tenantId, userIds } = await tenantWith('dept', ['ann', 'bob']);
    const [ann, bob] = userIds as [string, string];
    const { departments } = db.repos.org;
    const top = await departments.create({ tenantId, name: 'Sales', parentDeptId: '', displayOrder: 1, leaderUserId: ann, properties: { region: 'eu' } });
    expect(top).toMatchObject({ tenantId, source: 'LOCAL', name: 'Sales', parentDeptId: '', displayOrder: 1, leaderUserId: ann, properties: { region: 'eu' } });
    expect(top.deptId).toMatch(/^dpt_/);
    const mid = await departments.create({ tenantId, name: 'North', parentDeptId: top.deptId, displayOrder: 0, leaderUserId: '', properties: {} });
    const leaf = await departments.create({ tenantId, name: 'Oslo', parentDeptId: mid.deptId, displayOrder: 0, leaderUserId: '', properties: {} });
    await expect(departments.create({ tenantId, name: 'North', parentDeptId: top.deptId, displayOrder: 0, leaderUserId: '', properties: {} })).rejects.toThrow(/unique/i);

    expect(await other.repos.org.departments.get(tenantId, top.deptId)).toEqual(top);
    expect(await departments.get('tnt_elsewhere', top.deptId)).toBeUndefined();
    expect((await departments.all(tenantId)).map((d) => d.name).sort()).toEqual(['North', 'Oslo', 'Sales']);
    expect(await departments.hasChildren(tenantId, mid.deptId)).toBe(true);
    expect(await departments.hasChildren(tenantId, leaf.deptId)).toBe(false);
    expect(await departments.nameTaken(tenantId, top.deptId, 'North')).toBe(true);
    expect(await departments.nameTaken(tenantId, top.deptId, 'North', mid.deptId)).toBe(false);
    expect(await departments.selfAndAncestorIds(tenantId, leaf.deptId)).toEqual([leaf.deptId, mid.deptId, top.deptId]);

    await departments.members.add(tenantId, leaf.deptId, [ann, ann, bob]);
    await departments.members.add(tenantId, leaf.deptId, [ann]);
    await departments.members.add(tenantId, top.deptId, [bob]);
    expect((await other.repos.org.departments.ofUserWithAncestors(tenantId, ann)).sort()).toEqual([leaf.deptId, mid.deptId, top.deptId].sort());
    expect(await departments.members.count(tenantId, leaf.deptId)).toBe(2);
    expect(await departments.members.counts(tenantId)).toEqual(new Map([[leaf.deptId, 2], [top.deptId, 1]]));
    expect(await departments.members.page(tenantId, leaf.deptId, 1, 1)).toEqual({ total: 2, rows: [{ userId: bob, userName: 'bob' }] });
    expect((await departments.members.groupsOf(tenantId, bob)).sort()).toEqual([leaf.deptId, top.deptId].sort());
    await departments.members.remove(tenantId, leaf.deptId, [bob]);
    expect(await departments.members.groupsOf(tenantId, bob)).toEqual([top.deptId]);

    const moved = await departments.update(tenantId, leaf.deptId, { parentDeptId: top.deptId, properties: { city: 'Oslo' } });
    expect(moved).toMatchObject({ name: 'Oslo', parentDeptId: top.deptId, properties: { city: 'Oslo' }, createTime: leaf.createTime });
    expect(await departments.selfAndAncestorIds(tenantId, leaf.deptId)).toEqual([leaf.deptId, top.deptId]);
    await expect(departments.update(tenantId, 'dpt_none', { name: 'x' })).rejects.toThrow('department dpt_none vanished inside a transaction');
    await departments.delete(tenantId, mid.deptId);
    expect(await other.repos.org.departments.get(tenantId, mid.deptId)).toBeUndefined();
  });

  it('keeps roles by a key unique per tenant, with members, and pages them by name and key in code-point order', async () => {
    const { tenantId, userIds } = await tenantWith('roles', ['cid', 'Dee']);
    const [cid, dee] = userIds as [string, string];
    const { roles } = db.repos.org;
    const made: string[] = [];
    for (const [name, roleKey] of [['reviewer', 'rev'], ['Auditor', 'aud'], ['100% Owner', 'own_1'], ['éditeur', 'edit']] as const) {
      made.push((await roles.create({ tenantId, name, roleKey, description: '', properties: {} })).roleId);
    }
    const reviewer = await roles.get(tenantId, made[0]!);
    expect(reviewer).toMatchObject({ tenantId, name: 'reviewer', roleKey: 'rev', source: 'LOCAL' });
    expect(reviewer?.roleId).toMatch(/^rol_/);
    expect(await other.repos.org.roles.findByKey(tenantId, 'rev')).toEqual(reviewer);
    expect(await roles.findByKey('tnt_elsewhere', 'rev')).toBeUndefined();
    await expect(roles.create({ tenantId, name: 'again', roleKey: 'rev', description: '', properties: {} })).rejects.toThrow(/unique/i);

    const page = await roles.page(tenantId, {}, byName, 10, 0);
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.name)).toEqual(['100% Owner', 'Auditor', 'reviewer', 'éditeur']);
    expect((await roles.page(tenantId, { name: 'AUD' }, byName, 10, 0)).rows.map((r) => r.roleKey)).toEqual(['aud']);
    expect((await roles.page(tenantId, { roleKey: '_' }, byName, 10, 0)).rows.map((r) => r.roleKey)).toEqual(['own_1']);
    expect((await roles.page(tenantId, { name: '0%' }, byName, 10, 0)).total).toBe(1);
    expect((await roles.page(tenantId, {}, { column: 'roleKey', asc: false }, 2, 1)).rows.map((r) => r.roleKey)).toEqual(['own_1', 'edit']);

    await roles.members.add(tenantId, made[0]!, [dee, cid]);
    // Ordered by name by code point: 'Dee' before 'cid'.
    expect((await other.repos.org.roles.members.page(tenantId, made[0]!, 10, 0)).rows.map((m) => m.userName)).toEqual(['Dee', 'cid']);
    expect(await roles.members.groupsOf(tenantId, cid)).toEqual([made[0]]);
    const renamed = await roles.update(tenantId, made[0]!, { name: 'Reviewer', description: 'reads' });
    expect(renamed).toMatchObject({ name: 'Reviewer', roleKey: 'rev', description: 'reads' });
    await roles.delete(tenantId, made[0]!);
    expect(await other.repos.org.roles.members.groupsOf(tenantId, cid)).toEqual([]);
  });

  it('searches the directory: exact names, then prefixes, then the rest, with what tells equal names apart', async () => {
    const { tenantId, userIds } = await tenantWith('directory', ['Ann Lee', 'Joanna', 'ann', 'Bob']);
    const { departments, roles, directory } = db.repos.org;
    const sales = await departments.create({ tenantId, name: 'Sales', parentDeptId: '', displayOrder: 0, leaderUserId: '', properties: {} });
    const annex = await departments.create({ tenantId, name: 'Annex', parentDeptId: sales.deptId, displayOrder: 0, leaderUserId: '', properties: {} });
    await departments.members.add(tenantId, sales.deptId, [userIds[0]!]);
    await roles.create({ tenantId, name: 'Planner', roleKey: 'plan', description: '', properties: {} });
    await roles.create({ tenantId, name: '50%_ann', roleKey: 'odd', description: '', properties: {} });

    const found = await other.repos.org.directory.search(tenantId, 'ANN', ['USER', 'DEPARTMENT', 'ROLE'], 10, 0);
    expect(found.total).toBe(6);
    expect(found.rows.map((r) => [r.kind, r.name, r.detail])).toEqual([
      ['USER', 'ann', ''],
      ['USER', 'Ann Lee', 'Sales'],
      ['DEPARTMENT', 'Annex', 'Sales'],
      ['ROLE', '50%_ann', 'odd'],
      ['USER', 'Joanna', ''],
      ['ROLE', 'Planner', 'plan'],
    ]);
    expect(found.rows[2]?.id).toBe(annex.deptId);
    expect((await directory.search(tenantId, 'ann', ['ROLE'], 10, 0)).rows.map((r) => r.name)).toEqual(['50%_ann', 'Planner']);
    expect((await directory.search(tenantId, '%_', ['USER', 'DEPARTMENT', 'ROLE'], 10, 0)).rows.map((r) => r.name)).toEqual(['50%_ann']);
    expect(await directory.search(tenantId, 'ann', ['USER'], 1, 1)).toEqual({ total: 3, rows: [{ kind: 'USER', id: userIds[0], name: 'Ann Lee', detail: 'Sales' }] });
    expect((await directory.search('tnt_elsewhere', 'ann', ['USER', 'DEPARTMENT', 'ROLE'], 10, 0)).total).toBe(0);
  });

  it("keeps a container's ACL entries in the order written, replaced whole, and forgets a principal's", async () => {
    const { entries } = db.repos.acl;
    const tenantId = 'tnt_entries';
    await treeRows([container(tenantId, 'cnt_root', null), container(tenantId, 'cnt_child', 'cnt_root')]);
    await entries.insert(tenantId, { containerId: 'cnt_root', principalType: 'EVERYONE', principalId: '', role: 'EDITOR', allowMask: 39, denyMask: 0 }, 'system');
    await entries.replace(tenantId, 'cnt_child', [
      { principalType: 'USER', principalId: 'usr_b', role: 'VIEWER', allowMask: 1, denyMask: 0 },
      { principalType: 'ROLE', principalId: 'rol_a', role: '', allowMask: 3, denyMask: 4 },
    ], 'usr_admin');
    expect(await other.repos.acl.entries.forContainers(tenantId, ['cnt_child', 'cnt_root', 'cnt_none'])).toEqual([
      { containerId: 'cnt_root', principalType: 'EVERYONE', principalId: '', role: 'EDITOR', allowMask: 39, denyMask: 0 },
      { containerId: 'cnt_child', principalType: 'USER', principalId: 'usr_b', role: 'VIEWER', allowMask: 1, denyMask: 0 },
      { containerId: 'cnt_child', principalType: 'ROLE', principalId: 'rol_a', role: '', allowMask: 3, denyMask: 4 },
    ]);
    expect(await entries.forContainers('tnt_elsewhere', ['cnt_root'])).toEqual([]);
    expect(await entries.forContainers(tenantId, [])).toEqual([]);
    await entries.replace(tenantId, 'cnt_child', [{ principalType: 'USER', principalId: 'usr_c', role: 'MANAGER', allowMask: 127, denyMask: 0 }], 'usr_admin');
    expect((await entries.forContainers(tenantId, ['cnt_child'])).map((e) => e.principalId)).toEqual(['usr_c']);
    await expect(entries.insert(tenantId, { containerId: 'cnt_child', principalType: 'USER', principalId: 'usr_c', role: '', allowMask: 1, denyMask: 0 }, 'x')).rejects.toThrow(/unique/i);
    await entries.deleteForPrincipal(tenantId, 'USER', 'usr_c');
    expect(await other.repos.acl.entries.forContainers(tenantId, ['cnt_child'])).toEqual([]);
  });

  it('keeps ACL policies with their grantees in order, finds the enabled ones naming a principal, and pages them', async () => {
    const { tenantId } = await tenantWith('policies', []);
    const { policies } = db.repos.acl;
    const grantees = [
      { granteeType: 'ROLE' as const, granteeId: 'rol_z' },
      { granteeType: 'EVERYONE' as const, granteeId: '' },
    ];
    const made = await policies.create(tenantId, policy('Readers', { grantees, matchConditions: [{ key: 'k', operator: 'EQ', value: 1 }], matchContainerTypeIds: ['ctt_a'] }));
    expect(made).toMatchObject({ tenantId, name: 'Readers', grantees, matchConditions: [{ key: 'k', operator: 'EQ', value: 1 }], matchContainerTypeIds: ['ctt_a'], enabled: true });
    expect(made.policyId).toMatch(/^pol_/);
    expect(await other.repos.acl.policies.get(tenantId, made.policyId)).toEqual(made);
    expect(await policies.get('tnt_elsewhere', made.policyId)).toBeUndefined();

    const off = await policies.create(tenantId, policy('_off', { grantees: [{ granteeType: 'USER', granteeId: 'usr_a' }], enabled: false, matchResourceType: 'DOCUMENT', grantType: 'DENY' }));
    const user = await policies.create(tenantId, policy('User 100%', { grantees: [{ granteeType: 'USER', granteeId: 'usr_a' }] }));
    const namesFor = async (pairs: { granteeType: 'USER' | 'ROLE' | 'EVERYONE' | 'DEPARTMENT'; granteeId: string }[]) =>
      (await other.repos.acl.policies.enabledFor(tenantId, pairs)).map((p) => p.name).sort();
    expect(await namesFor([{ granteeType: 'USER', granteeId: 'usr_a' }])).toEqual(['User 100%']);
    expect(await namesFor([{ granteeType: 'USER', granteeId: 'usr_a' }, { granteeType: 'EVERYONE', granteeId: '' }])).toEqual(['Readers', 'User 100%']);
    expect(await namesFor([{ granteeType: 'ROLE', granteeId: 'usr_a' }])).toEqual([]);

    const updated = await policies.update(tenantId, made.policyId, policy('Readers', { grantees: [{ granteeType: 'DEPARTMENT', granteeId: 'dpt_1' }], enabled: false }));
    expect(updated).toMatchObject({ grantees: [{ granteeType: 'DEPARTMENT', granteeId: 'dpt_1' }], enabled: false, createTime: made.createTime });
    expect(await namesFor([{ granteeType: 'EVERYONE', granteeId: '' }])).toEqual([]);

    const names = async (filter: Parameters<typeof policies.page>[1]) => (await policies.page(tenantId, filter, byName, 10, 0)).rows.map((p) => p.name);
    expect(await names({})).toEqual(['Readers', 'User 100%', '_off']);
    expect(await names({ name: 'READ' })).toEqual(['Readers']);
    expect(await names({ name: '0%' })).toEqual(['User 100%']);
    expect(await names({ name: '_' })).toEqual(['_off']);
    expect(await names({ enabled: false })).toEqual(['Readers', '_off']);
    expect(await names({ matchResourceType: 'DOCUMENT', grantType: 'DENY' })).toEqual(['_off']);
    // Policies made in the same millisecond share a createTime; the page breaks the tie by policyId.
    const byCreateTime = [made, off, user].sort((a, b) => (a.createTime === b.createTime ? (a.policyId < b.policyId ? -1 : 1) : a.createTime < b.createTime ? -1 : 1));
    expect((await policies.page(tenantId, {}, { column: 'createTime', asc: true }, 1, 1)).rows.map((p) => p.policyId)).toEqual([byCreateTime[1]?.policyId]);

    await policies.removeGrantee(tenantId, 'USER', 'usr_a');
    expect((await policies.get(tenantId, user.policyId))?.grantees).toEqual([]);
    await policies.delete(tenantId, user.policyId);
    expect(await other.repos.acl.policies.get(tenantId, user.policyId)).toBeUndefined();
  });

  it('keeps share grants with a status derived at each read: active, expired, revoked', async () => {
    const { tenantId } = await tenantWith('shares', []);
    const { shares } = db.repos.acl;
    const grant = (granteeId: string, expiresAt: string, resourceId = 'doc_1') =>
      shares.create({ tenantId, resourceType: 'DOCUMENT', resourceId, grantorId: 'usr_owner', granteeType: 'USER', granteeId, permissionPreset: 'VIEW', message: 'hi', expiresAt });
    const open = await grant('usr_a', '');
    expect(open).toMatchObject({ tenantId, resourceType: 'DOCUMENT', resourceId: 'doc_1', granteeId: 'usr_a', permissionPreset: 'VIEW', message: 'hi', expiresAt: '', revokedAt: '', status: 'ACTIVE' });
    expect(open.shareGrantId).toMatch(/^shr_/);
    const expired = await grant('usr_b', later(-60_000));
    const dated = await grant('usr_c', later(3_600_000), 'doc_2');
    expect(expired.status).toBe('EXPIRED');
    expect(await other.repos.acl.shares.get(tenantId, dated.shareGrantId)).toEqual(dated);
    expect(await shares.get('tnt_elsewhere', open.shareGrantId)).toBeUndefined();

    expect((await shares.findActive(tenantId, 'DOCUMENT', 'doc_1', 'USER', 'usr_a'))?.shareGrantId).toBe(open.shareGrantId);
    expect(await shares.findActive(tenantId, 'DOCUMENT', 'doc_1', 'USER', 'usr_b')).toBeUndefined();
    expect(await shares.activeFor(tenantId, [['USER', 'usr_a'], ['USER', 'usr_b'], ['USER', 'usr_c']])).toEqual(
      expect.arrayContaining([
        { resourceType: 'DOCUMENT', resourceId: 'doc_1', permissionPreset: 'VIEW' },
        { resourceType: 'DOCUMENT', resourceId: 'doc_2', permissionPreset: 'VIEW' },
      ]),
    );

    const edited = await shares.update(tenantId, dated.shareGrantId, { permissionPreset: 'EDIT', expiresAt: '', message: 'more' });
    expect(edited).toMatchObject({ permissionPreset: 'EDIT', expiresAt: '', message: 'more', status: 'ACTIVE' });
    const revoked = await shares.revoke(tenantId, open.shareGrantId);
    expect(revoked).toMatchObject({ status: 'REVOKED' });
    expect(revoked.revokedAt).not.toBe('');
    expect((await shares.revoke(tenantId, open.shareGrantId)).revokedAt).toBe(revoked.revokedAt);

    const ids = async (filter: Parameters<typeof shares.page>[1]) => (await shares.page(tenantId, filter, { column: 'createTime', asc: true }, 10, 0)).rows.map((s) => s.shareGrantId);
    expect((await ids({})).sort()).toEqual([open.shareGrantId, expired.shareGrantId, dated.shareGrantId].sort());
    // The edit above left only the expired grant with an expiry: latest expiry first, it leads.
    const byExpiry = await shares.page(tenantId, {}, { column: 'expiresAt', asc: false }, 1, 0);
    expect(byExpiry.rows.map((s) => s.shareGrantId)).toEqual([expired.shareGrantId]);
    expect(await ids({ status: 'ACTIVE' })).toEqual([dated.shareGrantId]);
    expect(await ids({ status: 'EXPIRED' })).toEqual([expired.shareGrantId]);
    expect(await ids({ status: 'REVOKED' })).toEqual([open.shareGrantId]);
    expect(await ids({ resource: { type: 'DOCUMENT', id: 'doc_1' }, grantees: [['USER', 'usr_b']] })).toEqual([expired.shareGrantId]);
    expect(await ids({ grantorId: 'usr_nobody' })).toEqual([]);
    expect(byExpiry.total).toBe(3);

    await shares.revokeForGrantee(tenantId, 'USER', 'usr_c');
    expect((await other.repos.acl.shares.get(tenantId, dated.shareGrantId))?.status).toBe('REVOKED');
  });

  it('a grant committed on one node is seen by the next check on another; a grant rolled back is seen by none', async () => {
    const { tenantId, userIds } = await tenantWith('nodes', ['eve']);
    const eve = userIds[0]!;
    await treeRows([container(tenantId, 'cnt_shared', null)]);
    const subjectOn = async (node: AsyncDatabase) => ({
      shares: await node.repos.acl.shares.activeFor(tenantId, [['USER', eve]]),
      policies: (await node.repos.acl.policies.enabledFor(tenantId, [{ granteeType: 'USER', granteeId: eve }])).map((p) => p.name),
      entries: (await node.repos.acl.entries.forContainers(tenantId, ['cnt_shared'])).map((e) => e.principalId),
      roles: await node.repos.org.roles.members.groupsOf(tenantId, eve),
    });
    expect(await subjectOn(other)).toEqual({ shares: [], policies: [], entries: [], roles: [] });

    await expect(
      db.transaction(async (tx) => {
        await tx.acl.shares.create({ tenantId, resourceType: 'CONTAINER', resourceId: 'cnt_shared', grantorId: 'usr_x', granteeType: 'USER', granteeId: eve, permissionPreset: 'VIEW', message: '', expiresAt: '' });
        await tx.acl.entries.insert(tenantId, { containerId: 'cnt_shared', principalType: 'USER', principalId: eve, role: 'VIEWER', allowMask: 1, denyMask: 0 }, 'usr_x');
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await subjectOn(other)).toEqual({ shares: [], policies: [], entries: [], roles: [] });

    const role = await db.transaction(async (tx) => {
      await tx.acl.shares.create({ tenantId, resourceType: 'CONTAINER', resourceId: 'cnt_shared', grantorId: 'usr_x', granteeType: 'USER', granteeId: eve, permissionPreset: 'VIEW', message: '', expiresAt: '' });
      await tx.acl.entries.insert(tenantId, { containerId: 'cnt_shared', principalType: 'USER', principalId: eve, role: 'VIEWER', allowMask: 1, denyMask: 0 }, 'usr_x');
      await tx.acl.policies.create(tenantId, policy('Eve reads', { grantees: [{ granteeType: 'USER', granteeId: eve }] }));
      const made = await tx.org.roles.create({ tenantId, name: 'r', roleKey: 'r', description: '', properties: {} });
      await tx.org.roles.members.add(tenantId, made.roleId, [eve]);
      return made;
    });
    expect(await subjectOn(other)).toEqual({
      shares: [{ resourceType: 'CONTAINER', resourceId: 'cnt_shared', permissionPreset: 'VIEW' }],
      policies: ['Eve reads'],
      entries: [eve],
      roles: [role.roleId],
    });

    await other.repos.acl.shares.revokeForGrantee(tenantId, 'USER', eve);
    await other.repos.acl.entries.deleteForPrincipal(tenantId, 'USER', eve);
    expect((await subjectOn(db)).shares).toEqual([]);
    expect((await subjectOn(db)).entries).toEqual([]);
  });

  it("reads the tree's facts a check needs: a container's ancestry nearest first, a document, the active ones", async () => {
    const tenantId = 'tnt_scope';
    await treeRows([
      container(tenantId, 'cnt_top', null, { type: 'ctt_case', metadata: '{"k":1}' }),
      container(tenantId, 'cnt_mid', 'cnt_top', { inherit: 0 }),
      container(tenantId, 'cnt_low', 'cnt_mid'),
      container(tenantId, 'cnt_gone', 'cnt_top', { status: 'DELETED' }),
      container('tnt_scope_other', 'cnt_foreign', null),
      [`INSERT INTO documents (doc_id, tenant_id, container_id, title, document_type_id, metadata, create_by, create_time, update_by, update_time)
        VALUES ('doc_low', ?, 'cnt_low', 'd', 'dct_file', '{"a":"b"}', 't', '', 't', '')`, tenantId],
    ]);
    const { scope } = db.repos.acl;
    const chain = await scope.ancestry(tenantId, 'cnt_low');
    expect(chain.map((c) => [c.containerId, c.parentId, c.aclInheritEnabled])).toEqual([
      ['cnt_low', 'cnt_mid', true],
      ['cnt_mid', 'cnt_top', false],
      ['cnt_top', null, true],
    ]);
    expect(chain[2]).toMatchObject({ containerTypeId: 'ctt_case', metadata: { k: 1 } });
    expect(await scope.ancestry(tenantId, 'cnt_foreign')).toEqual([]);
    expect(await scope.ancestry(tenantId, 'cnt_none')).toEqual([]);
    expect(await other.repos.acl.scope.document(tenantId, 'doc_low')).toEqual({ docId: 'doc_low', containerId: 'cnt_low', documentTypeId: 'dct_file', metadata: { a: 'b' } });
    expect(await scope.document('tnt_scope_other', 'doc_low')).toBeUndefined();
    expect((await scope.activeContainers(tenantId)).map((c) => c.containerId).sort()).toEqual(['cnt_low', 'cnt_mid', 'cnt_top']);
    expect((await scope.activeDocuments(tenantId)).map((d) => d.docId)).toEqual(['doc_low']);
    if (dialect === 'sqlite') expect(await scope.versionRefs(tenantId)).toEqual([]);
  });
});
