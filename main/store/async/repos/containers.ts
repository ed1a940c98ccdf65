/**
 * Containers (folders) of the tree over either database. Deleted ones stay, with status DELETED,
 * until purged. What runs per request (a container by id, a tenant's system container, whether a
 * container has children, a page of children) is compiled once.
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { sql, type Kysely } from 'kysely';
import { Container } from '../../../../shared/v1/resources.ts';
import { newId, nowIso } from '../../ids.ts';
import { rowReader, type RowOf } from '../../rows.ts';
import { compiledOnce, type CompiledOnce } from '../compiledOnce.ts';
import type { StoreSchema } from '../schema.ts';
import { DeletedBatch, TreeState, type PageOrder } from './treeItems.ts';

export type ContainerStatus = TreeState;

/** The containers only the store makes: a tenant's root and the default home of uploads. */
const SystemKind = Type.Union([Type.Literal('ROOT'), Type.Literal('DEFAULT')]);
export type SystemKind = Static<typeof SystemKind>;

/**
 * A container as stored: the v1 Container without what the service works out when it answers
 * (names, the caller's permissions, whether it has children), plus its tenant, its system kind and
 * its recycle-bin batch. `parentId` is null for a tenant's root (the wire says ''), `status` is
 * narrowed to the two the store writes, and `metadataColumns` is kept under its column's name.
 */
export const ContainerRecord = Type.Object({
  ...Type.Omit(Container, [
    'parentId',
    'parentName',
    'containerTypeName',
    'status',
    'createByName',
    'metadataColumns',
    'effectivePermissions',
    'hasChildren',
  ]).properties,
  tenantId: Type.String(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  status: TreeState,
  systemKind: Type.Union([SystemKind, Type.Null()]),
  metadata: Container.properties.metadataColumns,
  deletedBatch: DeletedBatch,
});
export type ContainerRecord = Static<typeof ContainerRecord>;

const toRecord = rowReader(ContainerRecord);
const toRecords = (rows: readonly RowOf<ContainerRecord>[]): ContainerRecord[] => rows.map(toRecord);

export type NewContainer = Pick<
  ContainerRecord,
  'tenantId' | 'parentId' | 'containerTypeId' | 'name' | 'description' | 'sortOrder' | 'metadata' | 'aclInheritEnabled' | 'systemKind' | 'createBy'
>;

export interface ContainerPatch {
  name?: string;
  parentId?: string;
  description?: string;
  sortOrder?: number;
  metadata?: Record<string, unknown>;
  aclInheritEnabled?: boolean;
}

export const CONTAINER_ORDER_COLUMNS = {
  name: 'name',
  createTime: 'create_time',
  updateTime: 'update_time',
  sortOrder: 'sort_order',
} as const;
type OrderKey = keyof typeof CONTAINER_ORDER_COLUMNS;

type Q = Kysely<StoreSchema>;

// Per request: every answer, check and upload into a tenant's default container reads one of these.
const byId = compiledOnce((q: Q, tenantId: string, containerId: string) =>
  q.selectFrom('containers').selectAll().where('tenant_id', '=', tenantId).where('container_id', '=', containerId),
);
/** A tenant's system container of one kind (query-plan tested on SQLite: one index lookup, whatever the tenant's size). */
export const systemContainerQuery = (q: Q, tenantId: string, kind: SystemKind) =>
  q.selectFrom('containers').selectAll().where('tenant_id', '=', tenantId).where('system_kind', '=', kind);
const systemOf = compiledOnce(systemContainerQuery);
const childOrDocument = compiledOnce((q: Q, tenantId: string, containerId: string) =>
  q
    .selectFrom('containers')
    .select(sql<number>`1`.as('one'))
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '=', containerId)
    .where('status', '=', 'ACTIVE')
    .unionAll(q.selectFrom('documents').select(sql<number>`1`.as('one')).where('tenant_id', '=', tenantId).where('container_id', '=', containerId).where('state', '=', 'ACTIVE'))
    .limit(1),
);
const insert = compiledOnce(
  (q: Q, containerId: string, tenantId: string, parentId: string | null, typeId: string, name: string, description: string, sortOrder: number, systemKind: SystemKind | null, metadata: string, inherit: number, createBy: string, now: string) =>
    q
      .insertInto('containers')
      .values({
        container_id: containerId,
        tenant_id: tenantId,
        parent_id: parentId,
        container_type_id: typeId,
        name,
        description,
        sort_order: sortOrder,
        status: 'ACTIVE',
        system_kind: systemKind,
        metadata,
        acl_inherit_enabled: inherit,
        purge_at: '',
        create_by: createBy,
        create_time: now,
        update_by: createBy,
        update_time: now,
      })
      .returningAll(),
);
const rewrite = compiledOnce(
  (q: Q, tenantId: string, containerId: string, name: string, parentId: string | null, description: string, sortOrder: number, metadata: string, inherit: number, updateBy: string, now: string) =>
    q
      .updateTable('containers')
      .set({ name, parent_id: parentId, description, sort_order: sortOrder, metadata, acl_inherit_enabled: inherit, update_by: updateBy, update_time: now })
      .where('tenant_id', '=', tenantId)
      .where('container_id', '=', containerId)
      .returningAll(),
);

/** A page of a container's children in one order: compiled once per order, of which there are sixteen. */
interface PageQueries {
  count: CompiledOnce<StoreSchema, [string, string], { n: number | string }>;
  rows: CompiledOnce<StoreSchema, [string, string, number, number], RowOf<ContainerRecord>>;
}
const pages = new Map<string, PageQueries>();

function pageQueries(includeDeleted: boolean, order: PageOrder<OrderKey>): PageQueries {
  const key = `${includeDeleted}|${order.column}|${order.asc}`;
  let queries = pages.get(key);
  if (!queries) {
    const children = (q: Q, tenantId: string, parentId: string) => {
      const all = q.selectFrom('containers').where('tenant_id', '=', tenantId).where('parent_id', '=', parentId);
      return includeDeleted ? all : all.where('status', '=', 'ACTIVE');
    };
    const column = CONTAINER_ORDER_COLUMNS[order.column];
    const direction = order.asc ? 'asc' : 'desc';
    queries = {
      count: compiledOnce((q: Q, tenantId: string, parentId: string) => children(q, tenantId, parentId).select((eb) => eb.fn.countAll<number | string>().as('n'))),
      rows: compiledOnce((q: Q, tenantId: string, parentId: string, limit: number, offset: number) =>
        children(q, tenantId, parentId).selectAll().orderBy(column, direction).orderBy('id', 'asc').limit(limit).offset(offset),
      ),
    };
    pages.set(key, queries);
  }
  return queries;
}

export class AsyncContainerRepository {
  constructor(private readonly q: Q) {}

  async create(input: NewContainer): Promise<ContainerRecord> {
    const [row] = (
      await insert.run(
        this.q,
        newId('ctr'),
        input.tenantId,
        input.parentId,
        input.containerTypeId,
        input.name,
        input.description,
        input.sortOrder,
        input.systemKind,
        JSON.stringify(input.metadata),
        input.aclInheritEnabled ? 1 : 0,
        input.createBy,
        nowIso(),
      )
    ).rows;
    if (!row) throw new Error('a container insert returned no row');
    return toRecord(row);
  }

  /** The container, whatever its status. */
  async get(tenantId: string, containerId: string): Promise<ContainerRecord | undefined> {
    const [row] = (await byId.run(this.q, tenantId, containerId)).rows;
    return row && toRecord(row);
  }

  async findSystem(tenantId: string, kind: SystemKind): Promise<ContainerRecord | undefined> {
    const [row] = (await systemOf.run(this.q, tenantId, kind)).rows;
    return row && toRecord(row);
  }

  async update(tenantId: string, containerId: string, patch: ContainerPatch, updateBy: string): Promise<ContainerRecord> {
    const current = await this.get(tenantId, containerId);
    if (!current) throw new Error(`container ${containerId} vanished inside a transaction`);
    const [row] = (
      await rewrite.run(
        this.q,
        tenantId,
        containerId,
        patch.name ?? current.name,
        patch.parentId ?? current.parentId,
        patch.description ?? current.description,
        patch.sortOrder ?? current.sortOrder,
        JSON.stringify(patch.metadata ?? current.metadata),
        (patch.aclInheritEnabled ?? current.aclInheritEnabled) ? 1 : 0,
        updateBy,
        nowIso(),
      )
    ).rows;
    if (!row) throw new Error(`container ${containerId} vanished inside a transaction`);
    return toRecord(row);
  }

  async setStatus(tenantId: string, containerId: string, status: ContainerStatus, purgeAt: string, deletedBatch: string | null, updateBy: string): Promise<void> {
    await this.q
      .updateTable('containers')
      .set({ status, purge_at: purgeAt, deleted_batch: deletedBatch, update_by: updateBy, update_time: nowIso() })
      .where('tenant_id', '=', tenantId)
      .where('container_id', '=', containerId)
      .execute();
  }

  async children(tenantId: string, parentId: string, status: ContainerStatus): Promise<ContainerRecord[]> {
    return toRecords(await this.q.selectFrom('containers').selectAll().where('tenant_id', '=', tenantId).where('parent_id', '=', parentId).where('status', '=', status).execute());
  }

  async inBatch(tenantId: string, batch: string): Promise<ContainerRecord[]> {
    return toRecords(await this.q.selectFrom('containers').selectAll().where('tenant_id', '=', tenantId).where('deleted_batch', '=', batch).execute());
  }

  async hasActiveChildren(tenantId: string, containerId: string): Promise<boolean> {
    return (await childOrDocument.run(this.q, tenantId, containerId)).rows.length > 0;
  }

  /** Ids of the container and every container below it, whatever their status, parents before children. */
  async subtreeIds(tenantId: string, containerId: string): Promise<string[]> {
    const { rows } = await sql<{ container_id: string }>`
      WITH RECURSIVE sub(id, depth) AS (
        SELECT container_id, 0 FROM containers WHERE tenant_id = ${tenantId} AND container_id = ${containerId}
        UNION ALL SELECT c.container_id, sub.depth + 1 FROM containers c JOIN sub ON c.parent_id = sub.id WHERE c.tenant_id = ${tenantId}
      ) SELECT id AS container_id FROM sub ORDER BY depth`.execute(this.q);
    return rows.map((r) => r.container_id);
  }

  /** Ancestors from the parent up to the root. */
  async ancestors(tenantId: string, containerId: string): Promise<ContainerRecord[]> {
    const out: ContainerRecord[] = [];
    let current = await this.get(tenantId, containerId);
    while (current?.parentId) {
      const parent = await this.get(tenantId, current.parentId);
      if (!parent) break;
      out.push(parent);
      current = parent;
    }
    return out;
  }

  /** A page of a container's children, with how many there are in all. */
  async page(tenantId: string, parentId: string, includeDeleted: boolean, order: PageOrder<OrderKey>, limit: number, offset: number): Promise<{ total: number; rows: ContainerRecord[] }> {
    const queries = pageQueries(includeDeleted, order);
    const [count] = (await queries.count.run(this.q, tenantId, parentId)).rows;
    const { rows } = await queries.rows.run(this.q, tenantId, parentId, limit, offset);
    return { total: Number(count?.n ?? 0), rows: toRecords(rows) };
  }
}
