/**
 * The reply cache's generation on PostgreSQL under concurrent writers (`npm run bench -- generation`,
 * docs/architecture.md, "The reply cache"): two nodes (worker threads, a pool each) with k writers
 * each, every writer of a tenant of its own, commit the container service's create (a container, its
 * ACL entry, its change) as units of work of the asynchronous store, on the real PostgreSQL of
 * scripts/cluster.sh. Three databases differ only in the generation's triggers: none (the baseline),
 * the one row of 0009_tree, and a row per tenant (0011_reply_generation). Runs interleave, the order
 * of the three rotating each round, and each row gives the median of the rounds. While a run goes,
 * a connection of its own samples pg_stat_activity for the backends that wait for a lock.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import * as tree from '../../main/store/postgres/migrations/0009_tree.ts';
import { openAsyncPostgres } from '../../main/store/async/database.ts';
import { adminClient, newPostgresDatabase } from '../helpers/asyncDatabases.ts';
import { clusterUp, type TestCluster } from '../helpers/cluster.ts';
import type { GenerationWriterJob } from './generationWriter.ts';
import { log, type Row } from './report.ts';

/** Sampling apart, so that the sampler's own queries take little from the writers' two cores. */
const SAMPLE_EVERY_MS = 20;
const THREAD_BOOT = new URL('../../main/platform/threadBoot.mjs', import.meta.url);
const WRITER = new URL('./generationWriter.ts', import.meta.url);

export interface GenerationOptions {
  /** Writers on each of the two nodes; one row set of figures each. */
  writersPerNode: readonly number[];
  /** Units of work each writer commits in a run. */
  units: number;
  rounds: number;
}

const VARIANTS = ['one row', 'per tenant', 'none'] as const;
type Variant = (typeof VARIANTS)[number];

/** What turns a database migrated to the end into each variant. */
const SETUP: Record<Variant, string> = {
  'per tenant': '',
  none: 'DROP FUNCTION reply_generations_move() CASCADE; DROP TABLE reply_generations;',
  // 0009_tree's own SQL for its one row, as it shipped.
  'one row': `DROP FUNCTION reply_generations_move() CASCADE; DROP TABLE reply_generations; ${tree.up.slice(tree.up.indexOf('CREATE TABLE reply_generation ('))}`,
};

interface Run {
  unitsPerSecond: number;
  /** Backends waiting for a lock, the mean of the samples taken while the run went. */
  waiting: number;
}

export async function benchGeneration(opts: GenerationOptions): Promise<{ rows: Row[] }> {
  log('generation: starting PostgreSQL (scripts/cluster.sh up --nodes 1)');
  const cluster = await clusterUp({ nodes: 1 });
  try {
    const urls = {} as Record<Variant, { url: string; name: string }>;
    for (const variant of VARIANTS) {
      const made = await newPostgresDatabase(cluster);
      // Migrated to the end, then changed into the variant.
      await (await openAsyncPostgres(made.url, cluster.env.PGPASSWORD)).close();
      if (SETUP[variant]) await adminClient(cluster, (c) => c.query(SETUP[variant]), made.name);
      urls[variant] = made;
    }
    const rows: Row[] = [];
    for (const k of opts.writersPerNode) {
      const runs: Record<Variant, Run[]> = { 'one row': [], 'per tenant': [], none: [] };
      for (let round = 0; round < opts.rounds; round++) {
        const order = VARIANTS.map((_, i) => VARIANTS[(i + round) % VARIANTS.length]!);
        for (const variant of order) {
          const run = await oneRun(cluster, urls[variant], k, opts.units);
          log(`generation, 2 nodes × ${k} writer${k === 1 ? '' : 's'}, round ${round + 1}, ${variant}: ${run.unitsPerSecond.toFixed(0)} units/s, ${run.waiting.toFixed(2)} waiting for a lock`);
          runs[variant].push(run);
        }
      }
      const units = (v: Variant) => median(runs[v].map((r) => r.unitsPerSecond));
      const waiting = (v: Variant) => median(runs[v].map((r) => r.waiting));
      const label = `generation: 2 nodes × ${k} writer${k === 1 ? '' : 's'} (a tenant each)`;
      rows.push(
        { benchmark: `${label}, one row (0009) vs no triggers`, folio: units('one row'), baseline: units('none'), unit: 'units/s', digits: 0 },
        { benchmark: `${label}, per tenant (0011) vs no triggers`, folio: units('per tenant'), baseline: units('none'), unit: 'units/s', digits: 0 },
        { benchmark: `${label}, per tenant (0011) vs one row (0009)`, folio: units('per tenant'), baseline: units('one row'), unit: 'units/s', digits: 0 },
        { benchmark: `${label}, one row (0009): waiting for a lock vs no triggers`, folio: waiting('one row'), baseline: waiting('none'), unit: 'backends (mean of samples)', digits: 2 },
        { benchmark: `${label}, per tenant (0011): waiting for a lock vs no triggers`, folio: waiting('per tenant'), baseline: waiting('none'), unit: 'backends (mean of samples)', digits: 2 },
      );
    }
    return { rows };
  } finally {
    await cluster.down();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A node on its own thread: resolves once its tenants are made, with what starts it and its answer. */
function startNode(job: GenerationWriterJob): Promise<{ go: () => Promise<number> }> {
  const worker = new Worker(THREAD_BOOT, { workerData: { entry: WRITER.href, job } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`generation node ${job.node} exited (${code}) before it answered`)));
    worker.once('message', () =>
      resolve({
        go: () =>
          new Promise<number>((done, failed) => {
            worker.once('message', (units: number) => done(units));
            worker.once('error', failed);
            worker.postMessage('go');
          }),
      }),
    );
  });
}

async function oneRun(cluster: TestCluster, database: { url: string; name: string }, writersPerNode: number, units: number): Promise<Run> {
  const nodes = await Promise.all(['n1', 'n2'].map((node) => startNode({ node, postgresUrl: database.url, password: cluster.env.PGPASSWORD, writers: writersPerNode, units })));
  return adminClient(
    cluster,
    async (sampler) => {
      let running = true;
      const samples: number[] = [];
      const sampling = (async () => {
        for (; running; await sleep(SAMPLE_EVERY_MS)) samples.push(await lockWaiters(sampler));
      })();
      const started = performance.now();
      const committed = (await Promise.all(nodes.map((n) => n.go()))).reduce((a, b) => a + b, 0);
      const seconds = (performance.now() - started) / 1000;
      running = false;
      await sampling;
      return { unitsPerSecond: committed / seconds, waiting: samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length) };
    },
    database.name,
  );
}

async function lockWaiters(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>("SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
  return rows[0]!.n;
}
