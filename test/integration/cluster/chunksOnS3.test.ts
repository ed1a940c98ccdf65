/**
 * Chunked uploads whose chunks are kept in the bucket of --blobs (docs/architecture.md,
 * "Chunked-upload staging"), on the real Swift of scripts/cluster.sh: a node needs no disk in
 * common with another for uploads.
 *
 * Upload sessions are still rows of each node's SQLite until `--db`, so two `folio serve` with two
 * data directories cannot share a session yet: the first part takes two AssemblyStore instances
 * on one bucket, each with a local folder of its own, as two such nodes. The second part runs
 * `folio serve --blobs` itself, reaching the bucket through a pass-through that shows when a chunk
 * is on its way into the bucket.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, DeleteObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkedUploadSession, VersionResult } from '../../../shared/v1/resources.ts';
import { ChunkLengthMismatch, LostChunks, type ChunkGeometry } from '../../../main/store/assemblyStore.ts';
import { parseBlobLocation, type S3Location } from '../../../main/store/blobLocation.ts';
import { ChunkSuperseded, ChunkWrite } from '../../../main/store/chunkWrite.ts';
import { S3Assemblies } from '../../../main/store/s3Assemblies.ts';
import { S3Blobs, s3ClientFor } from '../../../main/store/s3Blobs.ts';
import { clusterKeys, clusterUp, type TestCluster } from '../../helpers/cluster.ts';
import { Api, appApi, createTenant, data, removeDir, startServer, tempDir, type Reply, type ServerHandle } from '../../helpers/server.ts';
import { exited, HEAVY_TEST_MS, until } from '../../helpers/wait.ts';

const KiB = 1024;
const MiB = 1024 * KiB;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let cluster: TestCluster;
let location: S3Location;
let s3: S3Client;
const dirs: string[] = [];

beforeAll(async () => {
  cluster = await clusterUp({ nodes: 1 });
  location = parseBlobLocation(cluster.blobs);
  s3 = s3ClientFor(location, clusterKeys(cluster));
  // The stores under test read their keys from the environment, as `folio serve` does.
  const keys = clusterKeys(cluster);
  process.env.AWS_ACCESS_KEY_ID = keys.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = keys.secretAccessKey;
}, HEAVY_TEST_MS);

afterAll(async () => {
  s3?.destroy();
  await cluster?.down();
  for (const dir of dirs) removeDir(dir);
}, HEAVY_TEST_MS);

function newDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

async function objectNames(prefix: string): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: location.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key ?? '');
}

function geometryOf(bytes: Buffer, chunkSize: number): ChunkGeometry {
  return { totalSize: bytes.length, chunkSize, totalChunks: Math.max(1, Math.ceil(bytes.length / chunkSize)) };
}

function slotOf(g: ChunkGeometry, index: number) {
  const offset = index * g.chunkSize;
  return { index, offset, size: Math.min(g.chunkSize, g.totalSize - offset) };
}

describe('two AssemblyStore instances on one bucket, as two nodes with no disk in common', () => {
  let nodes: S3Assemblies[];

  beforeAll(() => {
    nodes = [new S3Assemblies(location, newDir()), new S3Assemblies(location, newDir())];
  });

  afterAll(async () => {
    for (const n of nodes) await n.close();
  });

  async function put(node: S3Assemblies, uploadId: string, g: ChunkGeometry, index: number, bytes: Buffer, write = new ChunkWrite()): Promise<string | undefined> {
    const slot = slotOf(g, index);
    return node.writeChunk(uploadId, slot, Readable.from([bytes.subarray(slot.offset, slot.offset + slot.size)]), true, write);
  }

  it('assembles chunks written alternately through both, out of order, with the hash of exactly their bytes', async () => {
    const uploadId = randomUUID();
    const bytes = randomBytes(3 * MiB + 5);
    const g = geometryOf(bytes, 512 * KiB);
    for (let i = g.totalChunks - 1; i >= 0; i--) {
      const slot = slotOf(g, i);
      expect(await put(nodes[i % 2]!, uploadId, g, i, bytes)).toBe(sha256(bytes.subarray(slot.offset, slot.offset + slot.size)));
    }
    expect(await nodes[0]!.list()).toContain(uploadId);

    const staged = await nodes[1]!.stage(uploadId, g);
    expect(staged.contentHash).toBe(sha256(bytes));
    expect(staged.sizeBytes).toBe(bytes.length);
    expect(readFileSync(staged.tempPath).equals(bytes)).toBe(true);
    await nodes[1]!.unstage(staged);
    expect(existsSync(staged.tempPath)).toBe(false);

    await nodes[0]!.remove(uploadId);
    expect(await objectNames(`uploads/${uploadId}/`)).toEqual([]);
    expect(await nodes[1]!.list()).not.toContain(uploadId);
  });

  it('takes chunks of one byte, far below the 5 MiB of a multipart part', async () => {
    const uploadId = randomUUID();
    const bytes = randomBytes(40);
    const g = geometryOf(bytes, 1);
    await Promise.all([...Array(g.totalChunks).keys()].map((i) => put(nodes[i % 2]!, uploadId, g, i, bytes)));
    expect((await nodes[0]!.stage(uploadId, g)).contentHash).toBe(sha256(bytes));
    await nodes[0]!.remove(uploadId);
  });

  it('takes a chunk sent again: the same bytes change nothing, other bytes replace them', async () => {
    const uploadId = randomUUID();
    const bytes = randomBytes(3 * 256 * KiB);
    const g = geometryOf(bytes, 256 * KiB);
    for (let i = 0; i < g.totalChunks; i++) await put(nodes[0]!, uploadId, g, i, bytes);
    await put(nodes[1]!, uploadId, g, 1, bytes);
    expect((await nodes[0]!.stage(uploadId, g)).contentHash).toBe(sha256(bytes));
    randomBytes(256 * KiB).copy(bytes, 256 * KiB);
    await put(nodes[1]!, uploadId, g, 1, bytes);
    expect((await nodes[0]!.stage(uploadId, g)).contentHash).toBe(sha256(bytes));
    await nodes[0]!.remove(uploadId);
  });

  it('stores nothing of a chunk whose bytes are longer or shorter than its slot', async () => {
    const uploadId = randomUUID();
    const slot = { index: 0, offset: 0, size: 64 * KiB };
    const longer = nodes[0]!.writeChunk(uploadId, slot, Readable.from([randomBytes(64 * KiB), randomBytes(1)]), false, new ChunkWrite());
    await expect(longer).rejects.toEqual(new ChunkLengthMismatch(64 * KiB, 'more'));
    const shorter = nodes[1]!.writeChunk(uploadId, slot, Readable.from([randomBytes(64 * KiB - 1)]), false, new ChunkWrite());
    await expect(shorter).rejects.toEqual(new ChunkLengthMismatch(64 * KiB, 64 * KiB - 1));
    expect(await objectNames(`uploads/${uploadId}/`)).toEqual([]);
  });

  it('stores nothing of a write that a later copy of the chunk superseded', async () => {
    const uploadId = randomUUID();
    const slot = { index: 0, offset: 0, size: 128 * KiB };
    const source = new Readable({ read() {} });
    const write = new ChunkWrite();
    const writing = nodes[0]!.writeChunk(uploadId, slot, source, false, write);
    source.push(randomBytes(64 * KiB));
    await write.supersede();
    source.push(randomBytes(64 * KiB));
    source.push(null);
    await expect(writing).rejects.toBeInstanceOf(ChunkSuperseded);
    expect(await objectNames(`uploads/${uploadId}/`)).toEqual([]);
  });

  it('names the chunks whose objects went missing when staging', async () => {
    const uploadId = randomUUID();
    const bytes = randomBytes(4 * 256 * KiB);
    const g = geometryOf(bytes, 256 * KiB);
    for (let i = 0; i < g.totalChunks; i++) await put(nodes[i % 2]!, uploadId, g, i, bytes);
    for (const i of [1, 3]) await s3.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: `uploads/${uploadId}/${i}` }));
    await expect(nodes[0]!.stage(uploadId, g)).rejects.toEqual(new LostChunks([1, 3]));
    await nodes[0]!.remove(uploadId);
  });

  it('assembles an upload of 0 bytes', async () => {
    const uploadId = randomUUID();
    const g = geometryOf(Buffer.alloc(0), 256 * KiB);
    await put(nodes[1]!, uploadId, g, 0, Buffer.alloc(0));
    expect((await nodes[0]!.stage(uploadId, g)).contentHash).toBe(sha256(Buffer.alloc(0)));
    await nodes[0]!.remove(uploadId);
  });
});

describe("the bucket's own temp files", () => {
  it('aborts a multipart upload that a node left unfinished, once it is as old as temp files may be', async () => {
    const blobs = new S3Blobs(location, 'blobs/', newDir());
    const unfinished = async () => (await s3.send(new ListMultipartUploadsCommand({ Bucket: location.bucket, Prefix: 'blobs/' }))).Uploads?.map((u) => u.UploadId) ?? [];
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: location.bucket, Key: `blobs/ab/${'ab'.repeat(32)}` }));
    await blobs.clearTemp(3600_000);
    expect(await unfinished()).toContain(UploadId);
    // Begun before a minute from now: every upload there is.
    await blobs.clearTemp(-60_000);
    expect(await unfinished()).not.toContain(UploadId);
    await blobs.close();
  });
});

/**
 * A pass-through to the bucket's endpoint that tells when a chunk's PUT has sent bytes on (the
 * node is then storing that chunk), and how much of an object a GET has handed the node by the
 * time the node stops taking more or the object ends. A request whose sender goes away is broken
 * off upstream too.
 */
async function bucketProxy(endpoint: string): Promise<{
  url: string;
  storing: (key: string) => Promise<void>;
  handedOver: (key: string) => Promise<number>;
  close: () => Promise<void>;
}> {
  const target = new URL(endpoint);
  const waiting = new Map<string, () => void>();
  const reading = new Map<string, (bytes: number) => void>();
  const server = createServer((req: IncomingMessage, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const read = req.method === 'GET' ? [...reading].find(([key]) => path.endsWith(`/${key}`)) : undefined;
    if (read) reading.delete(read[0]);
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (!read) return answer.pipe(res);
      let handed = 0;
      answer.on('data', (piece: Buffer) => {
        handed += piece.length;
        if (res.write(piece)) return;
        // The node takes no more for now: what it holds is what it was handed.
        read[1](handed);
        answer.pause();
        res.once('drain', () => answer.resume());
      });
      answer.on('end', () => {
        read[1](handed);
        res.end();
      });
    });
    upstream.on('error', () => res.destroy());
    req.on('close', () => {
      if (!req.complete) upstream.destroy();
    });
    const seen = req.method === 'PUT' ? [...waiting].find(([key]) => path.endsWith(`/${key}`)) : undefined;
    if (seen) req.once('data', () => seen[1]());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    storing: (key) => new Promise((resolve) => waiting.set(key, resolve)),
    handedOver: (key) => new Promise((resolve) => reading.set(key, resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('folio serve --blobs: the chunks in the bucket', () => {
  const CHUNK = 256 * KiB;
  let proxy: Awaited<ReturnType<typeof bucketProxy>>;
  let flags: string[];
  let server: ServerHandle;
  let app: Api;

  beforeAll(async () => {
    proxy = await bucketProxy(location.endpoint ?? '');
    flags = ['--blobs', `s3://${location.bucket}?${new URLSearchParams({ endpoint: proxy.url, region: location.region })}`];
    server = await startServer(newDir(), flags, cluster.env);
    app = await appApi(server.url, await createTenant(server.dataDir));
  }, HEAVY_TEST_MS);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
  }, HEAVY_TEST_MS);

  function init(bytes: Buffer, extra: Record<string, unknown> = {}, via = app, chunkSize = CHUNK): Promise<Reply<ChunkedUploadSession>> {
    const body = { containerId: '', title: `${randomUUID()}.bin`, totalSize: bytes.length, chunkSize, totalChunks: Math.max(1, Math.ceil(bytes.length / chunkSize)), ...extra };
    return via.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', body);
  }

  function sendChunk(uploadId: string, index: number, bytes: Buffer, via = app, chunkSize = CHUNK): Promise<Reply<unknown>> {
    return via.raw('/v1/versions/uploadChunk', { uploadId, chunkIndex: String(index) }, bytes.subarray(index * chunkSize, (index + 1) * chunkSize));
  }

  function complete(uploadId: string, via = app): Promise<Reply<VersionResult>> {
    return via.post<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId });
  }

  /** What the node keeps on its own disk of uploads: nothing but temp files that go at once. */
  function localUploadFiles(dataDir: string): string[] {
    const dir = join(dataDir, 'uploads');
    return existsSync(dir) ? readdirSync(dir) : [];
  }

  it('keeps each chunk as an object, takes them out of order and re-sent, and leaves nothing once complete', async () => {
    const bytes = randomBytes(4 * CHUNK + 99);
    const s = data(await init(bytes));
    for (const i of [4, 2, 0, 3, 1]) data(await sendChunk(s.uploadId, i, bytes));
    expect((await objectNames(`uploads/${s.uploadId}/`)).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `uploads/${s.uploadId}/${i}`));
    data(await sendChunk(s.uploadId, 2, bytes));
    expect(localUploadFiles(server.dataDir)).toEqual([]);

    const v = data(await complete(s.uploadId));
    expect(v.contentHash).toBe(sha256(bytes));
    const back = await app.fetch('/v1/versions/download', { versionId: v.versionId });
    expect(sha256(Buffer.from(await back.arrayBuffer()))).toBe(v.contentHash);
    expect(await objectNames(`uploads/${s.uploadId}/`)).toEqual([]);
    expect(readdirSync(join(server.dataDir, 'tmp'))).toEqual([]);
  });

  it('refuses content that does not match expectedContentHash, and leaves nothing of it in the bucket', async () => {
    const bytes = randomBytes(2 * CHUNK + 1);
    const s = data(await init(bytes, { expectedContentHash: sha256(Buffer.from('something else')) }));
    for (let i = 0; i < s.totalChunks; i++) data(await sendChunk(s.uploadId, i, bytes));
    const refused = await complete(s.uploadId);
    expect(refused.body.code).toBe(140002);
    expect(await objectNames(`uploads/${s.uploadId}/`)).toEqual([]);
    expect(await objectNames(`blobs/${sha256(bytes).slice(0, 2)}/${sha256(bytes)}`)).toEqual([]);
    expect(readdirSync(join(server.dataDir, 'tmp'))).toEqual([]);
    expect((await complete(s.uploadId)).body.code).toBe(140001);
  });

  it('kill -9 while a chunk is on its way into the bucket: nothing of it is counted or kept, and the upload resumes on a new process', async () => {
    const bytes = randomBytes(4 * CHUNK);
    const key = randomUUID();
    const s = data(await init(bytes, { idempotencyKey: key, title: 'killed.bin' }));
    for (const i of [0, 1]) data(await sendChunk(s.uploadId, i, bytes));

    const storing = proxy.storing(`uploads/${s.uploadId}/2`);
    const half = request(`${server.url}/v1/versions/uploadChunk?${new URLSearchParams({ uploadId: s.uploadId, chunkIndex: '2' })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/octet-stream', 'content-length': String(CHUNK) },
    });
    half.on('error', () => undefined);
    half.write(bytes.subarray(2 * CHUNK, 2 * CHUNK + CHUNK / 2));
    await storing;
    server.process.kill('SIGKILL');
    await exited(server.process);
    half.destroy();
    expect(await objectNames(`uploads/${s.uploadId}/2`)).toEqual([]);

    server = await startServer(server.dataDir, flags, cluster.env);
    app = new Api(server.url, app.token);
    const resumed = data(await init(bytes, { idempotencyKey: key, title: 'killed.bin' }));
    expect(resumed.uploadId).toBe(s.uploadId);
    expect(resumed.uploadedChunkIndexes).toEqual([0, 1]);
    for (const i of [2, 3]) data(await sendChunk(s.uploadId, i, bytes));
    expect(data(await complete(s.uploadId)).contentHash).toBe(sha256(bytes));
  }, HEAVY_TEST_MS);

  it('serves a range of a 200 MB blob from the bucket as a stream, taking no more of it than its reader takes', async () => {
    const big = 16 * MiB;
    const bytes = randomBytes(200 * MiB);
    const s = data(await init(bytes, {}, app, big));
    for (let i = 0; i < s.totalChunks; i++) data(await sendChunk(s.uploadId, i, bytes, app, big));
    const v = data(await complete(s.uploadId));

    // The reader takes the answer's first piece and then nothing: a node that streams stops taking
    // the object's bytes once the buffers between are full; one that buffered would take it all.
    const start = 1000;
    const handed = proxy.handedOver(`blobs/${v.contentHash.slice(0, 2)}/${v.contentHash}`);
    const res = await app.fetch('/v1/versions/download', { versionId: v.versionId }, { range: `bytes=${start}-` });
    expect(res.status).toBe(206);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value ?? []).equals(bytes.subarray(start, start + (first.value?.length ?? 0)))).toBe(true);
    expect(await handed).toBeLessThan(32 * MiB);

    // Read on, the range is whole and exact.
    const hash = createHash('sha256').update(first.value ?? new Uint8Array());
    for (let step = await reader.read(); !step.done; step = await reader.read()) hash.update(step.value);
    expect(hash.digest('hex')).toBe(sha256(bytes.subarray(start)));
  }, HEAVY_TEST_MS);
});

describe('folio serve --blobs: an expired session', () => {
  it('is swept from the bucket by housekeeping', async () => {
    const server = await startServer(newDir(), ['--blobs', cluster.blobs], { ...cluster.env, FOLIO_UPLOAD_TTL_MS: '4000' });
    try {
      const app = await appApi(server.url, await createTenant(server.dataDir));
      const bytes = randomBytes(2 * 256 * KiB);
      const s = data(await app.post<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { containerId: '', title: 'expires.bin', totalSize: bytes.length, chunkSize: 256 * KiB, totalChunks: 2 }));
      data(await app.raw('/v1/versions/uploadChunk', { uploadId: s.uploadId, chunkIndex: '0' }, bytes.subarray(0, 256 * KiB)));
      expect(await objectNames(`uploads/${s.uploadId}/`)).toEqual([`uploads/${s.uploadId}/0`]);
      await until('the sweep to remove the expired session’s chunk objects', async () => (await objectNames(`uploads/${s.uploadId}/`)).length === 0);
      const late = await app.raw('/v1/versions/uploadChunk', { uploadId: s.uploadId, chunkIndex: '1' }, bytes.subarray(256 * KiB));
      expect(late.body.code).toBe(140001);
    } finally {
      await server.stop();
    }
  }, HEAVY_TEST_MS);
});
