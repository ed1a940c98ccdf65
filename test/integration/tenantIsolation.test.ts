/**
 * Tenant isolation on every endpoint: another tenant's ids behave exactly as unknown ids (same
 * status, code and message), and nothing of the other tenant changes or shows.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/envelope.ts';
import type { ChangePage, ChunkedUploadSession, Container, Document, PageOf, Version, VersionResult } from '../../shared/v1/resources.ts';
import { expectFailure } from '../helpers/envelopes.ts';
import { appApi, createTenant, createUser, data, removeDir, startServer, type Api, type Reply, type ServerHandle } from '../helpers/server.ts';

let server: ServerHandle;
let attacker: Api;
let victim: Api;

/** What tenant B owns; tenant A probes it. */
interface VictimTree {
  container: Container;
  deletedContainer: Container;
  doc: Document;
  deletedDoc: Document;
  version: VersionResult;
  upload: ChunkedUploadSession;
  uploadKey: string;
  content: Uint8Array;
}
let b: VictimTree;
/** Tenant A's own nodes, used where an endpoint takes two ids (move A's node into B's container). */
let own: { container: Container; doc: Document; version: VersionResult };

/** An id of the same shape the service issues, that names nothing. */
function unknownId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

async function fetchReply(res: Response): Promise<Reply<unknown>> {
  return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<unknown> };
}

async function uploadTo(api: Api, query: Record<string, string>, content: Uint8Array): Promise<VersionResult> {
  return data((await api.raw('/v1/versions/upload', query, content)) as Reply<VersionResult>);
}

const chunkGeometry = { totalSize: 10, chunkSize: 10, totalChunks: 1 };
const tenBytes = new Uint8Array(10).fill(7);

beforeAll(async () => {
  server = await startServer();
  const [a, victimTenant] = await Promise.all([createTenant(server.dataDir, 'attacker'), createTenant(server.dataDir, 'victim')]);
  await createUser(server.dataDir, victimTenant.tenantId, 'bob');
  [attacker, victim] = await Promise.all([appApi(server.url, a), appApi(server.url, victimTenant)]);

  const container = data(await victim.post<Container>('/v1/containers/create', { name: 'secret' }));
  const deletedContainer = data(await victim.post<Container>('/v1/containers/create', { name: 'binned' }));
  data(await victim.post('/v1/containers/delete', { containerId: deletedContainer.containerId }));
  const doc = data(await victim.post<Document>('/v1/documents/save', { containerId: container.containerId, title: 'plans.txt' }));
  const content = new TextEncoder().encode('the victim tenant content');
  const version = await uploadTo(victim, { docId: doc.docId }, content);
  const deletedDoc = data(await victim.post<Document>('/v1/documents/save', { containerId: container.containerId, title: 'old.txt' }));
  data(await victim.post('/v1/documents/delete', { docId: deletedDoc.docId }));
  const uploadKey = 'shared-looking-key';
  const upload = data(
    await victim.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { containerId: container.containerId, title: 'big.bin', idempotencyKey: uploadKey, ...chunkGeometry }),
  );
  b = { container, deletedContainer, doc, deletedDoc, version, upload, uploadKey, content };

  const ownContainer = data(await attacker.post<Container>('/v1/containers/create', { name: 'mine' }));
  const ownDoc = data(await attacker.post<Document>('/v1/documents/save', { containerId: ownContainer.containerId, title: 'mine.txt' }));
  own = { container: ownContainer, doc: ownDoc, version: await uploadTo(attacker, { docId: ownDoc.docId }, new TextEncoder().encode('attacker content')) };
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

interface Probe {
  endpoint: string;
  /** The victim's id to try, and a fresh id of the same kind that names nothing. */
  foreign: () => string;
  unknown: () => string;
  call: (id: string) => Promise<Reply<unknown>>;
  code?: number;
  status?: number;
}

const probes: Probe[] = [
  {
    endpoint: 'auth/userSession with a user name of another tenant',
    foreign: () => 'bob',
    unknown: () => `nobody-${randomBytes(4).toString('hex')}`,
    call: (userName) => attacker.post('/v1/auth/userSession', { userName, password: 'correct horse' }),
    code: 100005,
    status: 401,
  },
  { endpoint: 'containers/create parentId', foreign: () => b.container.containerId, unknown: () => unknownId('ctr'), call: (parentId) => attacker.post('/v1/containers/create', { name: 'probe', parentId }) },
  { endpoint: 'containers/get containerId', foreign: () => b.container.containerId, unknown: () => unknownId('ctr'), call: (containerId) => attacker.get('/v1/containers/get', { containerId }) },
  { endpoint: 'containers/getPage parentId', foreign: () => b.container.containerId, unknown: () => unknownId('ctr'), call: (parentId) => attacker.post('/v1/containers/getPage', { parentId }) },
  {
    endpoint: 'containers/update containerId',
    foreign: () => b.container.containerId,
    unknown: () => unknownId('ctr'),
    call: (containerId) => attacker.post('/v1/containers/update', { containerId, name: 'pwned', description: 'pwned' }),
  },
  {
    endpoint: 'containers/update parentId (move into)',
    foreign: () => b.container.containerId,
    unknown: () => unknownId('ctr'),
    call: (parentId) => attacker.post('/v1/containers/update', { containerId: own.container.containerId, parentId }),
  },
  { endpoint: 'containers/delete containerId', foreign: () => b.container.containerId, unknown: () => unknownId('ctr'), call: (containerId) => attacker.post('/v1/containers/delete', { containerId }) },
  { endpoint: 'containers/restore containerId', foreign: () => b.deletedContainer.containerId, unknown: () => unknownId('ctr'), call: (containerId) => attacker.post('/v1/containers/restore', { containerId }) },
  { endpoint: 'documents/save containerId', foreign: () => b.container.containerId, unknown: () => unknownId('ctr'), call: (containerId) => attacker.post('/v1/documents/save', { containerId, title: 'probe.txt' }) },
  { endpoint: 'documents/get docId', foreign: () => b.doc.docId, unknown: () => unknownId('doc'), call: (docId) => attacker.get('/v1/documents/get', { docId }) },
  { endpoint: 'documents/getPage containerId', foreign: () => b.container.containerId, unknown: () => unknownId('ctr'), call: (containerId) => attacker.post('/v1/documents/getPage', { containerId }) },
  { endpoint: 'documents/update docId', foreign: () => b.doc.docId, unknown: () => unknownId('doc'), call: (docId) => attacker.post('/v1/documents/update', { docId, title: 'pwned.txt' }) },
  {
    endpoint: 'documents/update containerId (move into)',
    foreign: () => b.container.containerId,
    unknown: () => unknownId('ctr'),
    call: (containerId) => attacker.post('/v1/documents/update', { docId: own.doc.docId, containerId }),
  },
  { endpoint: 'documents/delete docId', foreign: () => b.doc.docId, unknown: () => unknownId('doc'), call: (docId) => attacker.post('/v1/documents/delete', { docId }) },
  { endpoint: 'documents/restore docId', foreign: () => b.deletedDoc.docId, unknown: () => unknownId('doc'), call: (docId) => attacker.post('/v1/documents/restore', { docId }) },
  { endpoint: 'versions/upload docId', foreign: () => b.doc.docId, unknown: () => unknownId('doc'), call: (docId) => attacker.raw('/v1/versions/upload', { docId }, tenBytes) },
  {
    endpoint: 'versions/upload containerId',
    foreign: () => b.container.containerId,
    unknown: () => unknownId('ctr'),
    call: (containerId) => attacker.raw('/v1/versions/upload', { containerId, title: 'probe.bin' }, tenBytes),
  },
  {
    endpoint: 'versions/initChunkedUpload docId',
    foreign: () => b.doc.docId,
    unknown: () => unknownId('doc'),
    call: (docId) => attacker.post('/v1/versions/initChunkedUpload', { docId, ...chunkGeometry }),
  },
  {
    endpoint: 'versions/initChunkedUpload containerId',
    foreign: () => b.container.containerId,
    unknown: () => unknownId('ctr'),
    call: (containerId) => attacker.post('/v1/versions/initChunkedUpload', { containerId, title: 'probe.bin', ...chunkGeometry }),
  },
  {
    endpoint: 'versions/uploadChunk uploadId',
    foreign: () => b.upload.uploadId,
    unknown: () => unknownId('upl'),
    call: (uploadId) => attacker.raw('/v1/versions/uploadChunk', { uploadId, chunkIndex: '0' }, tenBytes),
  },
  { endpoint: 'versions/completeChunkedUpload uploadId', foreign: () => b.upload.uploadId, unknown: () => unknownId('upl'), call: (uploadId) => attacker.post('/v1/versions/completeChunkedUpload', { uploadId }) },
  { endpoint: 'versions/abortChunkedUpload uploadId', foreign: () => b.upload.uploadId, unknown: () => unknownId('upl'), call: (uploadId) => attacker.post('/v1/versions/abortChunkedUpload', { uploadId }) },
  { endpoint: 'versions/get versionId', foreign: () => b.version.versionId, unknown: () => unknownId('ver'), call: (versionId) => attacker.get('/v1/versions/get', { versionId }) },
  { endpoint: 'versions/getPage docId', foreign: () => b.doc.docId, unknown: () => unknownId('doc'), call: (docId) => attacker.post('/v1/versions/getPage', { docId }) },
  {
    endpoint: 'versions/download versionId',
    foreign: () => b.version.versionId,
    unknown: () => unknownId('ver'),
    call: async (versionId) => fetchReply(await attacker.fetch('/v1/versions/download', { versionId })),
  },
  {
    endpoint: 'versions/download versionId with a Range',
    foreign: () => b.version.versionId,
    unknown: () => unknownId('ver'),
    call: async (versionId) => fetchReply(await attacker.fetch('/v1/versions/download', { versionId }, { range: 'bytes=0-3' })),
  },
];

describe('another tenant’s ids behave exactly as unknown ids', () => {
  it.each(probes.map((p) => [p.endpoint, p] as const))('%s', async (_name, probe) => {
    const foreignId = probe.foreign();
    const unknown = probe.unknown();
    const viaForeign = await probe.call(foreignId);
    const viaUnknown = await probe.call(unknown);
    expectFailure(viaUnknown, probe.code ?? 120001, probe.status ?? 404);
    expectFailure(viaForeign, probe.code ?? 120001, probe.status ?? 404);
    // The messages may quote the id; with the id masked they must be the same words.
    expect(viaForeign.body.msg.replaceAll(foreignId, '<id>')).toBe(viaUnknown.body.msg.replaceAll(unknown, '<id>'));
  });
});

describe('listings never show another tenant', () => {
  it('versions/getPage without docId lists only the caller’s versions', async () => {
    const page = data(await attacker.post<PageOf<Version>>('/v1/versions/getPage', { pageSize: 500 }));
    expect(page.content.map((v) => v.versionId)).toEqual([own.version.versionId]);
    expect(page.totalElements).toBe(1);
  });

  it('changes/getPage never shows another tenant’s changes', async () => {
    const victimIds = new Set([b.container.containerId, b.deletedContainer.containerId, b.doc.docId, b.deletedDoc.docId]);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = data(await attacker.post<ChangePage>('/v1/changes/getPage', { cursor, pageSize: 2 }));
      seen.push(...page.changes.flatMap((c) => [c.id, c.parentId]));
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    expect(seen.filter((id) => victimIds.has(id))).toEqual([]);
    expect(seen).toContain(own.doc.docId);
  });

  it('containers/getPage at the root lists only the caller’s containers', async () => {
    const page = data(await attacker.post<PageOf<Container>>('/v1/containers/getPage', { pageSize: 500 }));
    expect(page.content.map((c) => c.name).sort()).toEqual(['Default', 'mine']);
  });

  it('the same idempotency key in two tenants names two sessions', async () => {
    const mine = data(await attacker.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { title: 'key.bin', idempotencyKey: b.uploadKey, ...chunkGeometry }));
    expect(mine.uploadId).not.toBe(b.upload.uploadId);
    expect(mine.uploadedChunkIndexes).toEqual([]);
    data(await attacker.post('/v1/versions/abortChunkedUpload', { uploadId: mine.uploadId }));
  });

  it('equal content in two tenants is two blobs: no id of the other tenant leaks', async () => {
    const mine = await uploadTo(attacker, { title: 'copy.txt' }, b.content);
    expect(mine.contentHash).toBe(b.version.contentHash);
    expect(mine.blobId).not.toBe(b.version.blobId);
  });
});

describe('after every probe', () => {
  it('the other tenant’s tree is untouched', async () => {
    const c = data(await victim.get<Container>('/v1/containers/get', { containerId: b.container.containerId }));
    expect(c).toMatchObject({ name: 'secret', description: '', status: 'ACTIVE', updateTime: b.container.updateTime });
    expect(data(await victim.get<Container>('/v1/containers/get', { containerId: b.deletedContainer.containerId })).status).toBe('DELETED');
    const docs = data(await victim.post<PageOf<Document>>('/v1/documents/getPage', { containerId: b.container.containerId, includeDeleted: true }));
    expect(docs.content.map((d) => [d.title, d.state]).sort()).toEqual([['old.txt', 'DELETED'], ['plans.txt', 'ACTIVE']]);
    const versions = data(await victim.post<PageOf<Version>>('/v1/versions/getPage', { docId: b.doc.docId }));
    expect(versions.content.map((v) => v.versionId)).toEqual([b.version.versionId]);
    const mine = data(await attacker.get<Container>('/v1/containers/get', { containerId: own.container.containerId }));
    expect(mine.parentId).not.toBe(b.container.containerId);
  });

  it('the other tenant’s upload session still works and holds only its own bytes', async () => {
    const resumed = data(await victim.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { containerId: b.container.containerId, title: 'big.bin', idempotencyKey: b.uploadKey, ...chunkGeometry }));
    expect(resumed).toMatchObject({ uploadId: b.upload.uploadId, uploadedChunkIndexes: [] });
    const bytes = new Uint8Array(10).fill(1);
    data(await victim.raw('/v1/versions/uploadChunk', { uploadId: b.upload.uploadId, chunkIndex: '0' }, bytes));
    const v = data((await victim.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId: b.upload.uploadId })));
    expect(v.contentHash).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('the victim’s feed shows none of the attacker’s nodes', async () => {
    const page = data(await victim.post<ChangePage>('/v1/changes/getPage', { pageSize: 500 }));
    const ids = page.changes.flatMap((c) => [c.id, c.parentId]);
    expect(ids).not.toContain(own.container.containerId);
    expect(ids).not.toContain(own.doc.docId);
  });
});
