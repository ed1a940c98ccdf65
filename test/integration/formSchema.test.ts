/**
 * Templates and GET /v1/containers/getFormSchema (spec 4.3) against a real `folio serve`: template
 * groups from the container's type and its ancestors, sourceType on every field, options and
 * term-set details, current values, and legacyFields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentType, FieldDefinition, FormField, FormSchema, Template, TermSet } from '../../shared/v1/contentModel.ts';
import type { Container, PageOf } from '../../shared/v1/resources.ts';
import { saveField, saveTemplate, saveType, startContentModelWorld, unique } from '../helpers/contentModel.ts';
import { data, removeDir, type Api, type ServerHandle } from '../helpers/server.ts';

let server: ServerHandle;
let app: Api;
let other: Api;
let alice: Api;

beforeAll(async () => {
  ({ server, app, other, alice } = await startContentModelWorld());
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

async function formOf(containerId: string, api = app): Promise<FormSchema> {
  return data(await api.get<FormSchema>('/v1/containers/getFormSchema', { containerId }));
}

describe('templates', () => {
  it('saves, gets and lists templates, keeping the order of fieldIds', async () => {
    const a = await saveField(app, { valueType: 'STRING' });
    const b = await saveField(app, { valueType: 'INTEGER' });
    const name = unique('Invoice ');
    const t = data(await app.post<Template>('/v1/templates/save', { name, description: 'Billing', fieldIds: [b.fieldId, a.fieldId] }));
    expect(t).toMatchObject({ name, description: 'Billing', status: 'ENABLED', fieldIds: [b.fieldId, a.fieldId] });
    expect(t.templateId).toMatch(/^tpl_/);
    expect(data(await app.get<Template>('/v1/templates/get', { templateId: t.templateId }))).toEqual(t);
    const changed = data(await app.post<Template>('/v1/templates/save', { templateId: t.templateId, fieldIds: [a.fieldId] }));
    expect(changed).toMatchObject({ name, description: 'Billing', fieldIds: [a.fieldId] });
    const listed = data(await app.post<PageOf<Template>>('/v1/templates/getPage', { name: name.toLowerCase() }));
    expect(listed.content.map((x) => x.templateId)).toEqual([t.templateId]);
  });

  it('refuses unknown, repeated or foreign fields, a taken name, a user channel and foreign templates', async () => {
    const f = await saveField(app, { valueType: 'STRING' });
    const foreignField = await saveField(other, { valueType: 'STRING' });
    for (const fieldIds of [['fld_missing'], [f.fieldId, f.fieldId], [foreignField.fieldId]]) {
      const res = await app.post('/v1/templates/save', { name: unique('T'), fieldIds });
      expect(res.body.code, fieldIds.join()).toBe(110001);
      expect(res.body.msg).toContain('fieldIds');
    }
    const t = await saveTemplate(app, [f.fieldId]);
    expect((await app.post('/v1/templates/save', { name: t.name })).body.code).toBe(130001);
    expect((await alice.post('/v1/templates/save', { name: unique('T') })).body.code).toBe(102002);
    expect((await other.get('/v1/templates/get', { templateId: t.templateId })).body.code).toBe(120001);
    const res = await other.post('/v1/contentTypes/save', { targetKind: 'CONTAINER', code: unique('c'), name: 'Foreign', templateIds: [t.templateId] });
    expect(res.body.code).toBe(110001);
  });
});

describe('GET /v1/containers/getFormSchema (spec 4.3)', () => {
  let regions: TermSet;
  let client: FieldDefinition;
  let priority: FieldDefinition;
  let region: FieldDefinition;
  let tags: FieldDefinition;
  let docOnly: FieldDefinition;
  let disabled: FieldDefinition;
  let shared: FieldDefinition;
  let baseTemplate: Template;
  let projectTemplate: Template;
  let base: ContentType;
  let project: ContentType;
  let container: Container;

  beforeAll(async () => {
    regions = data(
      await app.post<TermSet>('/v1/termSets/save', {
        code: unique('regions'),
        name: 'Regions',
        hierarchical: true,
        terms: [{ value: 'eu', label: 'Europe', sortOrder: 2 }, { value: 'fr', label: 'France', parentValue: 'eu', sortOrder: 1 }],
      }),
    );
    client = await saveField(app, { displayName: 'Client', valueType: 'STRING', required: true });
    priority = await saveField(app, { displayName: 'Priority', valueType: 'OPTION', optionsList: [{ value: 'low' }, { value: 'high', label: 'High' }], defaultValue: 'low' });
    region = await saveField(app, { displayName: 'Region', valueType: 'OPTION', optionSourceType: 'TERM_SET', optionSourceId: regions.termSetId });
    tags = await saveField(app, { displayName: 'Tags', valueType: 'STRING', cardinality: 'MULTI', validationRule: '{"maxItems":5}' });
    docOnly = await saveField(app, { displayName: 'Pages', valueType: 'INTEGER', applicableTargets: ['DOCUMENT'] });
    disabled = await saveField(app, { displayName: 'Retired', valueType: 'STRING', status: 'DISABLED' });
    shared = await saveField(app, { displayName: 'Owner', valueType: 'STRING', capabilities: { edit: { effect: 'DENY', value: '' } } });
    baseTemplate = await saveTemplate(app, [client.fieldId, shared.fieldId], unique('Base '));
    projectTemplate = await saveTemplate(app, [priority.fieldId, region.fieldId, tags.fieldId, docOnly.fieldId, disabled.fieldId, shared.fieldId], unique('Project '));
    base = await saveType(app, { targetKind: 'CONTAINER', name: 'Base', templateIds: [baseTemplate.templateId] });
    project = await saveType(app, { targetKind: 'CONTAINER', name: 'Project', parentTypeId: base.typeId, templateIds: [projectTemplate.templateId] });
    container = data(
      await app.post<Container>('/v1/containers/create', {
        name: unique('Apollo'),
        containerTypeId: project.typeId,
        metadataColumns: {
          [client.attributeKey]: 'ACME',
          [priority.attributeKey]: 'high',
          [region.attributeKey]: 'fr',
          [tags.attributeKey]: ['red', 'blue'],
          [docOnly.attributeKey]: 12,
          zLegacy: { any: 'shape' },
          aLegacy: 'old value',
        },
      }),
    );
  });

  it("groups the type's own templates, then its parent's, each field once and with its source", async () => {
    const form = await formOf(container.containerId);
    expect(form.typeId).toBe(project.typeId);
    expect(form.typeName).toBe('Project');
    expect(form.templateGroups.map((g) => [g.templateId, g.templateName, g.source, g.sourceTypeId])).toEqual([
      [projectTemplate.templateId, projectTemplate.name, 'TYPE', project.typeId],
      [baseTemplate.templateId, baseTemplate.name, 'INHERITED_TYPE', base.typeId],
    ]);
    const [own, inherited] = form.templateGroups;
    // docOnly does not apply to containers, disabled is disabled, shared is already in the first group.
    expect(own?.fields.map((f) => f.attributeKey)).toEqual([priority.attributeKey, region.attributeKey, tags.attributeKey, shared.attributeKey]);
    expect(inherited?.fields.map((f) => f.attributeKey)).toEqual([client.attributeKey]);
    for (const f of own?.fields ?? []) expect([f.sourceType, f.sourceTemplateId, f.sourceTemplateName]).toEqual(['TYPE', projectTemplate.templateId, projectTemplate.name]);
    expect(inherited?.fields[0]).toMatchObject({ sourceType: 'INHERITED_TYPE', sourceTemplateId: baseTemplate.templateId, sourceTemplateName: baseTemplate.name });
  });

  it('describes each field, with its options, term set and current value', async () => {
    const fields = new Map((await formOf(container.containerId)).templateGroups.flatMap((g) => g.fields).map((f) => [f.attributeKey, f] as [string, FormField]));
    expect(fields.get(client.attributeKey)).toMatchObject({ fieldId: client.fieldId, displayName: 'Client', valueType: 'STRING', cardinality: 'SINGLE', required: true, value: 'ACME', values: [] });
    expect(fields.get(priority.attributeKey)).toMatchObject({
      optionSourceType: 'STATIC',
      options: [
        { value: 'low', label: 'low', sortOrder: 0, deprecated: false, parentValue: '' },
        { value: 'high', label: 'High', sortOrder: 1, deprecated: false, parentValue: '' },
      ],
      defaultValue: 'low',
      value: 'high',
      termSetId: '',
    });
    expect(fields.get(region.attributeKey)).toMatchObject({
      optionSourceType: 'TERM_SET',
      termSetId: regions.termSetId,
      termSetCode: regions.code,
      termSetHierarchical: true,
      options: [
        { value: 'fr', label: 'France', parentValue: 'eu', sortOrder: 1, deprecated: false },
        { value: 'eu', label: 'Europe', parentValue: '', sortOrder: 2, deprecated: false },
      ],
      value: 'fr',
    });
    expect(fields.get(tags.attributeKey)).toMatchObject({ cardinality: 'MULTI', validationRule: '{"maxItems":5}', value: null, values: ['red', 'blue'] });
    expect(fields.get(shared.attributeKey)).toMatchObject({ capabilities: { edit: { effect: 'DENY', value: '' } }, value: null, values: [] });
  });

  it('lists values that no template field covers as legacyFields', async () => {
    const legacy = (await formOf(container.containerId)).legacyFields;
    expect(legacy.map((f) => f.attributeKey)).toEqual(['aLegacy', docOnly.attributeKey, 'zLegacy'].sort());
    const byKey = new Map(legacy.map((f) => [f.attributeKey, f]));
    expect(byKey.get('aLegacy')).toMatchObject({ fieldId: '', displayName: 'aLegacy', valueType: 'STRING', sourceType: 'LEGACY', value: 'old value', sourceTemplateId: '' });
    expect(byKey.get('zLegacy')).toMatchObject({ valueType: 'JSON', value: { any: 'shape' } });
    expect(byKey.get(docOnly.attributeKey)).toMatchObject({ fieldId: docOnly.fieldId, displayName: 'Pages', valueType: 'INTEGER', sourceType: 'LEGACY', value: 12 });
  });

  it('follows changes to the type: a detached template turns its values into legacy fields', async () => {
    const solo = await saveType(app, { targetKind: 'CONTAINER', parentTypeId: base.typeId });
    const c = data(await app.post<Container>('/v1/containers/create', { name: unique('solo'), containerTypeId: solo.typeId, metadataColumns: { [client.attributeKey]: 'Initech' } }));
    expect((await formOf(c.containerId)).templateGroups.map((g) => g.source)).toEqual(['INHERITED_TYPE']);
    await app.post('/v1/contentTypes/update', { typeId: base.typeId, templateIds: [] });
    try {
      const form = await formOf(c.containerId);
      expect(form.templateGroups).toEqual([]);
      expect(form.legacyFields).toMatchObject([{ attributeKey: client.attributeKey, fieldId: client.fieldId, sourceType: 'LEGACY', value: 'Initech' }]);
    } finally {
      await app.post('/v1/contentTypes/update', { typeId: base.typeId, templateIds: [baseTemplate.templateId] });
    }
  });

  it('leaves out a disabled template', async () => {
    const t = await saveTemplate(app, [client.fieldId]);
    const type = await saveType(app, { targetKind: 'CONTAINER', templateIds: [t.templateId] });
    const c = data(await app.post<Container>('/v1/containers/create', { name: unique('dis'), containerTypeId: type.typeId, metadataColumns: { [client.attributeKey]: 'x' } }));
    expect((await formOf(c.containerId)).templateGroups).toHaveLength(1);
    await app.post('/v1/templates/save', { templateId: t.templateId, status: 'DISABLED' });
    expect((await formOf(c.containerId)).templateGroups).toHaveLength(0);
  });

  it('gives a container of the system folder type its metadata as legacy fields', async () => {
    const c = data(await app.post<Container>('/v1/containers/create', { name: unique('plain'), metadataColumns: { note: 'hi', count: 3, flags: [true] } }));
    const form = await formOf(c.containerId);
    expect(form).toMatchObject({ typeId: c.containerTypeId, typeName: 'Folder', templateGroups: [] });
    expect(form.legacyFields.map((f) => [f.attributeKey, f.valueType, f.cardinality])).toEqual([
      ['count', 'INTEGER', 'SINGLE'],
      ['flags', 'BOOLEAN', 'MULTI'],
      ['note', 'STRING', 'SINGLE'],
    ]);
    expect(form.legacyFields[1]).toMatchObject({ value: null, values: [true] });
  });

  it('is readable by a user of the tenant, and unknown to other tenants', async () => {
    expect((await formOf(container.containerId, alice)).typeId).toBe(project.typeId);
    const res = await other.get('/v1/containers/getFormSchema', { containerId: container.containerId });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(120001);
    expect((await app.get('/v1/containers/getFormSchema', {})).body.code).toBe(110001);
  });
});
