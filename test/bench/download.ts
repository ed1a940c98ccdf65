/**
 * First download of a tree (issue 15): `folio sync --once` into an empty folder from a `folio serve`
 * that holds the tree, against two baselines fetching the same files in the same run:
 * - the floor (downloadFloor.ts): 8 GETs at a time from the same `folio serve`, each into a temp
 *   file, fsynced and renamed;
 * - rclone copying the tree from `rclone serve webdav` over a folder with the same files.
 * Two trees: 10,000 files of 4 KiB in 100 folders, and one built to look like a real one (nested
 * folders, sizes from a few hundred bytes to a few MiB). The figure that matters is the client's CPU
 * (user + sys of the client process and anything it waits for), which the load of a shared machine
 * moves far less than wall time; both are reported.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { removeDir, tempDir } from '../helpers/server.ts';
import { folioSyncOnce, log, startService, writeTree, type Row, type Service, untilJobsDone } from './syncCommon.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface DownloadBenchOptions {
  /** Files in the uniform tree (4 KiB each, in files/100 folders). */
  files: number;
  /** Files in the real-looking tree. */
  realFiles: number;
  /** How old the last removal must be when a client starts (settleDisk); 61 s unless a test of the harness says 0. */
  settleMs?: number;
}

/** Client CPU (user + sys) and wall time of one run, in seconds. */
export interface Cost {
  cpu: number;
  wall: number;
}

interface Tree {
  name: string;
  build: (dir: string) => void;
}

export async function benchDownload(o: DownloadBenchOptions): Promise<{ rows: Row[] }> {
  const trees: Tree[] = [
    { name: `${o.files} files of 4 KiB in ${Math.max(1, Math.round(o.files / 100))} folders`, build: (dir) => writeTree(dir, o.files, Math.max(1, Math.round(o.files / 100)), 4096) },
    { name: `a real-looking tree of ${o.realFiles} files`, build: (dir) => writeRealTree(dir, o.realFiles) },
  ];
  const rclone = rcloneMissing();
  if (rclone) log(`download: no rclone column: ${rclone}`);
  const rows: Row[] = [];
  // The benchmark before this one removed its trees just now (see settleDisk).
  const disk: Disk = { lastRemoval: performance.now(), settleMs: o.settleMs ?? 61_000, leftovers: [] };
  try {
    for (const tree of trees) rows.push(...(await benchTree(tree, rclone === null, disk)));
  } finally {
    for (const dir of disk.leftovers) removeDir(dir);
  }
  return { rows };
}

/**
 * This machine's ext4 runs without a journal, and then allocating an inode skips every inode freed
 * in the last minute (six while its block is not yet written back), reading each one's block to
 * tell: right after a tree of 10,000 files was removed, the floor spent 5.2 s in the kernel
 * fetching 3,000 files, against 1.5 s a minute after a sync (docs/performance.md, "Downloads,
 * fourth round"). Whichever client ran first after a removal paid it, and folio always ran first.
 * So the trees are removed only at the end, and each client starts on a synced disk whose last
 * removal is at least a minute old.
 */
async function settleDisk(disk: Disk): Promise<void> {
  execFileSync('sync');
  const wait = disk.lastRemoval + disk.settleMs - performance.now();
  if (wait > 0) {
    log(`download: waiting ${(wait / 1000).toFixed(0)} s for the inodes of the last removal to age`);
    await new Promise((r) => setTimeout(r, wait));
  }
}

interface Disk {
  lastRemoval: number;
  settleMs: number;
  /** What the benchmark made, removed at its end. */
  leftovers: string[];
}

async function benchTree(tree: Tree, withRclone: boolean, disk: Disk): Promise<Row[]> {
  const work = tempDir('folio-bench-download-');
  const svc = await startService();
  disk.leftovers.push(work);
  try {
    const source = join(work, 'source');
    tree.build(source);
    const { files, bytes } = sizeOf(source);
    log(`download: ${tree.name}: ${files} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
    const container = (await svc.client.createContainer({ name: 'bench download' })).containerId;
    const seeded = await folioSyncOnce(svc, container, source, join(work, 'seed-state'));
    if (seeded.code !== 0) throw new Error(`seeding folio failed (${seeded.code}): ${seeded.stderr.slice(-2000)}`);
    log(`download: seeded folio in ${seeded.seconds.toFixed(1)} s`);
    // The service extracts the text of what it was just sent: the clients are timed once it is done.
    log(`download: the service finished its background jobs ${(await untilJobsDone(svc.server.dataDir)).toFixed(1)} s after the seeding`);

    await settleDisk(disk);
    const folio = await folioDownload(svc, container, source, join(work, 'folio'), join(work, 'folio-state'));
    log(`download: folio cpu ${folio.cpu.toFixed(1)} s, wall ${folio.wall.toFixed(1)} s`);
    await settleDisk(disk);
    const floor = await floorDownload(svc, container, source, join(work, 'floor'), work);
    log(`download: floor cpu ${floor.cpu.toFixed(1)} s, wall ${floor.wall.toFixed(1)} s`);
    if (withRclone) await settleDisk(disk);
    const rc = withRclone ? await rcloneDownload(source, join(work, 'rclone')) : undefined;
    if (rc) log(`download: rclone cpu ${rc.cpu.toFixed(1)} s, wall ${rc.wall.toFixed(1)} s`);

    const label = `download ${tree.name}`;
    const rows: Row[] = [
      { benchmark: `${label}: client CPU, folio vs floor`, folio: folio.cpu, baseline: floor.cpu, unit: 's (ratio = folio/floor)' },
      { benchmark: `${label}: wall, folio vs floor`, folio: folio.wall, baseline: floor.wall, unit: 's (ratio = folio/floor)' },
      { benchmark: `${label}: folio client CPU per file`, folio: (folio.cpu * 1000) / files, unit: 'ms', digits: 2 },
    ];
    if (rc) {
      rows.push({ benchmark: `${label}: client CPU, folio vs rclone`, folio: folio.cpu, baseline: rc.cpu, atMost: 1, unit: 's (ratio = folio/rclone)', digits: 1 });
      rows.push({ benchmark: `${label}: wall, folio vs rclone`, folio: folio.wall, baseline: rc.wall, atMost: 0.5, unit: 's (ratio = folio/rclone)', digits: 1 });
    }
    return rows;
  } finally {
    await svc.server.stop();
    disk.leftovers.push(svc.server.dataDir);
  }
}

/**
 * A tree shaped like a person's documents: folders nested three deep with uneven fan-out, most
 * files small (notes, code, spreadsheets), a quarter in the tens to hundreds of KiB (photos,
 * PDFs), one in twenty of a few MiB. Deterministic, so every run builds the same tree.
 */
export function writeRealTree(dir: string, files: number): void {
  let seed = 15;
  const random = () => {
    // mulberry32: small, fast and good enough to spread sizes and folders.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const folders: string[] = [''];
  const wanted = Math.max(1, Math.round(files / 12));
  while (folders.length < wanted) {
    const parent = folders[Math.floor(random() * folders.length)] as string;
    if (parent.split('/').length > 3) continue;
    folders.push(`${parent}${parent ? '/' : ''}folder ${folders.length}`);
  }
  for (const f of folders) mkdirSync(join(dir, f), { recursive: true });
  const extensions = ['.txt', '.md', '.pdf', '.jpg', '.xlsx', '.ts', '.docx', '.png'];
  for (let i = 0; i < files; i++) {
    const r = random();
    const bytes = r < 0.7 ? 200 + Math.floor(random() * 32 * 1024) : r < 0.95 ? 32 * 1024 + Math.floor(random() * 480 * 1024) : 512 * 1024 + Math.floor(random() * 3.5 * 1024 * 1024);
    const body = Buffer.alloc(bytes, i % 251);
    body.write(`file ${i} `, 0);
    const folder = folders[Math.floor(random() * folders.length)] as string;
    writeFileSync(join(dir, folder, `file ${i}${extensions[i % extensions.length]}`), body);
  }
}

function sizeOf(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    files++;
    bytes += statSync(join(e.parentPath, e.name)).size;
  }
  return { files, bytes };
}

/** Checks a download landed whole: every file of the source, with its bytes, and nothing else. */
function expectSame(who: string, source: string, dir: string): void {
  const files = (root: string) =>
    readdirSync(root, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)))
      .sort();
  const want = files(source);
  const got = files(dir);
  if (got.length !== want.length) throw new Error(`${who} downloaded ${got.length} files, not ${want.length}`);
  for (const [i, rel] of want.entries()) {
    if (got[i] !== rel || !readFileSync(join(source, rel)).equals(readFileSync(join(dir, rel)))) throw new Error(`${who} did not download ${rel} as it is`);
  }
}

/**
 * Runs a command under bash and takes the CPU its children used from bash's `times`: the whole
 * process (every thread, and any process it waited for), exact at exit, which sampling /proc is not.
 */
export async function runWithCpu(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Cost & { user: number; sys: number; code: number | null; stderr: string }> {
  const script = '"$@"; code=$?; times >&3; exit $code';
  const started = performance.now();
  const child = spawn('bash', ['-c', script, 'bash', command, ...args], { env, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let times = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  (child.stdio[3] as NodeJS.ReadableStream).on('data', (d: Buffer) => (times += d.toString()));
  const code = await new Promise<number | null>((res) => child.once('close', (c) => res(c)));
  const wall = (performance.now() - started) / 1000;
  // `times` prints the shell's own user and sys, then its children's: "0m1.234s 0m0.567s".
  const children = times.trim().split('\n')[1] ?? '';
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (seconds.length !== 2) throw new Error(`could not read the CPU time of ${command}: ${JSON.stringify(times)}`);
  const [user = 0, sys = 0] = seconds;
  return { cpu: user + sys, user, sys, wall, code, stderr };
}

async function folioDownload(svc: Service, container: string, source: string, dir: string, state: string): Promise<Cost> {
  mkdirSync(dir, { recursive: true });
  const bin = join(REPO_ROOT, 'bin/folio.mjs');
  // FOLIO_BENCH_CPU_PROF=DIR profiles the client (node refuses --cpu-prof in NODE_OPTIONS).
  const profile = process.env.FOLIO_BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FOLIO_BENCH_CPU_PROF}`] : [];
  const run = await runWithCpu(process.execPath, [...profile, bin, 'sync', '--server', svc.server.url, '--container', container, '--dir', dir, '--state', state, '--once'], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    FOLIO_CLIENT_ID: svc.tenant.clientId,
    FOLIO_CLIENT_SECRET: svc.tenant.clientSecret,
  });
  if (run.code !== 0) throw new Error(`folio sync failed (${run.code}): ${run.stderr.slice(-2000)}`);
  expectSame('folio', source, dir);
  return run;
}

/** Every document under `container`, with its path relative to it, for the floor's list. */
async function listing(svc: Service, container: string, prefix = ''): Promise<{ path: string; versionId: string }[]> {
  const { containers, documents } = await svc.client.children(container);
  const out = documents.map((d) => ({ path: `${prefix}${d.title}`, versionId: d.currentVersionId }));
  for (const c of containers) out.push(...(await listing(svc, c.containerId, `${prefix}${c.name}/`)));
  return out;
}

/**
 * The floor bundled, as folio is, and run by plain node: under tsx it spent more CPU compiling
 * itself at start than fetching a few hundred files.
 */
function bundleFloor(work: string): string {
  const out = join(work, 'downloadFloor.mjs');
  buildSync({
    entryPoints: [join(REPO_ROOT, 'test/bench/downloadFloor.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // undici is CommonJS and requires node's own modules; an ES module has no require of its own.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'error',
  });
  return out;
}

async function floorDownload(svc: Service, container: string, source: string, dir: string, work: string): Promise<Cost> {
  const listFile = join(work, 'floor.json');
  writeFileSync(listFile, JSON.stringify(await listing(svc, container)));
  const { authorization } = await svc.client.authHeaders();
  const run = await runWithCpu(process.execPath, [bundleFloor(work), listFile, svc.server.url, dir], {
    PATH: process.env.PATH,
    FOLIO_FLOOR_AUTHORIZATION: authorization,
  });
  if (run.code !== 0) throw new Error(`the floor failed (${run.code}): ${run.stderr.slice(-2000)}`);
  expectSame('the floor', source, dir);
  return run;
}

/** Why the rclone column is left out, or null when rclone is there. */
function rcloneMissing(): string | null {
  try {
    execFileSync('rclone', ['version'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'the rclone binary is not on PATH (bash scripts/setup-system.sh installs it)';
  }
}

async function rcloneDownload(source: string, target: string): Promise<Cost> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server: ChildProcess = spawn('rclone', ['serve', 'webdav', source, '--addr', `127.0.0.1:${port}`], { stdio: ['ignore', 'ignore', 'ignore'] });
  try {
    await waitForPort(port);
    const run = await runWithCpu('rclone', ['copy', ':webdav:', target, `--webdav-url=http://127.0.0.1:${port}`], { PATH: process.env.PATH, HOME: process.env.HOME });
    if (run.code !== 0) throw new Error(`rclone copy failed: ${run.stderr.slice(-2000)}`);
    expectSame('rclone', source, target);
    return run;
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
