/**
 * The phase of a first sync that allocates most, in-process and without a service: the scan of
 * every file of a new tree (each one hashed), the pair's view and the plan, three times over (as a
 * first sync's rounds scan again), in a child process per run, with or without the bound on the
 * heap's growth that `folio sync` sets (main/platform/heap.ts); runs alternate, A B A B. Prints each
 * run's CPU and peak RSS (docs/sync-performance.md, "Memory, session 13"). Figures, not assertions.
 *
 *   node --import tsx test/bench/syncFirstRound.ts [--files 100000] [--rounds 3] [--percent 50]
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { boundHeapGrowth } from '../../main/platform/heap.ts';
import { IgnoreRules } from '../../main/sync/ignore.ts';
import type { LocalMeta, NodeState } from '../../main/sync/model.ts';
import { plan } from '../../main/sync/planner.ts';
import { scanLocal } from '../../main/sync/scanner.ts';
import { pairView } from '../../main/sync/view.ts';
import { removeDir, tempDir } from '../helpers/server.ts';
import { writeTree } from './syncCommon.ts';

const PASSES = 3;

/** One run: the passes over `dir`, then a line of figures on stdout. */
async function child(dir: string, percent: number): Promise<void> {
  if (percent > 0) boundHeapGrowth(percent);
  const rules = await IgnoreRules.forDir(dir);
  let previous: { tree: Map<string, NodeState>; metas: Map<string, LocalMeta> } = { tree: new Map(), metas: new Map() };
  for (let pass = 0; pass < PASSES; pass++) {
    const scan = await scanLocal({ root: dir, rootId: 'root', previous, rules });
    const view = pairView({ rootId: 'root', remote: new Map(), local: scan.tree, synced: new Map() }, { excludedFolders: [], caseInsensitive: false, rules, platform: process.platform, dir, localPath: (id) => scan.metas.get(id)?.path ?? id });
    plan(view.trees, { conflictStamp: 'bench' });
    previous = { tree: scan.tree, metas: scan.metas };
  }
  const ru = process.resourceUsage();
  console.log(JSON.stringify({ cpuSeconds: (ru.userCPUTime + ru.systemCPUTime) / 1e6, peakRssMiB: ru.maxRSS / 1024 }));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { files: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '3' }, percent: { type: 'string', default: '50' }, child: { type: 'string' }, dir: { type: 'string' } } });
  if (values.child !== undefined) return child(values.dir ?? '', Number(values.child));
  const files = Number(values.files);
  const dir = tempDir('folio-bench-first-round-');
  try {
    writeTree(dir, files, Math.max(1, Math.round(files / 100)), 100);
    for (let round = 1; round <= Number(values.rounds); round++) {
      for (const percent of [Number(values.percent), 0]) {
        const out = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', String(percent), '--dir', dir], { encoding: 'utf8' });
        const { cpuSeconds, peakRssMiB } = JSON.parse(out) as { cpuSeconds: number; peakRssMiB: number };
        console.log(`round ${round} ${percent > 0 ? `bounded to ${percent}%` : "V8's own factor"}: CPU ${cpuSeconds.toFixed(2)} s, peak RSS ${peakRssMiB.toFixed(0)} MiB`);
      }
    }
  } finally {
    removeDir(dir);
  }
}

await main();
