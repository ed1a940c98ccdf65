/**
 * POST /v1/search/getPage on the local server: the service answers while it is reachable (names
 * and text); while it is away, the mirror answers over the names it holds and the text it kept of
 * the documents it downloaded, marked as the mirror's.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageOf } from '../../../shared/v1/resources.ts';
import type { SearchResult } from '../../../shared/v1/search.ts';
import { data } from '../../helpers/server.ts';
import { until, World, wellFormed } from './harness.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

let w: World;

beforeAll(async () => {
  w = await World.create();
  await w.serviceUpload({ containerId: w.rootId, title: 'Heron field notes.txt' }, 'the kingfisher came back');
  await w.pairAdd();
  await w.startDaemon();
  await w.converged();
}, HEAVY_TEST_MS);
afterAll(async () => {
  await w?.close();
});

const search = (query: string) => w.local.post<PageOf<SearchResult>>('/v1/search/getPage', { query });

describe('search on the local server', () => {
  it('online: the service answers, text included', async () => {
    const page = await until('the service to index the text', async () => {
      const found = data(await search('kingfisher'));
      return found.totalElements === 1 && found;
    });
    expect(page.content[0]?.title).toBe('Heron field notes.txt');
  });

  it('online: the mirror keeps the text of the current version it downloaded', async () => {
    const doc = (await w.serviceDocs(w.rootId)).get('Heron field notes.txt');
    // The mirror's own file, read beside the daemon: its text arrives with a refresh after the service extracted it.
    const mirror = new Database(join(w.stateDir, 'mirror', 'folio.db'), { readonly: true, fileMustExist: true });
    try {
      const body = await until('the text in the mirror', async () => mirror.prepare<[string], { body: string }>('SELECT body FROM search_text WHERE version_id = ?').get(doc?.currentVersionId ?? '')?.body);
      expect(body).toBe('the kingfisher came back');
    } finally {
      mirror.close();
    }
  });

  it('offline: the mirror answers by name and by text, says so, and hostile input is still a clear 110001', async () => {
    const doc = (await w.serviceDocs(w.rootId)).get('Heron field notes.txt');
    await w.stopService();
    await w.offline();
    const res = await search('heron');
    wellFormed(res.status, res.headers, res.body);
    expect(res.headers.get('x-folio-source')).toBe('mirror');
    expect(data(res).content.map((r) => [r.docId, r.title, r.page])).toEqual([[doc?.docId, 'Heron field notes.txt', 1]]);
    const inText = await search('kingfisher');
    expect(inText.headers.get('x-folio-source')).toBe('mirror');
    const [hit] = data(inText).content;
    expect([hit?.docId, hit?.page, hit?.snippet]).toEqual([doc?.docId, 1, 'the kingfisher came back']);
    expect(hit?.highlights).toEqual([{ start: 4, length: 10 }]);
    expect(data(await search('"notes heron"')).totalElements).toBe(0);

    const bad = await search('" * (');
    wellFormed(bad.status, bad.headers, bad.body);
    expect(bad.body.code).toBe(110001);
  });
});
