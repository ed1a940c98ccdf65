/** Field definitions: the typed metadata attributes of a tenant, keyed by attributeKey, over either database. */
import type { Kysely, Selectable } from 'kysely';
import type { Capabilities, Cardinality, FieldOption, OptionSourceType, TargetKind, ValueType } from '../../../../shared/v1/contentModel.ts';
import { newId, nowIso } from '../../ids.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { FieldDefinitionsTable, StoreSchema } from '../schema.ts';
import { containsText } from './filters.ts';

export interface FieldDefinitionRecord {
  id: number;
  fieldId: string;
  tenantId: string;
  attributeKey: string;
  displayName: string;
  valueType: ValueType;
  cardinality: Cardinality;
  optionSourceType: OptionSourceType;
  optionSourceId: string;
  optionsList: FieldOption[];
  applicableTargets: TargetKind[];
  required: boolean;
  defaultValue: string;
  validationRule: string;
  listVisible: boolean;
  system: boolean;
  sortOrder: number;
  description: string;
  status: string;
  capabilities: Capabilities;
  createTime: string;
  updateTime: string;
}

/** Everything a caller sets; ids, system and times are the repository's. */
export type FieldDefinitionValues = Omit<FieldDefinitionRecord, 'id' | 'fieldId' | 'tenantId' | 'system' | 'createTime' | 'updateTime'>;

const toRecord = (r: Selectable<FieldDefinitionsTable>): FieldDefinitionRecord => ({
  id: r.id,
  fieldId: r.field_id,
  tenantId: r.tenant_id,
  attributeKey: r.attribute_key,
  displayName: r.display_name,
  valueType: r.value_type,
  cardinality: r.cardinality,
  optionSourceType: r.option_source_type,
  optionSourceId: r.option_source_id,
  optionsList: JSON.parse(r.options_list) as FieldOption[],
  applicableTargets: JSON.parse(r.applicable_targets) as TargetKind[],
  required: r.required === 1,
  defaultValue: r.default_value,
  validationRule: r.validation_rule,
  listVisible: r.list_visible === 1,
  system: r.system === 1,
  sortOrder: r.sort_order,
  description: r.description,
  status: r.status,
  capabilities: JSON.parse(r.capabilities) as Capabilities,
  createTime: r.create_time,
  updateTime: r.update_time,
});

function columns(v: FieldDefinitionValues) {
  return {
    attribute_key: v.attributeKey,
    display_name: v.displayName,
    value_type: v.valueType,
    cardinality: v.cardinality,
    option_source_type: v.optionSourceType,
    option_source_id: v.optionSourceId,
    options_list: JSON.stringify(v.optionsList),
    applicable_targets: JSON.stringify(v.applicableTargets),
    required: v.required ? 1 : 0,
    default_value: v.defaultValue,
    validation_rule: v.validationRule,
    list_visible: v.listVisible ? 1 : 0,
    sort_order: v.sortOrder,
    description: v.description,
    status: v.status,
    capabilities: JSON.stringify(v.capabilities),
  };
}

export interface FieldDefinitionFilter {
  attributeKey?: string;
  /** A case-insensitive substring of the display name. */
  displayName?: string;
  valueType?: string;
  status?: string;
  applicableTarget?: TargetKind;
}

export const FIELD_ORDER_COLUMNS = {
  sortOrder: 'sort_order',
  attributeKey: 'attribute_key',
  displayName: 'display_name',
  createTime: 'create_time',
  updateTime: 'update_time',
} as const;

// Per request: a metadata check reads the fields of each template that applies to the item.
const fieldById = compiledOnce((q: Kysely<StoreSchema>, tenantId: string, fieldId: string) =>
  q.selectFrom('field_definitions').selectAll().where('tenant_id', '=', tenantId).where('field_id', '=', fieldId),
);

export class AsyncFieldDefinitionRepository {
  constructor(private readonly q: Kysely<StoreSchema>) {}

  async create(tenantId: string, values: FieldDefinitionValues): Promise<FieldDefinitionRecord> {
    const now = nowIso();
    const row = await this.q
      .insertInto('field_definitions')
      .values({ ...columns(values), field_id: newId('fld'), tenant_id: tenantId, create_time: now, update_time: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async update(tenantId: string, fieldId: string, values: FieldDefinitionValues): Promise<FieldDefinitionRecord> {
    const row = await this.q
      .updateTable('field_definitions')
      .set({ ...columns(values), update_time: nowIso() })
      .where('tenant_id', '=', tenantId)
      .where('field_id', '=', fieldId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async get(tenantId: string, fieldId: string): Promise<FieldDefinitionRecord | undefined> {
    const [row] = (await fieldById.run(this.q, tenantId, fieldId)).rows;
    return row && toRecord(row);
  }

  async findByKey(tenantId: string, attributeKey: string): Promise<FieldDefinitionRecord | undefined> {
    const row = await this.q.selectFrom('field_definitions').selectAll().where('tenant_id', '=', tenantId).where('attribute_key', '=', attributeKey).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The given fields of a tenant, in the order of `fieldIds`; unknown ids are left out. */
  async many(tenantId: string, fieldIds: readonly string[]): Promise<FieldDefinitionRecord[]> {
    const found: FieldDefinitionRecord[] = [];
    for (const id of fieldIds) {
      const field = await this.get(tenantId, id);
      if (field) found.push(field);
    }
    return found;
  }

  async page(
    tenantId: string,
    filter: FieldDefinitionFilter,
    order: { column: keyof typeof FIELD_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: FieldDefinitionRecord[] }> {
    let where = this.q.selectFrom('field_definitions').where('tenant_id', '=', tenantId);
    if (filter.attributeKey) where = where.where('attribute_key', '=', filter.attributeKey);
    if (filter.displayName) where = where.where(containsText('display_name', filter.displayName));
    if (filter.valueType) where = where.where('value_type', '=', filter.valueType as ValueType);
    if (filter.status) where = where.where('status', '=', filter.status);
    // applicable_targets is the JSON array this repository wrote: a kind is in it as its quoted name.
    if (filter.applicableTarget) where = where.where('applicable_targets', 'like', `%${JSON.stringify(filter.applicableTarget)}%`);
    const counted = await where.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await where
      .selectAll()
      .orderBy(FIELD_ORDER_COLUMNS[order.column], order.asc ? 'asc' : 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { total: Number(counted?.n ?? 0), rows: rows.map(toRecord) };
  }
}
