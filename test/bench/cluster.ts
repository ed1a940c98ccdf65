/**
 * The cluster (`npm run bench -- cluster`): the same work through HAProxy with one `folio serve`
 * node, then with two, in one run (scripts/cluster.sh up --nodes 1|2, a fresh cluster each):
 * writes of small documents, versions/getPage, and one large chunked upload. Each row's baseline
 * is the one-node figure, so the table's ratio is two nodes to one. Each node's CPU per request
 * comes from /proc/PID/stat: on two shared cores, two nodes cannot show much more throughput than
 * one, but CPU per request says what each node costs, and so what more cores would give.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ChunkedUploadSession, Container, VersionResult } from '../../shared/v1/resources.ts';
import { clusterUp, type TestCluster } from '../helpers/cluster.ts';
import { appApi, createTenant } from '../helpers/server.ts';
import { cpuSeconds } from './cpu.ts';
import { expectData } from './folio.ts';
import { log, type Row } from './report.ts';

const MiB = 1024 * 1024;

export interface ClusterOptions {
  documents: number;
  bytesPerDocument: number;
  /** Requests of versions/getPage. */
  pages: number;
  uploadBytes: number;
  chunkSize: number;
  concurrency: number;
}

/** One phase through the balancer: how long it took, how many requests, and the CPU each node spent. */
interface Phase {
  seconds: number;
  requests: number;
  cpuPerNode: number[];
}

interface NodesResult {
  writes: Phase;
  pages: Phase;
  upload: Phase;
}

export async function benchCluster(opts: ClusterOptions): Promise<{ rows: Row[] }> {
  const one = await throughBalancer(1, opts);
  const two = await throughBalancer(2, opts);
  const rows: Row[] = [
    { benchmark: `cluster: create ${opts.documents} docs, 2 nodes vs 1`, folio: opts.documents / two.writes.seconds, baseline: opts.documents / one.writes.seconds, unit: 'docs/s' },
    { benchmark: `cluster: versions/getPage, 2 nodes vs 1`, folio: opts.pages / two.pages.seconds, baseline: opts.pages / one.pages.seconds, unit: 'req/s' },
    {
      benchmark: `cluster: chunked upload of ${(opts.uploadBytes / MiB).toFixed(0)} MiB, 2 nodes vs 1`,
      folio: opts.uploadBytes / MiB / two.upload.seconds,
      baseline: opts.uploadBytes / MiB / one.upload.seconds,
      unit: 'MiB/s',
    },
  ];
  for (const [label, result] of [
    ['1 node', one],
    ['2 nodes', two],
  ] as const) {
    for (const phase of ['writes', 'pages', 'upload'] as const) {
      const figures = result[phase];
      figures.cpuPerNode.forEach((cpu, i) => {
        rows.push({ benchmark: `cluster, ${label}: ${phase}, CPU of node${i + 1} per request`, folio: (cpu * 1e6) / figures.requests, unit: 'CPU µs/request', digits: 0 });
      });
    }
  }
  return { rows };
}

async function throughBalancer(nodes: 1 | 2, opts: ClusterOptions): Promise<NodesResult> {
  log(`cluster: starting PostgreSQL, Swift, ${nodes} node${nodes === 1 ? '' : 's'} and HAProxy`);
  // Without the per-client rate limit: the writes alone are more than its 6,000 a minute.
  const cluster = await clusterUp({ nodes, serveArgs: ['--rate-limit', '0'] });
  try {
    const api = await appApi(cluster.balancer, await createTenant(cluster.dataDir, 'bench'));
    const token = api.token as string;
    const call = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(cluster.balancer + path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return expectData<T>(res, path);
    };
    const raw = async <T>(path: string, query: Record<string, string>, bytes: Uint8Array): Promise<T> => {
      const res = await fetch(`${cluster.balancer}${path}?${new URLSearchParams(query)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: bytes,
      });
      return expectData<T>(res, path);
    };
    const { containerId } = await call<Container>('/v1/containers/create', { name: 'bench' });

    log(`cluster, ${nodes}: writes of ${opts.documents} documents of ${opts.bytesPerDocument} bytes, ${opts.concurrency} at a time`);
    let docId = '';
    const writes = await measured(cluster, opts.documents, opts.concurrency, async (n) => {
      const v = await raw<VersionResult>('/v1/versions/upload', { containerId, title: `doc-${n}.bin` }, randomBytes(opts.bytesPerDocument));
      docId ||= v.docId;
    });

    log(`cluster, ${nodes}: ${opts.pages} versions/getPage`);
    const pages = await measured(cluster, opts.pages, opts.concurrency, async () => {
      await call('/v1/versions/getPage', { docId, pageSize: 50 });
    });

    log(`cluster, ${nodes}: a chunked upload of ${opts.uploadBytes} bytes in ${opts.chunkSize}-byte chunks`);
    const upload = await chunkedUpload(cluster, opts, call, raw);
    return { writes, pages, upload };
  } finally {
    await cluster.down();
  }
}

async function chunkedUpload(
  cluster: TestCluster,
  opts: ClusterOptions,
  call: <T>(path: string, body: unknown) => Promise<T>,
  raw: <T>(path: string, query: Record<string, string>, bytes: Uint8Array) => Promise<T>,
): Promise<Phase> {
  // One chunk's worth of random bytes, repeated: the bytes need not differ, only be sent and hashed.
  const chunk = randomBytes(opts.chunkSize);
  const totalChunks = Math.ceil(opts.uploadBytes / opts.chunkSize);
  const sliceOf = (i: number) => chunk.subarray(0, Math.min(opts.chunkSize, opts.uploadBytes - i * opts.chunkSize));
  const hash = createHash('sha256');
  for (let i = 0; i < totalChunks; i++) hash.update(sliceOf(i));
  const expectedContentHash = hash.digest('hex');
  const before = cluster.nodes.map((node) => cpuSeconds(node.pid));
  const started = performance.now();
  const session = await call<ChunkedUploadSession>('/v1/versions/initChunkedUpload', { title: 'large.bin', totalSize: opts.uploadBytes, chunkSize: opts.chunkSize, totalChunks, expectedContentHash });
  await measured(cluster, totalChunks, opts.concurrency, async (n) => {
    await raw('/v1/versions/uploadChunk', { uploadId: session.uploadId, chunkIndex: String(n) }, sliceOf(n));
  });
  const v = await call<VersionResult>('/v1/versions/completeChunkedUpload', { uploadId: session.uploadId });
  if (v.contentHash !== expectedContentHash) throw new Error(`the upload's content hash is ${v.contentHash}, not ${expectedContentHash}`);
  return {
    seconds: (performance.now() - started) / 1000,
    requests: totalChunks + 2,
    cpuPerNode: cluster.nodes.map((node, i) => cpuSeconds(node.pid) - before[i]!),
  };
}

/** Runs `work(0 … count-1)`, `concurrency` at a time, and measures the wall time and each node's CPU. */
async function measured(cluster: TestCluster, count: number, concurrency: number, work: (n: number) => Promise<void>): Promise<Phase> {
  const before = cluster.nodes.map((node) => cpuSeconds(node.pid));
  const started = performance.now();
  // The first call alone: it may set up what the others share (a session, a document).
  await work(0);
  let next = 1;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) await work(n);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { seconds, requests: count, cpuPerNode: cluster.nodes.map((node, i) => cpuSeconds(node.pid) - before[i]!) };
}
