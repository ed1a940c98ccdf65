/**
 * document.updated for every path that makes a version (spec §6: the webhook behaviour of uploads
 * is shared by the ingest path), against a real `folio serve` and a real receiver on 127.0.0.1:
 * a direct upload, a chunked upload, a sync ingest and an async ingest each deliver exactly one
 * signed event, and a refused or repeated request delivers none.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestResult } from '../../shared/v1/ingest.ts';
import type { ChunkedUploadSession, Container, PageOf, VersionResult } from '../../shared/v1/resources.ts';
import type { WebhookCreated, WebhookDelivery } from '../../shared/v1/webhooks.ts';
import { localServer, type LocalServer, type RecordedRequest } from '../helpers/localHttp.ts';
import { appApi, createTenant, data, removeDir, startServer, type Api, type ServerHandle } from '../helpers/server.ts';

interface DocumentUpdated {
  type: string;
  timestamp: string;
  data: { docId: string; versionId: string; versionNo: number; contentHash: string; taskId: string };
}

let receiver: LocalServer;
let source: LocalServer;
let server: ServerHandle;
let api: Api;
let hook: WebhookCreated;
let containerId: string;

beforeAll(async () => {
  receiver = await localServer((_req, res) => res.writeHead(204).end());
  source = await localServer((req, res) => {
    const size = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('size') ?? '0');
    // No Content-Length: an unknown size takes the async path.
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(Buffer.alloc(size, 0x5a));
  });
  server = await startServer(undefined, ['--allow-fetch-host', receiver.hostPort, '--allow-fetch-host', source.hostPort, '--ingest-sync-max-bytes', '1024']);
  api = await appApi(server.url, await createTenant(server.dataDir));
  containerId = data(await api.post<Container>('/v1/containers/create', { name: 'events' })).containerId;
  hook = data(await api.post<WebhookCreated>('/v1/webhooks/create', { url: `${receiver.origin}/hook`, events: ['document.updated'] }));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  await Promise.all([receiver.close(), source.close()]);
});

function verified(r: RecordedRequest): DocumentUpdated {
  const headers = { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) };
  return new Verifier(hook.secret).verify(r.body, headers) as DocumentUpdated;
}

const eventsFor = (versionId: string) => receiver.requests.filter((r) => r.complete && r.body.includes(versionId));

async function deliveryLog(): Promise<WebhookDelivery[]> {
  return data(await api.post<PageOf<WebhookDelivery>>('/v1/webhooks/deliveries/getPage', { webhookId: hook.webhookId, pageSize: 500 })).content;
}

/**
 * Waits for the event of `version`, then long enough for a second one to show: every delivery in
 * the log has settled, and a further moment has passed. Returns the one event, verified.
 */
async function theOneEventOf(version: VersionResult, taskId = ''): Promise<DocumentUpdated> {
  await receiver.waitFor((r) => r.body.includes(version.versionId));
  for (let i = 0; i < 100 && (await deliveryLog()).some((d) => d.status === 'PENDING'); i++) await sleep(100);
  await sleep(500);
  const got = eventsFor(version.versionId);
  expect(got).toHaveLength(1);
  const event = verified(got[0] as RecordedRequest);
  expect(event).toMatchObject({
    type: 'document.updated',
    data: { docId: version.docId, versionId: version.versionId, versionNo: version.versionNo, contentHash: version.contentHash, taskId },
  });
  return event;
}

let n = 0;
const upload = async (query: Record<string, string>, body: Buffer) => data(await api.raw('/v1/versions/upload', query, body)) as VersionResult;

describe('document.updated on the upload paths', () => {
  it('a direct upload delivers exactly one signed event, with taskId empty', async () => {
    const version = await upload({ containerId, title: `u${n++}.txt` }, Buffer.from('direct upload'));
    await theOneEventOf(version);
  });

  it('a new version of an existing document delivers its own event', async () => {
    const first = await upload({ containerId, title: `u${n++}.txt` }, Buffer.from('v1'));
    const second = await upload({ docId: first.docId }, Buffer.from('v2'));
    expect(second.versionNo).toBe(2);
    await theOneEventOf(first);
    await theOneEventOf(second);
  });

  it('a chunked upload delivers exactly one signed event when it completes, and completing again delivers none', async () => {
    const content = Buffer.alloc(300 * 1024, 7);
    const chunkSize = 256 * 1024;
    const session = data(
      await api.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', {
        containerId,
        title: `c${n++}.bin`,
        totalSize: content.length,
        chunkSize,
        totalChunks: 2,
        expectedContentHash: createHash('sha256').update(content).digest('hex'),
      }),
    );
    const before = receiver.requests.length;
    for (const i of [0, 1]) data(await api.raw('/v1/versions/uploadChunk', { uploadId: session.uploadId, chunkIndex: String(i) }, content.subarray(i * chunkSize, (i + 1) * chunkSize)));
    expect(receiver.requests.length).toBe(before);
    const version = data(await api.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId: session.uploadId }));
    expect(data(await api.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId: session.uploadId })).versionId).toBe(version.versionId);
    await theOneEventOf(version);
  });

  it('a refused upload delivers nothing', async () => {
    const before = (await deliveryLog()).length;
    const refused = await api.raw('/v1/versions/upload', { docId: 'doc_missing' }, Buffer.from('nowhere'));
    expect(refused.body.code).toBe(120001);
    const mismatch = data(
      await api.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { containerId, title: `m${n++}.bin`, totalSize: 3, chunkSize: 3, totalChunks: 1, expectedContentHash: '0'.repeat(64) }),
    );
    data(await api.raw('/v1/versions/uploadChunk', { uploadId: mismatch.uploadId, chunkIndex: '0' }, Buffer.from('abc')));
    expect((await api.post('/v1/versions/completeChunkedUpload', { uploadId: mismatch.uploadId })).body.code).toBe(140002);
    await sleep(500);
    expect((await deliveryLog()).length).toBe(before);
  });
});

describe('document.updated on the ingest paths: once each', () => {
  it('a sync ingest delivers one event, as an upload does', async () => {
    const res = data(await api.post<IngestResult>('/v1/ingest/from-url', { containerId, title: `s${n++}.bin`, url: `${source.origin}/f?size=100`, declaredSizeBytes: 100 }));
    expect(res.mode).toBe('sync_completed');
    await theOneEventOf(res.syncResult as VersionResult);
  });

  it('an async ingest delivers exactly one event, carrying its taskId', async () => {
    const res = data(await api.post<IngestResult>('/v1/ingest/from-url', { containerId, title: `a${n++}.bin`, url: `${source.origin}/f?size=5000` }));
    expect(res.mode).toBe('async_accepted');
    const delivered = await receiver.waitFor((r) => r.body.includes(res.taskId));
    const event = verified(delivered);
    const version = data(await api.get<VersionResult>('/v1/versions/get', { versionId: event.data.versionId }));
    await theOneEventOf(version, res.taskId);
  });

  it('logs one delivery per version made, and nothing else', async () => {
    const versions = data(await api.post<PageOf<VersionResult>>('/v1/versions/getPage', { pageSize: 500 }));
    const log = await deliveryLog();
    expect(log.every((d) => d.eventType === 'document.updated' && d.status === 'SUCCEEDED')).toBe(true);
    expect(log).toHaveLength(versions.totalElements);
    expect(new Set(receiver.requests.map((r) => verified(r).data.versionId))).toEqual(new Set(versions.content.map((v) => v.versionId)));
  });
});
