/**
 * DesktopApi's search, Activity's "Show in folder" and "Open", and reads while the service is
 * away, through the dispatcher (as a UI calls them), against a real `folio serve`, the real core
 * with its embedded local server, and a real synced folder. The opener records what it was asked
 * to show, in place of a file manager.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopApi, Result } from '../../../shared/desktop/api.ts';
import { Dispatcher } from '../../../main/desktop/dispatcher.ts';
import { MemoryKeychain } from '../../../main/desktop/keychain.ts';
import { openLocalDesktop, type LocalDesktop } from '../../../main/desktop/local.ts';
import type { Opener } from '../../../main/desktop/opener.ts';
import { FolioClient } from '../../../main/remote/client.ts';
import { uploadFile } from '../../../main/remote/transfer.ts';
import { createTenant, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../../helpers/server.ts';
import { HEAVY_TEST_MS, until } from '../../helpers/wait.ts';

let server: ServerHandle;
let tenant: Tenant;
let service: FolioClient;
let desktop: LocalDesktop;
let api: DesktopApi;
let containerId = '';
let pairId = '';
const asked: [string, string][] = [];
const opener: Opener = {
  showInFolder: async (path) => void asked.push(['show', path]),
  open: async (path) => void asked.push(['open', path]),
};
const state = tempDir('folio-search-state-');
const dir = join(tempDir('folio-search-work-'), 'Field Notes');

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const uploads = tempDir('folio-search-uploads-');

async function upload(title: string, text: string): Promise<void> {
  const file = join(uploads, title);
  writeFileSync(file, text);
  await uploadFile(service, file, { containerId, title });
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server.dataDir);
  service = new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { baseDelayMs: 20 } });
  containerId = (await service.createContainer({ name: 'Field Notes' })).containerId;
  await upload('heron.txt', 'the kingfisher came back');
  for (const n of [1, 2, 3]) await upload(`quokka-${n}.txt`, `quokka sighting ${n}`);
  desktop = await openLocalDesktop({ stateDir: state, keychain: new MemoryKeychain('no keychain in this test'), pollMs: 400, probeMaxMs: 400, opener, client: { retry: { attempts: 2, baseDelayMs: 20 } } });
  api = new Dispatcher(desktop.core, () => {}).api();
  value(await api.signIn({ serviceUrl: server.url, clientId: tenant.clientId, clientSecret: tenant.clientSecret }));
  pairId = value(await api.addPair({ dir, containerId, create: true })).pairId;
  await until('the files on disk', () => existsSync(join(dir, 'heron.txt')) && existsSync(join(dir, 'quokka-3.txt')));
}, HEAVY_TEST_MS);

afterAll(async () => {
  await desktop?.close();
  await server?.stop();
  removeDir(state);
  removeDir(uploads);
  removeDir(join(dir, '..'));
});

describe('search, Activity actions and offline reads in the desktop core', { timeout: HEAVY_TEST_MS }, () => {
  it('searches names and text, naming each hit\'s folder and marking the words', async () => {
    const doc = (await service.children(containerId)).documents.find((d) => d.title === 'heron.txt');
    await until('the text READY on the service', async () => (await service.v1(contract.versions.text, { versionId: doc?.currentVersionId ?? '' })).status === 'READY');
    const found = await until('the text in the index', async () => {
      const r = value(await api.search({ query: 'kingfisher' }));
      return r.totalElements === 1 && r;
    });
    expect(found).toEqual({
      totalElements: 1,
      pageNumber: 1,
      pageSize: 20,
      fromMirror: false,
      hits: [{ docId: doc?.docId, versionId: doc?.currentVersionId, title: 'heron.txt', containerId, folder: 'Field Notes', page: 1, snippet: 'the kingfisher came back', highlights: [{ start: 4, length: 10 }] }],
    });
  });

  it('pages the results', async () => {
    const second = value(await api.search({ query: 'quokka', pageSize: 2, pageNumber: 2 }));
    expect([second.totalElements, second.pageNumber, second.hits.length]).toEqual([3, 2, 1]);
    const first = value(await api.search({ query: 'quokka', pageSize: 2 }));
    expect(new Set([...first.hits, ...second.hits].map((h) => h.title))).toEqual(new Set(['quokka-1.txt', 'quokka-2.txt', 'quokka-3.txt']));
  });

  it('refuses bad arguments with a clear error, and a query of no words with the service\'s', async () => {
    for (const args of [{ query: '' }, { query: 'x'.repeat(201) }, { query: 'a', pageSize: 0 }, { query: 'a', extra: 1 }, {}]) {
      expect(await api.search(args as never)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    }
    expect(await api.search({ query: '" * (' })).toMatchObject({ ok: false, error: { code: 'SERVICE_ERROR', serviceCode: 110001 } });
  });

  it("shows an Activity row's file in its folder and opens it; a deleted file shows its folder and cannot be opened", async () => {
    const downloaded = value(await api.listActivity({})).entries.find((e) => e.path === 'heron.txt' && e.direction === 'download');
    expect(downloaded).toBeDefined();
    const seq = downloaded?.seq as number;
    expect(value(await api.showActivityInFolder({ seq }))).toEqual({ path: join(dir, 'heron.txt'), opened: true });
    expect(value(await api.openActivityFile({ seq }))).toEqual({ path: join(dir, 'heron.txt'), opened: true });

    rmSync(join(dir, 'quokka-1.txt'));
    const deleted = await until('the delete in the activity', async () => value(await api.listActivity({})).entries.find((e) => e.path === 'quokka-1.txt' && e.kind === 'delete'));
    expect(deleted.direction).toBe('deleteOnService');
    expect(value(await api.showActivityInFolder({ seq: deleted.seq }))).toEqual({ path: dir, opened: true });
    expect(await api.openActivityFile({ seq: deleted.seq })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(asked).toEqual([
      ['show', join(dir, 'heron.txt')],
      ['open', join(dir, 'heron.txt')],
      ['show', dir],
    ]);
    expect(await api.showActivityInFolder({ seq: 999_999 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await api.openActivityFile({ seq: 0 })).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
  });

  it('with the service away, reads the folder, the document, its versions, its bytes, its text and the search from the copy on this computer', async () => {
    const doc = (await service.children(containerId)).documents.find((d) => d.title === 'heron.txt');
    const mirror = new Database(join(state, 'mirror', 'folio.db'), { readonly: true, fileMustExist: true });
    try {
      await until('the text in the mirror', () => mirror.prepare<[string], { n: number }>('SELECT count(*) AS n FROM search_text WHERE version_id = ?').get(doc?.currentVersionId ?? '')?.n);
      // The copy is what the last refresh saw: the earlier test's delete must have reached it.
      await until('the delete of quokka-1.txt in the mirror', () => mirror.prepare<[], { n: number }>("SELECT count(*) AS n FROM documents WHERE title = 'quokka-1.txt' AND state = 'ACTIVE'").get()?.n === 0);
    } finally {
      mirror.close();
    }
    await server.stop();
    await until('the core offline', async () => {
      value(await api.syncNow({ pairId }));
      return value(await api.getStatus({})).offline.offline;
    });

    const listing = value(await api.listChildren({ containerId, includeDocuments: true }));
    expect(listing.container.name).toBe('Field Notes');
    expect(listing.documents.map((d) => d.title)).toEqual(['heron.txt', 'quokka-2.txt', 'quokka-3.txt']);
    expect(value(await api.getDocument({ docId: doc?.docId ?? '' })).title).toBe('heron.txt');
    expect(value(await api.listVersions({ docId: doc?.docId ?? '' })).versions.map((v) => v.versionId)).toEqual([doc?.currentVersionId]);
    const text = value(await api.getVersionText({ versionId: doc?.currentVersionId ?? '' }));
    expect([text.status, text.pages.map((p) => [p.page, p.text])]).toEqual(['READY', [[1, 'the kingfisher came back']]]);
    expect(value(await api.getVersionText({ versionId: doc?.currentVersionId ?? '', page: 1 })).pages.map((p) => p.text)).toEqual(['the kingfisher came back']);
    const file = value(await api.downloadVersion({ versionId: doc?.currentVersionId ?? '' }));
    expect(Buffer.from(file.base64, 'base64').toString()).toBe('the kingfisher came back');
    const found = value(await api.search({ query: 'kingfisher' }));
    expect(found.fromMirror).toBe(true);
    expect(found.hits.map((h) => [h.title, h.folder, h.page, h.snippet])).toEqual([['heron.txt', 'Field Notes', 1, 'the kingfisher came back']]);
  });
});
