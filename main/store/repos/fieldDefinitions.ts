/** Field definitions: the typed metadata attributes of a tenant, keyed by attributeKey. */
import type { Capabilities, Cardinality, FieldOption, OptionSourceType, TargetKind, ValueType } from '../../../shared/v1/contentModel.ts';
import { Repository } from '../db.ts';
import { newId, nowIso } from '../ids.ts';

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

interface Row {
  id: number;
  field_id: string;
  tenant_id: string;
  attribute_key: string;
  display_name: string;
  value_type: ValueType;
  cardinality: Cardinality;
  option_source_type: OptionSourceType;
  option_source_id: string;
  options_list: string;
  applicable_targets: string;
  required: number;
  default_value: string;
  validation_rule: string;
  list_visible: number;
  system: number;
  sort_order: number;
  description: string;
  status: string;
  capabilities: string;
  create_time: string;
  update_time: string;
}

const toRecord = (r: Row): FieldDefinitionRecord => ({
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

function columns(v: FieldDefinitionValues): (string | number)[] {
  return [
    v.attributeKey,
    v.displayName,
    v.valueType,
    v.cardinality,
    v.optionSourceType,
    v.optionSourceId,
    JSON.stringify(v.optionsList),
    JSON.stringify(v.applicableTargets),
    v.required ? 1 : 0,
    v.defaultValue,
    v.validationRule,
    v.listVisible ? 1 : 0,
    v.sortOrder,
    v.description,
    v.status,
    JSON.stringify(v.capabilities),
  ];
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

export class FieldDefinitionRepository extends Repository {
  private readonly getStmt = this.db.prepare<[string, string], Row>('SELECT * FROM field_definitions WHERE tenant_id = ? AND field_id = ?');

  create(tenantId: string, values: FieldDefinitionValues): FieldDefinitionRecord {
    const fieldId = newId('fld');
    const now = nowIso();
    this.prepared(
        `INSERT INTO field_definitions (attribute_key, display_name, value_type, cardinality, option_source_type, option_source_id,
           options_list, applicable_targets, required, default_value, validation_rule, list_visible, sort_order, description, status,
           capabilities, field_id, tenant_id, create_time, update_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(...columns(values), fieldId, tenantId, now, now);
    return this.get(tenantId, fieldId) as FieldDefinitionRecord;
  }

  update(tenantId: string, fieldId: string, values: FieldDefinitionValues): FieldDefinitionRecord {
    this.prepared(
        `UPDATE field_definitions SET attribute_key = ?, display_name = ?, value_type = ?, cardinality = ?, option_source_type = ?,
           option_source_id = ?, options_list = ?, applicable_targets = ?, required = ?, default_value = ?, validation_rule = ?,
           list_visible = ?, sort_order = ?, description = ?, status = ?, capabilities = ?, update_time = ?
         WHERE tenant_id = ? AND field_id = ?`,
      )
      .run(...columns(values), nowIso(), tenantId, fieldId);
    return this.get(tenantId, fieldId) as FieldDefinitionRecord;
  }

  get(tenantId: string, fieldId: string): FieldDefinitionRecord | undefined {
    const row = this.getStmt.get(tenantId, fieldId);
    return row && toRecord(row);
  }

  findByKey(tenantId: string, attributeKey: string): FieldDefinitionRecord | undefined {
    const row = this.prepared<[string, string], Row>('SELECT * FROM field_definitions WHERE tenant_id = ? AND attribute_key = ?')
      .get(tenantId, attributeKey);
    return row && toRecord(row);
  }

  /** The given fields of a tenant, in the order of `fieldIds`; unknown ids are left out. */
  many(tenantId: string, fieldIds: readonly string[]): FieldDefinitionRecord[] {
    return fieldIds.map((id) => this.get(tenantId, id)).filter((f): f is FieldDefinitionRecord => f !== undefined);
  }

  page(
    tenantId: string,
    filter: FieldDefinitionFilter,
    order: { column: keyof typeof FIELD_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): { total: number; rows: FieldDefinitionRecord[] } {
    const clauses = ['tenant_id = ?'];
    const params: (string | number)[] = [tenantId];
    if (filter.attributeKey) {
      clauses.push('attribute_key = ?');
      params.push(filter.attributeKey);
    }
    if (filter.displayName) {
      clauses.push('instr(lower(display_name), lower(?)) > 0');
      params.push(filter.displayName);
    }
    if (filter.valueType) {
      clauses.push('value_type = ?');
      params.push(filter.valueType);
    }
    if (filter.status) {
      clauses.push('status = ?');
      params.push(filter.status);
    }
    if (filter.applicableTarget) {
      clauses.push('EXISTS (SELECT 1 FROM json_each(applicable_targets) WHERE value = ?)');
      params.push(filter.applicableTarget);
    }
    const where = clauses.join(' AND ');
    const total = this.prepared<(string | number)[], { n: number }>(`SELECT COUNT(*) AS n FROM field_definitions WHERE ${where}`).get(...params)?.n ?? 0;
    const col = FIELD_ORDER_COLUMNS[order.column];
    const rows = this.prepared<(string | number)[], Row>(`SELECT * FROM field_definitions WHERE ${where} ORDER BY ${col} ${order.asc ? 'ASC' : 'DESC'}, id ASC LIMIT ? OFFSET ?`)
      .all(...params, limit, offset)
      .map(toRecord);
    return { total, rows };
  }
}
