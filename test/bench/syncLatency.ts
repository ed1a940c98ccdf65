/**
 * Edit-to-service latency in continuous mode: `folio sync` watching a pair already in sync; one
 * small file is edited again and again, and the time from the write to the service holding the
 * new content is measured (p50, p99). The default debounce (300 ms) is part of it.
 */
import { contract } from '../../shared/v1/contract/index.ts';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FOLIO_BIN, removeDir, tempDir } from '../helpers/server.ts';
import { folioSyncOnce, log, percentile, startService, writeTree, type Row } from './syncCommon.ts';

export interface LatencyBenchOptions {
  /** Files in the pair besides the one edited. */
  files: number;
  edits: number;
}

export interface LatencyBenchResult {
  rows: Row[];
  p50Ms: number;
  p99Ms: number;
}

export async function benchSyncLatency(o: LatencyBenchOptions): Promise<LatencyBenchResult> {
  const work = tempDir('folio-bench-latency-');
  const svc = await startService();
  try {
    const tree = join(work, 'tree');
    const state = join(work, 'state');
    writeTree(tree, o.files, Math.max(1, Math.round(o.files / 100)), 4096);
    writeFileSync(join(tree, 'edited.txt'), 'first');
    const container = (await svc.client.createContainer({ name: 'bench latency' })).containerId;
    const initial = await folioSyncOnce(svc, container, tree, state);
    if (initial.code !== 0) throw new Error(`initial sync failed: ${initial.stderr.slice(-2000)}`);
    const page = await svc.client.v1(contract.documents.getPage, { containerId: container, pageSize: 500 });
    const doc = page.content.find((d) => d.title === 'edited.txt');
    if (!doc) throw new Error('the edited file did not reach the service');

    const child = spawn(process.execPath, [FOLIO_BIN, 'sync', '--server', svc.server.url, '--container', container, '--dir', tree, '--state', state], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, FOLIO_CLIENT_ID: svc.tenant.clientId, FOLIO_CLIENT_SECRET: svc.tenant.clientSecret, FOLIO_POLL_MS: '600000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      for (let waited = 0; !out.includes('uploaded'); waited += 50) {
        if (waited > 60_000) throw new Error('continuous sync did not start');
        await new Promise((r) => setTimeout(r, 50));
      }
      const latencies: number[] = [];
      for (let i = 0; i < o.edits; i++) {
        const content = `edit ${i} ${Date.now()}`;
        const want = createHash('sha256').update(content).digest('hex');
        const started = performance.now();
        writeFileSync(join(tree, 'edited.txt'), content);
        for (;;) {
          const now = await svc.client.getDocument(doc.docId);
          if (now.contentHash === want) break;
          if (performance.now() - started > 30_000) throw new Error(`edit ${i} did not reach the service in 30 s`);
          await new Promise((r) => setTimeout(r, 10));
        }
        latencies.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 150));
      }
      latencies.sort((a, b) => a - b);
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      log(`latency: ${o.edits} edits in a pair of ${o.files + 1} files: p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`);
      return {
        rows: [
          { benchmark: `edit-to-service latency, continuous mode, pair of ${o.files + 1} files: p50`, folio: p50, unit: 'ms (target < 1000)', digits: 0 },
          { benchmark: `edit-to-service latency, continuous mode, pair of ${o.files + 1} files: p99`, folio: p99, unit: 'ms', digits: 0 },
        ],
        p50Ms: p50,
        p99Ms: p99,
      };
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  } finally {
    await svc.server.stop();
    removeDir(svc.server.dataDir);
    removeDir(work);
  }
}
