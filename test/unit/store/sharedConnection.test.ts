/**
 * The offline bookkeeping (outbox, cached answers) lives in sync.db beside the engine's trees. The
 * engine groups its transfer results into one transaction that stays open for up to a second, across
 * awaits. A second connection in the same process that writes meanwhile waits for the lock
 * synchronously: the event loop that would end the group is blocked, so the write stalls for the
 * whole busy timeout and then fails. The offline store therefore shares the engine's connection,
 * and what it writes is durable when the call returns, even inside an open group; so are the account
 * and the settings the desktop store keeps there.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSyncStore, type SyncStore } from '../../../main/store/sync/index.ts';
import type { OfflineStore } from '../../../main/store/offline/state.ts';
import { PairOwner } from '../../../main/sync/owner.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';
import { committedRows } from '../../helpers/syncState.ts';

let dir: string;
let sync: SyncStore;
beforeEach(async () => {
  dir = tempDir('folio-shared-');
  sync = await openSyncStore(dir);
});
afterEach(() => {
  sync.close();
  removeDir(dir);
});

describe('the offline store beside a grouped engine transaction', () => {
  it('writes at once, durably, while the engine holds a group open', () => {
    const offline: OfflineStore = sync.offline();
    PairOwner.add(sync, { pairId: 'p1', serverUrl: 'http://127.0.0.1:1', containerId: 'c1', dir: join(dir, 'folder') });
    sync.begin();
    sync.putNode('p1', 'local', { id: 'n1', parentId: 'c1', name: 'a.txt', kind: 'file', hash: 'h' });

    const started = performance.now();
    offline.enqueue({ method: 'POST', path: '/v1/shares/create', query: {}, body: {}, resource: 'shares', recordId: 'r1', isCreate: true, basedOn: null });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(committedRows(dir, 'outbox')).toBe(1);

    sync.putNode('p1', 'local', { id: 'n2', parentId: 'c1', name: 'b.txt', kind: 'file', hash: 'h' });
    sync.commit();
    expect(sync.loadTree('p1', 'local').size).toBe(2);
  });

  it('keeps a setting the user changed on disk at once, while the engine holds a group open', () => {
    const desktop = sync.desktop();
    sync.begin();
    desktop.putSettings({ pauseAll: true });
    expect(committedRows(dir, 'desktop_settings')).toBe(1);
    sync.commit();
  });
});
