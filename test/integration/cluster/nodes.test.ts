/**
 * The cluster of scripts/cluster.sh: HAProxy in front of two `folio serve` nodes on one data
 * directory and one bucket. Any node serves any tenant and any upload session, and a client whose
 * node is killed -9 mid-upload resumes through the balancer (docs/deploy.md, "Running Folio
 * Service on several nodes").
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkedUploadSession, Container, VersionResult } from '../../../shared/v1/resources.ts';
import { clusterUp, type ClusterNode, type TestCluster } from '../../helpers/cluster.ts';
import { Api, appApi, createTenant, data, removeDir, startServer, tempDir, type Tenant } from '../../helpers/server.ts';
import { HEAVY_TEST_MS, until } from '../../helpers/wait.ts';

const CHUNK = 256 * 1024;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let cluster: TestCluster;
let tenant: Tenant;
let balancer: Api;
let node: Api[];

beforeAll(async () => {
  cluster = await clusterUp();
  tenant = await createTenant(cluster.dataDir);
  balancer = await appApi(cluster.balancer, tenant);
  // One token, valid on every node: tokens live in the shared records.
  node = cluster.nodes.map((n) => new Api(n.url, balancer.token));
}, HEAVY_TEST_MS);

afterAll(async () => {
  await cluster?.down();
}, HEAVY_TEST_MS);

async function init(via: Api, bytes: Buffer, idempotencyKey: string): Promise<ChunkedUploadSession> {
  return data(
    await via.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', {
      title: `${idempotencyKey}.bin`,
      totalSize: bytes.length,
      chunkSize: CHUNK,
      totalChunks: Math.ceil(bytes.length / CHUNK),
      idempotencyKey,
    }),
  );
}

async function putChunk(via: Api, uploadId: string, index: number, bytes: Buffer): Promise<void> {
  data(await via.raw('/v1/versions/uploadChunk', { uploadId, chunkIndex: String(index) }, bytes.subarray(index * CHUNK, (index + 1) * CHUNK)));
}

async function complete(via: Api, uploadId: string): Promise<VersionResult> {
  return data(await via.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId }));
}

async function downloaded(via: Api, versionId: string): Promise<string> {
  const res = await via.fetch('/v1/versions/download', { versionId });
  expect(res.status).toBe(200);
  return sha256(Buffer.from(await res.arrayBuffer()));
}

describe('/readyz on the bucket', () => {
  it('asks the bucket once for a burst of probes', async () => {
    const where = new URL(cluster.blobs);
    const proxy = await countingProxy(new URL(where.searchParams.get('endpoint')!), where.hostname);
    const blobs = `s3://${where.hostname}?endpoint=${proxy.url}&region=${where.searchParams.get('region')}`;
    const dataDir = tempDir();
    const server = await startServer(dataDir, ['--blobs', blobs], cluster.env);
    try {
      const atStart = proxy.bucketHeads();
      expect(atStart).toBeGreaterThan(0);
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.url}/readyz`).then((r) => r.status)));
      expect(answers).toEqual(Array(20).fill(200));
      expect(proxy.bucketHeads() - atStart).toBe(1);
    } finally {
      await server.stop();
      await proxy.close();
      removeDir(dataDir);
    }
  }, HEAVY_TEST_MS);
});

describe('HAProxy and two folio serve nodes', () => {
  it('serves a tenant made by folio admin create-tenant on both nodes', async () => {
    const made = data(await node[0]!.post<Container>('/v1/containers/create', { name: 'made on node1' }));
    const seen = data(await node[1]!.get<Container>('/v1/containers/get', { containerId: made.containerId }));
    expect(seen.name).toBe('made on node1');
    const answered = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const reply = await balancer.get<Container>('/v1/containers/get', { containerId: made.containerId });
      expect(data(reply).containerId).toBe(made.containerId);
      answered.add(reply.headers.get('x-folio-node') ?? '');
    }
    expect([...answered].sort()).toEqual(['node1', 'node2']);
  });

  it('resumes on one node a chunked upload begun on the other, chunks alternating between them', async () => {
    const bytes = randomBytes(4 * CHUNK + 100);
    const session = await init(node[0]!, bytes, 'alternating');
    for (let i = 0; i < session.totalChunks; i++) await putChunk(node[i % 2]!, session.uploadId, i, bytes);
    const v = await complete(node[1]!, session.uploadId);
    expect(v.contentHash).toBe(sha256(bytes));
    expect(await downloaded(balancer, v.versionId)).toBe(v.contentHash);
  });

  it('names a chunk by the bytes last written, when the other node wrote it again', async () => {
    const bytes = randomBytes(3 * CHUNK);
    const session = await init(node[0]!, bytes, 'rewritten');
    for (let i = 0; i < session.totalChunks; i++) await putChunk(node[0]!, session.uploadId, i, bytes);
    randomBytes(CHUNK).copy(bytes, CHUNK);
    await putChunk(node[1]!, session.uploadId, 1, bytes);
    const v = await complete(node[0]!, session.uploadId);
    expect(v.contentHash).toBe(sha256(bytes));
    expect(await downloaded(balancer, v.versionId)).toBe(sha256(bytes));
  });

  it('kill -9 of the node receiving a chunk: the client resumes through the balancer and the upload is whole', async () => {
    const bytes = randomBytes(6 * CHUNK + 7);
    const key = 'killed';
    const session = await init(balancer, bytes, key);
    for (let i = 0; i < 2; i++) await putChunk(balancer, session.uploadId, i, bytes);

    // Chunk 2 goes out half: its node is sending it on into the bucket when it dies.
    const before = cluster.nodes.map(bytesWritten);
    const inFlight = sendHalf(cluster.balancer, balancer.token!, session.uploadId, 2, bytes.subarray(2 * CHUNK, 3 * CHUNK));
    const victim = await until('a node to be storing chunk 2', () => cluster.nodes.find((n, i) => bytesWritten(n) - (before[i] ?? 0) >= CHUNK / 8));
    process.kill(victim.pid, 'SIGKILL');
    expect(await inFlight).not.toBe(200);

    // The client's resume: init again with its key, then the chunks the session lacks.
    const resumed = await init(balancer, bytes, key);
    expect(resumed.uploadId).toBe(session.uploadId);
    expect(resumed.uploadedChunkIndexes).toEqual([0, 1]);
    for (let i = 2; i < resumed.totalChunks; i++) await putChunk(balancer, session.uploadId, i, bytes);
    const v = await complete(balancer, session.uploadId);
    expect(v.contentHash).toBe(sha256(bytes));
    expect(await downloaded(balancer, v.versionId)).toBe(v.contentHash);
  }, HEAVY_TEST_MS);
});

/** A pass-through to the S3 endpoint that counts the HEADs of the bucket itself (not of its objects). */
async function countingProxy(endpoint: URL, bucket: string): Promise<{ url: string; bucketHeads: () => number; close: () => Promise<void> }> {
  let heads = 0;
  const server = createServer((req, res) => {
    if (req.method === 'HEAD' && /^\/[^/?]+\/?(\?|$)/.test(req.url ?? '') && req.url?.startsWith(`/${bucket}`)) heads++;
    const upstream = request({ host: endpoint.hostname, port: endpoint.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucketHeads: () => heads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Bytes the node's process has written so far, to files and sockets (/proc/PID/io). A node storing
 * a chunk sends its bytes on into the bucket as they arrive; little else is written meanwhile.
 */
function bytesWritten(n: ClusterNode): number {
  return Number(/^wchar: (\d+)$/m.exec(readFileSync(`/proc/${n.pid}/io`, 'utf8'))?.[1] ?? 0);
}

/** Sends a chunk's headers and first half, and never the rest; resolves with the status, or 0 when the connection broke. */
function sendHalf(base: string, token: string, uploadId: string, index: number, chunk: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${base}/v1/versions/uploadChunk?${new URLSearchParams({ uploadId, chunkIndex: String(index) })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': String(chunk.length) },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', () => resolve(0));
    req.write(chunk.subarray(0, chunk.length / 2));
  });
}
