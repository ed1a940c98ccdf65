/**
 * The outbox's rule for records (docs/offline.md, "Writes that wait"), on content types: a write
 * queued offline is replayed when the service returns; a replay that meets a record changed on the
 * service since is a conflict in GET /v1/local/status, never an overwrite; the user settles it by
 * applying or discarding ours; the same change made on both sides is no conflict.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentType } from '../../../shared/v1/contentModel.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import { data } from '../../helpers/server.ts';
import { until, World } from './harness.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

let w: World;
/** Three content types: one for each way a both-sides change can end. */
const ids = { apply: '', discard: '', same: '' };

beforeAll(async () => {
  w = await World.create();
  await w.pairAdd();
  await w.startDaemon();
  await w.converged();
  for (const code of ['apply', 'discard', 'same'] as const) {
    ids[code] = data(await w.svc.post<ContentType>('/v1/contentTypes/save', { targetKind: 'DOCUMENT', code, name: code })).typeId;
  }
  // Read once while online: what the offline writes are based on.
  const page = data(await w.local.post<PageOf<ContentType>>('/v1/contentTypes/getPage', { targetKind: 'DOCUMENT' }));
  expect(page.content.map((t) => t.code).sort()).toEqual(['apply', 'discard', 'file', 'same']);
}, HEAVY_TEST_MS);
afterAll(async () => {
  await w?.close();
});

const description = async (typeId: string) => (await w.client.v1(contract.contentTypes.get, { typeId })).description;

describe('queued record writes', () => {
  it('while online, a write goes straight to the service', async () => {
    const res = await w.local.post<ContentType>('/v1/contentTypes/update', { typeId: ids.same, description: 'online' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-folio-outbox-seq')).toBeNull();
    expect(await description(ids.same)).toBe('online');
  });

  it('records changed on both sides: a conflict each, unless both made the same change; apply sends ours, discard keeps theirs', async () => {
    const change = { apply: ['ours A', 'theirs A'], discard: ['ours D', 'theirs D'], same: ['agreed', 'agreed'] } as const;
    await w.stopService();
    await w.offline();
    for (const code of ['apply', 'discard', 'same'] as const) {
      const queued = await w.local.post<ContentType>('/v1/contentTypes/update', { typeId: ids[code], description: change[code][0] });
      expect(queued.status).toBe(202);
      expect(queued.headers.get('x-folio-outbox-seq')).toMatch(/^\d+$/);
      // Offline reads show the record as it will be.
      expect(data(await w.local.get<ContentType>('/v1/contentTypes/get', { typeId: ids[code] })).description).toBe(change[code][0]);
    }
    expect((await w.status()).outboxLength).toBe(3);
    // The daemon stops before the service returns, so the other side's change lands first.
    await w.stopDaemon();
    await w.startService();
    for (const code of ['apply', 'discard', 'same'] as const) data(await w.svc.post('/v1/contentTypes/update', { typeId: ids[code], description: change[code][1] }));
    await w.startDaemon();

    const s = await until('the conflicts', async () => {
      const st = await w.status();
      return st.online && st.outboxLength === 0 && st.conflicts.length === 2 && st;
    });
    expect(s.failed).toEqual([]);
    const byType = new Map(s.conflicts.map((c) => [c.recordId, c]));
    const a = byType.get(ids.apply);
    expect(a?.state).toBe('CONFLICT');
    expect(a?.body).toEqual({ typeId: ids.apply, description: 'ours A' });
    expect(a?.basedOn?.description).toBe('');
    expect(a?.serviceRecord?.description).toBe('theirs A');
    expect(byType.get(ids.discard)?.serviceRecord?.description).toBe('theirs D');
    expect(byType.has(ids.same)).toBe(false);
    // Nothing was overwritten, and reads show the service's records again.
    expect(await description(ids.apply)).toBe('theirs A');
    expect(await description(ids.discard)).toBe('theirs D');
    expect(await description(ids.same)).toBe('agreed');
    expect(data(await w.local.get<ContentType>('/v1/contentTypes/get', { typeId: ids.apply })).description).toBe('theirs A');

    expect((await w.local.post('/v1/local/conflicts/resolve', { seq: a?.seq, action: 'maybe' })).status).toBe(400);
    data(await w.local.post('/v1/local/conflicts/resolve', { seq: a?.seq, action: 'apply' }));
    const d = byType.get(ids.discard);
    data(await w.local.post('/v1/local/conflicts/resolve', { seq: d?.seq, action: 'discard' }));
    await until('ours to be applied', async () => (await description(ids.apply)) === 'ours A');
    const after = await w.converged();
    expect(after.conflicts).toEqual([]);
    expect(await description(ids.discard)).toBe('theirs D');
    expect((await w.local.post('/v1/local/conflicts/resolve', { seq: d?.seq, action: 'discard' })).status).toBe(404);
  }, HEAVY_TEST_MS);
});
