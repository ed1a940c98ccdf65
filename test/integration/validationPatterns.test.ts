/**
 * A field's `pattern` against a real `folio serve`: patterns run on a linear-time engine (RE2
 * semantics), so a pattern that makes a backtracking engine take exponential time cannot stall
 * the service for other tenants; what RE2 cannot compile is refused at save; a stored rule that
 * no longer compiles refuses values of its field with a clear reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentType, FieldDefinition } from '../../shared/v1/contentModel.ts';
import type { Container, PageOf } from '../../shared/v1/resources.ts';
import { saveField, saveTemplate, saveType, unique } from '../helpers/contentModel.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type Reply, type ServerHandle } from '../helpers/server.ts';
import { openDb } from '../helpers/text.ts';

let server: ServerHandle;
let app: Api;
let other: Api;

beforeAll(async () => {
  server = await startServer();
  app = await appApi(server.url, await createTenant(server.dataDir, 'acme'));
  other = await appApi(server.url, await createTenant(server.dataDir, 'globex'));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

/** A container type whose one STRING field has this validationRule. */
async function typeWithRule(validationRule: string): Promise<{ field: FieldDefinition; type: ContentType }> {
  const field = await saveField(app, { valueType: 'STRING', validationRule });
  const template = await saveTemplate(app, [field.fieldId]);
  return { field, type: await saveType(app, { targetKind: 'CONTAINER', templateIds: [template.templateId] }) };
}

function createContainer(type: ContentType, metadataColumns: Record<string, unknown>): Promise<Reply<Container>> {
  return app.post<Container>('/v1/containers/create', { name: unique('c'), containerTypeId: type.typeId, metadataColumns });
}

function saveRule(validationRule: string): Promise<Reply<FieldDefinition>> {
  return app.post<FieldDefinition>('/v1/fieldDefinitions/save', { attributeKey: unique('r'), displayName: 'R', valueType: 'STRING', validationRule });
}

describe('patterns that backtrack for ever on a backtracking engine', () => {
  // On JavaScript's RegExp, 32 a's and a b take minutes against each of these; the old check
  // (safe-regex2) let the first one through, and it blocked every request of every tenant.
  const catastrophic = ['^(a|a)*$', '^(a+)+$', '^(a*)*$', '^(a|aa)+$', '^(.*a){12}$'];
  const value = `${'a'.repeat(32)}b`;

  it.each(catastrophic)('%s is accepted, a value is checked against it at once, and another tenant is answered meanwhile', async (pattern) => {
    const { field, type } = await typeWithRule(JSON.stringify({ pattern }));
    const refused = createContainer(type, { [field.attributeKey]: value });
    const otherTenant = await other.post<PageOf<Container>>('/v1/containers/getPage', { pageSize: 1 });
    expect(otherTenant.body.code).toBe(0);
    const res = await refused;
    expect([res.status, res.body.code]).toEqual([400, 110001]);
    expect(res.body.msg).toContain(`must match the pattern ${pattern}`);
    expect(data(await createContainer(type, { [field.attributeKey]: 'a'.repeat(32) })).containerId).toMatch(/\w/);
  });
});

describe('what RE2 cannot compile is refused when the field is saved', () => {
  it.each([
    ['lookahead', '^(?=a)a$', 'RE2 syntax'],
    ['negative lookahead', '^(?!x).*$', 'RE2 syntax'],
    ['lookbehind', '(?<=a)b', 'RE2 syntax'],
    ['a backreference', '^(a)\\1$', 'RE2 syntax'],
    ['a repetition count over 1000', '^a{1001}$', 'RE2 syntax'],
    ['nested counts too large', '^((a{100}){100}){100}$', 'RE2 syntax'],
    ['a program over 500 instructions', '^\\pL{700}$', 'pattern is too large'],
  ])('%s: 110001 naming validationRule', async (_what, pattern, reason) => {
    const res = await saveRule(JSON.stringify({ pattern }));
    expect([res.status, res.body.code]).toEqual([400, 110001]);
    expect(res.body.msg).toContain(reason);
  });

  it('RE2 semantics: searched unless anchored, inline flags, Unicode classes', async () => {
    const { field, type } = await typeWithRule(JSON.stringify({ pattern: '(?i)^\\pL+-\\d{2}$' }));
    const key = field.attributeKey;
    expect(data(await createContainer(type, { [key]: 'Ünïcode-42' })).containerId).toMatch(/\w/);
    expect((await createContainer(type, { [key]: 'abc-4' })).body.code).toBe(110001);
    const search = await typeWithRule(JSON.stringify({ pattern: 'b+' }));
    expect(data(await createContainer(search.type, { [search.field.attributeKey]: 'abbbc' })).containerId).toMatch(/\w/);
  });
});

describe('a stored rule that no longer compiles', () => {
  it('refuses every non-empty value of its field with a clear reason, until the field is saved with a valid rule', async () => {
    const { field, type } = await typeWithRule('{"pattern":"^a+$"}');
    const db = openDb(server.dataDir);
    try {
      db.prepare('UPDATE field_definitions SET validation_rule = ? WHERE field_id = ?').run('{"pattern":"^(?=a)a+$"}', field.fieldId);
    } finally {
      db.close();
    }
    const res = await createContainer(type, { [field.attributeKey]: 'aaa' });
    expect([res.status, res.body.code]).toEqual([400, 110001]);
    expect(res.body.msg).toContain(`'${field.attributeKey}'`);
    expect(res.body.msg).toContain('stored validationRule is no longer accepted');
    expect(res.body.msg).toContain('RE2 syntax');
    expect(data(await createContainer(type, {})).containerId).toMatch(/\w/);

    const stillBroken = await app.post('/v1/fieldDefinitions/save', { fieldId: field.fieldId, displayName: 'Renamed' });
    expect(stillBroken.body.code).toBe(110001);
    data(await app.post('/v1/fieldDefinitions/save', { fieldId: field.fieldId, validationRule: '{"pattern":"^a+$"}' }));
    expect(data(await createContainer(type, { [field.attributeKey]: 'aaa' })).containerId).toMatch(/\w/);
  });
});
