/**
 * What the sync benchmarks share: a real `folio serve` with a tenant and a pair container, trees
 * of small files, `folio sync` as a child process with its peak RSS, and the table row shape of
 * test/bench/report.ts (benchmark | folio | baseline | unit | target).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FolioClient } from '../../main/remote/client.ts';
import { queryStore } from '../helpers/dataDir.ts';
import { createTenant, FOLIO_BIN, startServer, tempDir, type ServerHandle, type Tenant } from '../helpers/server.ts';
export { log } from './report.ts';

export interface Row {
  benchmark: string;
  folio: number;
  baseline?: number;
  unit: string;
  /** The least folio/baseline ratio aimed for. */
  target?: number;
  /** For times and memory, where lower is better: the most folio/baseline ratio aimed for, or with no baseline the most folio figure. */
  atMost?: number;
  digits?: number;
}

export interface Service {
  server: ServerHandle;
  tenant: Tenant;
  client: FolioClient;
}

/**
 * The service runs without its per-client rate limit (6,000 requests a minute by default, which
 * caps a sync of small files at 100 a second): these benchmarks measure the sync engine, not the
 * operator's policy. docs/sync-performance.md says what the default limit costs.
 */
export async function startService(): Promise<Service> {
  const server = await startServer(tempDir('folio-bench-serve-'), ['--rate-limit', '0']);
  const tenant = await createTenant(server.dataDir);
  return { server, tenant, client: new FolioClient({ baseUrl: server.url, credentials: tenant }) };
}

/** `files` files of `bytes` bytes each, spread over `folders` folders, each file's content distinct. */
export function writeTree(dir: string, files: number, folders: number, bytes: number): void {
  for (let f = 0; f < folders; f++) mkdirSync(join(dir, `folder-${String(f).padStart(4, '0')}`), { recursive: true });
  const body = Buffer.alloc(bytes, 'x');
  for (let i = 0; i < files; i++) {
    body.write(`file ${i} `.padEnd(Math.min(bytes, 24), '.'), 0);
    writeFileSync(join(dir, `folder-${String(i % folders).padStart(4, '0')}`, `file-${i}.txt`), body);
  }
}

export interface Run {
  code: number | null;
  seconds: number;
  /** Peak resident set size, in MiB (VmHWM, sampled while it ran). */
  peakRssMiB: number;
  stdout: string;
  stderr: string;
}

/** Runs `folio sync --once` to the end, timing it and sampling its peak RSS. */
export async function folioSyncOnce(svc: Service, container: string, dir: string, state: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return runMeasured(process.execPath, [FOLIO_BIN, 'sync', '--server', svc.server.url, '--container', container, '--dir', dir, '--state', state, '--once'], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    FOLIO_CLIENT_ID: svc.tenant.clientId,
    FOLIO_CLIENT_SECRET: svc.tenant.clientSecret,
    ...env,
  });
}

export async function runMeasured(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  const started = performance.now();
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let peakKiB = 0;
  const sample = () => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m?.[1]) peakKiB = Math.max(peakKiB, Number(m[1]));
    } catch {
      // Gone already: the last sample stands.
    }
  };
  const timer = setInterval(sample, 20);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearInterval(timer);
  return { code, seconds: (performance.now() - started) / 1000, peakRssMiB: peakKiB / 1024, stdout, stderr };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * Seconds until the service's job queue is empty (it is polled through the store's file): text
 * extraction of what a sync just uploaded runs in the service for a while after it, on the cores
 * the next measurement needs.
 */
export async function untilJobsDone(dataDir: string, timeoutMs = 30 * 60_000): Promise<number> {
  const started = performance.now();
  const live = () => queryStore<{ n: number }>(dataDir, "SELECT COUNT(*) AS n FROM jobs WHERE status IN ('QUEUED', 'RUNNING')")[0]?.n ?? 0;
  while (live() > 0) {
    if (performance.now() - started > timeoutMs) throw new Error(`the service still had jobs after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return (performance.now() - started) / 1000;
}
