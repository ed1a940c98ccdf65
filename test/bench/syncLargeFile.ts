/**
 * One large file (1 GiB at the reference size): `folio sync --once` of a folder holding it, into a
 * fresh container, against `curl -T` of the same file to a bare route that hashes, fsyncs and
 * renames (servers/rawStore.ts). The sync side pays for everything a user's first sync of that
 * folder does: the scan that hashes the file, the chunked upload, and the completion. Rounds
 * alternate raw and folio; each side reports its median.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { removeDir, tempDir } from '../helpers/server.ts';
import { startScript } from './processes.ts';
import { folioSyncOnce, log, startService, type Row } from './syncCommon.ts';
import { curlUpload, medianBy, rate, writeRandomFile } from './upload.ts';

const MiB = 1024 * 1024;

export interface LargeFileBenchOptions {
  bytes: number;
  rounds: number;
}

export async function benchSyncLargeFile(o: LargeFileBenchOptions): Promise<{ rows: Row[] }> {
  const work = tempDir('folio-bench-largefile-');
  const tree = join(work, 'tree');
  mkdirSync(tree);
  const file = join(tree, 'large.bin');
  log(`large file: writing ${(o.bytes / MiB).toFixed(0)} MiB of random bytes`);
  const contentHash = await writeRandomFile(file, o.bytes);
  const raw = await startScript('test/bench/servers/rawStore.ts', [join(work, 'raw')]);
  const svc = await startService();
  const rawSeconds: number[] = [];
  const folioSeconds: number[] = [];
  try {
    for (let round = 1; round <= o.rounds; round++) {
      rawSeconds.push((await curlUpload(raw.url, file, contentHash, o.bytes)).seconds);
      // A fresh container and state each round: every round is a first sync, not a no-op.
      const container = (await svc.client.createContainer({ name: `large ${round}` })).containerId;
      const run = await folioSyncOnce(svc, container, tree, join(work, `state-${round}`));
      if (run.code !== 0 || !run.stdout.startsWith('uploaded 1,')) throw new Error(`folio sync failed (${run.code}): ${run.stdout} ${run.stderr.slice(-2000)}`);
      const [doc] = (await svc.client.children(container)).documents;
      if (doc?.contentHash !== contentHash) throw new Error('folio stored other bytes than the file');
      folioSeconds.push(run.seconds);
      log(`large file: round ${round}/${o.rounds}: curl -T ${rate(o.bytes, rawSeconds.at(-1) ?? 0).toFixed(0)} MB/s, folio sync ${rate(o.bytes, run.seconds).toFixed(0)} MB/s (peak RSS ${run.peakRssMiB.toFixed(0)} MiB)`);
    }
  } finally {
    await Promise.all([raw.stop(), svc.server.stop()]);
    removeDir(svc.server.dataDir);
    removeDir(work);
  }
  const size = o.bytes >= 1024 * MiB ? `${(o.bytes / (1024 * MiB)).toFixed(2)} GiB` : `${(o.bytes / MiB).toFixed(0)} MiB`;
  return {
    rows: [
      { benchmark: `sync upload of one ${size} file: folio sync --once vs curl -T raw`, folio: rate(o.bytes, medianBy(folioSeconds, (x) => x)), baseline: rate(o.bytes, medianBy(rawSeconds, (x) => x)), unit: 'MB/s (target ratio >= 0.7)', digits: 0 },
    ],
  };
}
