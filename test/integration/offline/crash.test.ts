/**
 * Issue 5, test 4: the daemon is killed with SIGKILL while offline with writes in the outbox, and
 * started again. The outbox survives, and replays exactly once: a create is made once (a second
 * replay would make a second type, or fail on its code), two updates of one record land in order
 * with no conflict between them (a second replay of the first would meet the second as a newer
 * record), nothing moves after a later restart, and a tree write made before the crash reaches
 * the service.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentType } from '../../../shared/v1/contentModel.ts';
import type { Container } from '../../../shared/v1/resources.ts';
import { data } from '../../helpers/server.ts';
import { sha, until, World } from './harness.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

let w: World;

beforeAll(async () => {
  w = await World.create();
  await w.pairAdd();
  await w.startDaemon();
  await w.converged();
}, HEAVY_TEST_MS);
afterAll(async () => {
  await w?.close();
});

async function documentTypes(): Promise<ContentType[]> {
  return (await w.client.v1(contract.contentTypes.getPage, { targetKind: 'DOCUMENT', pageSize: 500 })).content;
}

describe('a crash with a non-empty outbox', () => {
  it('keeps the outbox through kill -9 and replays it exactly once', async () => {
    const fileType = (await documentTypes()).find((t) => t.code === 'file') as ContentType;
    data(await w.local.get('/v1/contentTypes/get', { typeId: fileType.typeId }));
    await w.stopService();
    await w.offline();

    const created = await w.local.post<ContentType>('/v1/contentTypes/save', { targetKind: 'DOCUMENT', code: 'invoice', name: 'Invoice' });
    expect(created.status).toBe(202);
    const localTypeId = created.body.data?.typeId as string;
    // Two writes to one record: the second is based on the first once the first is replayed.
    expect((await w.local.post('/v1/contentTypes/update', { typeId: fileType.typeId, description: 'set offline' })).status).toBe(202);
    expect((await w.local.post('/v1/contentTypes/update', { typeId: fileType.typeId, description: 'set offline, then again' })).status).toBe(202);
    const folder = data(await w.local.post<Container>('/v1/containers/create', { parentId: w.rootId, name: 'Before the crash' }));
    data(await w.local.raw('/v1/versions/upload', { containerId: folder.containerId, title: 'kept.txt' }, Buffer.from('kept through the crash')));
    expect((await w.status()).outboxLength).toBe(3);

    expect(await w.stopDaemon('SIGKILL')).toBeNull();
    await w.startDaemon();
    const after = await w.offline();
    expect(after.outboxLength).toBe(3);
    expect(after.queued.map((q) => q.path)).toEqual(['/v1/contentTypes/save', '/v1/contentTypes/update', '/v1/contentTypes/update']);
    expect(readFileSync(join(w.dir, 'Before the crash', 'kept.txt'), 'utf8')).toBe('kept through the crash');

    await w.startService();
    const done = await w.converged();
    expect(done.conflicts).toEqual([]);
    expect(done.failed).toEqual([]);

    const invoices = (await documentTypes()).filter((t) => t.code === 'invoice');
    expect(invoices).toHaveLength(1);
    const updated = await w.client.v1(contract.contentTypes.get, { typeId: fileType.typeId });
    expect(updated.description).toBe('set offline, then again');
    const made = (await w.serviceFolders(w.rootId)).get('Before the crash') as Container;
    expect((await w.serviceDocs(made.containerId)).get('kept.txt')?.contentHash).toBe(sha('kept through the crash'));
    // The create's local id maps to the service's, and works through the local API.
    const mapped = data(await w.local.get<{ serviceId: string }>('/v1/local/ids/get', { id: localTypeId }));
    expect(mapped.serviceId).toBe(invoices[0]?.typeId);
    expect(data(await w.local.get<ContentType>('/v1/contentTypes/get', { typeId: localTypeId })).code).toBe('invoice');

    // Another restart (a clean one: SIGTERM, exit 0) replays nothing again.
    expect(await w.stopDaemon()).toBe(0);
    await w.startDaemon();
    await w.converged();
    await until('a pass after the restart', async () => (await w.status()).pairs.every((p) => p.lastSyncTime !== ''));
    expect((await documentTypes()).filter((t) => t.code === 'invoice')).toHaveLength(1);
    expect((await w.client.v1(contract.contentTypes.get, { typeId: fileType.typeId })).updateTime).toBe(updated.updateTime);
  }, HEAVY_TEST_MS);
});
