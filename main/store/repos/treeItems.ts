/**
 * A tree item's synchronous statements (documents', until they convert: containers are on the
 * asynchronous store, main/store/async/repos/containers.ts): it lives under a parent, carries an
 * ACTIVE/DELETED lifecycle column, goes to the recycle bin in batches, and is listed a page at a
 * time. A TreeTable names its columns.
 */
import { Repository, type Db } from '../db.ts';
import { nowIso } from '../ids.ts';
import type { TreeState } from '../async/repos/treeItems.ts';

export interface TreeTable<Row, Rec, OrderKey extends string> {
  readonly name: 'documents';
  readonly idColumn: 'doc_id';
  readonly parentColumn: 'container_id';
  readonly stateColumn: 'state';
  /** The last ORDER BY column of a page, so that rows with equal sort values keep one order. */
  readonly tieBreakColumn: 'doc_id';
  /** The sortable columns: only these are ever spliced into the SQL. */
  readonly orderColumns: Readonly<Record<OrderKey, string>>;
  readonly toRecord: (row: Row) => Rec;
}

export abstract class TreeItemRepository<Row, Rec, OrderKey extends string> extends Repository {
  private readonly getStmt;

  protected constructor(
    db: Db,
    private readonly tree: TreeTable<Row, Rec, OrderKey>,
  ) {
    super(db);
    this.getStmt = db.prepare<[string, string], Row>(`SELECT * FROM ${tree.name} WHERE tenant_id = ? AND ${tree.idColumn} = ?`);
  }

  /** The item, whatever its state. */
  get(tenantId: string, id: string): Rec | undefined {
    const row = this.getStmt.get(tenantId, id);
    return row && this.tree.toRecord(row);
  }

  protected setLifecycle(tenantId: string, id: string, state: TreeState, purgeAt: string, deletedBatch: string | null, updateBy: string): void {
    const { name, idColumn, stateColumn } = this.tree;
    this.prepared(`UPDATE ${name} SET ${stateColumn} = ?, purge_at = ?, deleted_batch = ?, update_by = ?, update_time = ? WHERE tenant_id = ? AND ${idColumn} = ?`)
      .run(state, purgeAt, deletedBatch, updateBy, nowIso(), tenantId, id);
  }

  protected under(tenantId: string, parentId: string, state: TreeState): Rec[] {
    const { name, parentColumn, stateColumn } = this.tree;
    return this.prepared<[string, string, TreeState], Row>(`SELECT * FROM ${name} WHERE tenant_id = ? AND ${parentColumn} = ? AND ${stateColumn} = ?`)
      .all(tenantId, parentId, state)
      .map(this.tree.toRecord);
  }

  inBatch(tenantId: string, batch: string): Rec[] {
    return this.prepared<[string, string], Row>(`SELECT * FROM ${this.tree.name} WHERE tenant_id = ? AND deleted_batch = ?`)
      .all(tenantId, batch)
      .map(this.tree.toRecord);
  }

  page(
    tenantId: string,
    parentId: string,
    includeDeleted: boolean,
    order: { column: OrderKey; asc: boolean },
    limit: number,
    offset: number,
  ): { total: number; rows: Rec[] } {
    const { name, parentColumn, stateColumn, tieBreakColumn } = this.tree;
    const where = `tenant_id = ? AND ${parentColumn} = ?${includeDeleted ? '' : ` AND ${stateColumn} = 'ACTIVE'`}`;
    const total = this.prepared<[string, string], { n: number }>(`SELECT COUNT(*) AS n FROM ${name} WHERE ${where}`).get(tenantId, parentId)?.n ?? 0;
    const col = this.tree.orderColumns[order.column];
    const rows = this.prepared<[string, string, number, number], Row>(
        `SELECT * FROM ${name} WHERE ${where} ORDER BY ${col} ${order.asc ? 'ASC' : 'DESC'}, ${tieBreakColumn} ASC LIMIT ? OFFSET ?`,
      )
      .all(tenantId, parentId, limit, offset)
      .map(this.tree.toRecord);
    return { total, rows };
  }
}
