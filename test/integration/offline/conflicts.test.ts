/**
 * Issue 5, tests 2 and 3: both sides change the same thing while the daemon is offline.
 *
 * 2. A document edited through the local API while offline, and meanwhile on the service: both
 *    contents survive, the service's as the document and ours as the conflicted copy (docs/architecture.md, "The sync engine").
 * 3. A share grant's expiry changed offline while someone else changes it on the service: the
 *    replay becomes a conflict in GET /v1/local/status, and neither change is lost. Share grants
 *    live on another branch: this runs once the service has /v1/share-grants/update (the same
 *    outbox rule is tested on content types in records.test.ts, which runs everywhere).
 *
 * "Meanwhile" is made exact by stopping the daemon before the service comes back, so the other
 * change lands first.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document, PageOf } from '../../../shared/v1/resources.ts';
import { data } from '../../helpers/server.ts';
import { sha, until, World } from './harness.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

let w: World;
let hasShares = false;

beforeAll(async () => {
  w = await World.create();
  hasShares = (await w.servicePaths()).has('/v1/share-grants/update');
  await w.serviceUpload({ containerId: w.rootId, title: 'report.txt' }, 'base');
  await w.pairAdd();
  await w.startDaemon();
  await w.converged();
}, HEAVY_TEST_MS);
afterAll(async () => {
  await w?.close();
});

describe('both sides change while offline', () => {
  it('a document edited locally and on the service keeps both contents: the document and a conflicted copy', async () => {
    const doc = (await w.serviceDocs(w.rootId)).get('report.txt') as Document;
    await w.stopService();
    await w.offline();
    data(await w.local.raw('/v1/versions/upload', { docId: doc.docId }, Buffer.from('edited locally, offline')));
    expect(readFileSync(join(w.dir, 'report.txt'), 'utf8')).toBe('edited locally, offline');
    await w.stopDaemon();

    await w.startService();
    await w.serviceUpload({ docId: doc.docId }, 'edited on the service');
    await w.startDaemon();
    await w.converged();

    const docs = await w.serviceDocs(w.rootId);
    expect(docs.get('report.txt')?.contentHash).toBe(sha('edited on the service'));
    const copies = [...docs.values()].filter((d) => /^report \(conflicted copy .+\)\.txt$/.test(d.title));
    expect(copies).toHaveLength(1);
    expect(copies[0]?.contentHash).toBe(sha('edited locally, offline'));
    const listing = w.folderListing();
    expect(listing['report.txt']).toBe(sha('edited on the service'));
    expect(Object.entries(listing).filter(([name]) => name.startsWith('report (conflicted copy')).map(([, hash]) => hash)).toEqual([sha('edited locally, offline')]);

    // The local API shows both, under the service's ids.
    const local = await until('the mirror to show the conflicted copy', async () => {
      const page = data(await w.local.post<PageOf<Document>>('/v1/documents/getPage', { containerId: w.rootId }));
      return page.content.length === 2 && page;
    });
    expect(local.content.map((d) => d.docId).sort()).toEqual([...docs.values()].map((d) => d.docId).sort());
  }, HEAVY_TEST_MS);

  it('a document made offline under a name the service also got meanwhile: both survive, and the local id maps to ours', async () => {
    await w.stopService();
    await w.offline();
    const ours = data(await w.local.raw('/v1/versions/upload', { containerId: w.rootId, title: 'fresh.txt' }, Buffer.from('ours, made offline'))) as { docId: string };
    await w.stopDaemon();
    await w.startService();
    const theirs = await w.serviceUpload({ containerId: w.rootId, title: 'fresh.txt' }, 'theirs, made on the service');
    await w.startDaemon();
    await w.converged();

    const docs = await w.serviceDocs(w.rootId);
    expect(docs.get('fresh.txt')?.docId).toBe(theirs);
    const copy = [...docs.values()].find((d) => /^fresh \(conflicted copy .+\)\.txt$/.test(d.title)) as Document;
    expect(copy.contentHash).toBe(sha('ours, made offline'));
    expect(data(await w.local.get<{ serviceId: string }>('/v1/local/ids/get', { id: ours.docId })).serviceId).toBe(copy.docId);
    const mirrored = await until('the mirror to name our copy', async () => {
      const d = data(await w.local.get<Document>('/v1/documents/get', { docId: ours.docId }));
      return d.title === copy.title && d;
    });
    expect([mirrored.docId, mirrored.contentHash]).toEqual([copy.docId, sha('ours, made offline')]);
  }, HEAVY_TEST_MS);

  it('a share grant changed offline and on the service is a conflict, and neither change is lost', async (ctx) => {
    if (!hasShares) ctx.skip();
    const doc = (await w.serviceDocs(w.rootId)).get('report.txt') as Document;
    const { stdout } = await w.folio(['admin', 'create-user', '--data', w.server.dataDir, '--tenant', w.tenant.tenantId, '--name', 'reader', '--password', 'correct horse', '--json']);
    const userId = (JSON.parse(stdout) as { userId: string }).userId;
    const day = 24 * 3600 * 1000;
    const grant = data(
      await w.local.post<{ shareGrantId: string; expiresAt: string }>('/v1/share-grants/create', {
        resourceType: 'DOCUMENT',
        resourceId: doc.docId,
        granteeType: 'USER',
        granteeId: userId,
        permissionPreset: 'VIEW',
        expiresAt: new Date(Date.now() + 7 * day).toISOString(),
      }),
    );
    await w.stopService();
    await w.offline();
    const ours = new Date(Date.now() + 30 * day).toISOString();
    expect((await w.local.post('/v1/share-grants/update', { shareGrantId: grant.shareGrantId, expiresAt: ours })).status).toBe(202);
    await w.stopDaemon();

    await w.startService();
    const theirs = new Date(Date.now() + 2 * day).toISOString();
    data(await w.svc.post('/v1/share-grants/update', { shareGrantId: grant.shareGrantId, expiresAt: theirs }));
    await w.startDaemon();

    const status = await until('the conflict to be reported', async () => {
      const s = await w.status();
      return s.online && s.outboxLength === 0 && s.conflicts.length === 1 && s;
    });
    const conflict = status.conflicts[0];
    expect(conflict?.path).toBe('/v1/share-grants/update');
    expect((conflict?.body as { expiresAt: string }).expiresAt).toBe(ours);
    expect(conflict?.serviceRecord?.expiresAt).toBe(theirs);
    expect(conflict?.basedOn?.expiresAt).toBe(grant.expiresAt);
    // The service keeps the other change: nothing was overwritten.
    expect((await w.client.v1(contract.shareGrants.get, { shareGrantId: grant.shareGrantId })).expiresAt).toBe(theirs);
  }, HEAVY_TEST_MS);
});
