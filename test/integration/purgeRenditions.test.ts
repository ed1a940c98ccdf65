/**
 * Purging versions takes their renditions with them, against a real `folio serve`: the TEXT and
 * PREVIEW rendition rows of every purged version go, queued jobs about them go, and rendition
 * files go once no surviving rendition references their content. Both purge paths: the recycle-bin
 * purge (`folio admin purge`, the same code the serve process's purge job runs) and
 * maxVersionCount pruning.
 */
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rendition } from '../../shared/v1/renditions.ts';
import type { Container, VersionResult } from '../../shared/v1/resources.ts';
import { MIME } from '../fixtures/text.ts';
import { eventually, saveType } from '../helpers/contentModel.ts';
import { queryStore } from '../helpers/dataDir.ts';
import { appApi, data, createTenant, folio, removeDir, startServer, type Api, type ServerHandle } from '../helpers/server.ts';
import { openDb, renditionPath, settledText } from '../helpers/text.ts';

const DAY = 24 * 3600 * 1000;

let server: ServerHandle;
let api: Api;

beforeAll(async () => {
  server = await startServer();
  api = await appApi(server.url, await createTenant(server.dataDir, 'acme'));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

/** An HTML page: its TEXT rendition has a file of its own (a plain text file's text is the version itself). */
async function put(query: Record<string, string>, content: string): Promise<VersionResult> {
  const page = `<!doctype html><html><body><p>${content}</p></body></html>`;
  return data(await api.raw('/v1/versions/upload', { mimeType: MIME.html, ...query }, new TextEncoder().encode(page))) as VersionResult;
}

async function preview(versionId: string, content: string): Promise<Rendition> {
  return data(await api.raw('/v1/renditions/upload', { versionId, kind: 'PREVIEW', mimeType: MIME.text }, new TextEncoder().encode(content))) as Rendition;
}

/** The version's rendition rows, straight from the store. */
function renditionRows(versionId: string): { kind: string; content_hash: string }[] {
  return queryStore(server.dataDir, 'SELECT kind, content_hash FROM renditions WHERE version_id = ? ORDER BY kind', versionId);
}

function jobsAbout(versionId: string): number {
  return queryStore<{ n: number }>(server.dataDir, 'SELECT COUNT(*) AS n FROM jobs WHERE job_key = ?', versionId)[0]?.n ?? 0;
}

/** The content hashes of a version's READY renditions, once its text is settled. */
async function renditionFiles(versionId: string): Promise<string[]> {
  expect((await settledText(api, versionId)).status).toBe('READY');
  const hashes = renditionRows(versionId).map((r) => r.content_hash);
  expect(hashes.every((h) => h !== '' && existsSync(renditionPath(server.dataDir, h)))).toBe(true);
  return hashes;
}

async function purge(now: number): Promise<void> {
  await folio(['admin', 'purge', '--data', server.dataDir, '--now', new Date(now).toISOString(), '--json']);
}

describe('the recycle-bin purge', () => {
  it("removes a purged document's rendition rows and files, and keeps a file a surviving version shares", async () => {
    const folder = data(await api.post<Container>('/v1/containers/create', { name: `box-${randomUUID()}` }));
    const own = await put({ containerId: folder.containerId, title: 'own.txt' }, `only here ${randomUUID()}`);
    const shared = `shared words ${randomUUID()}`;
    const gone = await put({ containerId: folder.containerId, title: 'gone.txt' }, shared);
    const kept = await put({ title: `kept-${randomUUID()}.txt` }, shared);
    const sharedPreview = `a preview both keep ${randomUUID()}`;
    await preview(gone.versionId, sharedPreview);
    await preview(kept.versionId, sharedPreview);
    await preview(own.versionId, `a preview of its own ${randomUUID()}`);

    const ownFiles = await renditionFiles(own.versionId);
    const goneFiles = await renditionFiles(gone.versionId);
    const keptFiles = await renditionFiles(kept.versionId);
    expect(ownFiles).toHaveLength(2);
    // Same content, same extracted text, same preview bytes: the two versions share both files.
    expect(keptFiles).toEqual(goneFiles);

    data(await api.post('/v1/containers/delete', { containerId: folder.containerId }));
    await purge(Date.now() + 60 * DAY);

    for (const v of [own, gone]) {
      expect(renditionRows(v.versionId)).toEqual([]);
      expect(jobsAbout(v.versionId)).toBe(0);
    }
    for (const h of ownFiles) expect(existsSync(renditionPath(server.dataDir, h))).toBe(false);
    for (const h of keptFiles) expect(existsSync(renditionPath(server.dataDir, h))).toBe(true);
    expect(renditionRows(kept.versionId).map((r) => r.kind)).toEqual(['PREVIEW', 'TEXT']);
    expect((await settledText(api, kept.versionId)).text).toBe(shared);
  });

  it('drops the jobs about a purged version that are not running: a queued one and a failed one', async () => {
    const doc = await put({ title: `queued-${randomUUID()}.txt` }, `queued ${randomUUID()}`);
    await settledText(api, doc.versionId);
    // As a restart would find them: a retry waiting for its turn, and an earlier attempt that failed.
    const db = openDb(server.dataDir);
    const now = new Date().toISOString();
    const insert = db.prepare(
      `INSERT INTO jobs (queue, job_key, payload, status, max_attempts, run_after, create_time, update_time)
       VALUES ('text-extraction', ?, ?, ?, 3, ?, ?, ?)`,
    );
    const payload = JSON.stringify({ tenantId: 'nobody', versionId: doc.versionId });
    for (const status of ['QUEUED', 'FAILED']) insert.run(doc.versionId, payload, status, Date.now() + DAY, now, now);
    db.close();
    expect(jobsAbout(doc.versionId)).toBe(2);
    data(await api.post('/v1/documents/delete', { docId: doc.docId }));
    await purge(Date.now() + 60 * DAY);
    expect(jobsAbout(doc.versionId)).toBe(0);
    expect(renditionRows(doc.versionId)).toEqual([]);
  });
});

describe('maxVersionCount pruning', () => {
  it("removes a pruned version's rendition rows and files, and keeps files another document's version shares", async () => {
    const type = await saveType(api, { targetKind: 'DOCUMENT', maxVersionCount: 1 });
    const shared = `said twice ${randomUUID()}`;
    const sharedPreview = `one preview for both ${randomUUID()}`;
    const holder = await put({ title: `holder-${randomUUID()}.txt` }, shared);
    await preview(holder.versionId, sharedPreview);
    const first = await put({ title: `pruned-${randomUUID()}.txt`, documentTypeId: type.typeId }, shared);
    await preview(first.versionId, sharedPreview);
    const ownPreview = await preview(first.versionId, `first's own preview ${randomUUID()}`);
    const holderFiles = await renditionFiles(holder.versionId);
    await renditionFiles(first.versionId);

    await put({ docId: first.docId }, `second ${randomUUID()}`);

    expect(await eventually(() => renditionRows(first.versionId).length === 0)).toBe(true);
    expect(jobsAbout(first.versionId)).toBe(0);
    expect(await eventually(() => !existsSync(renditionPath(server.dataDir, ownPreview.contentHash)))).toBe(true);
    for (const h of holderFiles) expect(existsSync(renditionPath(server.dataDir, h))).toBe(true);
    expect(renditionRows(holder.versionId).map((r) => r.kind)).toEqual(['PREVIEW', 'TEXT']);
  });
});
