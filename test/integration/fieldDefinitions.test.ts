/**
 * Field definitions (spec endpoint 7 plus save and getPage) and term sets, against a real
 * `folio serve`: value types, cardinality, options from a static list or a term set, defaults,
 * validation rules, applicableTargets, the API-client context and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDefinition, TermSet } from '../../shared/v1/contentModel.ts';
import type { PageOf } from '../../shared/v1/resources.ts';
import { saveField, startContentModelWorld, unique } from '../helpers/contentModel.ts';
import { createUser, data, removeDir, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';

let server: ServerHandle;
let app: Api;
let other: Api;
let alice: Api;
let tenant: Tenant;

beforeAll(async () => {
  ({ server, app, other, alice, tenant } = await startContentModelWorld());
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

async function expectInvalid(body: Record<string, unknown>, mentions: string, api = app): Promise<void> {
  const res = await api.post('/v1/fieldDefinitions/save', body);
  expect(res.body.code, JSON.stringify(body)).toBe(110001);
  expect(res.status).toBe(400);
  expect(res.body.msg).toContain(mentions);
}

async function saveTermSet(body: Record<string, unknown>, api = app): Promise<TermSet> {
  return data(await api.post<TermSet>('/v1/termSets/save', { code: unique('ts'), name: 'Terms', ...body }));
}

describe('POST /v1/fieldDefinitions/save and GET get', () => {
  it('creates a field with its defaults, and get returns it', async () => {
    const key = unique('title');
    const f = await saveField(app, { attributeKey: key, displayName: 'Title', valueType: 'STRING' });
    expect(f).toMatchObject({
      attributeKey: key,
      displayName: 'Title',
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
      system: false,
      status: 'ENABLED',
      capabilities: {},
    });
    expect(f.fieldId).toMatch(/^fld_/);
    expect(data(await app.get<FieldDefinition>('/v1/fieldDefinitions/get', { fieldId: f.fieldId }))).toEqual(f);
  });

  it('accepts every value type', async () => {
    for (const valueType of ['STRING', 'TEXT', 'INTEGER', 'DECIMAL', 'BOOLEAN', 'DATE', 'DATETIME', 'USER']) {
      expect((await saveField(app, { valueType, cardinality: 'MULTI' })).valueType).toBe(valueType);
    }
    const option = await saveField(app, { valueType: 'OPTION', optionsList: [{ value: 'hi' }] });
    expect(option.optionSourceType).toBe('STATIC');
    await expectInvalid({ attributeKey: unique('x'), displayName: 'X', valueType: 'BLOB' }, 'valueType');
  });

  it('needs attributeKey, displayName and valueType to create, and a well-formed attributeKey', async () => {
    await expectInvalid({ displayName: 'No key', valueType: 'STRING' }, 'attributeKey');
    await expectInvalid({ attributeKey: unique('k'), valueType: 'STRING' }, 'displayName');
    await expectInvalid({ attributeKey: unique('k'), displayName: 'No type' }, 'valueType');
    await expectInvalid({ attributeKey: '9lives', displayName: 'Bad', valueType: 'STRING' }, 'attributeKey');
    await expectInvalid({ attributeKey: 'has-dash', displayName: 'Bad', valueType: 'STRING' }, 'attributeKey');
  });

  it('keeps attributeKey unique per tenant (130001), and other tenants may reuse it', async () => {
    const key = unique('dup');
    await saveField(app, { attributeKey: key, valueType: 'STRING' });
    const again = await app.post('/v1/fieldDefinitions/save', { attributeKey: key, displayName: 'Again', valueType: 'INTEGER' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(130001);
    expect((await saveField(other, { attributeKey: key, valueType: 'STRING' })).attributeKey).toBe(key);
  });

  it('changes the given properties of a field, never its attributeKey', async () => {
    const f = await saveField(app, { valueType: 'INTEGER', description: 'kept', required: true });
    const u = data(await app.post<FieldDefinition>('/v1/fieldDefinitions/save', { fieldId: f.fieldId, displayName: 'Renamed', validationRule: '{"min":1}' }));
    expect(u).toMatchObject({ displayName: 'Renamed', description: 'kept', required: true, valueType: 'INTEGER', validationRule: '{"min":1}' });
    await expectInvalid({ fieldId: f.fieldId, attributeKey: unique('other') }, 'attributeKey');
    expect((await app.post('/v1/fieldDefinitions/save', { fieldId: 'fld_missing', displayName: 'x' })).body.code).toBe(120001);
  });

  it('drops static options when a field stops being an OPTION field', async () => {
    const f = await saveField(app, { valueType: 'OPTION', optionsList: [{ value: 'a' }, { value: 'b' }] });
    const s = data(await app.post<FieldDefinition>('/v1/fieldDefinitions/save', { fieldId: f.fieldId, valueType: 'STRING' }));
    expect(s).toMatchObject({ valueType: 'STRING', optionSourceType: 'NONE', optionsList: [] });
  });

  it('needs an API-client context to save (102002), and lets users read', async () => {
    const res = await alice.post('/v1/fieldDefinitions/save', { attributeKey: unique('u'), displayName: 'By user', valueType: 'STRING' });
    expect(res.body.code).toBe(102002);
    const f = await saveField(app, { valueType: 'STRING' });
    expect(data(await alice.get<FieldDefinition>('/v1/fieldDefinitions/get', { fieldId: f.fieldId })).fieldId).toBe(f.fieldId);
    expect((await alice.post('/v1/fieldDefinitions/save', { fieldId: f.fieldId, displayName: 'Changed' })).body.code).toBe(102002);
  });

  it("treats another tenant's field as unknown", async () => {
    const f = await saveField(app, { valueType: 'STRING' });
    expect((await other.get('/v1/fieldDefinitions/get', { fieldId: f.fieldId })).body.code).toBe(120001);
    expect((await other.post('/v1/fieldDefinitions/save', { fieldId: f.fieldId, displayName: 'Hijack' })).body.code).toBe(120001);
    expect(data(await app.get<FieldDefinition>('/v1/fieldDefinitions/get', { fieldId: f.fieldId })).displayName).toBe(f.displayName);
  });
});

describe('options', () => {
  it('normalises a static optionsList', async () => {
    const f = await saveField(app, {
      valueType: 'OPTION',
      optionsList: [{ value: 'low' }, { value: 'high', label: 'High!', sortOrder: -1, deprecated: true }],
    });
    expect(f.optionsList).toEqual([
      { value: 'low', label: 'low', sortOrder: 0, deprecated: false },
      { value: 'high', label: 'High!', sortOrder: -1, deprecated: true },
    ]);
  });

  it('refuses options that do not fit the field', async () => {
    const key = () => ({ attributeKey: unique('o'), displayName: 'Opt' });
    await expectInvalid({ ...key(), valueType: 'OPTION' }, 'optionsList');
    await expectInvalid({ ...key(), valueType: 'OPTION', optionsList: [{ value: 'a' }, { value: 'a' }] }, "'a' twice");
    await expectInvalid({ ...key(), valueType: 'OPTION', optionSourceType: 'NONE' }, 'optionSourceType');
    await expectInvalid({ ...key(), valueType: 'STRING', optionsList: [{ value: 'a' }] }, 'optionsList');
    await expectInvalid({ ...key(), valueType: 'STRING', optionSourceType: 'STATIC' }, 'optionSourceType');
    await expectInvalid({ ...key(), valueType: 'OPTION', optionSourceType: 'TERM_SET' }, 'optionSourceId');
    await expectInvalid({ ...key(), valueType: 'OPTION', optionSourceType: 'TERM_SET', optionSourceId: 'tms_missing' }, 'optionSourceId');
    await expectInvalid({ ...key(), valueType: 'OPTION', optionSourceType: 'STATIC', optionsList: [{ value: 'a' }], optionSourceId: 'tms_x' }, 'optionSourceId');
  });

  it("draws options from a term set of the tenant, never another tenant's", async () => {
    const ts = await saveTermSet({ terms: [{ value: 'eu' }, { value: 'us' }] });
    const f = await saveField(app, { valueType: 'OPTION', optionSourceType: 'TERM_SET', optionSourceId: ts.termSetId });
    expect(f).toMatchObject({ optionSourceType: 'TERM_SET', optionSourceId: ts.termSetId, optionsList: [] });
    const foreign = await saveTermSet({ terms: [{ value: 'x' }] }, other);
    await expectInvalid({ attributeKey: unique('o'), displayName: 'F', valueType: 'OPTION', optionSourceType: 'TERM_SET', optionSourceId: foreign.termSetId }, 'optionSourceId');
  });
});

describe('termSets/save and termSets/get', () => {
  it('saves a hierarchical term set with defaults filled in', async () => {
    const ts = await saveTermSet({
      name: 'Regions',
      hierarchical: true,
      terms: [{ value: 'eu', label: 'Europe' }, { value: 'fr', parentValue: 'eu' }, { value: 'old', deprecated: true }],
    });
    expect(ts).toMatchObject({ name: 'Regions', hierarchical: true, status: 'ENABLED' });
    expect(ts.terms).toEqual([
      { value: 'eu', label: 'Europe', parentValue: '', sortOrder: 0, deprecated: false },
      { value: 'fr', label: 'fr', parentValue: 'eu', sortOrder: 1, deprecated: false },
      { value: 'old', label: 'old', parentValue: '', sortOrder: 2, deprecated: true },
    ]);
    expect(data(await app.get<TermSet>('/v1/termSets/get', { termSetId: ts.termSetId }))).toEqual(ts);
    const renamed = data(await app.post<TermSet>('/v1/termSets/save', { termSetId: ts.termSetId, name: 'Areas' }));
    expect(renamed).toMatchObject({ name: 'Areas', code: ts.code, terms: ts.terms });
  });

  it('refuses bad terms, a taken code, a user channel and another tenant', async () => {
    const bad: Record<string, unknown>[] = [
      { terms: [{ value: 'a' }, { value: 'a' }] },
      { terms: [{ value: 'a' }, { value: 'b', parentValue: 'a' }] },
      { hierarchical: true, terms: [{ value: 'b', parentValue: 'zz' }] },
      { hierarchical: true, terms: [{ value: 'a', parentValue: 'b' }, { value: 'b', parentValue: 'a' }] },
      { hierarchical: true, terms: [{ value: 'a', parentValue: 'a' }] },
      { name: '' },
    ];
    for (const body of bad) {
      const res = await app.post('/v1/termSets/save', { code: unique('ts'), name: 'Bad', ...body });
      expect(res.body.code, JSON.stringify(body)).toBe(110001);
    }
    const ts = await saveTermSet({});
    expect((await app.post('/v1/termSets/save', { code: ts.code, name: 'Again' })).body.code).toBe(130001);
    expect((await alice.post('/v1/termSets/save', { code: unique('ts'), name: 'User' })).body.code).toBe(102002);
    expect((await other.get('/v1/termSets/get', { termSetId: ts.termSetId })).body.code).toBe(120001);
  });
});

describe('validationRule and defaultValue', () => {
  it('accepts a rule that fits the field', async () => {
    const rules: [string, string, string][] = [
      ['STRING', 'SINGLE', '{"pattern":"^[A-Z]{3}-\\\\d+$","maxLength":12}'],
      ['INTEGER', 'SINGLE', '{"min":-5,"max":5}'],
      ['DECIMAL', 'MULTI', '{"min":0.5,"maxItems":3}'],
      ['DATE', 'SINGLE', '{"min":"2020-01-01","max":"2030-12-31"}'],
      ['DATETIME', 'SINGLE', '{"max":"2030-01-01T00:00:00+01:00"}'],
    ];
    for (const [valueType, cardinality, validationRule] of rules) {
      expect((await saveField(app, { valueType, cardinality, validationRule })).validationRule).toBe(validationRule);
    }
  });

  it('refuses a rule that does not parse or does not fit, naming validationRule', async () => {
    const bad: [string, string, string][] = [
      ['STRING', 'SINGLE', 'pattern=^a$'],
      ['STRING', 'SINGLE', '["pattern"]'],
      ['STRING', 'SINGLE', '{"min":1}'],
      ['STRING', 'SINGLE', '{"pattern":"(unclosed"}'],
      ['STRING', 'SINGLE', '{"pattern":"^(?=a)a+$"}'],
      ['STRING', 'SINGLE', '{"pattern":"^(a)\\\\1$"}'],
      ['STRING', 'SINGLE', '{"minLength":5,"maxLength":2}'],
      ['STRING', 'SINGLE', '{"minItems":1}'],
      ['INTEGER', 'SINGLE', '{"min":1.5}'],
      ['INTEGER', 'SINGLE', '{"min":9,"max":1}'],
      ['DATE', 'SINGLE', '{"min":"2020-02-30"}'],
      ['BOOLEAN', 'SINGLE', '{"pattern":"x"}'],
    ];
    for (const [valueType, cardinality, validationRule] of bad) {
      const res = await app.post('/v1/fieldDefinitions/save', { attributeKey: unique('r'), displayName: 'R', valueType, cardinality, validationRule });
      expect(res.body.code, validationRule).toBe(110001);
    }
  });

  it('checks the default against the field', async () => {
    expect((await saveField(app, { valueType: 'INTEGER', defaultValue: '42' })).defaultValue).toBe('42');
    expect((await saveField(app, { valueType: 'BOOLEAN', defaultValue: 'true' })).defaultValue).toBe('true');
    // A user's id is looked up before the field's transaction checks it (usersOfDefault).
    const userId = await createUser(server.dataDir, tenant.tenantId, unique('owner'));
    expect((await saveField(app, { valueType: 'USER', defaultValue: userId })).defaultValue).toBe(userId);
    expect((await saveField(app, { valueType: 'USER', cardinality: 'MULTI', defaultValue: JSON.stringify([userId]) })).defaultValue).toBe(JSON.stringify([userId]));
    expect((await saveField(app, { valueType: 'OPTION', cardinality: 'MULTI', optionsList: [{ value: 'a' }, { value: 'b' }], defaultValue: '["a","b"]' })).defaultValue).toBe('["a","b"]');
    const bad: Record<string, unknown>[] = [
      { valueType: 'INTEGER', defaultValue: 'forty' },
      { valueType: 'INTEGER', defaultValue: '5', validationRule: '{"max":3}' },
      { valueType: 'BOOLEAN', defaultValue: 'yes' },
      { valueType: 'DATE', defaultValue: '01/02/2024' },
      { valueType: 'OPTION', optionsList: [{ value: 'a' }], defaultValue: 'z' },
      { valueType: 'STRING', cardinality: 'MULTI', defaultValue: 'a,b' },
      { valueType: 'STRING', validationRule: '{"pattern":"^x"}', defaultValue: 'abc' },
      { valueType: 'USER', defaultValue: 'usr_nobody' },
      { valueType: 'USER', cardinality: 'MULTI', defaultValue: JSON.stringify([userId, 'usr_nobody']) },
    ];
    for (const body of bad) await expectInvalid({ attributeKey: unique('d'), displayName: 'D', ...body }, 'default');
  });
});

describe('POST /v1/fieldDefinitions/getPage', () => {
  it('filters by attributeKey, displayName substring, valueType, status and applicableTarget, and pages', async () => {
    const tag = unique('Kiwi');
    const a = await saveField(app, { displayName: `${tag} a`, valueType: 'STRING', applicableTargets: ['DOCUMENT'], sortOrder: 1 });
    const b = await saveField(app, { displayName: `${tag} b`, valueType: 'INTEGER', applicableTargets: ['CONTAINER'], sortOrder: 2 });
    const c = await saveField(app, { displayName: `${tag} c`, valueType: 'STRING', status: 'DISABLED', sortOrder: 3 });
    const list = async (body: Record<string, unknown>) =>
      data(await app.post<PageOf<FieldDefinition>>('/v1/fieldDefinitions/getPage', { displayName: tag.toUpperCase(), ...body })).content.map((f) => f.fieldId);

    expect(await list({})).toEqual([a.fieldId, b.fieldId, c.fieldId]);
    expect(await list({ valueType: 'STRING' })).toEqual([a.fieldId, c.fieldId]);
    expect(await list({ status: 'DISABLED' })).toEqual([c.fieldId]);
    expect(await list({ applicableTarget: 'CONTAINER' })).toEqual([b.fieldId, c.fieldId]);
    expect(await list({ attributeKey: b.attributeKey })).toEqual([b.fieldId]);
    expect(await list({ orderByColumn: 'displayName', isAsc: 'desc', pageSize: 1, pageNumber: 2 })).toEqual([b.fieldId]);
    expect(data(await other.post<PageOf<FieldDefinition>>('/v1/fieldDefinitions/getPage', { displayName: tag })).totalElements).toBe(0);
    expect((await app.post('/v1/fieldDefinitions/getPage', { orderByColumn: 'value_type' })).body.code).toBe(110001);
  });
});
