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

/** A rendition row: the renditions are still a synchronous repository (step 5). */
const KIND = 'TEXT';
const rendition = (tenantId: string) =>
  store.renditions.put(tenantId, `ver_of_${tenantId}`, KIND, { status: 'NOT_APPLICABLE', mimeType: '', contentHash: '', sizeBytes: 0, failReason: '' }, 'system').record;

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

    expect(() => store.transaction(() => rendition('tnt_other'))).toThrow(/asynchronous unit of work is open/);
    release();
    const tenantId = await unit;

    expect(await store.identity.tenantExists(tenantId)).toBe(true);
    const created = store.transaction(() => rendition(tenantId));
    expect(store.renditions.get(tenantId, created.versionId, KIND)?.status).toBe('NOT_APPLICABLE');
  });

  it('lets the synchronous repositories write inside a unit, committed and rolled back with it', async () => {
    const kept = await store.units.transaction(async (tx) => {
      const tenantId = await tx.identity.createTenant('kept');
      return { tenantId, versionId: rendition(tenantId).versionId };
    });
    expect(store.renditions.get(kept.tenantId, kept.versionId, KIND)).toBeDefined();

    let dropped = { tenantId: '', versionId: '' };
    await expect(
      store.units.transaction(async (tx) => {
        const tenantId = await tx.identity.createTenant('dropped');
        dropped = { tenantId, versionId: rendition(tenantId).versionId };
        throw new Error('the unit fails after both writes');
      }),
    ).rejects.toThrow('the unit fails after both writes');
    expect(await store.identity.tenantExists(dropped.tenantId)).toBe(false);
    expect(store.renditions.get(dropped.tenantId, dropped.versionId, KIND)).toBeUndefined();
  });
});
