/**
 * The sync benchmarks (issue 4), in one call: `benchSync()` returns rows in the shape of
 * test/bench/report.ts, for test/bench/run.ts to add to its table. Run alone with
 * `node --import tsx test/bench/sync.ts [upload|restart|latency …]`; FOLIO_BENCH_SCALE (default 1)
 * scales the file counts, as in run.ts. Figures, never assertions.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { bundleWentStale, ensureBundle } from './bundle.ts';
import { formatTable } from './report.ts';
import { log, type Row } from './syncCommon.ts';
import { benchSyncLargeFile } from './syncLargeFile.ts';
import { benchSyncLatency } from './syncLatency.ts';
import { benchSyncRestart } from './syncRestart.ts';
import { benchSyncUpload } from './syncUpload.ts';

export const SYNC_BENCHMARKS = ['upload', 'largefile', 'restart', 'latency'] as const;
export type SyncBenchmark = (typeof SYNC_BENCHMARKS)[number];

export interface SyncBenchOptions {
  scale?: number;
  which?: readonly SyncBenchmark[];
  /** rclone took over 5 minutes at the reference size here. */
  rclone?: boolean;
}

/**
 * `add` is handed each part's rows as soon as the part ends, so that a part that throws loses only
 * its own (the restart part waits for the service's text backlog, and once failed after an hour).
 */
export async function benchSync(o: SyncBenchOptions = {}, add: (rows: Row[]) => void = () => undefined): Promise<{ rows: Row[] }> {
  const scale = o.scale ?? 1;
  const which = o.which ?? SYNC_BENCHMARKS;
  const n = (reference: number) => Math.max(10, Math.round(reference * scale));
  const rows: Row[] = [];
  const keep = (r: Row[]) => {
    rows.push(...r);
    add(r);
  };
  for (const b of which) {
    const started = performance.now();
    switch (b) {
      case 'upload':
        keep((await benchSyncUpload({ files: n(10_000), folders: 100, bytes: 4096, rclone: o.rclone ?? true })).rows);
        break;
      case 'largefile':
        keep((await benchSyncLargeFile({ bytes: Math.max(1024 * 1024, Math.round(1024 * 1024 * 1024 * scale)), rounds: 3 })).rows);
        break;
      case 'restart':
        keep((await benchSyncRestart({ files: n(100_000), folders: n(1_000), bytes: 100 })).rows);
        break;
      case 'latency':
        keep((await benchSyncLatency({ files: n(1_000), edits: 50 })).rows);
        break;
    }
    log(`sync ${b}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return { rows };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !(SYNC_BENCHMARKS as readonly string[]).includes(a));
  if (unknown.length > 0) throw new Error(`unknown benchmark ${unknown.join(', ')}; choose from ${SYNC_BENCHMARKS.join(', ')}`);
  const scale = Number(process.env.FOLIO_BENCH_SCALE ?? 1);
  ensureBundle(log);
  console.log(`cpu: ${cpus()[0]?.model ?? 'unknown'} (${availableParallelism()} cores), node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start, scale ${scale}`);
  const { rows } = await benchSync({ scale, which: args.length > 0 ? (args as SyncBenchmark[]) : SYNC_BENCHMARKS, rclone: process.env.FOLIO_BENCH_RCLONE !== '0' });
  console.log(formatTable(rows));
  console.log(`load ${loadavg().map((l) => l.toFixed(2)).join(' ')} at end`);
  const stale = bundleWentStale();
  if (stale) console.log(stale);
}
