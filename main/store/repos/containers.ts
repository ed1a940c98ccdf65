/** Containers (folders) of the tree. Deleted ones stay, with status DELETED, until purged. */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { Container } from '../../../shared/v1/resources.ts';
import type { Db } from '../db.ts';
import { newId, nowIso } from '../ids.ts';
import { rowReader, type RowOf } from '../rows.ts';
import { DeletedBatch, TreeItemRepository, TreeState } from './treeItems.ts';

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

type Row = RowOf<ContainerRecord>;
const toRecord = rowReader(ContainerRecord);

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

/** A tenant's system container of one kind (query-plan tested: one index lookup, whatever the tenant's size). */
export const FIND_SYSTEM = 'SELECT * FROM containers WHERE tenant_id = ? AND system_kind = ?';

export class ContainerRepository extends TreeItemRepository<Row, ContainerRecord, keyof typeof CONTAINER_ORDER_COLUMNS> {
  constructor(db: Db) {
    super(db, { name: 'containers', idColumn: 'container_id', parentColumn: 'parent_id', stateColumn: 'status', tieBreakColumn: 'id', orderColumns: CONTAINER_ORDER_COLUMNS, toRecord });
  }

  create(input: NewContainer): ContainerRecord {
    const containerId = newId('ctr');
    const now = nowIso();
    this.prepared(
        `INSERT INTO containers (container_id, tenant_id, parent_id, container_type_id, name, description, sort_order, system_kind,
           metadata, acl_inherit_enabled, create_by, create_time, update_by, update_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        containerId,
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
        now,
        input.createBy,
        now,
      );
    return this.get(input.tenantId, containerId) as ContainerRecord;
  }

  // Prepared once: every access check and every upload into a tenant's default container looks one up.
  private readonly findSystemStmt = this.db.prepare<[string, SystemKind], Row>(FIND_SYSTEM);

  findSystem(tenantId: string, kind: SystemKind): ContainerRecord | undefined {
    const row = this.findSystemStmt.get(tenantId, kind);
    return row && toRecord(row);
  }

  update(tenantId: string, containerId: string, patch: ContainerPatch, updateBy: string): ContainerRecord {
    const current = this.get(tenantId, containerId);
    if (!current) throw new Error(`container ${containerId} vanished inside a transaction`);
    this.prepared(
        `UPDATE containers SET name = ?, parent_id = ?, description = ?, sort_order = ?, metadata = ?, acl_inherit_enabled = ?,
           update_by = ?, update_time = ? WHERE tenant_id = ? AND container_id = ?`,
      )
      .run(
        patch.name ?? current.name,
        patch.parentId ?? current.parentId,
        patch.description ?? current.description,
        patch.sortOrder ?? current.sortOrder,
        JSON.stringify(patch.metadata ?? current.metadata),
        (patch.aclInheritEnabled ?? current.aclInheritEnabled) ? 1 : 0,
        updateBy,
        nowIso(),
        tenantId,
        containerId,
      );
    return this.get(tenantId, containerId) as ContainerRecord;
  }

  setStatus(tenantId: string, containerId: string, status: ContainerStatus, purgeAt: string, deletedBatch: string | null, updateBy: string): void {
    this.setLifecycle(tenantId, containerId, status, purgeAt, deletedBatch, updateBy);
  }

  children(tenantId: string, parentId: string, status: ContainerStatus): ContainerRecord[] {
    return this.under(tenantId, parentId, status);
  }

  hasActiveChildren(tenantId: string, containerId: string): boolean {
    return (
      this.prepared(
          `SELECT 1 FROM containers WHERE tenant_id = ? AND parent_id = ? AND status = 'ACTIVE'
           UNION ALL SELECT 1 FROM documents WHERE tenant_id = ? AND container_id = ? AND state = 'ACTIVE' LIMIT 1`,
        )
        .get(tenantId, containerId, tenantId, containerId) !== undefined
    );
  }

  /** Ids of the container and every container below it, whatever their status, parents before children. */
  subtreeIds(tenantId: string, containerId: string): string[] {
    return this.prepared<[string, string, string, string], { container_id: string }>(
        `WITH RECURSIVE sub(id, depth) AS (
           SELECT container_id, 0 FROM containers WHERE tenant_id = ? AND container_id = ?
           UNION ALL SELECT c.container_id, sub.depth + 1 FROM containers c JOIN sub ON c.parent_id = sub.id WHERE c.tenant_id = ?
         ) SELECT id AS container_id FROM sub WHERE ? != '' ORDER BY depth`,
      )
      .all(tenantId, containerId, tenantId, containerId)
      .map((r) => r.container_id);
  }

  /** Ancestors from the parent up to the root. */
  ancestors(tenantId: string, containerId: string): ContainerRecord[] {
    const out: ContainerRecord[] = [];
    let current = this.get(tenantId, containerId);
    while (current?.parentId) {
      const parent = this.get(tenantId, current.parentId);
      if (!parent) break;
      out.push(parent);
      current = parent;
    }
    return out;
  }
}
