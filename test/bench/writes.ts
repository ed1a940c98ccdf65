/**
 * Writes: many small documents, each created with its content by one POST /v1/versions/upload,
 * a fixed number in flight. The baseline sends the same bodies, with the same client and
 * concurrency, to the bare route that hashes, fsyncs and renames (servers/rawStore.ts): the part
 * of each write that no store can skip.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Container, VersionResult } from '../../shared/v1/resources.ts';
import { removeDir, tempDir } from '../helpers/server.ts';
import { withCpu } from './cpu.ts';
import { authHeaders, expectData, postJson, startFolio } from './folio.ts';
import { startScript } from './processes.ts';
import { log, type Row } from './report.ts';

export interface WriteOptions {
  documents: number;
  bytesPerDocument: number;
  concurrency: number;
}

export interface WriteResult {
  rows: Row[];
  created: number;
}

/** Wall seconds of a whole run and the CPU seconds its server spent. */
interface Timed {
  seconds: number;
  cpu: number;
}

export async function benchWrites(opts: WriteOptions): Promise<WriteResult> {
  const work = tempDir('folio-bench-writes-');
  try {
    const raw = await rawWrites(join(work, 'raw'), opts);
    const folio = await folioWrites(join(work, 'folio'), opts);
    const kib = (opts.bytesPerDocument / 1024).toFixed(0);
    return {
      rows: [
        { benchmark: `create ${opts.documents} docs of ${kib} KiB, ${opts.concurrency} at a time, vs raw fsync route`, folio: opts.documents / folio.seconds, baseline: opts.documents / raw.seconds, unit: 'docs/s', target: 0.8 },
        { benchmark: 'create: server CPU per document', folio: (folio.cpu * 1e6) / opts.documents, baseline: (raw.cpu * 1e6) / opts.documents, unit: 'CPU µs/doc', digits: 0 },
      ],
      created: folio.created,
    };
  } finally {
    removeDir(work);
  }
}

async function rawWrites(dir: string, opts: WriteOptions): Promise<Timed> {
  const raw = await startScript('test/bench/servers/rawStore.ts', [dir]);
  try {
    log(`writes: ${opts.documents} bodies of ${opts.bytesPerDocument} bytes to the raw route, ${opts.concurrency} at a time`);
    const { value: seconds, cpu } = await withCpu(raw.process.pid, () =>
      inFlight(opts, async () => {
        const res = await fetch(`${raw.url}/upload`, { method: 'PUT', body: randomBytes(opts.bytesPerDocument) });
        if (res.status !== 200) throw new Error(`raw store answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      }),
    );
    return { seconds, cpu };
  } finally {
    await raw.stop();
  }
}

async function folioWrites(dataDir: string, opts: WriteOptions): Promise<Timed & { created: number }> {
  const folio = await startFolio(dataDir);
  try {
    const container = await postJson<Container>(folio, '/v1/containers/create', { name: 'bench-writes' });
    const created = new Set<string>();
    log(`writes: ${opts.documents} documents of ${opts.bytesPerDocument} bytes through /v1/versions/upload, ${opts.concurrency} at a time`);
    const { value: seconds, cpu } = await withCpu(folio.server.process.pid, () =>
      inFlight(opts, async (n) => {
        const query = new URLSearchParams({ containerId: container.containerId, title: `doc-${String(n).padStart(6, '0')}.bin` });
        const res = await fetch(`${folio.server.url}/v1/versions/upload?${query}`, {
          method: 'POST',
          headers: authHeaders(folio, { 'content-type': 'application/octet-stream' }),
          body: randomBytes(opts.bytesPerDocument),
        });
        created.add((await expectData<VersionResult>(res, `upload of document ${n}`)).docId);
      }),
    );
    if (created.size !== opts.documents) throw new Error(`created ${created.size} documents, expected ${opts.documents}`);
    return { seconds, cpu, created: created.size };
  } finally {
    await folio.server.stop();
  }
}

/** Runs `write(n)` for n = 0 … documents-1 with `concurrency` in flight; returns the wall time in seconds. */
async function inFlight(opts: WriteOptions, write: (n: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let n = next++; n < opts.documents; n = next++) await write(n);
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, opts.documents) }, worker));
  return (performance.now() - started) / 1000;
}
