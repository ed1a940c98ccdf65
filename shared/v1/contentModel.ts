/**
 * The content model of spec §2 (ContentType, FieldDefinition, FieldOption, FormField, FormSchema)
 * and our additions (term sets, templates), with the request bodies of their endpoints.
 * docs/content-model.md explains the enumerations and the validation rules.
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { ID_MAX, NAME_MAX, PageRequestFields } from './requests.ts';

const Str = Type.String();
const Int = Type.Integer();
const Bool = Type.Boolean();
const Id = Type.String({ maxLength: ID_MAX });
const OptId = Type.Optional(Id);
const OptStr = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const TARGET_KINDS = ['CONTAINER', 'DOCUMENT'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const VALUE_TYPES = ['STRING', 'TEXT', 'INTEGER', 'DECIMAL', 'BOOLEAN', 'DATE', 'DATETIME', 'OPTION', 'USER'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

export const CARDINALITIES = ['SINGLE', 'MULTI'] as const;
export type Cardinality = (typeof CARDINALITIES)[number];

/** NONE for every value type but OPTION, which takes its options from a STATIC list or a TERM_SET. */
export const OPTION_SOURCE_TYPES = ['NONE', 'STATIC', 'TERM_SET'] as const;
export type OptionSourceType = (typeof OPTION_SOURCE_TYPES)[number];

export const MODEL_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

export const CAPABILITY_EFFECTS = ['ALLOW', 'DENY'] as const;

/**
 * Where a form field comes from: a template attached to the container's own type (TYPE), to one
 * of its ancestor types (INHERITED_TYPE), or a value that no current template field covers (LEGACY).
 */
export const FIELD_SOURCE_TYPES = ['TYPE', 'INHERITED_TYPE', 'LEGACY'] as const;
export type FieldSourceType = (typeof FIELD_SOURCE_TYPES)[number];

export const CODE_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]{0,63}$';
export const ATTRIBUTE_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
export const MAX_OPTIONS = 1000;
export const MAX_TEMPLATE_FIELDS = 200;
export const MAX_TYPE_TEMPLATES = 50;

const TargetKindSchema = Type.Enum(TARGET_KINDS);
const StatusSchema = Type.Enum(MODEL_STATUSES);
const OptStatus = Type.Optional(StatusSchema);
const OptCode = Type.Optional(Type.String({ pattern: CODE_PATTERN }));
const Timestamps = { createTime: Str, updateTime: Str };

export const Capability = Type.Object({ effect: Type.Enum(CAPABILITY_EFFECTS), value: Type.String({ maxLength: 1000 }) });
export type Capability = Static<typeof Capability>;
/** Keys are checked by the service (CAPABILITY_KEY_PATTERN), so a bad key is an error rather than silently dropped. */
export const Capabilities = Type.Record(Type.String(), Capability, { maxProperties: 100 });
export type Capabilities = Static<typeof Capabilities>;
export const CAPABILITY_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;

// ---- ContentType -------------------------------------------------------------------------------

export const ContentType = Type.Object({
  id: Int,
  typeId: Str,
  targetKind: Str,
  parentTypeId: Str,
  code: Str,
  name: Str,
  description: Str,
  icon: Str,
  system: Bool,
  sortOrder: Int,
  status: Str,
  ...Timestamps,
  maxVersionCount: Int,
  retentionDays: Int,
  /** The type's own capabilities, as saved. */
  capabilities: Capabilities,
  /** Own capabilities over the inherited ones: what applies to items of this type. */
  effectiveCapabilities: Capabilities,
  /** Templates attached to this type itself, in order; inherited ones show in the form schema. */
  templateIds: Type.Array(Str),
});
export type ContentType = Static<typeof ContentType>;

const Limits = {
  sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  maxVersionCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  retentionDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 36_500 })),
};

/** What save and update both take after the type's identity, code and name. */
const ContentTypeSettings = {
  parentTypeId: OptId,
  description: OptStr(4000),
  icon: OptStr(255),
  ...Limits,
  capabilities: Type.Optional(Capabilities),
  templateIds: Type.Optional(Type.Array(Id, { maxItems: MAX_TYPE_TEMPLATES })),
};

export const ContentTypeSave = Type.Object({
  targetKind: TargetKindSchema,
  code: Type.String({ pattern: CODE_PATTERN }),
  name: Type.String({ maxLength: NAME_MAX }),
  ...ContentTypeSettings,
});
export type ContentTypeSave = Static<typeof ContentTypeSave>;

/** Absent fields stay as they are; parentTypeId '' removes the parent. targetKind never changes. */
export const ContentTypeUpdate = Type.Object({
  typeId: Id,
  code: OptCode,
  name: OptStr(NAME_MAX),
  ...ContentTypeSettings,
});
export type ContentTypeUpdate = Static<typeof ContentTypeUpdate>;

export const ContentTypePageRequest = Type.Object({
  ...PageRequestFields,
  targetKind: Type.Optional(TargetKindSchema),
  parentTypeId: OptId,
  status: OptStatus,
  name: OptStr(NAME_MAX),
});
export type ContentTypePageRequest = Static<typeof ContentTypePageRequest>;

export const TypeIdQuery = Type.Object({ typeId: Id });
export const TypeIdBody = Type.Object({ typeId: Id });

// ---- FieldDefinition -----------------------------------------------------------------------------

/**
 * A field's option and a term of a term set are one shape: a value with its label and its place in
 * the list; a term also names its parent term, between the two. As read, then as sent.
 */
const OptionText = { value: Str, label: Str };
const OptionPlace = { sortOrder: Int, deprecated: Bool };
const OptionTextInput = { value: Type.String({ minLength: 1, maxLength: 255 }), label: OptStr(255) };
const OptionPlaceInput = { sortOrder: Type.Optional(Int), deprecated: Type.Optional(Bool) };

export const FieldOption = Type.Object({ ...OptionText, ...OptionPlace });
export type FieldOption = Static<typeof FieldOption>;

export const FieldOptionInput = Type.Object({ ...OptionTextInput, ...OptionPlaceInput });
export type FieldOptionInput = Static<typeof FieldOptionInput>;

export const FieldDefinition = Type.Object({
  id: Int,
  fieldId: Str,
  attributeKey: Str,
  displayName: Str,
  valueType: Str,
  cardinality: Str,
  optionSourceType: Str,
  optionSourceId: Str,
  optionsList: Type.Array(FieldOption),
  applicableTargets: Type.Array(Str),
  required: Bool,
  defaultValue: Str,
  validationRule: Str,
  listVisible: Bool,
  system: Bool,
  sortOrder: Int,
  description: Str,
  status: Str,
  capabilities: Capabilities,
  ...Timestamps,
});
export type FieldDefinition = Static<typeof FieldDefinition>;

/** Without fieldId: creates (attributeKey, displayName and valueType needed). With it: changes the given fields. */
export const FieldDefinitionSave = Type.Object({
  fieldId: OptId,
  attributeKey: Type.Optional(Type.String({ pattern: ATTRIBUTE_KEY_PATTERN })),
  displayName: OptStr(NAME_MAX),
  valueType: Type.Optional(Type.Enum(VALUE_TYPES)),
  cardinality: Type.Optional(Type.Enum(CARDINALITIES)),
  optionSourceType: Type.Optional(Type.Enum(OPTION_SOURCE_TYPES)),
  optionSourceId: OptId,
  optionsList: Type.Optional(Type.Array(FieldOptionInput, { maxItems: MAX_OPTIONS })),
  applicableTargets: Type.Optional(Type.Array(TargetKindSchema, { minItems: 1, maxItems: 2 })),
  required: Type.Optional(Bool),
  defaultValue: OptStr(65_536),
  validationRule: OptStr(4000),
  listVisible: Type.Optional(Bool),
  sortOrder: Limits.sortOrder,
  description: OptStr(4000),
  status: OptStatus,
  capabilities: Type.Optional(Capabilities),
});
export type FieldDefinitionSave = Static<typeof FieldDefinitionSave>;

export const FieldDefinitionPageRequest = Type.Object({
  ...PageRequestFields,
  attributeKey: OptStr(64),
  displayName: OptStr(NAME_MAX),
  valueType: Type.Optional(Type.Enum(VALUE_TYPES)),
  status: OptStatus,
  applicableTarget: Type.Optional(TargetKindSchema),
});
export type FieldDefinitionPageRequest = Static<typeof FieldDefinitionPageRequest>;

export const FieldIdQuery = Type.Object({ fieldId: Id });

// ---- Term sets ---------------------------------------------------------------------------------

export const Term = Type.Object({ ...OptionText, parentValue: Str, ...OptionPlace });
export type Term = Static<typeof Term>;

export const TermInput = Type.Object({ ...OptionTextInput, parentValue: OptStr(255), ...OptionPlaceInput });
export type TermInput = Static<typeof TermInput>;

export const TermSet = Type.Object({
  id: Int,
  termSetId: Str,
  code: Str,
  name: Str,
  description: Str,
  hierarchical: Bool,
  terms: Type.Array(Term),
  status: Str,
  ...Timestamps,
});
export type TermSet = Static<typeof TermSet>;

/** Without termSetId: creates (code and name needed). With it: changes the given fields; terms are replaced whole. */
export const TermSetSave = Type.Object({
  termSetId: OptId,
  code: OptCode,
  name: OptStr(NAME_MAX),
  description: OptStr(4000),
  hierarchical: Type.Optional(Bool),
  terms: Type.Optional(Type.Array(TermInput, { maxItems: MAX_OPTIONS })),
  status: OptStatus,
});
export type TermSetSave = Static<typeof TermSetSave>;

export const TermSetIdQuery = Type.Object({ termSetId: Id });

// ---- Templates ---------------------------------------------------------------------------------

export const Template = Type.Object({
  id: Int,
  templateId: Str,
  name: Str,
  description: Str,
  status: Str,
  fieldIds: Type.Array(Str),
  ...Timestamps,
});
export type Template = Static<typeof Template>;

/** Without templateId: creates (name needed). With it: changes the given fields; fieldIds are replaced whole, in order. */
export const TemplateSave = Type.Object({
  templateId: OptId,
  name: OptStr(NAME_MAX),
  description: OptStr(4000),
  fieldIds: Type.Optional(Type.Array(Id, { maxItems: MAX_TEMPLATE_FIELDS })),
  status: OptStatus,
});
export type TemplateSave = Static<typeof TemplateSave>;

export const TemplatePageRequest = Type.Object({
  ...PageRequestFields,
  name: OptStr(NAME_MAX),
  status: OptStatus,
});
export type TemplatePageRequest = Static<typeof TemplatePageRequest>;

export const TemplateIdQuery = Type.Object({ templateId: Id });

// ---- Form schema (spec 4.3) ----------------------------------------------------------------------

/** A FieldOption, plus the parent term in a hierarchical term set ('' otherwise). */
export const FormOption = Type.Object({ ...OptionText, ...OptionPlace, parentValue: Str });
export type FormOption = Static<typeof FormOption>;

export const FormField = Type.Object({
  fieldId: Str,
  attributeKey: Str,
  displayName: Str,
  valueType: Str,
  cardinality: Str,
  optionSourceType: Str,
  options: Type.Array(FormOption),
  termSetId: Str,
  termSetCode: Str,
  termSetHierarchical: Bool,
  required: Bool,
  defaultValue: Str,
  validationRule: Str,
  sortOrder: Int,
  capabilities: Capabilities,
  /** The current value of a SINGLE field (null when unset). */
  value: Type.Unknown(),
  /** The current values of a MULTI field ([] when unset). */
  values: Type.Array(Type.Unknown()),
  sourceType: Str,
  sourceTemplateId: Str,
  sourceTemplateName: Str,
});
export type FormField = Static<typeof FormField>;

export const TemplateGroup = Type.Object({
  templateId: Str,
  templateName: Str,
  source: Str,
  /** The content type the template is attached to: the container's own type, or an ancestor. */
  sourceTypeId: Str,
  fields: Type.Array(FormField),
});
export type TemplateGroup = Static<typeof TemplateGroup>;

export const FormSchema = Type.Object({
  typeId: Str,
  typeName: Str,
  templateGroups: Type.Array(TemplateGroup),
  legacyFields: Type.Array(FormField),
});
export type FormSchema = Static<typeof FormSchema>;
