/**
 * The tree's containers on the asynchronous store (main/store/async/repos/containers.ts) run the
 * same cases on a real SQLite file and on the real PostgreSQL of scripts/cluster.sh (migrations
 * 0009_tree and 0011_reply_generation): one set of queries, one behaviour, and what one node writes the other reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncDatabase } from '../../../main/store/async/database.ts';
import { twoNodes, type TwoNodes } from '../../helpers/asyncDatabases.ts';
import { useCluster } from '../../helpers/clusterFixture.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';
import { newFolder } from '../../helpers/treeRecords.ts';

const dirs: string[] = [];
const cluster = useCluster(dirs);


describe.each(['sqlite', 'postgres'] as const)('the tree on %s', (dialect) => {
  let nodes: TwoNodes;
  let db: AsyncDatabase;
  /** A second node on the same database. */
  let other: AsyncDatabase;

  beforeAll(async () => {
    nodes = await twoNodes(cluster, dialect, dirs);
    ({ db, other } = nodes);
  }, HEAVY_TEST_MS);

  afterAll(async () => {
    await nodes?.close();
  });

  const raw = <T>(text: string, ...args: unknown[]): Promise<T[]> => nodes.raw<T>(text, ...args);

  const documentIn = (tenantId: string, containerId: string, docId: string, state = 'ACTIVE'): Promise<unknown[]> =>
    raw(
      `INSERT INTO documents (doc_id, tenant_id, container_id, title, document_type_id, state, create_by, create_time, update_by, update_time)
       VALUES (?, ?, ?, ?, 'dct_file', ?, 'usr_a', '', 'usr_a', '')`,
      docId,
      tenantId,
      containerId,
      docId,
      state,
    );

  it('keeps a container with its nulls, flags and metadata, found by id and by system kind from another node', async () => {
    const { containers } = db.repos;
    const root = await containers.create(newFolder('tnt_keep', null, 'Root', { systemKind: 'ROOT', aclInheritEnabled: false }));
    const child = await containers.create(newFolder('tnt_keep', root.containerId, 'Reports', { description: 'quarterly', sortOrder: 7, metadata: { project: 'apollo', year: 2026 } }));
    expect(root).toMatchObject({ tenantId: 'tnt_keep', parentId: null, systemKind: 'ROOT', aclInheritEnabled: false, status: 'ACTIVE', deletedBatch: null, purgeAt: '', metadata: {} });
    expect(typeof root.id).toBe('number');
    expect(child.id).toBeGreaterThan(root.id);
    expect(child.createTime).toBe(child.updateTime);
    expect(await other.repos.containers.get('tnt_keep', child.containerId)).toEqual(child);
    expect(await other.repos.containers.get('tnt_elsewhere', child.containerId)).toBeUndefined();
    expect(await other.repos.containers.findSystem('tnt_keep', 'ROOT')).toEqual(root);
    expect(await other.repos.containers.findSystem('tnt_keep', 'DEFAULT')).toBeUndefined();
  });

  it('changes only the patched fields, and moves items to the recycle bin and back by batch', async () => {
    const { containers } = db.repos;
    const root = await containers.create(newFolder('tnt_change', null, 'Root'));
    const a = await containers.create(newFolder('tnt_change', root.containerId, 'A', { metadata: { k: 1 } }));
    const b = await containers.create(newFolder('tnt_change', root.containerId, 'B'));
    const renamed = await containers.update('tnt_change', a.containerId, { name: 'A2', parentId: b.containerId }, 'usr_b');
    expect(renamed).toMatchObject({ name: 'A2', parentId: b.containerId, metadata: { k: 1 }, aclInheritEnabled: true, updateBy: 'usr_b', createBy: 'usr_a' });
    expect(await other.repos.containers.update('tnt_change', a.containerId, { aclInheritEnabled: false, metadata: {} }, 'usr_c')).toMatchObject({ name: 'A2', aclInheritEnabled: false, metadata: {} });

    await containers.setStatus('tnt_change', b.containerId, 'DELETED', '2026-12-01T00:00:00.000Z', 'batch_1', 'usr_b');
    expect(await other.repos.containers.get('tnt_change', b.containerId)).toMatchObject({ status: 'DELETED', purgeAt: '2026-12-01T00:00:00.000Z', deletedBatch: 'batch_1' });
    expect((await other.repos.containers.inBatch('tnt_change', 'batch_1')).map((c) => c.containerId)).toEqual([b.containerId]);
    expect((await other.repos.containers.children('tnt_change', root.containerId, 'ACTIVE')).map((c) => c.name)).toEqual([]);
    expect((await other.repos.containers.children('tnt_change', root.containerId, 'DELETED')).map((c) => c.name)).toEqual(['B']);
    await containers.setStatus('tnt_change', b.containerId, 'ACTIVE', '', null, 'usr_b');
    expect(await containers.get('tnt_change', b.containerId)).toMatchObject({ status: 'ACTIVE', purgeAt: '', deletedBatch: null });
  });

  it('lists a subtree parents first whatever its status, and ancestors up to the root, within the tenant', async () => {
    const { containers } = db.repos;
    const root = await containers.create(newFolder('tnt_sub', null, 'Root'));
    const mid = await containers.create(newFolder('tnt_sub', root.containerId, 'Mid'));
    const low = await containers.create(newFolder('tnt_sub', mid.containerId, 'Low'));
    const side = await containers.create(newFolder('tnt_sub', root.containerId, 'Side'));
    await containers.setStatus('tnt_sub', mid.containerId, 'DELETED', '', 'batch_2', 'usr_a');
    const ids = await other.repos.containers.subtreeIds('tnt_sub', root.containerId);
    expect(ids[0]).toBe(root.containerId);
    expect(ids.slice(1, 3).sort()).toEqual([mid.containerId, side.containerId].sort());
    expect(ids[3]).toBe(low.containerId);
    expect(await containers.subtreeIds('tnt_sub', mid.containerId)).toEqual([mid.containerId, low.containerId]);
    expect(await containers.subtreeIds('tnt_other', root.containerId)).toEqual([]);
    expect(await containers.subtreeIds('tnt_sub', '')).toEqual([]);
    expect((await other.repos.containers.ancestors('tnt_sub', low.containerId)).map((c) => c.name)).toEqual(['Mid', 'Root']);
    expect(await containers.ancestors('tnt_sub', root.containerId)).toEqual([]);
  });

  it('has children while an active container or document is under it', async () => {
    const { containers } = db.repos;
    const root = await containers.create(newFolder('tnt_kids', null, 'Root'));
    const sub = await containers.create(newFolder('tnt_kids', root.containerId, 'Sub'));
    const leaf = await containers.create(newFolder('tnt_kids', sub.containerId, 'Leaf'));
    expect(await other.repos.containers.hasActiveChildren('tnt_kids', root.containerId)).toBe(true);
    await containers.setStatus('tnt_kids', sub.containerId, 'DELETED', '', 'batch_3', 'usr_a');
    expect(await other.repos.containers.hasActiveChildren('tnt_kids', root.containerId)).toBe(false);
    await documentIn('tnt_kids', leaf.containerId, 'doc_gone', 'DELETED');
    expect(await containers.hasActiveChildren('tnt_kids', leaf.containerId)).toBe(false);
    await documentIn('tnt_kids', leaf.containerId, 'doc_here');
    expect(await containers.hasActiveChildren('tnt_kids', leaf.containerId)).toBe(true);
    expect(await containers.hasActiveChildren('tnt_other', leaf.containerId)).toBe(false);
  });

  it('pages children by each order in code-point order, equal values by id, with the total, deleted ones on request', async () => {
    const { containers } = db.repos;
    const root = await containers.create(newFolder('tnt_page', null, 'Root'));
    let last = root;
    for (const [name, sortOrder] of [['b', 2], ['B', 1], ['a', 1], ['Ä', 3], ['c', 1]] as const) last = await containers.create(newFolder('tnt_page', root.containerId, name, { sortOrder }));
    await containers.setStatus('tnt_page', last.containerId, 'DELETED', '', 'batch_4', 'usr_a');
    const names = async (includeDeleted: boolean, column: 'name' | 'sortOrder' | 'createTime', asc: boolean, limit = 10, offset = 0) => {
      const page = await other.repos.containers.page('tnt_page', root.containerId, includeDeleted, { column, asc }, limit, offset);
      return { total: page.total, names: page.rows.map((c) => c.name) };
    };
    expect(await names(false, 'name', true)).toEqual({ total: 4, names: ['B', 'a', 'b', 'Ä'] });
    expect(await names(false, 'name', false, 2, 1)).toEqual({ total: 4, names: ['b', 'a'] });
    expect(await names(true, 'name', true)).toEqual({ total: 5, names: ['B', 'a', 'b', 'c', 'Ä'] });
    expect(await names(false, 'sortOrder', true)).toEqual({ total: 4, names: ['B', 'a', 'b', 'Ä'] });
    expect(await names(true, 'sortOrder', false, 3)).toEqual({ total: 5, names: ['Ä', 'b', 'B'] });
    expect(await names(false, 'name', true, 10, 10)).toEqual({ total: 4, names: [] });
  });

  it('keeps active names unique under a parent, and lets a deleted one be named again', async () => {
    const { containers } = db.repos;
    const root = await containers.create(newFolder('tnt_names', null, 'Root'));
    const first = await containers.create(newFolder('tnt_names', root.containerId, 'Same'));
    await expect(other.repos.containers.create(newFolder('tnt_names', root.containerId, 'Same'))).rejects.toThrow(/unique/i);
    await containers.setStatus('tnt_names', first.containerId, 'DELETED', '', 'batch_5', 'usr_a');
    expect((await other.repos.containers.create(newFolder('tnt_names', root.containerId, 'Same'))).name).toBe('Same');
  });

  it("commits a container with its ACL entry and change, or none of them; an entry's container must exist, and goes with it", async () => {
    const made = await db.transaction(async (tx) => {
      const c = await tx.containers.create(newFolder('tnt_unit', null, 'Kept'));
      await tx.acl.entries.insert('tnt_unit', { containerId: c.containerId, principalType: 'EVERYONE', principalId: '', role: 'EDITOR', allowMask: 39, denyMask: 0 }, 'system');
      tx.changes.record({ tenantId: 'tnt_unit', op: 'create', kind: 'container', id: c.containerId, parentId: '', name: c.name, deleted: false });
      return c;
    });
    expect((await other.repos.acl.entries.forContainers('tnt_unit', [made.containerId])).length).toBe(1);
    expect((await other.repos.changes.after('tnt_unit', 0, 10)).map((c) => c.id)).toEqual([made.containerId]);

    let dropped = '';
    await expect(
      db.transaction(async (tx) => {
        const c = await tx.containers.create(newFolder('tnt_unit', null, 'Dropped'));
        dropped = c.containerId;
        await tx.acl.entries.insert('tnt_unit', { containerId: c.containerId, principalType: 'EVERYONE', principalId: '', role: 'EDITOR', allowMask: 39, denyMask: 0 }, 'system');
        tx.changes.record({ tenantId: 'tnt_unit', op: 'create', kind: 'container', id: c.containerId, parentId: '', name: c.name, deleted: false });
        throw new Error('the unit fails after its writes');
      }),
    ).rejects.toThrow('the unit fails after its writes');
    expect(await other.repos.containers.get('tnt_unit', dropped)).toBeUndefined();
    expect(await other.repos.acl.entries.forContainers('tnt_unit', [dropped])).toEqual([]);
    expect((await other.repos.changes.after('tnt_unit', 0, 10)).map((c) => c.id)).toEqual([made.containerId]);

    await expect(db.repos.acl.entries.insert('tnt_unit', { containerId: 'ctr_none', principalType: 'EVERYONE', principalId: '', role: 'EDITOR', allowMask: 1, denyMask: 0 }, 'system')).rejects.toThrow(/foreign key/i);
    await raw('DELETE FROM containers WHERE container_id = ?', made.containerId);
    expect(await other.repos.acl.entries.forContainers('tnt_unit', [made.containerId])).toEqual([]);
  });

  it("moves the reply cache's generation with every write to the tree, committed by whichever node", async () => {
    // The tenant's own row on PostgreSQL (0011_reply_generation), the one row on SQLite.
    const generation = (): Promise<number> => db.repos.replyGenerations.of('tnt_gen');
    const before = await generation();
    const c = await db.repos.containers.create(newFolder('tnt_gen', null, 'Root'));
    const afterInsert = await generation();
    expect(afterInsert).toBeGreaterThan(before);
    await other.repos.containers.update('tnt_gen', c.containerId, { name: 'Renamed' }, 'usr_a');
    const afterUpdate = await generation();
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    await documentIn('tnt_gen', c.containerId, 'doc_gen');
    expect(await generation()).toBeGreaterThan(afterUpdate);
    const settled = await generation();
    await db.repos.containers.get('tnt_gen', c.containerId);
    await db.repos.containers.page('tnt_gen', c.containerId, true, { column: 'name', asc: true }, 10, 0);
    expect(await generation()).toBe(settled);
  });
});
