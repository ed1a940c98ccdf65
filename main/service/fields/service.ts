/**
 * Field definitions (spec §2 FieldDefinition, endpoint 7): the typed metadata attributes of a
 * tenant. The attributeKey is the key under which containers and documents store the value, so it
 * never changes once created. docs/content-model.md describes value types, options, defaults and
 * validation rules.
 */
import {
  TARGET_KINDS,
  type FieldDefinition,
  type FieldDefinitionPageRequest,
  type FieldDefinitionSave,
  type FieldOption,
  type OptionSourceType,
  type ValueType,
} from '../../../shared/v1/contentModel.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import { FIELD_ORDER_COLUMNS, type FieldDefinitionRecord, type FieldDefinitionValues } from '../../store/async/repos/fieldDefinitions.ts';
import type { AreaDeps } from '../kernel.ts';
import { requireAppContext } from '../contentTypes/appContext.ts';
import { validCapabilities } from '../contentTypes/capabilities.ts';
import { requiredLabel } from '../contentTypes/labels.ts';
import type { RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { pageWindow } from '../paging.ts';
import { termSetsOf, usersNamed, valueEnv, valueSpec } from './spec.ts';
import { parseValidationRule } from './validationRule.ts';
import { checkValue, parseDefaultValue } from './values.ts';

export class FieldDefinitionService {
  constructor(private readonly deps: Pick<AreaDeps<'fieldDefinitions' | 'identity' | 'termSets'>, 'repos'>) {}

  private get repos() {
    return this.deps.repos;
  }

  async load(ctx: RequestContext, fieldId: string): Promise<FieldDefinitionRecord> {
    return (await this.repos.fieldDefinitions.get(ctx.tenantId, fieldId)) ?? notFound('field definition', fieldId);
  }

  /** Creates a field (no fieldId) or changes the given properties of one. */
  async save(ctx: RequestContext, input: FieldDefinitionSave): Promise<FieldDefinition> {
    requireAppContext(ctx, 'saving a field definition');
    const record = await this.repos.units.transaction(async () => {
      const users = await this.usersOfDefault(ctx, input);
      if (!input.fieldId) {
        const values = await this.checked(ctx, input, undefined, users);
        if (await this.repos.fieldDefinitions.findByKey(ctx.tenantId, values.attributeKey)) {
          fail('NAME_CONFLICT', `a field with attributeKey '${values.attributeKey}' already exists`, { field: 'attributeKey' });
        }
        return this.repos.fieldDefinitions.create(ctx.tenantId, values);
      }
      const current = await this.load(ctx, input.fieldId);
      if (input.attributeKey !== undefined && input.attributeKey !== current.attributeKey) {
        fail('VALIDATION', 'attributeKey cannot change: stored metadata values are keyed by it', { field: 'attributeKey' });
      }
      return this.repos.fieldDefinitions.update(ctx.tenantId, current.fieldId, await this.checked(ctx, input, current, users));
    });
    return view(record);
  }

  async get(ctx: RequestContext, fieldId: string): Promise<FieldDefinition> {
    return view(await this.load(ctx, fieldId));
  }

  async page(ctx: RequestContext, input: FieldDefinitionPageRequest): Promise<PageOf<FieldDefinition>> {
    const w = pageWindow(input, Object.keys(FIELD_ORDER_COLUMNS) as (keyof typeof FIELD_ORDER_COLUMNS)[], 'sortOrder');
    const filter = {
      ...(input.attributeKey ? { attributeKey: input.attributeKey } : {}),
      ...(input.displayName ? { displayName: input.displayName } : {}),
      ...(input.valueType ? { valueType: input.valueType } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.applicableTarget ? { applicableTarget: input.applicableTarget } : {}),
    };
    const { total, rows } = await this.repos.units.read(() => this.repos.fieldDefinitions.page(ctx.tenantId, filter, w.order, w.limit, w.offset));
    return { totalElements: total, content: rows.map(view) };
  }

  /** The users a USER field's default names: an id not looked up here fails the check, it is never let through. */
  private async usersOfDefault(ctx: RequestContext, input: FieldDefinitionSave): Promise<ReadonlySet<string>> {
    const current = input.fieldId ? await this.repos.fieldDefinitions.get(ctx.tenantId, input.fieldId) : undefined;
    const valueType = input.valueType ?? current?.valueType ?? 'STRING';
    const parsed = parseDefaultValue(input.defaultValue ?? current?.defaultValue ?? '', valueType, input.cardinality ?? current?.cardinality ?? 'SINGLE');
    return usersNamed(this.repos, ctx.tenantId, valueType, parsed.ok ? parsed.value : null);
  }

  /** The field after applying `input` over `current` (or over the defaults of a new field), checked as a whole. */
  private async checked(ctx: RequestContext, input: FieldDefinitionSave, current: FieldDefinitionRecord | undefined, users: ReadonlySet<string>): Promise<FieldDefinitionValues> {
    const attributeKey = input.attributeKey ?? current?.attributeKey;
    if (!attributeKey) fail('VALIDATION', 'attributeKey is required to create a field', { field: 'attributeKey' });
    const valueType: ValueType | undefined = input.valueType ?? current?.valueType;
    if (!valueType) fail('VALIDATION', 'valueType is required to create a field', { field: 'valueType' });
    const cardinality = input.cardinality ?? current?.cardinality ?? 'SINGLE';
    const source = await this.optionSource(ctx, input, current, valueType);
    const values: FieldDefinitionValues = {
      attributeKey,
      displayName: input.displayName !== undefined || !current ? requiredLabel(input.displayName, 'displayName') : current.displayName,
      valueType,
      cardinality,
      ...source,
      applicableTargets: TARGET_KINDS.filter((k) => (input.applicableTargets ?? current?.applicableTargets ?? TARGET_KINDS).includes(k)),
      required: input.required ?? current?.required ?? false,
      defaultValue: input.defaultValue ?? current?.defaultValue ?? '',
      validationRule: (input.validationRule ?? current?.validationRule ?? '').trim(),
      listVisible: input.listVisible ?? current?.listVisible ?? true,
      sortOrder: input.sortOrder ?? current?.sortOrder ?? 0,
      description: input.description ?? current?.description ?? '',
      status: input.status ?? current?.status ?? 'ENABLED',
      capabilities: validCapabilities(input.capabilities ?? current?.capabilities ?? {}),
    };
    const rule = parseValidationRule(values.validationRule, valueType, cardinality);
    if (!rule.ok) fail('VALIDATION', rule.reason, { field: 'validationRule' });
    const parsedDefault = parseDefaultValue(values.defaultValue, valueType, cardinality);
    if (!parsedDefault.ok) fail('VALIDATION', parsedDefault.reason, { field: 'defaultValue' });
    const termSets = await termSetsOf(this.repos, ctx.tenantId, [values]);
    const defaultProblem = checkValue({ ...valueSpec(values), required: false }, parsedDefault.value, valueEnv(values, termSets, users));
    if (defaultProblem) fail('VALIDATION', `defaultValue ${defaultProblem}`, { field: 'defaultValue' });
    return values;
  }

  /**
   * OPTION fields take their options from a STATIC list or a TERM_SET; every other type has NONE.
   * Options or a term set given for a field that cannot use them are an error; ones left over
   * from the field's previous shape are dropped.
   */
  private async optionSource(
    ctx: RequestContext,
    input: FieldDefinitionSave,
    current: FieldDefinitionRecord | undefined,
    valueType: ValueType,
  ): Promise<{ optionSourceType: OptionSourceType; optionSourceId: string; optionsList: FieldOption[] }> {
    const keep = current?.valueType === 'OPTION' && valueType === 'OPTION';
    const sourceType: OptionSourceType = input.optionSourceType ?? (keep ? current.optionSourceType : valueType === 'OPTION' ? 'STATIC' : 'NONE');
    if (valueType === 'OPTION' && sourceType === 'NONE') fail('VALIDATION', 'an OPTION field needs optionSourceType STATIC or TERM_SET', { field: 'optionSourceType' });
    if (valueType !== 'OPTION' && sourceType !== 'NONE') fail('VALIDATION', `optionSourceType must be NONE for a ${valueType} field`, { field: 'optionSourceType' });
    if (sourceType !== 'STATIC' && input.optionsList?.length) fail('VALIDATION', `optionsList applies only to optionSourceType STATIC`, { field: 'optionsList' });
    if (sourceType !== 'TERM_SET' && input.optionSourceId) fail('VALIDATION', 'optionSourceId applies only to optionSourceType TERM_SET', { field: 'optionSourceId' });

    if (sourceType === 'STATIC') {
      const raw = input.optionsList ?? (keep && current.optionSourceType === 'STATIC' ? current.optionsList : []);
      if (raw.length === 0) fail('VALIDATION', 'a STATIC OPTION field needs at least one option in optionsList', { field: 'optionsList' });
      const seen = new Set<string>();
      const optionsList = raw.map((o, i) => {
        if (seen.has(o.value)) fail('VALIDATION', `optionsList lists the value '${o.value}' twice`, { field: `optionsList[${i}].value` });
        seen.add(o.value);
        return { value: o.value, label: o.label?.trim() || o.value, sortOrder: o.sortOrder ?? i, deprecated: o.deprecated ?? false };
      });
      return { optionSourceType: 'STATIC', optionSourceId: '', optionsList };
    }
    if (sourceType === 'TERM_SET') {
      const termSetId = input.optionSourceId ?? (keep && current.optionSourceType === 'TERM_SET' ? current.optionSourceId : '');
      if (!termSetId) fail('VALIDATION', 'a TERM_SET OPTION field needs optionSourceId, the termSetId', { field: 'optionSourceId' });
      if (!(await this.repos.termSets.get(ctx.tenantId, termSetId))) fail('VALIDATION', `optionSourceId is not a term set: ${termSetId}`, { field: 'optionSourceId' });
      return { optionSourceType: 'TERM_SET', optionSourceId: termSetId, optionsList: [] };
    }
    return { optionSourceType: 'NONE', optionSourceId: '', optionsList: [] };
  }
}

function view(f: FieldDefinitionRecord): FieldDefinition {
  return {
    id: f.id,
    fieldId: f.fieldId,
    attributeKey: f.attributeKey,
    displayName: f.displayName,
    valueType: f.valueType,
    cardinality: f.cardinality,
    optionSourceType: f.optionSourceType,
    optionSourceId: f.optionSourceId,
    optionsList: f.optionsList,
    applicableTargets: f.applicableTargets,
    required: f.required,
    defaultValue: f.defaultValue,
    validationRule: f.validationRule,
    listVisible: f.listVisible,
    system: f.system,
    sortOrder: f.sortOrder,
    description: f.description,
    status: f.status,
    capabilities: f.capabilities,
    createTime: f.createTime,
    updateTime: f.updateTime,
  };
}
