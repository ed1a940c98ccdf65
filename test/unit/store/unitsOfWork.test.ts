/**
 * While the areas convert, the synchronous store and the asynchronous one share the store's one
 * SQLite connection (docs/architecture.md, "The store on two databases"). A synchronous transaction
 * started while an asynchronous unit of work is open would become a savepoint of that unit, and
 * commit or roll back with it: Store.transaction refuses to start then. The synchronous
 * repositories' own statements run inside an open unit, all or nothing with it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../main/store/index.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = tempDir('folio-units-');
  store = await openStore(dir);
});

afterEach(() => {
  store.close();
  removeDir(dir);
});

/** A document row: the documents are still a synchronous repository. */
const file = (tenantId: string) => ({
  tenantId,
  containerId: `ctr_in_${tenantId}`,
  title: 'File',
  documentTypeId: 'dct_any',
  metadata: {},
  createBy: 'system',
});

describe('Store.transaction beside the asynchronous units of work', () => {
  it('refuses to start while a unit of work is open on the connection, and starts once it has ended', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let opened = (): void => undefined;
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    // A unit held open across an await, as every unit on PostgreSQL is while it waits for the server.
    const unit = store.units.transaction(async (tx) => {
      const tenantId = await tx.identity.createTenant('held');
      opened();
      await held;
      return tenantId;
    });
    await open;

    expect(() => store.transaction(() => store.documents.create(file('tnt_other')))).toThrow(/asynchronous unit of work is open/);
    release();
    const tenantId = await unit;

    expect(await store.identity.tenantExists(tenantId)).toBe(true);
    const created = store.transaction(() => store.documents.create(file(tenantId)));
    expect(store.documents.get(tenantId, created.docId)?.title).toBe('File');
  });

  it('lets the synchronous repositories write inside a unit, committed and rolled back with it', async () => {
    const kept = await store.units.transaction(async (tx) => {
      const tenantId = await tx.identity.createTenant('kept');
      return { tenantId, docId: store.documents.create(file(tenantId)).docId };
    });
    expect(store.documents.get(kept.tenantId, kept.docId)).toBeDefined();

    let dropped = { tenantId: '', docId: '' };
    await expect(
      store.units.transaction(async (tx) => {
        const tenantId = await tx.identity.createTenant('dropped');
        dropped = { tenantId, docId: store.documents.create(file(tenantId)).docId };
        throw new Error('the unit fails after both writes');
      }),
    ).rejects.toThrow('the unit fails after both writes');
    expect(await store.identity.tenantExists(dropped.tenantId)).toBe(false);
    expect(store.documents.get(dropped.tenantId, dropped.docId)).toBeUndefined();
  });
});
