/**
 * Issue 5, test 1: with the service stopped, a container and three documents are made through the
 * local API, two files are edited in the folder, a record is changed (a content type here; a share
 * grant's expiry too once the service has share grants), and a synced document is read (its
 * versions, its content, and its text once the service has GET /v1/versions/text). The service is
 * started again on the same data and port: everything converges, and the local ids map to the
 * service's.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentType } from '../../../shared/v1/contentModel.ts';
import type { LocalIdMapping } from '../../../shared/v1/offline.ts';
import type { Container, Document, PageOf, Version, VersionResult } from '../../../shared/v1/resources.ts';
import { data } from '../../helpers/server.ts';
import { sha, until, World } from './harness.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

let w: World;
let paths: Set<string>;

beforeAll(async () => {
  w = await World.create();
  paths = await w.servicePaths();
}, HEAVY_TEST_MS);
afterAll(async () => {
  await w?.close();
});

describe('offline, then the service returns', () => {
  it('converges: new container and documents, folder edits and queued record changes reach the service; local ids map to service ids', async () => {
    const syncedId = await w.serviceUpload({ containerId: w.rootId, title: 'synced.txt' }, 'synced, version one');
    await w.serviceUpload({ containerId: w.rootId, title: 'other.txt' }, 'other, version one');
    await w.pairAdd();
    await w.startDaemon();
    await w.converged();
    expect(readFileSync(join(w.dir, 'synced.txt'), 'utf8')).toBe('synced, version one');

    // Read while online: the content type and (when the service has them) the text and share grant are kept.
    const types = data(await w.local.post<PageOf<ContentType>>('/v1/contentTypes/getPage', { targetKind: 'DOCUMENT' }));
    const fileType = types.content.find((t) => t.code === 'file') as ContentType;
    const versionId = (await w.client.getDocument(syncedId)).currentVersionId;
    const hasText = paths.has('/v1/versions/text');
    const textOnline = hasText ? data(await w.local.get<{ status: string; text: string }>('/v1/versions/text', { versionId })) : null;
    const hasShares = paths.has('/v1/share-grants/update');
    const grant = hasShares ? await shareGrant(w, syncedId) : null;

    await w.stopService();
    await w.offline();

    const folder = data(await w.local.post<Container>('/v1/containers/create', { parentId: w.rootId, name: 'Made offline', metadataColumns: { project: 'apollo' } }));
    const one = data(await w.local.raw('/v1/versions/upload', { containerId: folder.containerId, title: 'one.txt' }, Buffer.from('one, written offline'))) as VersionResult;
    const two = data(await w.local.raw('/v1/versions/upload', { containerId: folder.containerId, title: 'two.txt' }, Buffer.from('two, written offline'))) as VersionResult;
    const three = data(await w.local.post<Document>('/v1/documents/save', { containerId: folder.containerId, title: 'three.txt' }));
    data(await w.local.raw('/v1/versions/upload', { docId: three.docId }, Buffer.from('three, written offline')));
    writeFileSync(join(w.dir, 'synced.txt'), 'synced, edited in the folder offline');
    writeFileSync(join(w.dir, 'other.txt'), 'other, edited in the folder offline');

    // Written through to the folder at once.
    expect(readFileSync(join(w.dir, 'Made offline', 'one.txt'), 'utf8')).toBe('one, written offline');
    expect(readFileSync(join(w.dir, 'Made offline', 'three.txt'), 'utf8')).toBe('three, written offline');

    const queued = await w.local.post<ContentType>('/v1/contentTypes/update', { typeId: fileType.typeId, description: 'changed offline' });
    expect(queued.status).toBe(202);
    expect(queued.body.data?.description).toBe('changed offline');
    const newExpiry = new Date(Date.now() + 9 * 24 * 3600 * 1000).toISOString();
    if (grant) expect((await w.local.post('/v1/share-grants/update', { shareGrantId: grant, expiresAt: newExpiry })).status).toBe(202);

    // Reads of the synced document work with the service down.
    const versions = data(await w.local.post<PageOf<Version>>('/v1/versions/getPage', { docId: syncedId }));
    expect(versions.content.map((v) => v.versionId)).toEqual([versionId]);
    expect(await (await w.local.fetch('/v1/versions/download', { versionId })).text()).toBe('synced, version one');
    if (textOnline) expect(data(await w.local.get<{ text: string }>('/v1/versions/text', { versionId })).text).toBe(textOnline.text);
    const listed = data(await w.local.post<PageOf<Document>>('/v1/documents/getPage', { containerId: folder.containerId }));
    expect(listed.content.map((d) => d.title).sort()).toEqual(['one.txt', 'three.txt', 'two.txt']);

    // Three new files and two edited ones; the folder's events reach the daemon in their own time.
    const waiting = await until('the daemon to count the files waiting', async () => {
      const s = await w.status();
      return s.pendingUploads === 5 && s;
    });
    expect(waiting.online).toBe(false);
    expect(waiting.outboxLength).toBeGreaterThanOrEqual(2);

    await w.startService();
    await w.converged();

    // The service holds everything.
    const made = (await w.serviceFolders(w.rootId)).get('Made offline') as Container;
    expect(made).toBeDefined();
    expect(made.metadataColumns).toEqual({ project: 'apollo' });
    const docs = await w.serviceDocs(made.containerId);
    expect(Object.fromEntries([...docs].map(([t, d]) => [t, d.contentHash]))).toEqual({
      'one.txt': sha('one, written offline'),
      'two.txt': sha('two, written offline'),
      'three.txt': sha('three, written offline'),
    });
    const top = await w.serviceDocs(w.rootId);
    expect(top.get('synced.txt')?.contentHash).toBe(sha('synced, edited in the folder offline'));
    expect(top.get('other.txt')?.contentHash).toBe(sha('other, edited in the folder offline'));
    expect((await w.client.v1(contract.contentTypes.get, { typeId: fileType.typeId })).description).toBe('changed offline');
    if (grant) expect((await w.client.v1(contract.shareGrants.get, { shareGrantId: grant })).expiresAt).toBe(newExpiry);

    // Local ids map to the service's, and both keep working.
    const expected: Record<string, string> = {
      [folder.containerId]: made.containerId,
      [one.docId]: (docs.get('one.txt') as Document).docId,
      [two.docId]: (docs.get('two.txt') as Document).docId,
      [three.docId]: (docs.get('three.txt') as Document).docId,
    };
    for (const [localId, serviceId] of Object.entries(expected)) {
      expect(localId).not.toBe(serviceId);
      expect(data(await w.local.get<LocalIdMapping>('/v1/local/ids/get', { id: localId })).serviceId).toBe(serviceId);
    }
    expect(data(await w.local.get<Container>('/v1/containers/get', { containerId: folder.containerId })).containerId).toBe(made.containerId);
    const mirrored = data(await w.local.get<Container>('/v1/containers/get', { containerId: made.containerId }));
    expect(mirrored.name).toBe('Made offline');
    expect([mirrored.parentId, mirrored.containerTypeId, mirrored.containerTypeName, mirrored.createTime, mirrored.updateTime]).toEqual([
      made.parentId,
      made.containerTypeId,
      made.containerTypeName,
      made.createTime,
      made.updateTime,
    ]);
    expect(data(await w.local.get<Document>('/v1/documents/get', { docId: one.docId })).docId).toBe(expected[one.docId]);
    // The mirror shows the service's versions under the service's ids.
    const oneVersions = data(await w.local.post<PageOf<Version>>('/v1/versions/getPage', { docId: one.docId }));
    const serviceVersions = await w.client.v1(contract.versions.getPage, { docId: expected[one.docId] });
    expect(oneVersions.content.map((v) => v.versionId)).toEqual(serviceVersions.content.map((v) => v.versionId));
    expect(data(await w.local.get<LocalIdMapping>('/v1/local/ids/get', { id: one.versionId })).serviceId).toBe(serviceVersions.content[0]?.versionId);

    // The folder and the service agree.
    expect(w.folderListing()).toEqual({
      'synced.txt': sha('synced, edited in the folder offline'),
      'other.txt': sha('other, edited in the folder offline'),
      'Made offline/one.txt': sha('one, written offline'),
      'Made offline/two.txt': sha('two, written offline'),
      'Made offline/three.txt': sha('three, written offline'),
    });
  }, HEAVY_TEST_MS);
});

/** A share grant on the document to a new user, read once through the local API while online. */
async function shareGrant(world: World, docId: string): Promise<string> {
  const { stdout } = await world.folio(['admin', 'create-user', '--data', world.server.dataDir, '--tenant', world.tenant.tenantId, '--name', `reader-${Date.now()}`, '--password', 'correct horse', '--json']);
  const userId = (JSON.parse(stdout) as { userId: string }).userId;
  const created = data(
    await world.svc.post<{ shareGrantId: string }>('/v1/share-grants/create', {
      resourceType: 'DOCUMENT',
      resourceId: docId,
      granteeType: 'USER',
      granteeId: userId,
      permissionPreset: 'VIEW',
      expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    }),
  );
  data(await world.local.get('/v1/share-grants/get', { shareGrantId: created.shareGrantId }));
  return created.shareGrantId;
}
