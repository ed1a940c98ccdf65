/**
 * Initial upload of a tree of small files (10,000 × 4 KiB in 100 folders at the reference size):
 * `folio sync --once` into a fresh `folio serve`, against two baselines on the same tree in the
 * same run:
 * - rclone copying it to `rclone serve webdav` on 127.0.0.1 (what a user might reach for);
 * - the floor: each file POSTed, 8 at a time, to a bare Node route that hashes it, writes it to
 *   a temp file, fsyncs it and renames it into place (what any store must at least do).
 */
import { createHash, randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import PQueue from 'p-queue';
import { removeDir, tempDir } from '../helpers/server.ts';
import { folioSyncOnce, log, runMeasured, startService, writeTree, type Row } from './syncCommon.ts';

export interface UploadBenchOptions {
  files: number;
  folders: number;
  bytes: number;
  /** rclone took over 5 minutes at the reference size here; it can be left out of a quick run. */
  rclone?: boolean;
}

export interface UploadBenchResult {
  rows: Row[];
  seconds: { folio: number; floor: number; rclone?: number };
  folioPeakRssMiB: number;
}

export async function benchSyncUpload(o: UploadBenchOptions): Promise<UploadBenchResult> {
  const work = tempDir('folio-bench-upload-');
  try {
    const tree = join(work, 'tree');
    writeTree(tree, o.files, o.folders, o.bytes);
    log(`upload: a tree of ${o.files} files of ${o.bytes} bytes in ${o.folders} folders`);
    const floor = await floorUpload(tree, join(work, 'floor'));
    log(`upload: floor ${floor.toFixed(1)} s`);
    const folio = await folioUpload(tree, join(work, 'state'));
    log(`upload: folio ${folio.seconds.toFixed(1)} s, peak RSS ${folio.peakRssMiB.toFixed(0)} MiB`);
    const rclone = o.rclone === false ? undefined : await rcloneUpload(tree, join(work, 'webdav'));
    if (rclone !== undefined) log(`upload: rclone ${rclone.toFixed(1)} s`);
    const label = `initial upload, ${o.files} files of ${(o.bytes / 1024).toFixed(0)} KiB in ${o.folders} folders`;
    const rows: Row[] = [{ benchmark: `${label}: folio vs floor (8 POSTs at a time)`, folio: folio.seconds, baseline: floor, atMost: 2, unit: 's (ratio = folio/floor)' }];
    if (rclone !== undefined) rows.push({ benchmark: `${label}: folio vs rclone to webdav`, folio: folio.seconds, baseline: rclone, unit: 's (ratio = folio/rclone)' });
    rows.push({ benchmark: `${label}: folio peak RSS`, folio: folio.peakRssMiB, unit: 'MiB', digits: 0 });
    return { rows, seconds: { folio: folio.seconds, floor, ...(rclone !== undefined ? { rclone } : {}) }, folioPeakRssMiB: folio.peakRssMiB };
  } finally {
    removeDir(work);
  }
}

async function folioUpload(tree: string, state: string): Promise<{ seconds: number; peakRssMiB: number }> {
  const svc = await startService();
  try {
    const container = (await svc.client.createContainer({ name: 'bench upload' })).containerId;
    const run = await folioSyncOnce(svc, container, tree, state);
    if (run.code !== 0) throw new Error(`folio sync failed (${run.code}): ${run.stderr.slice(-2000)}`);
    const { containers } = await svc.client.children(container);
    let documents = 0;
    for (const c of containers) documents += (await svc.client.children(c.containerId)).documents.length;
    log(`upload: folio holds ${documents} documents in ${containers.length} folders (${run.stdout.trim()})`);
    return { seconds: run.seconds, peakRssMiB: run.peakRssMiB };
  } finally {
    await svc.server.stop();
    removeDir(svc.server.dataDir);
  }
}

/** The floor's server: hash, temp file, fsync, rename. Nothing else. */
async function startFloor(store: string): Promise<{ url: string; close: () => Promise<void> }> {
  mkdirSync(store, { recursive: true });
  const server = http.createServer((req, res) => {
    const temp = join(store, `.${randomUUID()}`);
    const hash = createHash('sha256');
    const out = createWriteStream(temp);
    req.on('data', (d: Buffer) => {
      hash.update(d);
      out.write(d);
    });
    req.on('end', () => {
      out.end(async () => {
        const digest = hash.digest('hex');
        const fh = await open(temp, 'r+');
        await fh.sync();
        await fh.close();
        await rename(temp, join(store, digest));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ contentHash: digest }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function floorUpload(tree: string, store: string): Promise<number> {
  const floor = await startFloor(store);
  try {
    const started = performance.now();
    const queue = new PQueue({ concurrency: 8 });
    for (const folder of readdirSync(tree)) {
      for (const name of readdirSync(join(tree, folder))) {
        void queue.add(async () => {
          const res = await fetch(`${floor.url}/put?path=${encodeURIComponent(`${folder}/${name}`)}`, { method: 'POST', body: readFileSync(join(tree, folder, name)) });
          if (res.status !== 200) throw new Error(`floor answered ${res.status}`);
          await res.arrayBuffer();
        });
      }
    }
    await queue.onIdle();
    return (performance.now() - started) / 1000;
  } finally {
    await floor.close();
  }
}

async function rcloneUpload(tree: string, target: string): Promise<number> {
  mkdirSync(target, { recursive: true });
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server: ChildProcess = spawn('rclone', ['serve', 'webdav', target, '--addr', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    await waitForPort(port);
    const run = await runMeasured('rclone', ['copy', tree, ':webdav:', `--webdav-url=http://127.0.0.1:${port}`], { PATH: process.env.PATH, HOME: process.env.HOME });
    if (run.code !== 0) throw new Error(`rclone copy failed: ${run.stderr.slice(-2000)}`);
    return run.seconds;
  } finally {
    server.kill('SIGTERM');
  }
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/`, { method: 'OPTIONS' }).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on port ${port}`);
}
