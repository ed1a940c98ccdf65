/**
 * Reads: versions/getPage and documents/get on a store holding many versions, against a bare
 * fastify route answering a constant, each driven by autocannon for a fixed time over a fixed
 * number of connections. Requests cycle through all seeded documents, so no single row stays hot.
 *
 * A user's versions/getPage without docId lists every version the user may read in the tenant:
 * it is measured in the big tenant against a second tenant of the same store holding a hundredth
 * of its versions, so the ratio shows whether a page costs more as the tenant grows.
 */
import autocannon, { type RawRequest, type Result } from 'autocannon';
import { join } from 'node:path';
import type { Document, PageOf, TokenResult, Version } from '../../shared/v1/resources.ts';
import { createTenant, createUser, removeDir, tempDir } from '../helpers/server.ts';
import { withCpu } from './cpu.ts';
import { appToken, authHeaders, expectData, postJson, startFolio, type FolioRun } from './folio.ts';
import { startScript } from './processes.ts';
import { log, type Row } from './report.ts';
import { seedVersions } from './seed.ts';

export interface ReadOptions {
  documents: number;
  versionsPerDocument: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface ReadResult {
  rows: Row[];
  /** Requests answered, for each measurement. */
  answered: Record<string, number>;
}

interface Target {
  pid: number | undefined;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The request for the i-th document. */
  request: (docId: string) => RawRequest;
}

const PAGE_SIZE = 20;
/** The user of each tenant whose versions/getPage is measured. */
const READER = 'reader';

export async function benchReads(opts: ReadOptions): Promise<ReadResult> {
  const work = tempDir('folio-bench-reads-');
  try {
    const dataDir = join(work, 'folio');
    const tenant = await createTenant(dataDir, 'bench');
    const total = opts.documents * opts.versionsPerDocument;
    log(`reads: seeding ${opts.documents} documents × ${opts.versionsPerDocument} versions = ${total} versions`);
    const seedStarted = performance.now();
    const docIds = await seedVersions(dataDir, tenant, { documents: opts.documents, versionsPerDocument: opts.versionsPerDocument });
    const small = await createTenant(dataDir, 'bench-small');
    const smallDocuments = Math.max(1, Math.round(opts.documents / 100));
    const smallDocIds = await seedVersions(dataDir, small, { documents: smallDocuments, versionsPerDocument: opts.versionsPerDocument });
    log(`reads: seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (and ${smallDocuments * opts.versionsPerDocument} versions in a second tenant)`);
    await Promise.all([createUser(dataDir, tenant.tenantId, READER), createUser(dataDir, small.tenantId, READER)]);

    const bare = await startScript('test/bench/servers/bareFastify.ts', []);
    const folio = await startFolio(dataDir, tenant).catch(async (err: unknown) => {
      await bare.stop();
      throw err;
    });
    try {
      await checkFolioAnswers(folio, docIds[0] as string, Math.min(PAGE_SIZE, opts.versionsPerDocument), total);
      const bigUser = await readerHeaders(folio, folio.token, docIds[0] as string, READER);
      const smallUser = await readerHeaders(folio, await appToken(folio.server.url, small), smallDocIds[0] as string, READER);
      const userPage = (headers: Record<string, string>): Target => ({
        pid: folio.server.process.pid,
        url: `${folio.server.url}/v1/versions/getPage`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        request: () => ({ body: JSON.stringify({ pageSize: PAGE_SIZE }) }),
      });
      const targets: Record<string, Target> = {
        'bare POST': { pid: bare.process.pid, url: `${bare.url}/bare`, method: 'POST', headers: { 'content-type': 'application/json' }, request: (docId) => ({ body: JSON.stringify({ docId, pageSize: PAGE_SIZE }) }) },
        'bare GET': { pid: bare.process.pid, url: `${bare.url}/bare`, method: 'GET', headers: {}, request: (docId) => ({ path: `/bare?docId=${docId}` }) },
        'versions/getPage': {
          pid: folio.server.process.pid,
          url: `${folio.server.url}/v1/versions/getPage`,
          method: 'POST',
          headers: authHeaders(folio, { 'content-type': 'application/json' }),
          request: (docId) => ({ body: JSON.stringify({ docId, pageSize: PAGE_SIZE }) }),
        },
        'documents/get': { pid: folio.server.process.pid, url: `${folio.server.url}/v1/documents/get`, method: 'GET', headers: authHeaders(folio), request: (docId) => ({ path: `/v1/documents/get?docId=${docId}` }) },
        'user getPage, big tenant': userPage(bigUser),
        'user getPage, small tenant': userPage(smallUser),
      };
      const results: Record<string, Measured> = {};
      for (const [name, target] of Object.entries(targets)) {
        log(`reads: ${name}: ${opts.warmupSeconds} s warm-up, ${opts.durationSeconds} s measured, ${opts.connections} connections`);
        if (opts.warmupSeconds > 0) await hammer(target, docIds, opts.warmupSeconds, opts.connections);
        results[name] = await hammer(target, docIds, opts.durationSeconds, opts.connections);
      }
      const r = (name: string) => results[name] as Measured;
      const cpuPerRequest = (name: string) => (r(name).cpu * 1e6) / r(name)['2xx'];
      const label = `${total.toLocaleString('en')} versions`;
      return {
        rows: [
          { benchmark: `versions/getPage (${label}) vs bare POST`, folio: r('versions/getPage').requests.average, baseline: r('bare POST').requests.average, unit: 'req/s', target: 0.5, digits: 0 },
          { benchmark: 'versions/getPage p99 latency', folio: r('versions/getPage').latency.p99, baseline: r('bare POST').latency.p99, unit: 'ms', digits: 1 },
          { benchmark: 'versions/getPage server CPU per request', folio: cpuPerRequest('versions/getPage'), baseline: cpuPerRequest('bare POST'), unit: 'CPU µs/req', digits: 0 },
          { benchmark: `documents/get (${label}) vs bare GET`, folio: r('documents/get').requests.average, baseline: r('bare GET').requests.average, unit: 'req/s', target: 0.7, digits: 0 },
          { benchmark: 'documents/get p99 latency', folio: r('documents/get').latency.p99, baseline: r('bare GET').latency.p99, unit: 'ms', digits: 1 },
          { benchmark: 'documents/get server CPU per request', folio: cpuPerRequest('documents/get'), baseline: cpuPerRequest('bare GET'), unit: 'CPU µs/req', digits: 0 },
          {
            benchmark: `a user's versions/getPage without docId: ${label} vs ${(smallDocuments * opts.versionsPerDocument).toLocaleString('en')} in the tenant`,
            folio: r('user getPage, big tenant').requests.average,
            baseline: r('user getPage, small tenant').requests.average,
            unit: 'req/s',
            digits: 0,
          },
          { benchmark: "a user's versions/getPage without docId: server CPU per request", folio: cpuPerRequest('user getPage, big tenant'), baseline: cpuPerRequest('user getPage, small tenant'), unit: 'CPU µs/req', digits: 0 },
        ],
        answered: Object.fromEntries(Object.entries(results).map(([name, res]) => [name, res['2xx']])),
      };
    } finally {
      await Promise.all([bare.stop(), folio.server.stop()]);
    }
  } finally {
    removeDir(work);
  }
}

type Measured = Result & { cpu: number };

/**
 * The headers of a user who may read every document of the tenant (VIEWER on its default
 * container), acting through the tenant's app token; the check that the user really sees a page
 * comes first, so a refusal cannot pass for a fast answer.
 */
async function readerHeaders(folio: FolioRun, token: string, docId: string, userName: string): Promise<Record<string, string>> {
  const app = { ...folio, token };
  const doc = await expectData<Document>(await fetch(`${folio.server.url}/v1/documents/get?docId=${docId}`, { headers: authHeaders(app) }), 'documents/get');
  const session = await postJson<TokenResult>(app, '/v1/auth/userSession', { userName, password: 'correct horse' });
  await postJson(app, '/v1/acl/entries/set', { containerId: doc.containerId, entries: [{ principalType: 'USER', principalId: session.userId, role: 'VIEWER' }] });
  const headers = authHeaders(app, { 'x-svc-user-token': session.accessToken });
  const res = await fetch(`${folio.server.url}/v1/versions/getPage`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ pageSize: PAGE_SIZE }) });
  const page = await expectData<PageOf<Version>>(res, "a user's versions/getPage");
  if (page.content.length === 0) throw new Error(`${userName} sees no versions`);
  return headers;
}

/** One autocannon run, with the server's CPU seconds; any failed request voids the figure, so it throws instead of reporting it. */
async function hammer(target: Target, docIds: string[], seconds: number, connections: number): Promise<Measured> {
  let i = 0;
  const { value: result, cpu } = await withCpu(target.pid, () => autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, ...target.request(docIds[i++ % docIds.length] as string) }) }],
  }));
  if (result.errors > 0 || result.non2xx > 0 || result['2xx'] === 0) {
    throw new Error(`${target.method} ${target.url}: ${result['2xx']} answered, ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { ...result, cpu };
}

/** Before timing anything: folio answers these requests with the right data, not with a fast error. */
async function checkFolioAnswers(folio: FolioRun, docId: string, pageLength: number, totalVersions: number): Promise<void> {
  const page = await postJson<PageOf<Version>>(folio, '/v1/versions/getPage', { docId, pageSize: PAGE_SIZE });
  if (page.content.length !== pageLength) throw new Error(`versions/getPage returned ${page.content.length} versions, expected ${pageLength}`);
  const doc = await expectData<Document>(await fetch(`${folio.server.url}/v1/documents/get?docId=${docId}`, { headers: authHeaders(folio) }), 'documents/get');
  if (doc.docId !== docId) throw new Error(`documents/get returned ${doc.docId}`);
  const all = await postJson<PageOf<Version>>(folio, '/v1/versions/getPage', { pageSize: 1 });
  if (all.totalElements !== totalVersions) throw new Error(`the store holds ${all.totalElements} versions, expected ${totalVersions}`);
}
