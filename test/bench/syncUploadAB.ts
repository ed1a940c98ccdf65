/**
 * The first sync of small files, build against build, in interleaved rounds (A B A B …) on one
 * tree: the way to tell whether a change moved the initial upload on a machine whose speed
 * wanders (docs/sync-performance.md, "Comparing two builds"). Each build is a checkout with its
 * bundle built (`npm run build:main`); `SERVER:CLIENT` runs one checkout's `folio serve` against
 * another's `folio sync`, to tell the two sides apart. Each round measures the floor of
 * syncUpload.ts once, then each build: a fresh `folio serve`, then `folio sync --once`, with the
 * client's CPU (GNU time) and the service's (its /proc stat over the sync). Figures, not assertions.
 *
 *   node --import tsx test/bench/syncUploadAB.ts [--files 10000] [--folders 100] [--rounds 3] A B
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { removeDir, tempDir } from '../helpers/server.ts';
import { printed } from '../helpers/wait.ts';
import { writeTree } from './syncCommon.ts';
import { floorUpload } from './syncUpload.ts';

interface Build {
  label: string;
  serverCli: string;
  clientCli: string;
}

interface Measured {
  seconds: number;
  clientCpu: number;
  serverCpu: number;
  peakRssMiB: number;
  summary: string;
}

const TICKS_PER_SECOND = 100;

function buildOf(spec: string): Build {
  const [server = spec, client = server] = spec.split(':');
  const cli = (root: string) => {
    const path = join(resolve(root), 'dist', 'node', 'cli.js');
    if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build:main in ${root}`);
    return path;
  };
  return { label: spec, serverCli: cli(server), clientCli: cli(client) };
}

/** User and system CPU seconds of a live process. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function json<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exit;
}

async function firstSync(build: Build, tree: string): Promise<Measured> {
  const data = tempDir('folio-ab-serve-');
  const state = tempDir('folio-ab-state-');
  const serve = spawn(process.execPath, [build.serverCli, 'serve', '--data', data, '--host', '127.0.0.1', '--port', '0', '--rate-limit', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const url = (await printed(serve, /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m, "folio serve's listening line")).match[1] as string;
    // Its access log goes on: read and dropped, so the pipe never fills.
    serve.stdout?.resume();
    const tenant = JSON.parse(execFileSync(process.execPath, [build.serverCli, 'admin', 'create-tenant', '--data', data, '--name', 'ab', '--json'], { encoding: 'utf8' })) as { clientId: string; clientSecret: string };
    const { accessToken } = await json<{ accessToken: string }>(`${url}/v1/auth/token`, tenant);
    const { containerId } = await json<{ containerId: string }>(`${url}/v1/containers/create`, { name: 'ab' }, accessToken);
    const serverBefore = cpuSeconds(serve.pid as number);
    const started = performance.now();
    const sync = spawn('/usr/bin/time', ['-f', 'AB-TIME %U %S %M', process.execPath, build.clientCli, 'sync', '--server', url, '--container', containerId, '--dir', tree, '--state', state, '--once'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME, FOLIO_CLIENT_ID: tenant.clientId, FOLIO_CLIENT_SECRET: tenant.clientSecret },
    });
    let stdout = '';
    let stderr = '';
    sync.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    sync.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => sync.once('exit', resolve));
    const seconds = (performance.now() - started) / 1000;
    const serverCpu = cpuSeconds(serve.pid as number) - serverBefore;
    const time = /AB-TIME (\S+) (\S+) (\d+)/.exec(stderr);
    if (code !== 0 || !time) throw new Error(`folio sync of ${build.label} failed (${code}): ${stderr.slice(-2000)}`);
    return { seconds, clientCpu: Number(time[1]) + Number(time[2]), serverCpu, peakRssMiB: Number(time[3]) / 1024, summary: stdout.trim().split('\n').pop() ?? '' };
  } finally {
    await stopped(serve);
    removeDir(data);
    removeDir(state);
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { files: { type: 'string', default: '10000' }, folders: { type: 'string', default: '100' }, rounds: { type: 'string', default: '3' } },
    allowPositionals: true,
  });
  if (positionals.length === 0) throw new Error('name at least one checkout (or SERVER:CLIENT pair of checkouts)');
  const builds = positionals.map(buildOf);
  const work = tempDir('folio-ab-');
  try {
    const tree = join(work, 'tree');
    writeTree(tree, Number(values.files), Number(values.folders), 4096);
    for (let round = 1; round <= Number(values.rounds); round++) {
      const floor = await floorUpload(tree, join(work, `floor-${round}`));
      removeDir(join(work, `floor-${round}`));
      for (const build of builds) {
        const m = await firstSync(build, tree);
        console.log(
          [`round ${round}`, build.label, `wall ${m.seconds.toFixed(1)} s`, `floor ${floor.toFixed(1)} s`, `ratio ${(m.seconds / floor).toFixed(2)}`, `client CPU ${m.clientCpu.toFixed(1)} s`, `service CPU ${m.serverCpu.toFixed(1)} s`, `client peak RSS ${m.peakRssMiB.toFixed(0)} MiB`, m.summary].join(' | '),
        );
      }
    }
  } finally {
    removeDir(work);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
