/**
 * Fills a store with documents and versions straight through the repositories, in big
 * transactions, before `folio serve` opens it: the API would need minutes for 100,000 versions,
 * and the read benchmark measures reading, not filling. The rows are the ones the finalize chain
 * writes (document, blob, versions, current-version columns, change-feed entries); every version
 * shares one blob, whose file is really stored. Each version also gets its finished TEXT rendition
 * row (NOT_APPLICABLE, so no file is needed), as a store whose text jobs have run has: otherwise
 * `folio serve` starts extracting the text of 100,000 versions (the backfill for stores older than
 * text extraction) while the reads are being measured.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { TEXT_KIND } from '../../main/service/text/textDocument.ts';
import { openStore, type Store } from '../../main/store/index.ts';
import type { Tenant } from '../helpers/server.ts';

export interface SeedPlan {
  documents: number;
  versionsPerDocument: number;
  /** Documents per transaction. */
  batch?: number;
}

const BLOB_BYTES = 4096;

export async function seedVersions(dataDir: string, tenant: Tenant, plan: SeedPlan): Promise<string[]> {
  const store = await openStore(dataDir);
  try {
    const blob = await store.blobs.stage(Readable.from([randomBytes(BLOB_BYTES)]), BLOB_BYTES);
    await store.blobs.commit(blob);
    const container = await store.containers.findSystem(tenant.tenantId, 'DEFAULT');
    const docType = await store.contentTypes.findSystem(tenant.tenantId, 'DOCUMENT');
    if (!container || !docType) throw new Error('the tenant has no default container or document type');
    const docIds: string[] = [];
    const batch = plan.batch ?? 100;
    for (let first = 0; first < plan.documents; first += batch) {
      const count = Math.min(batch, plan.documents - first);
      await store.units.transaction(async () => {
        for (let i = first; i < first + count; i++) {
          docIds.push(await seedDocument(store, { tenant, containerId: container.containerId, documentTypeId: docType.typeId, title: `seed-${i}.txt`, blob, versions: plan.versionsPerDocument }));
        }
      });
    }
    return docIds;
  } finally {
    store.close();
  }
}

interface SeedDocument {
  tenant: Tenant;
  containerId: string;
  documentTypeId: string;
  title: string;
  blob: { contentHash: string; sizeBytes: number };
  versions: number;
}

async function seedDocument(store: Store, s: SeedDocument): Promise<string> {
  const { tenantId, clientId } = s.tenant;
  let doc = await store.documents.create({ tenantId, containerId: s.containerId, title: s.title, documentTypeId: s.documentTypeId, metadata: {}, createBy: clientId });
  const change = { tenantId, kind: 'document' as const, id: doc.docId, parentId: s.containerId, name: s.title, deleted: false };
  store.changes.record({ ...change, op: 'create' });
  const blobId = store.versions.ensureBlob(tenantId, s.blob.contentHash, s.blob.sizeBytes);
  for (let n = 0; n < s.versions; n++) {
    const v = store.versions.append({
      tenantId,
      docId: doc.docId,
      blobId,
      contentHash: s.blob.contentHash,
      sizeBytes: s.blob.sizeBytes,
      mimeType: 'text/plain',
      originalFilename: s.title,
      comment: `seeded version ${n + 1}`,
      label: '',
      createBy: clientId,
    });
    doc = await store.documents.setCurrentVersion(doc, v, clientId);
    store.renditions.put(tenantId, v.versionId, TEXT_KIND, { status: 'NOT_APPLICABLE', mimeType: '', contentHash: '', sizeBytes: 0, failReason: '' }, clientId);
    store.changes.record({ ...change, op: 'version', versionNo: v.versionNo, versionId: v.versionId, contentHash: v.contentHash, sizeBytes: v.sizeBytes });
  }
  return doc.docId;
}
