/**
 * Restart with a large pair already in sync (100,000 files at the reference size): the time
 * `folio sync --once` takes to find that nothing changed, against `find DIR -printf '%s %T@\n'`
 * over the same tree (the floor for looking at every file once), and its peak RSS. Also timed
 * in-process, without Node's start-up, to show what the engine itself costs.
 */
import { join } from 'node:path';
import { openSyncStore } from '../../main/store/sync/index.ts';
import { PairSync } from '../../main/sync/engine.ts';
import { removeDir, tempDir } from '../helpers/server.ts';
import { folioSyncOnce, log, runMeasured, startService, writeTree, type Row, untilJobsDone } from './syncCommon.ts';

/** Issue #15's targets, at the reference size of 100,000 files. */
const REFERENCE_FILES = 100_000;
const RESTART_VS_FIND = 2.5;
const RESTART_RSS_MIB = 100;
const FIRST_SYNC_RSS_MIB = 200;
/** What a process of ours holds before it has looked at a single file (`folio sync --help` peaks at about 50 MiB). */
const BASE_RSS_MIB = 50;

/** A memory target scaled to a smaller run: the process's base, and the rest in proportion to the files. */
function perReferenceSize(mib: number, files: number): number {
  return files >= REFERENCE_FILES ? mib : BASE_RSS_MIB + ((mib - BASE_RSS_MIB) * files) / REFERENCE_FILES;
}

export interface RestartBenchOptions {
  files: number;
  folders: number;
  bytes: number;
  /** Restarts to time; the best is reported (the machine may be shared). */
  repeats?: number;
}

export interface RestartBenchResult {
  rows: Row[];
  initialUploadSeconds: number;
  initialPeakRssMiB: number;
  restartSeconds: number;
  restartInProcessSeconds: number;
  findSeconds: number;
  restartPeakRssMiB: number;
}

export async function benchSyncRestart(o: RestartBenchOptions): Promise<RestartBenchResult> {
  const work = tempDir('folio-bench-restart-');
  const svc = await startService();
  try {
    const tree = join(work, 'tree');
    const state = join(work, 'state');
    writeTree(tree, o.files, o.folders, o.bytes);
    const container = (await svc.client.createContainer({ name: 'bench restart' })).containerId;
    log(`restart: uploading ${o.files} files first (this is the slow part)`);
    const initial = await folioSyncOnce(svc, container, tree, state);
    if (initial.code !== 0) throw new Error(`initial sync failed: ${initial.stderr.slice(-2000)}`);
    log(`restart: initial upload ${initial.seconds.toFixed(1)} s, peak RSS ${initial.peakRssMiB.toFixed(0)} MiB (${initial.stdout.trim()})`);
    // The service extracts the text of what it received once the uploads stop; restarts are timed
    // after that, so that they do not share the two cores with it.
    const backlog = await untilJobsDone(svc.server.dataDir);
    log(`restart: the service finished its background jobs ${backlog.toFixed(1)} s after the upload`);

    const repeats = o.repeats ?? 3;
    let find = Number.POSITIVE_INFINITY;
    let restart = Number.POSITIVE_INFINITY;
    let rss = 0;
    for (let i = 0; i < repeats; i++) {
      const f = await runMeasured('find', [tree, '-printf', '%s %T@\\n'], { PATH: process.env.PATH });
      find = Math.min(find, f.seconds);
      const r = await folioSyncOnce(svc, container, tree, state);
      if (r.code !== 0 || r.stdout.trim() !== 'uploaded 0, downloaded 0, moved 0, deleted 0, conflicts 0') throw new Error(`restart was not a no-op: ${r.stdout} ${r.stderr.slice(-2000)}`);
      restart = Math.min(restart, r.seconds);
      rss = Math.max(rss, r.peakRssMiB);
      log(`restart: find ${f.seconds.toFixed(2)} s, folio sync --once ${r.seconds.toFixed(2)} s, peak RSS ${r.peakRssMiB.toFixed(0)} MiB`);
    }

    const store = await openSyncStore(state);
    let inProcess = Number.POSITIVE_INFINITY;
    try {
      const pair = store.listPairs()[0];
      if (!pair) throw new Error('no pair in the state');
      for (let i = 0; i < repeats; i++) {
        // A new engine each time: it loads its trees from the store, as a restarted process does.
        const started = performance.now();
        const summary = await new PairSync({ store, pairId: pair.pairId, client: svc.client }).syncOnce();
        const moved = summary.uploaded + summary.downloaded + summary.moved + summary.deleted + summary.conflicts;
        if (!summary.converged || moved > 0) throw new Error(`in-process restart was not a no-op: ${JSON.stringify(summary)}`);
        if (summary.rounds > 0) log('restart: (a full pass, not a quiet one: files were still racy)');
        inProcess = Math.min(inProcess, (performance.now() - started) / 1000);
      }
    } finally {
      store.close();
    }
    log(`restart: in-process ${inProcess.toFixed(2)} s`);

    const label = `restart with ${o.files} unchanged files`;
    return {
      rows: [
        { benchmark: `${label}: folio sync --once vs find -printf`, folio: restart, baseline: find, atMost: RESTART_VS_FIND, unit: 's (ratio = folio/find)', digits: 2 },
        { benchmark: `${label}: engine in-process vs find -printf`, folio: inProcess, baseline: find, unit: 's (ratio = folio/find)', digits: 2 },
        { benchmark: `${label}: peak RSS of folio sync --once`, folio: rss, atMost: perReferenceSize(RESTART_RSS_MIB, o.files), unit: 'MiB', digits: 0 },
        { benchmark: `initial upload of ${o.files} files: folio sync --once`, folio: initial.seconds, unit: 's', digits: 1 },
        { benchmark: `initial upload of ${o.files} files: peak RSS`, folio: initial.peakRssMiB, atMost: perReferenceSize(FIRST_SYNC_RSS_MIB, o.files), unit: 'MiB', digits: 0 },
        { benchmark: `initial upload of ${o.files} files: the service's text extraction after it`, folio: backlog, unit: 's', digits: 1 },
      ],
      initialUploadSeconds: initial.seconds,
      initialPeakRssMiB: initial.peakRssMiB,
      restartSeconds: restart,
      restartInProcessSeconds: inProcess,
      findSeconds: find,
      restartPeakRssMiB: rss,
    };
  } finally {
    await svc.server.stop();
    removeDir(svc.server.dataDir);
    removeDir(work);
  }
}

