/**
 * The tree's documents on the asynchronous store (main/store/async/repos/documents.ts) run the
 * same cases on a real SQLite file and on the real PostgreSQL of scripts/cluster.sh (the documents
 * table of migration 0009_tree, its id in code-point order since 0010_documents, the reply cache's
 * generation a row a tenant since 0011_reply_generation): one set of
 * queries, one behaviour, and what one node writes the other reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncDatabase } from '../../../main/store/async/database.ts';
import type { NewDocument } from '../../../main/store/async/repos/documents.ts';
import { twoNodes, type TwoNodes } from '../../helpers/asyncDatabases.ts';
import { useCluster } from '../../helpers/clusterFixture.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';
import { newFolder } from '../../helpers/treeRecords.ts';

const dirs: string[] = [];
const cluster = useCluster(dirs);


const file = (tenantId: string, containerId: string, title: string, metadata: Record<string, unknown> = {}): NewDocument => ({
  tenantId,
  containerId,
  title,
  documentTypeId: 'dct_file',
  metadata,
  createBy: 'usr_a',
});

const version = (n: number, hash: string, sizeBytes: number) => ({
  versionId: `ver_${hash.slice(0, 6)}_${n}`,
  versionNo: n,
  sizeBytes,
  mimeType: 'text/plain',
  originalFilename: `v${n}.txt`,
  contentHash: hash,
});

describe.each(['sqlite', 'postgres'] as const)('documents on %s', (dialect) => {
  let nodes: TwoNodes;
  let db: AsyncDatabase;
  /** A second node on the same database. */
  let other: AsyncDatabase;
  const raw = <T>(text: string, ...args: unknown[]): Promise<T[]> => nodes.raw<T>(text, ...args);

  beforeAll(async () => {
    nodes = await twoNodes(cluster, dialect, dirs);
    ({ db, other } = nodes);
  }, HEAVY_TEST_MS);

  afterAll(async () => {
    await nodes?.close();
  });

  it('keeps a document with its defaults and metadata, found by id from another node and only in its tenant', async () => {
    const root = await db.repos.containers.create(newFolder('tnt_keep', null, 'Root'));
    const doc = await db.repos.documents.create(file('tnt_keep', root.containerId, 'plan.pdf', { owner: 'b', year: 2026 }));
    expect(doc).toMatchObject({
      tenantId: 'tnt_keep',
      containerId: root.containerId,
      title: 'plan.pdf',
      documentTypeId: 'dct_file',
      metadata: { owner: 'b', year: 2026 },
      state: 'ACTIVE',
      currentVersionId: '',
      currentVersionNo: 0,
      sizeBytes: 0,
      processingState: 'NONE',
      indexStatus: 'NONE',
      purgeAt: '',
      deletedBatch: null,
      createBy: 'usr_a',
      updateBy: 'usr_a',
    });
    expect(doc.docId).toMatch(/^doc_/);
    expect(doc.createTime).toBe(doc.updateTime);
    expect(await other.repos.documents.get('tnt_keep', doc.docId)).toEqual(doc);
    expect(await other.repos.documents.get('tnt_elsewhere', doc.docId)).toBeUndefined();
  });

  it('changes only the patched fields, and makes a version current exactly as it is then stored', async () => {
    const root = await db.repos.containers.create(newFolder('tnt_change', null, 'Root'));
    const elsewhere = await db.repos.containers.create(newFolder('tnt_change', root.containerId, 'Other'));
    const doc = await db.repos.documents.create(file('tnt_change', root.containerId, 'a.txt', { k: 1 }));
    const moved = await other.repos.documents.update('tnt_change', doc.docId, { title: 'b.txt', containerId: elsewhere.containerId }, 'usr_b');
    expect(moved).toMatchObject({ title: 'b.txt', containerId: elsewhere.containerId, metadata: { k: 1 }, updateBy: 'usr_b', createBy: 'usr_a' });
    expect(await db.repos.documents.update('tnt_change', doc.docId, { metadata: {} }, 'usr_c')).toMatchObject({ title: 'b.txt', containerId: elsewhere.containerId, metadata: {} });

    let current = (await db.repos.documents.get('tnt_change', doc.docId)) ?? expect.fail('the document vanished');
    for (const [n, hash, size] of [
      [1, 'a'.repeat(64), 10],
      [2, 'b'.repeat(64), 5_000_000_000],
    ] as const) {
      current = await db.repos.documents.setCurrentVersion(current, version(n, hash, size), 'usr_d');
      expect(await other.repos.documents.get('tnt_change', doc.docId)).toEqual(current);
    }
    expect(current).toMatchObject({ currentVersionNo: 2, sizeBytes: 5_000_000_000, contentHash: 'b'.repeat(64), originalFilename: 'v2.txt', updateBy: 'usr_d' });
    await expect(db.repos.documents.setCurrentVersion({ ...current, docId: 'doc_none' }, version(3, 'c'.repeat(64), 1), 'usr_d')).rejects.toThrow(/vanished/);
    await expect(db.repos.documents.update('tnt_change', 'doc_none', { title: 'x' }, 'usr_d')).rejects.toThrow(/vanished/);
  });

  it("moves documents to the recycle bin and back by batch, and lists a container's documents by state", async () => {
    const root = await db.repos.containers.create(newFolder('tnt_bin', null, 'Root'));
    const a = await db.repos.documents.create(file('tnt_bin', root.containerId, 'a'));
    const b = await db.repos.documents.create(file('tnt_bin', root.containerId, 'b'));
    await db.repos.documents.setState('tnt_bin', b.docId, 'DELETED', '2026-12-01T00:00:00.000Z', 'batch_1', 'usr_b');
    expect(await other.repos.documents.get('tnt_bin', b.docId)).toMatchObject({ state: 'DELETED', purgeAt: '2026-12-01T00:00:00.000Z', deletedBatch: 'batch_1', updateBy: 'usr_b' });
    expect((await other.repos.documents.inBatch('tnt_bin', 'batch_1')).map((d) => d.docId)).toEqual([b.docId]);
    expect((await other.repos.documents.inContainer('tnt_bin', root.containerId, 'ACTIVE')).map((d) => d.docId)).toEqual([a.docId]);
    expect((await other.repos.documents.inContainer('tnt_bin', root.containerId, 'DELETED')).map((d) => d.docId)).toEqual([b.docId]);
    expect(await other.repos.documents.inContainer('tnt_other', root.containerId, 'ACTIVE')).toEqual([]);
    await other.repos.documents.setState('tnt_bin', b.docId, 'ACTIVE', '', null, 'usr_b');
    expect(await db.repos.documents.get('tnt_bin', b.docId)).toMatchObject({ state: 'ACTIVE', purgeAt: '', deletedBatch: null });
  });

  it('finds a name taken by an active document or container of the same container, but for the item itself', async () => {
    const root = await db.repos.containers.create(newFolder('tnt_names', null, 'Root'));
    const sub = await db.repos.containers.create(newFolder('tnt_names', root.containerId, 'Sub'));
    const doc = await db.repos.documents.create(file('tnt_names', root.containerId, 'Same'));
    const taken = (name: string, exceptId?: string, containerId = root.containerId, tenantId = 'tnt_names') => other.repos.documents.nameTaken(tenantId, containerId, name, exceptId);
    expect(await taken('Same')).toBe(true);
    expect(await taken('Sub')).toBe(true);
    expect(await taken('same')).toBe(false);
    expect(await taken('Same', doc.docId)).toBe(false);
    expect(await taken('Sub', sub.containerId)).toBe(false);
    expect(await taken('Same', undefined, sub.containerId)).toBe(false);
    expect(await taken('Same', undefined, root.containerId, 'tnt_other')).toBe(false);
    await expect(db.repos.documents.create(file('tnt_names', root.containerId, 'Same'))).rejects.toThrow(/unique/i);
    await db.repos.documents.setState('tnt_names', doc.docId, 'DELETED', '', 'batch_2', 'usr_a');
    expect(await taken('Same')).toBe(false);
    expect((await other.repos.documents.create(file('tnt_names', root.containerId, 'Same'))).title).toBe('Same');
  });

  it('pages documents by each order in code-point order, equal values by id, with the total, deleted ones on request', async () => {
    const root = await db.repos.containers.create(newFolder('tnt_page', null, 'Root'));
    const made = [];
    for (const [title, size] of [['b', 2], ['B', 1], ['a', 1], ['Ä', 3], ['c', 1]] as const) {
      const d = await db.repos.documents.create(file('tnt_page', root.containerId, title));
      made.push(await db.repos.documents.setCurrentVersion(d, version(1, title.codePointAt(0)?.toString(16).padStart(64, '0') ?? '', size), 'usr_a'));
    }
    await db.repos.documents.setState('tnt_page', made[4]?.docId ?? '', 'DELETED', '', 'batch_3', 'usr_a');
    const titles = async (includeDeleted: boolean, column: 'title' | 'sizeBytes' | 'createTime', asc: boolean, limit = 10, offset = 0) => {
      const page = await other.repos.documents.page('tnt_page', root.containerId, includeDeleted, { column, asc }, limit, offset);
      return { total: page.total, titles: page.rows.map((d) => d.title) };
    };
    expect(await titles(false, 'title', true)).toEqual({ total: 4, titles: ['B', 'a', 'b', 'Ä'] });
    expect(await titles(false, 'title', false, 2, 1)).toEqual({ total: 4, titles: ['b', 'a'] });
    expect(await titles(true, 'title', true)).toEqual({ total: 5, titles: ['B', 'a', 'b', 'c', 'Ä'] });
    const bySize = await titles(true, 'sizeBytes', true);
    // Equal sizes keep one order, by id in code-point order (ids are base64url: both cases, '-' and '_').
    const ones = made.filter((d) => d.sizeBytes === 1).sort((x, y) => (x.docId < y.docId ? -1 : 1)).map((d) => d.title);
    expect(bySize).toEqual({ total: 5, titles: [...ones, 'b', 'Ä'] });
    expect(await titles(false, 'title', true, 10, 10)).toEqual({ total: 4, titles: [] });
    expect(await other.repos.documents.page('tnt_other', root.containerId, true, { column: 'title', asc: true }, 10, 0)).toEqual({ total: 0, rows: [] });
  });

  it('keeps documents of equal sort values in code-point order of their ids, whatever the locale', async () => {
    const root = await db.repos.containers.create(newFolder('tnt_ties', null, 'Root'));
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) ids.push((await db.repos.documents.create(file('tnt_ties', root.containerId, `t${i}`))).docId);
    const page = await other.repos.documents.page('tnt_ties', root.containerId, false, { column: 'sizeBytes', asc: false }, 20, 0);
    expect(page.rows.map((d) => d.docId)).toEqual(ids.sort((x, y) => (x < y ? -1 : 1)));
    // The test cluster's database is C.UTF-8, where any text compares so: the column itself must say "C".
    if (dialect === 'postgres') {
      expect(await raw("SELECT collation_name FROM information_schema.columns WHERE table_name = 'documents' AND column_name = 'doc_id'")).toEqual([{ collation_name: 'C' }]);
    }
  });

  it('commits a document with its current version and change, or none of them', async () => {
    const root = await db.repos.containers.create(newFolder('tnt_unit', null, 'Root'));
    const made = await db.transaction(async (tx) => {
      const d = await tx.documents.create(file('tnt_unit', root.containerId, 'kept.txt'));
      const current = await tx.documents.setCurrentVersion(d, version(1, 'd'.repeat(64), 3), 'usr_a');
      tx.changes.record({ tenantId: 'tnt_unit', op: 'create', kind: 'document', id: d.docId, parentId: root.containerId, name: d.title, deleted: false, versionNo: 1 });
      return current;
    });
    expect(await other.repos.documents.get('tnt_unit', made.docId)).toEqual(made);
    expect((await other.repos.changes.after('tnt_unit', 0, 10)).map((c) => c.id)).toEqual([made.docId]);

    let dropped = '';
    await expect(
      db.transaction(async (tx) => {
        const d = await tx.documents.create(file('tnt_unit', root.containerId, 'dropped.txt'));
        dropped = d.docId;
        await tx.documents.setCurrentVersion(d, version(1, 'e'.repeat(64), 3), 'usr_a');
        tx.changes.record({ tenantId: 'tnt_unit', op: 'create', kind: 'document', id: d.docId, parentId: root.containerId, name: d.title, deleted: false });
        throw new Error('the unit fails after its writes');
      }),
    ).rejects.toThrow('the unit fails after its writes');
    expect(await other.repos.documents.get('tnt_unit', dropped)).toBeUndefined();
    expect(await other.repos.documents.nameTaken('tnt_unit', root.containerId, 'dropped.txt')).toBe(false);
    expect((await other.repos.changes.after('tnt_unit', 0, 10)).map((c) => c.id)).toEqual([made.docId]);
  });

  it("moves the reply cache's generation with every write to a document, committed by whichever node, and not with a read", async () => {
    // The tenant's own row on PostgreSQL (0011_reply_generation), the one row on SQLite.
    const generation = (): Promise<number> => db.repos.replyGenerations.of('tnt_gen');
    const root = await db.repos.containers.create(newFolder('tnt_gen', null, 'Root'));
    let last = await generation();
    const moved = async (): Promise<void> => {
      const now = await generation();
      expect(now).toBeGreaterThan(last);
      last = now;
    };
    const doc = await db.repos.documents.create(file('tnt_gen', root.containerId, 'a.txt'));
    await moved();
    await other.repos.documents.update('tnt_gen', doc.docId, { title: 'b.txt' }, 'usr_a');
    await moved();
    const renamed = (await db.repos.documents.get('tnt_gen', doc.docId)) ?? expect.fail('the document vanished');
    await db.repos.documents.setCurrentVersion(renamed, version(1, 'f'.repeat(64), 1), 'usr_a');
    await moved();
    await other.repos.documents.setState('tnt_gen', doc.docId, 'DELETED', '', 'batch_4', 'usr_a');
    await moved();
    await db.repos.documents.get('tnt_gen', doc.docId);
    await db.repos.documents.page('tnt_gen', root.containerId, true, { column: 'title', asc: true }, 10, 0);
    await db.repos.documents.inContainer('tnt_gen', root.containerId, 'DELETED');
    await db.repos.documents.inBatch('tnt_gen', 'batch_4');
    await db.repos.documents.nameTaken('tnt_gen', root.containerId, 'b.txt');
    expect(await generation()).toBe(last);
  });
});
