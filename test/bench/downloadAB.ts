/**
 * The first download of a tree, build against build, in interleaved rounds (A B A B …): the way to
 * tell whether a change moved the client's CPU on a machine whose speed wanders (docs/performance.md,
 * "Downloads: client CPU per file"). One `folio serve` (this checkout's) is seeded once with the
 * tree; each round runs each build's `folio sync --once` into a fresh folder and state, and prints
 * the client's CPU (user + sys, download.ts's runWithCpu), its wall time and the engine rounds
 * that ran operations. Each build is a checkout with its bundle built (`npm run build:main`).
 * `--prof DIR` profiles each client run (`node --cpu-prof`) into DIR/<round>-<build>/. Figures, not
 * assertions.
 *
 *   node --import tsx test/bench/downloadAB.ts [--files 1000] [--real 0] [--rounds 3] [--prof DIR] A B
 */
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { removeDir, tempDir } from '../helpers/server.ts';
import { runWithCpu, writeRealTree } from './download.ts';
import { folioSyncOnce, startService, writeTree, type Service, untilJobsDone } from './syncCommon.ts';

interface Build {
  label: string;
  cli: string;
}

function buildOf(root: string): Build {
  const cli = join(resolve(root), 'dist', 'node', 'cli.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build:main in ${root}`);
  return { label: basename(resolve(root)), cli };
}

async function download(svc: Service, container: string, build: Build, profile: string | undefined, keep: string[]): Promise<{ cpu: number; user: number; sys: number; wall: number; rounds: number }> {
  const dir = tempDir('folio-ab-download-');
  const state = tempDir('folio-ab-state-');
  // Removed at the end, not after the run: the inodes a removal frees make creating files cost the
  // next run more kernel time for a minute or more (docs/performance.md, "fourth round").
  keep.push(dir, state);
  if (profile) mkdirSync(profile, { recursive: true });
  const prof = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const run = await runWithCpu(process.execPath, [...prof, build.cli, 'sync', '--server', svc.server.url, '--container', container, '--dir', dir, '--state', state, '--once'], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    FOLIO_CLIENT_ID: svc.tenant.clientId,
    FOLIO_CLIENT_SECRET: svc.tenant.clientSecret,
  });
  if (run.code !== 0) throw new Error(`folio sync of ${build.label} failed (${run.code}): ${run.stderr.slice(-2000)}`);
  return { cpu: run.cpu, user: run.user, sys: run.sys, wall: run.wall, rounds: (run.stderr.match(/^round \d+: /gm) ?? []).length };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { files: { type: 'string', default: '1000' }, real: { type: 'string', default: '0' }, rounds: { type: 'string', default: '3' }, prof: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length === 0) throw new Error('name at least one checkout');
  const builds = positionals.map(buildOf);
  const work = tempDir('folio-ab-');
  const svc = await startService();
  const keep: string[] = [];
  try {
    const source = join(work, 'source');
    const real = Number(values.real);
    if (real > 0) writeRealTree(source, real);
    else writeTree(source, Number(values.files), Math.max(1, Math.round(Number(values.files) / 100)), 4096);
    const container = (await svc.client.createContainer({ name: 'download ab' })).containerId;
    const seeded = await folioSyncOnce(svc, container, source, join(work, 'seed-state'));
    if (seeded.code !== 0) throw new Error(`seeding failed (${seeded.code}): ${seeded.stderr.slice(-2000)}`);
    // The service extracts the text of what it was just sent: the rounds start once it is done.
    console.log(`the service finished its background jobs ${(await untilJobsDone(svc.server.dataDir)).toFixed(1)} s after the seeding`);
    for (let round = 1; round <= Number(values.rounds); round++) {
      for (const build of builds) {
        const profile = values.prof ? join(resolve(values.prof), `${round}-${build.label}`) : undefined;
        const m = await download(svc, container, build, profile, keep);
        console.log([`round ${round}`, build.label, `client CPU ${m.cpu.toFixed(2)} s (user ${m.user.toFixed(2)}, sys ${m.sys.toFixed(2)})`, `wall ${m.wall.toFixed(1)} s`, `engine rounds with operations ${m.rounds}`].join(' | '));
      }
    }
  } finally {
    await svc.server.stop();
    removeDir(svc.server.dataDir);
    removeDir(work);
    for (const dir of keep) removeDir(dir);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
