/**
 * setCurrentVersion builds the document it returns instead of reading it back (one lookup less
 * per upload): what it returns must be exactly what a read finds.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../../main/store/index.ts';
import { createTenant, removeDir, tempDir, type Tenant } from '../../helpers/server.ts';

let dir: string;
let store: Store;
let tenant: Tenant;

beforeEach(async () => {
  dir = tempDir('folio-current-');
  tenant = await createTenant(dir);
  store = await openStore(dir);
});
afterEach(() => {
  store.close();
  removeDir(dir);
});

it('returns the document exactly as it is now stored, after a first and a second version', async () => {
  const { tenantId, clientId } = tenant;
  const folder = await store.containers.findSystem(tenantId, 'DEFAULT');
  const type = await store.contentTypes.findSystem(tenantId, 'DOCUMENT');
  if (!folder || !type) throw new Error('a new tenant has a default folder and a document type');
  let doc = await store.documents.create({ tenantId, containerId: folder.containerId, title: 'a.txt', documentTypeId: type.typeId, metadata: { k: 'v' }, createBy: clientId });
  for (const [n, hash] of [
    [1, 'a'.repeat(64)],
    [2, 'b'.repeat(64)],
  ] as const) {
    const blobId = store.versions.ensureBlob(tenantId, hash, 10 * n);
    const v = store.versions.append({ tenantId, docId: doc.docId, blobId, contentHash: hash, sizeBytes: 10 * n, mimeType: 'text/plain', originalFilename: `a${n}.txt`, comment: '', label: '', createBy: 'someone-else' });
    doc = await store.documents.setCurrentVersion(doc, v, 'someone-else');
    expect(doc).toEqual(await store.documents.get(tenantId, doc.docId));
    expect(doc.currentVersionNo).toBe(n);
  }
});
