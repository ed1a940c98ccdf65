/**
 * GET /v1/containers/getFormSchema (spec 4.3): the container type's templates as templateGroups,
 * each field with where it comes from (sourceType TYPE or INHERITED_TYPE, sourceTemplateId/Name),
 * its options and the container's current value; then legacyFields, the values in
 * metadataColumns that no current template field covers (sourceType LEGACY).
 */
import { Perm } from '../../../shared/permissions.ts';
import type { FieldSourceType, FormField, FormSchema } from '../../../shared/v1/contentModel.ts';
import type { FieldDefinitionRecord } from '../../store/async/repos/fieldDefinitions.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { optionsOf, termSetsOf } from '../fields/spec.ts';
import { appliedTemplates } from './applicableFields.ts';

interface Origin {
  sourceType: FieldSourceType;
  sourceTemplateId: string;
  sourceTemplateName: string;
}

export async function containerFormSchema(
  deps: Pick<AreaDeps<'containers' | 'contentTypes' | 'fieldDefinitions' | 'identity' | 'templates' | 'termSets'>, 'repos' | 'access'>,
  ctx: RequestContext,
  containerId: string,
): Promise<FormSchema> {
  const { repos } = deps;
  const container = (await repos.containers.get(ctx.tenantId, containerId)) ?? notFound('container', containerId);
  await deps.access.require(ctx, container.containerId, Perm.READ, 'read this container');
  const metadata = container.metadata;
  // One read transaction: the type, its templates, their fields and term sets as of one commit.
  const { type, groups, covered, described, termSets } = await repos.units.read(async () => {
    const type = await repos.contentTypes.get(ctx.tenantId, container.containerTypeId);
    const groups = type ? await appliedTemplates(repos, type) : [];
    const covered = new Set(groups.flatMap((g) => g.fields.map((f) => f.attributeKey)));
    const described = new Map<string, FieldDefinitionRecord>();
    for (const key of Object.keys(metadata).filter((k) => !covered.has(k))) {
      const known = await repos.fieldDefinitions.findByKey(ctx.tenantId, key);
      if (known) described.set(key, known);
    }
    const termSets = await termSetsOf(repos, ctx.tenantId, [...groups.flatMap((g) => g.fields), ...described.values()]);
    return { type, groups, covered, described, termSets };
  });
  const field = (f: FieldDefinitionRecord, origin: Origin): FormField => {
    const termSet = f.optionSourceType === 'TERM_SET' ? termSets.get(f.optionSourceId) : undefined;
    const current = Object.hasOwn(metadata, f.attributeKey) ? metadata[f.attributeKey] : undefined;
    return {
      fieldId: f.fieldId,
      attributeKey: f.attributeKey,
      displayName: f.displayName,
      valueType: f.valueType,
      cardinality: f.cardinality,
      optionSourceType: f.optionSourceType,
      options: optionsOf(f, termSets),
      termSetId: termSet?.termSetId ?? '',
      termSetCode: termSet?.code ?? '',
      termSetHierarchical: termSet?.hierarchical ?? false,
      required: f.required,
      defaultValue: f.defaultValue,
      validationRule: f.validationRule,
      sortOrder: f.sortOrder,
      capabilities: f.capabilities,
      ...currentValue(f.cardinality === 'MULTI', current),
      ...origin,
    };
  };

  const legacy = Object.keys(metadata)
    .filter((key) => !covered.has(key))
    .sort()
    .map((key) => {
      const origin: Origin = { sourceType: 'LEGACY', sourceTemplateId: '', sourceTemplateName: '' };
      const known = described.get(key);
      return known ? field(known, origin) : undescribed(key, metadata[key], origin);
    });

  return {
    typeId: type?.typeId ?? container.containerTypeId,
    typeName: type?.name ?? '',
    templateGroups: groups.map((g) => ({
      templateId: g.template.templateId,
      templateName: g.template.name,
      source: g.source,
      sourceTypeId: g.sourceTypeId,
      fields: g.fields.map((f) => field(f, { sourceType: g.source, sourceTemplateId: g.template.templateId, sourceTemplateName: g.template.name })),
    })),
    legacyFields: legacy,
  };
}

/** value for a SINGLE field, values for a MULTI one; the other is null or []. */
function currentValue(multi: boolean, current: unknown): { value: unknown; values: unknown[] } {
  if (!multi) return { value: current ?? null, values: [] };
  return { value: null, values: Array.isArray(current) ? current : current === undefined || current === null ? [] : [current] };
}

/** A legacy value with no field definition of its key: described from the value itself. */
function undescribed(key: string, v: unknown, origin: Origin): FormField {
  const multi = Array.isArray(v);
  return {
    fieldId: '',
    attributeKey: key,
    displayName: key,
    valueType: inferValueType(multi ? (v as unknown[])[0] : v),
    cardinality: multi ? 'MULTI' : 'SINGLE',
    optionSourceType: 'NONE',
    options: [],
    termSetId: '',
    termSetCode: '',
    termSetHierarchical: false,
    required: false,
    defaultValue: '',
    validationRule: '',
    sortOrder: 0,
    capabilities: {},
    ...currentValue(multi, v),
    ...origin,
  };
}

/** STRING, INTEGER, DECIMAL or BOOLEAN for plain values; JSON for objects, nulls and empty lists. */
function inferValueType(v: unknown): string {
  if (typeof v === 'string') return 'STRING';
  if (typeof v === 'boolean') return 'BOOLEAN';
  if (typeof v === 'number') return Number.isSafeInteger(v) ? 'INTEGER' : 'DECIMAL';
  return 'JSON';
}
