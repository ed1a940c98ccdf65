/** Content types (container and document types). The service core needs the system ones; issue #3 adds the rest. */
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

export type TargetKind = 'CONTAINER' | 'DOCUMENT';

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
  capabilities: Record<string, { effect: string; value: string }>;
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

export interface NewContentType {
  tenantId: string;
  targetKind: TargetKind;
  code: string;
  name: string;
  system: boolean;
  parentTypeId?: string;
  description?: string;
  icon?: string;
  sortOrder?: number;
  maxVersionCount?: number;
  retentionDays?: number;
  capabilities?: ContentTypeRecord['capabilities'];
}

export class ContentTypeRepository extends Repository {

  private readonly getStmt = this.db.prepare<[string, string], Row>('SELECT * FROM content_types WHERE tenant_id = ? AND type_id = ?');

  create(input: NewContentType): ContentTypeRecord {
    const typeId = newId(input.targetKind === 'CONTAINER' ? 'ctt' : 'dct');
    const now = nowIso();
    this.db
      .prepare(
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

  findSystem(tenantId: string, targetKind: TargetKind): ContentTypeRecord | undefined {
    const row = this.db
      .prepare<[string, TargetKind], Row>('SELECT * FROM content_types WHERE tenant_id = ? AND target_kind = ? AND system = 1 ORDER BY id LIMIT 1')
      .get(tenantId, targetKind);
    return row && toRecord(row);
  }
}
