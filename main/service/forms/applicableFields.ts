/**
 * The fields that apply to items of a content type: the fields of the templates attached to the
 * type itself (source TYPE), then those of its parent, grandparent and so on (INHERITED_TYPE).
 * A template or field met a second time along the way is not repeated; disabled templates and
 * fields, and fields whose applicableTargets leave out the type's targetKind, do not apply.
 */
import type { FieldSourceType } from '../../../shared/v1/contentModel.ts';
import type { Repos } from '../../store/repositories.ts';
import type { ContentTypeRecord } from '../../store/async/repos/contentTypes.ts';
import type { FieldDefinitionRecord } from '../../store/async/repos/fieldDefinitions.ts';
import type { TemplateRecord } from '../../store/async/repos/templates.ts';
import { lineage } from '../contentTypes/lineage.ts';

export interface AppliedTemplate {
  template: TemplateRecord;
  source: Exclude<FieldSourceType, 'LEGACY'>;
  sourceTypeId: string;
  fields: FieldDefinitionRecord[];
}

export async function appliedTemplates(repos: Repos<'contentTypes' | 'fieldDefinitions' | 'templates'>, type: ContentTypeRecord): Promise<AppliedTemplate[]> {
  const groups: AppliedTemplate[] = [];
  const seenTemplates = new Set<string>();
  const seenFields = new Set<string>();
  for (const level of await lineage(repos, type)) {
    for (const templateId of await repos.contentTypes.templateIds(level.typeId)) {
      if (seenTemplates.has(templateId)) continue;
      seenTemplates.add(templateId);
      const template = await repos.templates.get(type.tenantId, templateId);
      if (!template || template.status !== 'ENABLED') continue;
      const fields = (await repos.fieldDefinitions.many(type.tenantId, template.fieldIds)).filter(
        (f) => f.status === 'ENABLED' && f.applicableTargets.includes(type.targetKind) && !seenFields.has(f.fieldId),
      );
      for (const f of fields) seenFields.add(f.fieldId);
      groups.push({ template, source: level.typeId === type.typeId ? 'TYPE' : 'INHERITED_TYPE', sourceTypeId: level.typeId, fields });
    }
  }
  return groups;
}

export async function applicableFields(repos: Repos<'contentTypes' | 'fieldDefinitions' | 'templates'>, type: ContentTypeRecord): Promise<FieldDefinitionRecord[]> {
  return (await appliedTemplates(repos, type)).flatMap((g) => g.fields);
}
