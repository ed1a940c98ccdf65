/**
 * Store.groupTransaction: uploads that finish in the same turn of the event loop share one COMMIT.
 * Seen from a second connection, as another process would see it: nothing a group wrote is there
 * before its callers are told it committed, and all of it is there once they are.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../../main/store/index.ts';
import { createTenant, removeDir, tempDir, type Tenant } from '../../helpers/server.ts';

let dir: string;
let store: Store;
let tenant: Tenant;
let other: Database.Database;

beforeEach(async () => {
  dir = tempDir('folio-group-');
  tenant = await createTenant(dir);
  store = await openStore(dir);
  other = new Database(`${dir}/folio.db`, { readonly: true });
});
afterEach(() => {
  other.close();
  store.close();
  removeDir(dir);
});

const committedNames = (): string[] =>
  (other.prepare("SELECT name FROM containers WHERE system_kind IS NULL ORDER BY name").pluck().all() as string[]);

function addFolder(name: string, parentId?: string): string {
  const root = store.containers.findSystem(tenant.tenantId, 'ROOT');
  if (!root) throw new Error('a tenant has a root');
  const typeId = store.contentTypes.findSystem(tenant.tenantId, 'CONTAINER')?.typeId ?? '';
  return store.containers.create({
    tenantId: tenant.tenantId,
    parentId: parentId ?? root.containerId,
    containerTypeId: typeId,
    name,
    description: '',
    sortOrder: 0,
    metadata: {},
    aclInheritEnabled: true,
    systemKind: null,
    createBy: tenant.clientId,
  }).containerId;
}

/** The store's own connection: only to make its COMMIT fail. */
const connectionOf = (s: Store) => (s as unknown as { db: Database.Database }).db;

it('writes of the same turn commit together, and only then do their callers go on', async () => {
  const a = store.groupTransaction(() => addFolder('a'));
  const b = store.groupTransaction(() => addFolder('b'));
  expect(committedNames()).toEqual([]);
  await Promise.all([a, b]);
  expect(committedNames()).toEqual(['a', 'b']);
});

it('a member that throws undoes its own writes only, and only its caller hears of it', async () => {
  const a = store.groupTransaction(() => addFolder('kept'));
  const failed = store.groupTransaction(() => {
    addFolder('undone');
    throw new Error('this upload failed');
  });
  await expect(failed).rejects.toThrow('this upload failed');
  await a;
  expect(committedNames()).toEqual(['kept']);
});

it('a plain transaction commits an open group first, and is itself committed when it returns', async () => {
  const grouped = store.groupTransaction(() => addFolder('grouped'));
  let settled = false;
  void grouped.then(() => (settled = true));
  store.transaction(() => addFolder('plain'));
  expect(committedNames()).toEqual(['grouped', 'plain']);
  await grouped;
  expect(settled).toBe(true);
});

it('a failed COMMIT rejects every caller of the group, and nothing of it stays', async () => {
  const a = store.groupTransaction(() => addFolder('x'));
  // A deferred foreign-key check runs at COMMIT: a row pointing at no blob makes the COMMIT fail.
  const b = store.groupTransaction(() => {
    const db = connectionOf(store);
    db.pragma('defer_foreign_keys = ON');
    db.prepare("INSERT INTO versions (version_id, tenant_id, doc_id, version_no, blob_id, content_hash, size_bytes, mime_type, original_filename, create_by, create_time) VALUES ('v', ?, 'd', 1, 'no-such-blob', 'h', 1, 'text/plain', 'f', 'u', 't')").run(tenant.tenantId);
  });
  await expect(a).rejects.toThrow(/FOREIGN KEY/);
  await expect(b).rejects.toThrow(/FOREIGN KEY/);
  expect(committedNames()).toEqual([]);
  store.transaction(() => addFolder('after'));
  expect(committedNames()).toEqual(['after']);
});
