/**
 * Content types against a real `folio serve`: spec 4.10 (save, API-client context only), 4.13
 * (getPage and its filters), 4.15 (get), update, disable, inheritance of capabilities, and the
 * limits: maxVersionCount pruning and retentionDays with the purge job.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentType } from '../../shared/v1/contentModel.ts';
import type { Container, Document, PageOf, Version } from '../../shared/v1/resources.ts';
import { blobExists, eventually, saveType, startContentModelWorld, unique, upload } from '../helpers/contentModel.ts';
import { appApi, createUser, data, folio, removeDir, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let other: Api;
let alice: Api;

beforeAll(async () => {
  ({ server, tenant, app, other, alice } = await startContentModelWorld());
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

async function page(api: Api, body: Record<string, unknown>): Promise<PageOf<ContentType>> {
  return data(await api.post<PageOf<ContentType>>('/v1/contentTypes/getPage', body));
}

describe('POST /v1/contentTypes/save (spec 4.10)', () => {
  it('creates a type with every field of the spec, and get returns it', async () => {
    const body = {
      targetKind: 'DOCUMENT',
      code: unique('contract'),
      name: 'Contract',
      description: 'Signed agreements',
      icon: 'file-signature',
      sortOrder: 7,
      maxVersionCount: 5,
      retentionDays: 90,
      capabilities: { 'preview.inline': { effect: 'ALLOW', value: 'pdf' } },
    };
    const created = data(await app.post<ContentType>('/v1/contentTypes/save', body));
    expect(created).toMatchObject({ ...body, parentTypeId: '', system: false, status: 'ENABLED', templateIds: [] });
    expect(created.typeId).toMatch(/^dct_/);
    expect(created.effectiveCapabilities).toEqual(body.capabilities);
    expect(data(await app.get<ContentType>('/v1/contentTypes/get', { typeId: created.typeId }))).toEqual(created);
  });

  it('refuses a user channel with 102002 and creates nothing', async () => {
    const code = unique('byuser');
    const res = await alice.post('/v1/contentTypes/save', { targetKind: 'CONTAINER', code, name: 'By user' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 102002, success: false, data: null });
    expect((await page(app, { name: 'By user' })).totalElements).toBe(0);
  });

  it('refuses an effective weak channel with 102002, and accepts one that degraded to APP_ONLY', async () => {
    await createUser(server.dataDir, tenant.tenantId, 'bob', ['--source', 'ldap', '--source-id', 'b-1']);
    const weakClient = JSON.parse((await folio(['admin', 'create-client', '--data', server.dataDir, '--tenant', tenant.tenantId, '--act-as-user-allowed', '--json'])).stdout) as Tenant;
    const weak = (await appApi(server.url, { ...weakClient, tenantId: tenant.tenantId })).with({ 'X-Svc-Act-As-Source': 'ldap', 'X-Svc-Act-As-Source-Id': 'b-1' });
    const refused = await weak.post('/v1/contentTypes/save', { targetKind: 'CONTAINER', code: unique('weak'), name: 'Weak' });
    expect(refused.body.code).toBe(102002);

    const degraded = app.with({ 'X-Svc-Act-As-Source': 'ldap', 'X-Svc-Act-As-Source-Id': 'b-1' });
    expect(data(await degraded.post<ContentType>('/v1/contentTypes/save', { targetKind: 'CONTAINER', code: unique('deg'), name: 'Degraded' })).name).toBe('Degraded');
  });

  it('keeps code unique per tenant and targetKind (130001)', async () => {
    const code = unique('dup');
    await saveType(app, { targetKind: 'CONTAINER', code });
    const again = await app.post('/v1/contentTypes/save', { targetKind: 'CONTAINER', code, name: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(130001);
    expect((await saveType(app, { targetKind: 'DOCUMENT', code })).code).toBe(code);
    expect((await saveType(other, { targetKind: 'CONTAINER', code })).code).toBe(code);
  });

  it('needs a parent of the same tenant and targetKind', async () => {
    const docType = await saveType(app, { targetKind: 'DOCUMENT' });
    const foreign = await saveType(other, { targetKind: 'CONTAINER' });
    for (const parentTypeId of ['ctt_missing', docType.typeId, foreign.typeId]) {
      const res = await app.post('/v1/contentTypes/save', { targetKind: 'CONTAINER', code: unique('p'), name: 'Child', parentTypeId });
      expect(res.body.code, parentTypeId).toBe(110001);
      expect(res.body.msg).toContain('parentTypeId');
    }
  });

  it('refuses malformed bodies with 110001', async () => {
    const good = { targetKind: 'CONTAINER', code: unique('ok'), name: 'Fine' };
    const bad: Record<string, unknown>[] = [
      { ...good, targetKind: 'FOLDER' },
      { ...good, code: '1starts-with-digit' },
      { ...good, code: 'has space' },
      { ...good, name: '   ' },
      { ...good, maxVersionCount: -1 },
      { ...good, retentionDays: 1.5 },
      { ...good, capabilities: { 'bad key': { effect: 'ALLOW', value: '' } } },
      { ...good, capabilities: { ok: { effect: 'MAYBE', value: '' } } },
      { ...good, templateIds: ['tpl_missing'] },
      { name: 'no code', targetKind: 'CONTAINER' },
    ];
    for (const body of bad) {
      const res = await app.post('/v1/contentTypes/save', body);
      expect(res.body.code, JSON.stringify(body)).toBe(110001);
      expect(res.status).toBe(400);
    }
    expect((await page(app, { name: 'Fine' })).totalElements).toBe(0);
  });
});

describe('GET /v1/contentTypes/get (spec 4.15) and getPage (spec 4.13)', () => {
  it("treats another tenant's type as unknown", async () => {
    const mine = await saveType(app, { targetKind: 'CONTAINER' });
    const res = await other.get('/v1/contentTypes/get', { typeId: mine.typeId });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(120001);
    expect((await page(other, { name: mine.name })).content.map((t) => t.typeId)).not.toContain(mine.typeId);
  });

  it('filters by targetKind, parentTypeId, status and a name substring, and pages', async () => {
    const tag = unique('Zebra');
    const parent = await saveType(app, { targetKind: 'CONTAINER', name: `${tag} parent`, sortOrder: 1 });
    const kids = [];
    for (let i = 0; i < 3; i++) kids.push(await saveType(app, { targetKind: 'CONTAINER', name: `${tag} kid ${i}`, parentTypeId: parent.typeId, sortOrder: 10 + i }));
    await saveType(app, { targetKind: 'DOCUMENT', name: `${tag} doc` });
    await app.post('/v1/contentTypes/disable', { typeId: kids[2]?.typeId });

    expect((await page(app, { name: tag.toLowerCase() })).totalElements).toBe(5);
    expect((await page(app, { name: tag, targetKind: 'DOCUMENT' })).content.map((t) => t.name)).toEqual([`${tag} doc`]);
    const children = await page(app, { parentTypeId: parent.typeId });
    expect(children.content.map((t) => t.typeId)).toEqual(kids.map((k) => k.typeId));
    expect((await page(app, { parentTypeId: parent.typeId, status: 'DISABLED' })).content.map((t) => t.typeId)).toEqual([kids[2]?.typeId]);

    const second = await page(app, { name: tag, targetKind: 'CONTAINER', pageSize: 2, pageNumber: 2, orderByColumn: 'name', isAsc: 'desc' });
    expect(second.totalElements).toBe(4);
    expect(second.content.map((t) => t.name)).toEqual([`${tag} kid 1`, `${tag} kid 0`]);
  });

  it('lists the system types and refuses an unknown orderByColumn', async () => {
    const system = (await page(app, { pageSize: 500 })).content.filter((t) => t.system);
    expect(system.map((t) => t.targetKind).sort()).toEqual(['CONTAINER', 'DOCUMENT']);
    expect((await app.post('/v1/contentTypes/getPage', { orderByColumn: 'tenant_id' })).body.code).toBe(110001);
  });
});

describe('POST /v1/contentTypes/update and inheritance', () => {
  it('changes the given fields and keeps the rest', async () => {
    const t = await saveType(app, { targetKind: 'DOCUMENT', description: 'keep me', maxVersionCount: 3 });
    const u = data(await app.post<ContentType>('/v1/contentTypes/update', { typeId: t.typeId, name: 'Renamed', retentionDays: 12 }));
    expect(u).toMatchObject({ name: 'Renamed', retentionDays: 12, description: 'keep me', maxVersionCount: 3, code: t.code });
  });

  it('refuses a code taken by another type of the kind, a user channel, and another tenant', async () => {
    const a = await saveType(app, { targetKind: 'CONTAINER' });
    const b = await saveType(app, { targetKind: 'CONTAINER' });
    expect((await app.post('/v1/contentTypes/update', { typeId: b.typeId, code: a.code })).body.code).toBe(130001);
    expect((await alice.post('/v1/contentTypes/update', { typeId: b.typeId, name: 'x' })).body.code).toBe(102002);
    expect((await other.post('/v1/contentTypes/update', { typeId: b.typeId, name: 'x' })).body.code).toBe(120001);
    expect(data(await app.get<ContentType>('/v1/contentTypes/get', { typeId: b.typeId })).name).toBe(b.name);
  });

  it('refuses parent cycles with 131001, and parentTypeId "" removes the parent', async () => {
    const a = await saveType(app, { targetKind: 'CONTAINER' });
    const b = await saveType(app, { targetKind: 'CONTAINER', parentTypeId: a.typeId });
    const c = await saveType(app, { targetKind: 'CONTAINER', parentTypeId: b.typeId });
    for (const parentTypeId of [c.typeId, b.typeId, a.typeId]) {
      const res = await app.post('/v1/contentTypes/update', { typeId: a.typeId, parentTypeId });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe(131001);
    }
    expect(data(await app.get<ContentType>('/v1/contentTypes/get', { typeId: a.typeId })).parentTypeId).toBe('');
    const freed = data(await app.post<ContentType>('/v1/contentTypes/update', { typeId: c.typeId, parentTypeId: '' }));
    expect(freed.parentTypeId).toBe('');
    expect(data(await app.post<ContentType>('/v1/contentTypes/update', { typeId: a.typeId, parentTypeId: c.typeId })).parentTypeId).toBe(c.typeId);
  });

  it("inherits the parent's capabilities, the child overriding by key", async () => {
    const grand = await saveType(app, { targetKind: 'DOCUMENT', capabilities: { share: { effect: 'DENY', value: '' }, print: { effect: 'ALLOW', value: 'a4' } } });
    const parent = await saveType(app, { targetKind: 'DOCUMENT', parentTypeId: grand.typeId, capabilities: { print: { effect: 'DENY', value: '' } } });
    const child = await saveType(app, { targetKind: 'DOCUMENT', parentTypeId: parent.typeId, capabilities: { share: { effect: 'ALLOW', value: 'internal' } } });
    expect(child.capabilities).toEqual({ share: { effect: 'ALLOW', value: 'internal' } });
    expect(child.effectiveCapabilities).toEqual({ share: { effect: 'ALLOW', value: 'internal' }, print: { effect: 'DENY', value: '' } });

    await app.post('/v1/contentTypes/update', { typeId: grand.typeId, capabilities: { export: { effect: 'ALLOW', value: 'csv' } } });
    const after = data(await app.get<ContentType>('/v1/contentTypes/get', { typeId: child.typeId }));
    expect(after.effectiveCapabilities).toEqual({ share: { effect: 'ALLOW', value: 'internal' }, print: { effect: 'DENY', value: '' }, export: { effect: 'ALLOW', value: 'csv' } });
  });
});

describe('POST /v1/contentTypes/disable and enable', () => {
  it('refuses to disable a system type (131002)', async () => {
    const folder = (await page(app, { targetKind: 'CONTAINER', pageSize: 500 })).content.find((t) => t.system);
    const res = await app.post('/v1/contentTypes/disable', { typeId: folder?.typeId });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(131002);
    expect(data(await app.get<ContentType>('/v1/contentTypes/get', { typeId: folder?.typeId ?? '' })).status).toBe('ENABLED');
  });

  it('a disabled type takes no new containers until enabled again', async () => {
    const t = await saveType(app, { targetKind: 'CONTAINER' });
    expect(data(await app.post<ContentType>('/v1/contentTypes/disable', { typeId: t.typeId })).status).toBe('DISABLED');
    expect((await alice.post('/v1/contentTypes/enable', { typeId: t.typeId })).body.code).toBe(102002);
    const refused = await app.post('/v1/containers/create', { name: unique('c'), containerTypeId: t.typeId });
    expect(refused.body.code).toBe(110001);
    await app.post('/v1/contentTypes/enable', { typeId: t.typeId });
    expect(data(await app.post<Container>('/v1/containers/create', { name: unique('c'), containerTypeId: t.typeId })).containerTypeId).toBe(t.typeId);
  });
});

describe('maxVersionCount', () => {
  async function versionsOf(docId: string): Promise<Version[]> {
    return data(await app.post<PageOf<Version>>('/v1/versions/getPage', { docId, pageSize: 100 })).content;
  }

  it('prunes the oldest versions beyond the limit and removes blob files nothing references', async () => {
    const t = await saveType(app, { targetKind: 'DOCUMENT', maxVersionCount: 2 });
    const first = data(await upload(app, { title: unique('pruned.txt'), documentTypeId: t.typeId }, `v1 ${unique('')}`));
    const sharedContent = `v2 shared ${unique('')}`;
    const hashes = [first.contentHash];
    hashes.push(data(await upload(app, { docId: first.docId }, sharedContent)).contentHash);
    // Another document holds the same bytes as v2: that file must stay when v2 is pruned.
    await upload(app, { title: unique('holder.txt') }, sharedContent);
    for (const n of [3, 4]) hashes.push(data(await upload(app, { docId: first.docId }, `v${n} ${unique('')}`)).contentHash);

    expect((await versionsOf(first.docId)).map((v) => v.versionNo)).toEqual([4, 3]);
    expect(await eventually(() => !blobExists(server.dataDir, hashes[0] as string))).toBe(true);
    expect(blobExists(server.dataDir, hashes[1] as string)).toBe(true);
    expect(blobExists(server.dataDir, hashes[2] as string)).toBe(true);
    expect(blobExists(server.dataDir, hashes[3] as string)).toBe(true);
    const doc = data(await app.get<Document>('/v1/documents/get', { docId: first.docId }));
    expect(doc.currentVersionNo).toBe(4);
  });

  it("never prunes the document's published version", async () => {
    const t = await saveType(app, { targetKind: 'DOCUMENT', maxVersionCount: 2 });
    const v1 = data(await upload(app, { title: unique('published.txt'), documentTypeId: t.typeId }, `p1 ${unique('')}`));
    // No endpoint publishes a version yet, so the test marks v1 published in the store directly.
    const db = new Database(join(server.dataDir, 'folio.db'));
    db.prepare('UPDATE documents SET published_version_id = ?, published_version_no = 1 WHERE doc_id = ?').run(v1.versionId, v1.docId);
    db.close();
    for (const n of [2, 3, 4]) await upload(app, { docId: v1.docId }, `p${n} ${unique('')}`);
    expect((await versionsOf(v1.docId)).map((v) => v.versionNo)).toEqual([4, 3, 1]);
    expect(blobExists(server.dataDir, v1.contentHash)).toBe(true);
  });

  it('keeps every version when the type sets no limit', async () => {
    const v1 = data(await upload(app, { title: unique('unlimited.txt') }, `u1 ${unique('')}`));
    for (const n of [2, 3, 4]) await upload(app, { docId: v1.docId }, `u${n} ${unique('')}`);
    expect((await versionsOf(v1.docId)).map((v) => v.versionNo)).toEqual([4, 3, 2, 1]);
  });
});

describe('OpenAPI', () => {
  it('describes every content-model route with the permission it needs', async () => {
    const res = await fetch(`${server.url}/v1/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, { summary?: string }>> };
    const routes: [string, string, RegExp][] = [
      ['/v1/contentTypes/save', 'post', /API-client token context.*102002/],
      ['/v1/contentTypes/get', 'get', /Any caller/],
      ['/v1/contentTypes/getPage', 'post', /Any caller/],
      ['/v1/contentTypes/update', 'post', /102002/],
      ['/v1/contentTypes/disable', 'post', /102002/],
      ['/v1/contentTypes/enable', 'post', /102002/],
      ['/v1/fieldDefinitions/get', 'get', /Any caller/],
      ['/v1/fieldDefinitions/save', 'post', /102002/],
      ['/v1/fieldDefinitions/getPage', 'post', /Any caller/],
      ['/v1/termSets/save', 'post', /102002/],
      ['/v1/termSets/get', 'get', /Any caller/],
      ['/v1/templates/save', 'post', /102002/],
      ['/v1/templates/get', 'get', /Any caller/],
      ['/v1/templates/getPage', 'post', /Any caller/],
      ['/v1/containers/getFormSchema', 'get', /READ/],
    ];
    for (const [path, method, permission] of routes) expect(doc.paths[path]?.[method]?.summary, path).toMatch(permission);
  });
});

describe('retentionDays and the purge job', () => {
  const DAY = 24 * 3600 * 1000;

  async function purge(now: number): Promise<{ containers: number; documents: number }> {
    return JSON.parse((await folio(['admin', 'purge', '--data', server.dataDir, '--now', new Date(now).toISOString(), '--json'])).stdout) as {
      containers: number;
      documents: number;
    };
  }

  it("sets purgeAt from the type's retentionDays and removes items, versions and blobs once past", async () => {
    const folderType = await saveType(app, { targetKind: 'CONTAINER', retentionDays: 3 });
    const fileType = await saveType(app, { targetKind: 'DOCUMENT', retentionDays: 1 });
    const box = data(await app.post<Container>('/v1/containers/create', { name: unique('box'), containerTypeId: folderType.typeId }));
    const inner = data(await app.post<Container>('/v1/containers/create', { name: 'inner', parentId: box.containerId }));
    const deep = data(await upload(app, { containerId: inner.containerId, title: 'deep.txt' }, `deep ${unique('')}`));
    const loose = data(await upload(app, { title: unique('loose.txt'), documentTypeId: fileType.typeId }, `loose ${unique('')}`));
    const kept = data(await upload(app, { title: unique('kept.txt') }, `kept ${unique('')}`));

    const deletedAt = Date.now();
    const deletedBox = data(await app.post<Container>('/v1/containers/delete', { containerId: box.containerId }));
    const deletedDoc = data(await app.post<Document>('/v1/documents/delete', { docId: loose.docId }));
    expect(Math.abs(Date.parse(deletedBox.purgeAt) - (deletedAt + 3 * DAY))).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(deletedDoc.purgeAt) - (deletedAt + 1 * DAY))).toBeLessThan(60_000);

    expect(await purge(deletedAt + 2 * DAY)).toEqual({ containers: 0, documents: 1 });
    expect((await app.get('/v1/documents/get', { docId: loose.docId })).body.code).toBe(120001);
    expect(blobExists(server.dataDir, loose.contentHash)).toBe(false);
    expect(data(await app.get<Container>('/v1/containers/get', { containerId: box.containerId })).status).toBe('DELETED');

    expect(await purge(deletedAt + 4 * DAY)).toEqual({ containers: 2, documents: 1 });
    for (const containerId of [box.containerId, inner.containerId]) {
      expect((await app.get('/v1/containers/get', { containerId })).body.code).toBe(120001);
    }
    expect((await app.get('/v1/documents/get', { docId: deep.docId })).body.code).toBe(120001);
    expect((await app.post('/v1/versions/getPage', { docId: deep.docId })).body.code).toBe(120001);
    expect(blobExists(server.dataDir, deep.contentHash)).toBe(false);

    expect(data(await app.get<Document>('/v1/documents/get', { docId: kept.docId })).state).toBe('ACTIVE');
    expect(blobExists(server.dataDir, kept.contentHash)).toBe(true);
  });
});
