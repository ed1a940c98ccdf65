/** Templates: named, ordered groups of field definitions that content types attach. */
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

export interface TemplateRecord {
  id: number;
  templateId: string;
  tenantId: string;
  name: string;
  description: string;
  status: string;
  fieldIds: string[];
  createTime: string;
  updateTime: string;
}

export type TemplateValues = Pick<TemplateRecord, 'name' | 'description' | 'status' | 'fieldIds'>;

interface Row {
  id: number;
  template_id: string;
  tenant_id: string;
  name: string;
  description: string;
  status: string;
  create_time: string;
  update_time: string;
}

export interface TemplateFilter {
  /** A case-insensitive substring of the name. */
  name?: string;
  status?: string;
}

export const TEMPLATE_ORDER_COLUMNS = { name: 'name', createTime: 'create_time', updateTime: 'update_time' } as const;

export class TemplateRepository extends Repository {
  private readonly getStmt = this.db.prepare<[string, string], Row>('SELECT * FROM templates WHERE tenant_id = ? AND template_id = ?');
  private readonly fieldsStmt = this.db.prepare<[string], { field_id: string }>(
    'SELECT field_id FROM template_fields WHERE template_id = ? ORDER BY position',
  );

  private toRecord(r: Row): TemplateRecord {
    return {
      id: r.id,
      templateId: r.template_id,
      tenantId: r.tenant_id,
      name: r.name,
      description: r.description,
      status: r.status,
      fieldIds: this.fieldsStmt.all(r.template_id).map((f) => f.field_id),
      createTime: r.create_time,
      updateTime: r.update_time,
    };
  }

  create(tenantId: string, values: TemplateValues): TemplateRecord {
    const templateId = newId('tpl');
    const now = nowIso();
    this.prepared('INSERT INTO templates (template_id, tenant_id, name, description, status, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(templateId, tenantId, values.name, values.description, values.status, now, now);
    this.setFields(templateId, values.fieldIds);
    return this.get(tenantId, templateId) as TemplateRecord;
  }

  update(tenantId: string, templateId: string, values: TemplateValues): TemplateRecord {
    this.prepared('UPDATE templates SET name = ?, description = ?, status = ?, update_time = ? WHERE tenant_id = ? AND template_id = ?')
      .run(values.name, values.description, values.status, nowIso(), tenantId, templateId);
    this.setFields(templateId, values.fieldIds);
    return this.get(tenantId, templateId) as TemplateRecord;
  }

  get(tenantId: string, templateId: string): TemplateRecord | undefined {
    const row = this.getStmt.get(tenantId, templateId);
    return row && this.toRecord(row);
  }

  findByName(tenantId: string, name: string): TemplateRecord | undefined {
    const row = this.prepared<[string, string], Row>('SELECT * FROM templates WHERE tenant_id = ? AND name = ?').get(tenantId, name);
    return row && this.toRecord(row);
  }

  page(
    tenantId: string,
    filter: TemplateFilter,
    order: { column: keyof typeof TEMPLATE_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): { total: number; rows: TemplateRecord[] } {
    const clauses = ['tenant_id = ?'];
    const params: (string | number)[] = [tenantId];
    if (filter.name) {
      clauses.push('instr(lower(name), lower(?)) > 0');
      params.push(filter.name);
    }
    if (filter.status) {
      clauses.push('status = ?');
      params.push(filter.status);
    }
    const where = clauses.join(' AND ');
    const total = this.prepared<(string | number)[], { n: number }>(`SELECT COUNT(*) AS n FROM templates WHERE ${where}`).get(...params)?.n ?? 0;
    const col = TEMPLATE_ORDER_COLUMNS[order.column];
    const rows = this.prepared<(string | number)[], Row>(`SELECT * FROM templates WHERE ${where} ORDER BY ${col} ${order.asc ? 'ASC' : 'DESC'}, id ASC LIMIT ? OFFSET ?`)
      .all(...params, limit, offset)
      .map((r) => this.toRecord(r));
    return { total, rows };
  }

  private setFields(templateId: string, fieldIds: readonly string[]): void {
    this.prepared('DELETE FROM template_fields WHERE template_id = ?').run(templateId);
    const insert = this.prepared('INSERT INTO template_fields (template_id, field_id, position) VALUES (?, ?, ?)');
    fieldIds.forEach((fieldId, position) => insert.run(templateId, fieldId, position));
  }
}
