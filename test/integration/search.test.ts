/**
 * POST /v1/search/getPage against a real `folio serve`: names, extracted text, a word only in an
 * OCR'd scan, the index following renames, new versions, deletes and restores, ACL filtering,
 * tenant isolation, containerId scope, and hostile queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container, PageOf } from '../../shared/v1/resources.ts';
import type { SearchResult } from '../../shared/v1/search.ts';
import { drawText, MIME, pdf } from '../fixtures/text.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type ServerHandle, type Tenant } from '../helpers/server.ts';
import { settledText, upload } from '../helpers/text.ts';
import { createUsers, type TestUser } from '../helpers/users.ts';
import { HEAVY_TEST_MS, until } from '../helpers/wait.ts';

let server: ServerHandle;
let tenant: Tenant;
let app: Api;
let other: Api;
let alice: TestUser;

const VALIDATION = 110001;
const utf8 = (s: string) => new TextEncoder().encode(s);

async function search(api: Api, query: string, extra: Record<string, unknown> = {}): Promise<PageOf<SearchResult>> {
  return data(await api.post<PageOf<SearchResult>>('/v1/search/getPage', { query, ...extra }));
}

/** Waits until the index answers the query with exactly these documents (the text job and the indexer run in the background). */
async function searchUntil(api: Api, query: string, docIds: string[], extra: Record<string, unknown> = {}): Promise<PageOf<SearchResult>> {
  const want = [...docIds].sort().join(',');
  return until(`search "${query}" to find ${want || 'nothing'}`, async () => {
    const page = await search(api, query, extra);
    return page.content.map((r) => r.docId).sort().join(',') === want && page;
  });
}

async function container(name: string, extra: Record<string, unknown> = {}): Promise<Container> {
  return data(await app.post<Container>('/v1/containers/create', { name, ...extra }));
}

/** The words a highlight marks in its snippet. */
const marked = (r: SearchResult): string[] => r.highlights.map((h) => r.snippet.slice(h.start, h.start + h.length).toLowerCase());

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir, 'acme');
  app = await appApi(server.url, tenant);
  other = await appApi(server.url, await createTenant(server.dataDir, 'globex'));
  ({ alice } = await createUsers(server.dataDir, tenant.tenantId, app, ['alice']));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('what is found', () => {
  it('a name, with the match highlighted in the snippet, at page 1', async () => {
    const v = await upload(app, utf8('nothing relevant inside'), MIME.text, 'Quarterly Zanzibar report');
    const page = await searchUntil(app, 'zanzibar', [v.docId]);
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({ docId: v.docId, versionId: v.versionId, title: 'Quarterly Zanzibar report', page: 1 });
    expect(marked(page.content[0] as SearchResult)).toEqual(['zanzibar']);
  });

  it('extracted text, at the page that holds the word', async () => {
    const v = await upload(app, pdf([['Introduction to nothing'], ['The marmalade clause applies'], ['End']]), MIME.pdf, 'contract.pdf');
    expect((await settledText(app, v.versionId)).status).toBe('READY');
    const page = await searchUntil(app, 'Marmalade', [v.docId]);
    const hit = page.content[0] as SearchResult;
    expect(hit.page).toBe(2);
    expect(hit.snippet).toContain('marmalade clause');
    expect(marked(hit)).toEqual(['marmalade']);
  });

  it('a word only in an OCR\'d scan', { timeout: HEAVY_TEST_MS }, async () => {
    const scan = await upload(app, pdf([drawText(['Cover page'], 1200, 200, 48), drawText(['Pelican invoice total'], 1200, 200, 48)]), MIME.pdf, 'scan.pdf');
    const text = await settledText(app, scan.versionId);
    expect(text.source).toBe('OCR');
    const page = await searchUntil(app, 'pelican', [scan.docId]);
    expect(page.content[0]?.page).toBe(2);
  });

  it('phrases must match in order; every word must match', async () => {
    const v = await upload(app, utf8('the blue harbour crane lifts crates'), MIME.text, 'port notes');
    await searchUntil(app, 'harbour crane', [v.docId]);
    await searchUntil(app, '"harbour crane"', [v.docId]);
    expect((await search(app, '"crane harbour"')).totalElements).toBe(0);
    expect((await search(app, 'harbour giraffe')).totalElements).toBe(0);
  });
});

describe('the index follows the documents', () => {
  it('rename, new version, delete and restore', async () => {
    const v = await upload(app, utf8('first draft about walruses'), MIME.text, 'Draft one');
    await searchUntil(app, 'walruses', [v.docId]);

    data(await app.post('/v1/documents/update', { docId: v.docId, title: 'Final Okapi memo' }));
    await searchUntil(app, 'okapi', [v.docId]);
    expect((await search(app, '"draft one"')).totalElements).toBe(0);

    const v2 = data(await app.raw('/v1/versions/upload', { docId: v.docId, mimeType: MIME.text }, utf8('second draft about narwhals'))) as { versionId: string };
    const found = await searchUntil(app, 'narwhals', [v.docId]);
    expect(found.content[0]?.versionId).toBe(v2.versionId);
    await searchUntil(app, 'walruses', []);

    data(await app.post('/v1/documents/delete', { docId: v.docId }));
    expect((await search(app, 'narwhals')).totalElements).toBe(0);
    expect((await search(app, 'okapi')).totalElements).toBe(0);
    data(await app.post('/v1/documents/restore', { docId: v.docId }));
    expect((await search(app, 'narwhals')).content.map((r) => r.docId)).toEqual([v.docId]);
  });
});

describe('who finds what', () => {
  it('a user finds only what they may read, and text only where they may download', async () => {
    const open = await container('search-open', { aclInheritEnabled: false });
    data(await app.post('/v1/acl/entries/set', { containerId: open.containerId, entries: [{ principalType: 'USER', principalId: alice.userId, role: 'DOWNLOADER' }] }));
    const viewOnly = await container('search-view-only', { aclInheritEnabled: false });
    data(await app.post('/v1/acl/entries/set', { containerId: viewOnly.containerId, entries: [{ principalType: 'USER', principalId: alice.userId, role: 'VIEWER' }] }));
    const hidden = await container('search-hidden', { aclInheritEnabled: false });
    data(await app.post('/v1/acl/entries/set', { containerId: hidden.containerId, entries: [] }));

    const put = async (c: Container, title: string, text: string) =>
      data(await app.raw('/v1/versions/upload', { containerId: c.containerId, title, mimeType: MIME.text }, utf8(text))) as { docId: string; versionId: string };
    const a = await put(open, 'open capybara', 'text with quokka');
    const b = await put(viewOnly, 'viewable capybara', 'text with quokka');
    const c = await put(hidden, 'hidden capybara', 'text with quokka');
    await settledText(app, a.versionId);
    await settledText(app, b.versionId);
    await settledText(app, c.versionId);
    await searchUntil(app, 'quokka', [a.docId, b.docId, c.docId]);

    const byName = await search(alice.api, 'capybara');
    expect(byName.content.map((r) => r.docId).sort()).toEqual([a.docId, b.docId].sort());
    expect(byName.totalElements).toBe(2);
    // Viewers may not read the text (GET /v1/versions/text needs DOWNLOAD), so it finds nothing for them.
    expect((await search(alice.api, 'quokka')).content.map((r) => r.docId)).toEqual([a.docId]);
    expect((await search(alice.api, 'viewable quokka')).totalElements).toBe(0);
  });

  it('tenants are isolated', async () => {
    const v = await upload(app, utf8('the secret word is axolotl'), MIME.text, 'acme only');
    await searchUntil(app, 'axolotl', [v.docId]);
    expect(await search(other, 'axolotl')).toEqual({ totalElements: 0, content: [] });
    const res = await other.post('/v1/search/getPage', { query: 'axolotl', containerId: (await container('acme-scope')).containerId });
    expect(res.body.code).toBe(120001);
  });

  it('containerId scopes the search to that subtree', async () => {
    const top = await container('search-scope');
    const inner = await container('search-scope-inner', { parentId: top.containerId });
    const elsewhere = await container('search-scope-elsewhere');
    const put = async (c: Container, title: string) =>
      (data(await app.raw('/v1/versions/upload', { containerId: c.containerId, title, mimeType: MIME.text }, utf8('x'))) as { docId: string }).docId;
    const inTop = await put(top, 'gazelle top');
    const inInner = await put(inner, 'gazelle inner');
    const outside = await put(elsewhere, 'gazelle outside');
    await searchUntil(app, 'gazelle', [inTop, inInner, outside]);
    await searchUntil(app, 'gazelle', [inTop, inInner], { containerId: top.containerId });
    await searchUntil(app, 'gazelle', [inInner], { containerId: inner.containerId });
  });

  it('pages count what the caller may read', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await upload(app, utf8('y'), MIME.text, `pangolin ${n}`)).docId);
    await searchUntil(app, 'pangolin', ids);
    const first = await search(app, 'pangolin', { pageSize: 2, pageNumber: 1 });
    const second = await search(app, 'pangolin', { pageSize: 2, pageNumber: 2 });
    expect(first.totalElements).toBe(3);
    expect(first.content).toHaveLength(2);
    expect(second.content).toHaveLength(1);
    expect([...first.content, ...second.content].map((r) => r.docId).sort()).toEqual([...ids].sort());
  });
});

describe('hostile queries', () => {
  it('FTS5 syntax in the query is words, never an error or an operator', async () => {
    const v = await upload(app, utf8('near the lighthouse, or so they said'), MIME.text, 'lighthouse log');
    await searchUntil(app, 'said', [v.docId]);
    for (const q of ['lighthouse"', 'lighthouse*', 'NEAR(lighthouse', 'NEAR(', 'lighthouse OR', 'title:lighthouse', '"lighthouse', '(lighthouse)', '-lighthouse', '^lighthouse', 'lighthouse AND NOT']) {
      const res = await app.post<PageOf<SearchResult>>('/v1/search/getPage', { query: q });
      expect(res.status, q).toBe(200);
      expect(res.body.code, q).toBe(0);
    }
    // "OR" is a word to find, not an operator: this document has "or".
    expect((await search(app, 'lighthouse OR')).content.map((r) => r.docId)).toEqual([v.docId]);
    expect((await search(app, 'lighthouse OR zebra')).totalElements).toBe(0);
    expect((await search(app, 'NEAR( lighthouse said )')).content.map((r) => r.docId)).toEqual([v.docId]);
  });

  it('a query with no words, too long, or with too many terms is a clear 110001', async () => {
    for (const body of [{ query: '"' }, { query: '*' }, { query: '(' }, { query: '' }, { query: '" * ( ) :' }, { query: 'a'.repeat(201) }, { query: Array.from({ length: 17 }, (_, i) => `w${i}`).join(' ') }, { query: 42 }, {}]) {
      const res = await app.post('/v1/search/getPage', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code, JSON.stringify(body)).toBe(VALIDATION);
      expect(res.body.success).toBe(false);
      expect(res.body.msg).toBeTruthy();
    }
  });
});
