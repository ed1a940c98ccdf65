/**
 * The content model's asynchronous repositories (main/store/async/repos/: content types, field
 * definitions, templates, term sets) run the same cases on a real SQLite file and on the real
 * PostgreSQL of scripts/cluster.sh: one set of queries, one behaviour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncDatabase } from '../../../main/store/async/database.ts';
import type { FieldDefinitionValues } from '../../../main/store/async/repos/fieldDefinitions.ts';
import { twoNodes, type TwoNodes } from '../../helpers/asyncDatabases.ts';
import { useCluster } from '../../helpers/clusterFixture.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const dirs: string[] = [];
const cluster = useCluster(dirs);

const field = (attributeKey: string, more: Partial<FieldDefinitionValues> = {}): FieldDefinitionValues => ({
  attributeKey,
  displayName: attributeKey,
  valueType: 'STRING',
  cardinality: 'SINGLE',
  optionSourceType: 'NONE',
  optionSourceId: '',
  optionsList: [],
  applicableTargets: ['CONTAINER', 'DOCUMENT'],
  required: false,
  defaultValue: '',
  validationRule: '',
  listVisible: true,
  sortOrder: 0,
  description: '',
  status: 'ENABLED',
  capabilities: {},
  ...more,
});

const byName = { column: 'name', asc: true } as const;

describe.each(['sqlite', 'postgres'] as const)('the content model on %s', (dialect) => {
  let nodes: TwoNodes;
  let db: AsyncDatabase;
  /** A second node on the same database. */
  let other: AsyncDatabase;

  beforeAll(async () => {
    nodes = await twoNodes(cluster, dialect, dirs);
    ({ db, other } = nodes);
  }, HEAVY_TEST_MS);

  afterAll(async () => {
    await nodes?.close();
  });

  it('keeps a content type with its defaults, flags, limits and capabilities, and finds it by id, name and code', async () => {
    const { contentTypes } = db.repos;
    const type = await contentTypes.create({
      tenantId: 'tnt_kept',
      targetKind: 'DOCUMENT',
      code: 'contract',
      name: 'Contract',
      system: false,
      maxVersionCount: 3,
      retentionDays: 30,
      capabilities: { preview: { effect: 'DENY', value: '' } },
    });
    expect(type).toMatchObject({
      tenantId: 'tnt_kept',
      targetKind: 'DOCUMENT',
      parentTypeId: '',
      code: 'contract',
      name: 'Contract',
      description: '',
      icon: '',
      system: false,
      sortOrder: 0,
      status: 'ENABLED',
      maxVersionCount: 3,
      retentionDays: 30,
      capabilities: { preview: { effect: 'DENY', value: '' } },
    });
    expect(type.typeId).toMatch(/^dct_/);
    expect(typeof type.id).toBe('number');
    expect(await other.repos.contentTypes.get('tnt_kept', type.typeId)).toEqual(type);
    expect(await contentTypes.get('tnt_elsewhere', type.typeId)).toBeUndefined();
    expect(await contentTypes.nameOf('tnt_kept', type.typeId)).toBe('Contract');
    expect(await contentTypes.nameOf('tnt_kept', 'dct_none')).toBeUndefined();
    expect(await contentTypes.findByCode('tnt_kept', 'DOCUMENT', 'contract')).toEqual(type);
    expect(await contentTypes.findByCode('tnt_kept', 'CONTAINER', 'contract')).toBeUndefined();
    await expect(contentTypes.create({ tenantId: 'tnt_kept', targetKind: 'DOCUMENT', code: 'contract', name: 'Again', system: false })).rejects.toThrow(/unique/i);
  });

  it("finds a tenant's oldest system type of a kind", async () => {
    const { contentTypes } = db.repos;
    await contentTypes.create({ tenantId: 'tnt_sys', targetKind: 'DOCUMENT', code: 'plain', name: 'Plain', system: false });
    const first = await contentTypes.create({ tenantId: 'tnt_sys', targetKind: 'DOCUMENT', code: 'file', name: 'File', system: true });
    await contentTypes.create({ tenantId: 'tnt_sys', targetKind: 'DOCUMENT', code: 'file2', name: 'File 2', system: true });
    const folder = await contentTypes.create({ tenantId: 'tnt_sys', targetKind: 'CONTAINER', code: 'folder', name: 'Folder', system: true });
    expect((await contentTypes.findSystem('tnt_sys', 'DOCUMENT'))?.typeId).toBe(first.typeId);
    expect((await contentTypes.findSystem('tnt_sys', 'CONTAINER'))?.typeId).toBe(folder.typeId);
    expect(await contentTypes.findSystem('tnt_nobody', 'DOCUMENT')).toBeUndefined();
  });

  it('changes only the patched fields of a type, and its status', async () => {
    const { contentTypes } = db.repos;
    const type = await contentTypes.create({ tenantId: 'tnt_patch', targetKind: 'CONTAINER', code: 'case', name: 'Case', system: false, description: 'kept', sortOrder: 4 });
    const updated = await contentTypes.update('tnt_patch', type.typeId, { name: 'Matter', maxVersionCount: 9, capabilities: { share: { effect: 'ALLOW', value: 'x' } } });
    expect(updated).toMatchObject({ code: 'case', name: 'Matter', description: 'kept', sortOrder: 4, maxVersionCount: 9, capabilities: { share: { effect: 'ALLOW', value: 'x' } } });
    await contentTypes.setStatus('tnt_patch', type.typeId, 'DISABLED');
    expect((await other.repos.contentTypes.get('tnt_patch', type.typeId))?.status).toBe('DISABLED');
    await expect(contentTypes.update('tnt_patch', 'ctt_none', { name: 'x' })).rejects.toThrow('content type ctt_none vanished inside a transaction');
  });

  it('pages types by filter and order, with the total, the same in both databases', async () => {
    const { contentTypes } = db.repos;
    const tenantId = 'tnt_page';
    const parent = await contentTypes.create({ tenantId, targetKind: 'DOCUMENT', code: 'base', name: 'base', system: false, sortOrder: 2 });
    for (const [code, name, sortOrder] of [
      ['upper', 'Beta', 1],
      ['lower', 'alpha', 1],
      ['accent', 'éclair', 0],
      ['percent', '100% Report', 3],
    ] as const) {
      await contentTypes.create({ tenantId, targetKind: 'DOCUMENT', code, name, system: false, sortOrder, parentTypeId: parent.typeId });
    }
    await contentTypes.create({ tenantId, targetKind: 'CONTAINER', code: 'box', name: 'Box', system: false });

    const all = await contentTypes.page(tenantId, {}, byName, 10, 0);
    expect(all.total).toBe(6);
    // By code point, as SQLite compares: digits, then upper case, then lower case, then the rest.
    expect(all.rows.map((t) => t.name)).toEqual(['100% Report', 'Beta', 'Box', 'alpha', 'base', 'éclair']);

    const documents = await contentTypes.page(tenantId, { targetKind: 'DOCUMENT', parentTypeId: parent.typeId }, { column: 'sortOrder', asc: false }, 2, 1);
    expect(documents.total).toBe(4);
    // sortOrder descending, then the older first among equals.
    expect(documents.rows.map((t) => t.code)).toEqual(['upper', 'lower']);

    expect((await contentTypes.page(tenantId, { name: 'ALP' }, byName, 10, 0)).rows.map((t) => t.code)).toEqual(['lower']);
    expect((await contentTypes.page(tenantId, { name: '0%' }, byName, 10, 0)).rows.map((t) => t.code)).toEqual(['percent']);
    expect((await contentTypes.page(tenantId, { name: '_' }, byName, 10, 0)).total).toBe(0);
    await contentTypes.setStatus(tenantId, parent.typeId, 'DISABLED');
    expect((await contentTypes.page(tenantId, { status: 'DISABLED' }, byName, 10, 0)).rows.map((t) => t.typeId)).toEqual([parent.typeId]);
  });

  it("keeps a type's templates in the order given, replaced whole", async () => {
    const { contentTypes, templates } = db.repos;
    const type = await contentTypes.create({ tenantId: 'tnt_tpl', targetKind: 'DOCUMENT', code: 'memo', name: 'Memo', system: false });
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three']) ids.push((await templates.create('tnt_tpl', { name, description: '', status: 'ENABLED', fieldIds: [] })).templateId);
    expect(await contentTypes.templateIds(type.typeId)).toEqual([]);
    await contentTypes.setTemplates(type.typeId, [ids[2]!, ids[0]!]);
    expect(await other.repos.contentTypes.templateIds(type.typeId)).toEqual([ids[2], ids[0]]);
    await contentTypes.setTemplates(type.typeId, [ids[1]!]);
    expect(await contentTypes.templateIds(type.typeId)).toEqual([ids[1]]);
    await contentTypes.setTemplates(type.typeId, []);
    expect(await contentTypes.templateIds(type.typeId)).toEqual([]);
  });

  it('keeps field definitions by tenant and key, and pages them by target, name, type and status', async () => {
    const { fieldDefinitions } = db.repos;
    const tenantId = 'tnt_fields';
    const priority = await fieldDefinitions.create(tenantId, field('priority', { valueType: 'OPTION', optionSourceType: 'STATIC', optionsList: [{ value: 'hi', label: 'High', sortOrder: 0, deprecated: false }], required: true, listVisible: false }));
    expect(priority).toMatchObject({
      tenantId,
      attributeKey: 'priority',
      valueType: 'OPTION',
      optionsList: [{ value: 'hi', label: 'High', sortOrder: 0, deprecated: false }],
      applicableTargets: ['CONTAINER', 'DOCUMENT'],
      required: true,
      listVisible: false,
      system: false,
    });
    expect(priority.fieldId).toMatch(/^fld_/);
    expect(await other.repos.fieldDefinitions.get(tenantId, priority.fieldId)).toEqual(priority);
    expect(await fieldDefinitions.findByKey(tenantId, 'priority')).toEqual(priority);
    expect(await fieldDefinitions.findByKey('tnt_other', 'priority')).toBeUndefined();
    await expect(fieldDefinitions.create(tenantId, field('priority'))).rejects.toThrow(/unique/i);

    const owner = await fieldDefinitions.create(tenantId, field('owner', { displayName: 'Case Owner', valueType: 'USER', applicableTargets: ['CONTAINER'] }));
    const due = await fieldDefinitions.create(tenantId, field('due', { displayName: 'Due date', valueType: 'DATE', applicableTargets: ['DOCUMENT'], status: 'DISABLED' }));
    expect(await fieldDefinitions.many(tenantId, [due.fieldId, 'fld_none', owner.fieldId])).toEqual([due, owner]);

    const keys = async (filter: Parameters<typeof fieldDefinitions.page>[1]) => (await fieldDefinitions.page(tenantId, filter, { column: 'attributeKey', asc: true }, 10, 0)).rows.map((f) => f.attributeKey);
    expect(await keys({})).toEqual(['due', 'owner', 'priority']);
    expect(await keys({ applicableTarget: 'CONTAINER' })).toEqual(['owner', 'priority']);
    expect(await keys({ applicableTarget: 'DOCUMENT' })).toEqual(['due', 'priority']);
    expect(await keys({ displayName: 'OWNER' })).toEqual(['owner']);
    expect(await keys({ valueType: 'DATE' })).toEqual(['due']);
    expect(await keys({ status: 'DISABLED' })).toEqual(['due']);
    expect(await keys({ attributeKey: 'owner' })).toEqual(['owner']);
    expect((await fieldDefinitions.page(tenantId, {}, { column: 'attributeKey', asc: false }, 1, 1)).total).toBe(3);

    const changed = await fieldDefinitions.update(tenantId, owner.fieldId, { ...field('owner'), displayName: 'Owner', required: true });
    expect(changed).toMatchObject({ fieldId: owner.fieldId, createTime: owner.createTime, displayName: 'Owner', required: true, valueType: 'STRING' });
  });

  it('keeps templates with their fields in order, replaced whole on update, and pages them', async () => {
    const { fieldDefinitions, templates } = db.repos;
    const tenantId = 'tnt_templates';
    const [x, y] = [await fieldDefinitions.create(tenantId, field('x')), await fieldDefinitions.create(tenantId, field('y'))];
    const made = await templates.create(tenantId, { name: 'Contract terms', description: 'd', status: 'ENABLED', fieldIds: [y.fieldId, x.fieldId] });
    expect(made).toMatchObject({ tenantId, name: 'Contract terms', description: 'd', status: 'ENABLED', fieldIds: [y.fieldId, x.fieldId] });
    expect(made.templateId).toMatch(/^tpl_/);
    expect(await other.repos.templates.get(tenantId, made.templateId)).toEqual(made);
    expect(await templates.findByName(tenantId, 'Contract terms')).toEqual(made);
    expect(await templates.get('tnt_other', made.templateId)).toBeUndefined();
    await expect(templates.create(tenantId, { name: 'Contract terms', description: '', status: 'ENABLED', fieldIds: [] })).rejects.toThrow(/unique/i);

    const updated = await templates.update(tenantId, made.templateId, { name: 'Terms', description: '', status: 'DISABLED', fieldIds: [x.fieldId] });
    expect(updated).toMatchObject({ name: 'Terms', status: 'DISABLED', fieldIds: [x.fieldId] });
    await templates.create(tenantId, { name: 'Invoice', description: '', status: 'ENABLED', fieldIds: [] });
    const page = await templates.page(tenantId, { name: 'TERM' }, byName, 10, 0);
    expect(page).toEqual({ total: 1, rows: [updated] });
    expect((await templates.page(tenantId, { status: 'ENABLED' }, byName, 10, 0)).rows.map((t) => t.name)).toEqual(['Invoice']);
  });

  it('keeps term sets with their terms, by tenant and code', async () => {
    const { termSets } = db.repos;
    const tenantId = 'tnt_terms';
    const terms = [
      { value: 'eu', label: 'Europe', parentValue: '', sortOrder: 0, deprecated: false },
      { value: 'fr', label: 'France', parentValue: 'eu', sortOrder: 1, deprecated: true },
    ];
    const made = await termSets.create(tenantId, { code: 'regions', name: 'Regions', description: '', hierarchical: true, terms, status: 'ENABLED' });
    expect(made).toMatchObject({ tenantId, code: 'regions', hierarchical: true, terms });
    expect(made.termSetId).toMatch(/^tms_/);
    expect(await other.repos.termSets.get(tenantId, made.termSetId)).toEqual(made);
    expect(await termSets.findByCode(tenantId, 'regions')).toEqual(made);
    expect(await termSets.findByCode('tnt_other', 'regions')).toBeUndefined();
    await expect(termSets.create(tenantId, { code: 'regions', name: 'Again', description: '', hierarchical: false, terms: [], status: 'ENABLED' })).rejects.toThrow(/unique/i);
    const flat = await termSets.update(tenantId, made.termSetId, { code: 'regions', name: 'Regions', description: 'flat', hierarchical: false, terms: [terms[0]!], status: 'DISABLED' });
    expect(flat).toMatchObject({ hierarchical: false, terms: [terms[0]], status: 'DISABLED', description: 'flat', createTime: made.createTime });
  });

  it("copies the service's types into a mirror: its own twin takes the service's id, or steps aside when that id is here", async () => {
    const { contentTypes } = db.repos;
    const tenantId = 'tnt_mirror';
    const own = await contentTypes.create({ tenantId, targetKind: 'DOCUMENT', code: 'file', name: 'File', system: true });
    const service = { ...own, typeId: 'dct_service', name: 'File (service)', targetKind: 'DOCUMENT', description: 'from the service' };
    expect(await contentTypes.putMirrored(tenantId, service)).toBe(own.typeId);
    expect(await contentTypes.get(tenantId, own.typeId)).toBeUndefined();
    expect(await contentTypes.get(tenantId, 'dct_service')).toMatchObject({ id: own.id, code: 'file', name: 'File (service)', description: 'from the service' });
    expect(await contentTypes.putMirrored(tenantId, { ...service, name: 'File again' })).toBeUndefined();
    expect((await contentTypes.findByCode(tenantId, 'DOCUMENT', 'file'))?.name).toBe('File again');

    expect(await contentTypes.putMirrored(tenantId, { ...service, typeId: 'dct_memo', code: 'memo-old', name: 'Memo' })).toBeUndefined();
    const local = await contentTypes.create({ tenantId, targetKind: 'DOCUMENT', code: 'memo', name: 'Local memo', system: false });
    expect(await contentTypes.putMirrored(tenantId, { ...service, typeId: 'dct_memo', code: 'memo', name: 'Memo' })).toBeUndefined();
    expect((await contentTypes.get(tenantId, local.typeId))?.code).toBe(`memo.folio-parked-${local.typeId}`);
    expect((await contentTypes.get(tenantId, 'dct_memo'))?.code).toBe('memo');
  });

  it('commits a type and its templates all together, or none of them', async () => {
    const tenantId = 'tnt_unit';
    const template = await db.repos.templates.create(tenantId, { name: 'T', description: '', status: 'ENABLED', fieldIds: [] });
    let typeId = '';
    await expect(
      db.transaction(async (tx) => {
        typeId = (await tx.contentTypes.create({ tenantId, targetKind: 'DOCUMENT', code: 'undone', name: 'Undone', system: false })).typeId;
        await tx.contentTypes.setTemplates(typeId, [template.templateId]);
        await tx.contentTypes.create({ tenantId, targetKind: 'DOCUMENT', code: 'undone', name: 'Twice', system: false });
      }),
    ).rejects.toThrow(/unique/i);
    expect(await other.repos.contentTypes.get(tenantId, typeId)).toBeUndefined();
    expect(await other.repos.contentTypes.templateIds(typeId)).toEqual([]);
  });
});
