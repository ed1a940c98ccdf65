/** Content types (container and document types), and the templates attached to each. */
import type { Capabilities, TargetKind } from '../../../shared/v1/contentModel.ts';
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

export type { TargetKind };

export interface ContentTypeRecord {
  id: number;
  typeId: string;
  tenantId: string;
  targetKind: TargetKind;
  parentTypeId: string;
  code: string;
  name: string;
  description: string;
  icon: string;
  system: boolean;
  sortOrder: number;
  status: string;
  maxVersionCount: number;
  retentionDays: number;
  capabilities: Capabilities;
  createTime: string;
  updateTime: string;
}

interface Row {
  id: number;
  type_id: string;
  tenant_id: string;
  target_kind: TargetKind;
  parent_type_id: string;
  code: string;
  name: string;
  description: string;
  icon: string;
  system: number;
  sort_order: number;
  status: string;
  max_version_count: number;
  retention_days: number;
  capabilities: string;
  create_time: string;
  update_time: string;
}

const toRecord = (r: Row): ContentTypeRecord => ({
  id: r.id,
  typeId: r.type_id,
  tenantId: r.tenant_id,
  targetKind: r.target_kind,
  parentTypeId: r.parent_type_id,
  code: r.code,
  name: r.name,
  description: r.description,
  icon: r.icon,
  system: r.system === 1,
  sortOrder: r.sort_order,
  status: r.status,
  maxVersionCount: r.max_version_count,
  retentionDays: r.retention_days,
  capabilities: JSON.parse(r.capabilities) as ContentTypeRecord['capabilities'],
  createTime: r.create_time,
  updateTime: r.update_time,
});

export interface ContentTypePatch {
  code?: string;
  name?: string;
  parentTypeId?: string;
  description?: string;
  icon?: string;
  sortOrder?: number;
  maxVersionCount?: number;
  retentionDays?: number;
  capabilities?: ContentTypeRecord['capabilities'];
}

/** A new type needs its tenant, kind, code, name and whether it is a system type; the rest defaults. */
export interface NewContentType extends Omit<ContentTypePatch, 'code' | 'name'> {
  tenantId: string;
  targetKind: TargetKind;
  code: string;
  name: string;
  system: boolean;
}

export interface ContentTypeFilter {
  targetKind?: TargetKind;
  parentTypeId?: string;
  status?: string;
  /** A case-insensitive substring of the name. */
  name?: string;
}

/** A tenant's system type of a kind (the oldest, should there ever be two); test/unit/store/queryPlans.test.ts holds its plan. */
export const FIND_SYSTEM_TYPE = 'SELECT * FROM content_types WHERE tenant_id = ? AND target_kind = ? AND system = 1 ORDER BY id LIMIT 1';

export const CONTENT_TYPE_ORDER_COLUMNS = {
  sortOrder: 'sort_order',
  name: 'name',
  code: 'code',
  createTime: 'create_time',
  updateTime: 'update_time',
} as const;

export class ContentTypeRepository extends Repository {

  private readonly getStmt = this.db.prepare<[string, string], Row>('SELECT * FROM content_types WHERE tenant_id = ? AND type_id = ?');

  create(input: NewContentType): ContentTypeRecord {
    const typeId = newId(input.targetKind === 'CONTAINER' ? 'ctt' : 'dct');
    const now = nowIso();
    this.prepared(
        `INSERT INTO content_types (type_id, tenant_id, target_kind, parent_type_id, code, name, description, icon, system,
           sort_order, max_version_count, retention_days, capabilities, create_time, update_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        typeId,
        input.tenantId,
        input.targetKind,
        input.parentTypeId ?? '',
        input.code,
        input.name,
        input.description ?? '',
        input.icon ?? '',
        input.system ? 1 : 0,
        input.sortOrder ?? 0,
        input.maxVersionCount ?? 0,
        input.retentionDays ?? 0,
        JSON.stringify(input.capabilities ?? {}),
        now,
        now,
      );
    return this.get(input.tenantId, typeId) as ContentTypeRecord;
  }

  get(tenantId: string, typeId: string): ContentTypeRecord | undefined {
    const row = this.getStmt.get(tenantId, typeId);
    return row && toRecord(row);
  }

  // Prepared once: every new document and container looks up its tenant's system type.
  private readonly findSystemStmt = this.db.prepare<[string, TargetKind], Row>(FIND_SYSTEM_TYPE);

  findSystem(tenantId: string, targetKind: TargetKind): ContentTypeRecord | undefined {
    const row = this.findSystemStmt.get(tenantId, targetKind);
    return row && toRecord(row);
  }

  findByCode(tenantId: string, targetKind: TargetKind, code: string): ContentTypeRecord | undefined {
    const row = this.prepared<[string, TargetKind, string], Row>('SELECT * FROM content_types WHERE tenant_id = ? AND target_kind = ? AND code = ?')
      .get(tenantId, targetKind, code);
    return row && toRecord(row);
  }

  update(tenantId: string, typeId: string, patch: ContentTypePatch): ContentTypeRecord {
    const current = this.get(tenantId, typeId);
    if (!current) throw new Error(`content type ${typeId} vanished inside a transaction`);
    this.prepared(
        `UPDATE content_types SET code = ?, name = ?, parent_type_id = ?, description = ?, icon = ?, sort_order = ?, max_version_count = ?,
           retention_days = ?, capabilities = ?, update_time = ? WHERE tenant_id = ? AND type_id = ?`,
      )
      .run(
        patch.code ?? current.code,
        patch.name ?? current.name,
        patch.parentTypeId ?? current.parentTypeId,
        patch.description ?? current.description,
        patch.icon ?? current.icon,
        patch.sortOrder ?? current.sortOrder,
        patch.maxVersionCount ?? current.maxVersionCount,
        patch.retentionDays ?? current.retentionDays,
        JSON.stringify(patch.capabilities ?? current.capabilities),
        nowIso(),
        tenantId,
        typeId,
      );
    return this.get(tenantId, typeId) as ContentTypeRecord;
  }

  setStatus(tenantId: string, typeId: string, status: string): void {
    this.prepared('UPDATE content_types SET status = ?, update_time = ? WHERE tenant_id = ? AND type_id = ?').run(status, nowIso(), tenantId, typeId);
  }

  page(
    tenantId: string,
    filter: ContentTypeFilter,
    order: { column: keyof typeof CONTENT_TYPE_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): { total: number; rows: ContentTypeRecord[] } {
    const clauses = ['tenant_id = ?'];
    const params: (string | number)[] = [tenantId];
    if (filter.targetKind) {
      clauses.push('target_kind = ?');
      params.push(filter.targetKind);
    }
    if (filter.parentTypeId !== undefined) {
      clauses.push('parent_type_id = ?');
      params.push(filter.parentTypeId);
    }
    if (filter.status) {
      clauses.push('status = ?');
      params.push(filter.status);
    }
    if (filter.name) {
      clauses.push('instr(lower(name), lower(?)) > 0');
      params.push(filter.name);
    }
    const where = clauses.join(' AND ');
    const total = this.prepared<(string | number)[], { n: number }>(`SELECT COUNT(*) AS n FROM content_types WHERE ${where}`).get(...params)?.n ?? 0;
    const col = CONTENT_TYPE_ORDER_COLUMNS[order.column];
    const rows = this.prepared<(string | number)[], Row>(`SELECT * FROM content_types WHERE ${where} ORDER BY ${col} ${order.asc ? 'ASC' : 'DESC'}, id ASC LIMIT ? OFFSET ?`)
      .all(...params, limit, offset)
      .map(toRecord);
    return { total, rows };
  }

  /** Ids of the templates attached to a type, in their order. */
  templateIds(typeId: string): string[] {
    return this.prepared<[string], { template_id: string }>('SELECT template_id FROM content_type_templates WHERE type_id = ? ORDER BY position')
      .all(typeId)
      .map((r) => r.template_id);
  }

  setTemplates(typeId: string, templateIds: readonly string[]): void {
    this.prepared('DELETE FROM content_type_templates WHERE type_id = ?').run(typeId);
    const insert = this.prepared('INSERT INTO content_type_templates (type_id, template_id, position) VALUES (?, ?, ?)');
    templateIds.forEach((templateId, position) => insert.run(typeId, templateId, position));
  }
}
