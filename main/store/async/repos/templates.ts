/** Templates: named, ordered groups of field definitions that content types attach, over either database. */
import type { Kysely, Selectable } from 'kysely';
import { newId, nowIso } from '../../ids.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { StoreSchema, TemplatesTable } from '../schema.ts';
import { containsText } from './filters.ts';

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

export interface TemplateFilter {
  /** A case-insensitive substring of the name. */
  name?: string;
  status?: string;
}

export const TEMPLATE_ORDER_COLUMNS = { name: 'name', createTime: 'create_time', updateTime: 'update_time' } as const;

// Per request: a metadata check reads each template attached to the item's type and its parents.
const templateById = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, templateId: string) =>
  q.selectFrom('templates').selectAll().where('tenant_id', '=', tenantId).where('template_id', '=', templateId),
);
const fieldsOfTemplate = compiledOnce((q: Kysely<StoreSchema>, templateId: string) =>
  q.selectFrom('template_fields').select('field_id').where('template_id', '=', templateId).orderBy('position'),
);

export class AsyncTemplateRepository {
  constructor(private readonly q: Kysely<StoreSchema>) {}

  private async toRecord(r: Selectable<TemplatesTable>): Promise<TemplateRecord> {
    return {
      id: r.id,
      templateId: r.template_id,
      tenantId: r.tenant_id,
      name: r.name,
      description: r.description,
      status: r.status,
      fieldIds: (await fieldsOfTemplate.run(this.q, r.template_id)).rows.map((f) => f.field_id),
      createTime: r.create_time,
      updateTime: r.update_time,
    };
  }

  async create(tenantId: string, values: TemplateValues): Promise<TemplateRecord> {
    const now = nowIso();
    const row = await this.q
      .insertInto('templates')
      .values({ template_id: newId('tpl'), tenant_id: tenantId, name: values.name, description: values.description, status: values.status, create_time: now, update_time: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.setFields(row.template_id, values.fieldIds);
    return this.toRecord(row);
  }

  async update(tenantId: string, templateId: string, values: TemplateValues): Promise<TemplateRecord> {
    const row = await this.q
      .updateTable('templates')
      .set({ name: values.name, description: values.description, status: values.status, update_time: nowIso() })
      .where('tenant_id', '=', tenantId)
      .where('template_id', '=', templateId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.setFields(templateId, values.fieldIds);
    return this.toRecord(row);
  }

  async get(tenantId: string, templateId: string): Promise<TemplateRecord | undefined> {
    const [row] = (await templateById.run(this.q, tenantId, templateId)).rows;
    return row && this.toRecord(row);
  }

  async findByName(tenantId: string, name: string): Promise<TemplateRecord | undefined> {
    const row = await this.q.selectFrom('templates').selectAll().where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
    return row && this.toRecord(row);
  }

  async page(
    tenantId: string,
    filter: TemplateFilter,
    order: { column: keyof typeof TEMPLATE_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: TemplateRecord[] }> {
    let where = this.q.selectFrom('templates').where('tenant_id', '=', tenantId);
    if (filter.name) where = where.where(containsText('name', filter.name));
    if (filter.status) where = where.where('status', '=', filter.status);
    const counted = await where.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await where
      .selectAll()
      .orderBy(TEMPLATE_ORDER_COLUMNS[order.column], order.asc ? 'asc' : 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    const records: TemplateRecord[] = [];
    for (const row of rows) records.push(await this.toRecord(row));
    return { total: Number(counted?.n ?? 0), rows: records };
  }

  private async setFields(templateId: string, fieldIds: readonly string[]): Promise<void> {
    await this.q.deleteFrom('template_fields').where('template_id', '=', templateId).execute();
    if (fieldIds.length === 0) return;
    await this.q
      .insertInto('template_fields')
      .values(fieldIds.map((fieldId, position) => ({ template_id: templateId, field_id: fieldId, position })))
      .execute();
  }
}
