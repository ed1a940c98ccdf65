/**
 * Upload: one large file through the chunked protocol of /v1 (init → uploadChunk × N, a few at a
 * time → complete) against `curl -T` of the same file to a bare route that hashes, fsyncs and
 * renames (servers/rawStore.ts). Rounds alternate raw and folio; each side reports its median.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FolioClient } from '../../main/remote/client.ts';
import { uploadFile } from '../../main/remote/transfer.ts';
import { removeDir, tempDir } from '../helpers/server.ts';
import { withCpu } from './cpu.ts';
import { startFolio, type FolioRun } from './folio.ts';
import { startScript } from './processes.ts';
import { log, type Row } from './report.ts';

const run = promisify(execFile);
const MB = 1e6;
const MiB = 1024 * 1024;

export interface UploadOptions {
  bytes: number;
  chunkSize: number;
  concurrency: number;
  rounds: number;
}

export interface UploadRound {
  seconds: number;
  chunkSeconds: number;
  completeSeconds: number;
  /** CPU seconds the server process spent on this upload. */
  serverCpu: number;
}

export interface RawRound {
  seconds: number;
  serverCpu: number;
}

export interface UploadResult {
  rows: Row[];
  contentHash: string;
  raw: RawRound[];
  folio: UploadRound[];
}

export async function benchUpload(opts: UploadOptions): Promise<UploadResult> {
  const work = tempDir('folio-bench-upload-');
  try {
    const file = join(work, 'payload.bin');
    log(`upload: writing ${(opts.bytes / MiB).toFixed(1)} MiB of random bytes to ${file}`);
    const contentHash = await writeRandomFile(file, opts.bytes);
    const raw = await startScript('test/bench/servers/rawStore.ts', [join(work, 'raw')]);
    const folio = await startFolio(join(work, 'folio')).catch(async (err: unknown) => {
      await raw.stop();
      throw err;
    });
    const rawRounds: RawRound[] = [];
    const folioRounds: UploadRound[] = [];
    try {
      for (let round = 1; round <= opts.rounds; round++) {
        const r = await withCpu(raw.process.pid, () => curlUpload(raw.url, file, contentHash, opts.bytes));
        rawRounds.push({ seconds: r.value, serverCpu: r.cpu });
        const f = await withCpu(folio.server.process.pid, () => chunkedUpload(folio, file, contentHash, opts, `upload-${round}.bin`));
        folioRounds.push({ ...f.value, serverCpu: f.cpu });
        log(`upload: round ${round}/${opts.rounds}: raw ${rate(opts.bytes, r.value).toFixed(1)} MB/s, folio ${rate(opts.bytes, f.value.seconds).toFixed(1)} MB/s`);
      }
    } finally {
      await Promise.all([raw.stop(), folio.server.stop()]);
    }
    const rawMedian = medianBy(rawRounds, (r) => r.seconds);
    const folioMedian = medianBy(folioRounds, (r) => r.seconds);
    const GiB = opts.bytes / (1024 * MiB);
    const size = GiB >= 1 ? `${GiB.toFixed(2)} GiB` : `${(opts.bytes / MiB).toFixed(1)} MiB`;
    const rows: Row[] = [
      { benchmark: `upload ${size}: chunked /v1 vs curl -T raw`, folio: rate(opts.bytes, folioMedian.seconds), baseline: rate(opts.bytes, rawMedian.seconds), unit: 'MB/s', target: 0.9 },
      { benchmark: 'upload: total time', folio: folioMedian.seconds, baseline: rawMedian.seconds, unit: 's', digits: 2 },
      { benchmark: `upload: init + chunks (${opts.concurrency} at a time, ${(opts.chunkSize / MiB).toFixed(0)} MiB)`, folio: folioMedian.chunkSeconds, unit: 's', digits: 2 },
      { benchmark: 'upload: completeChunkedUpload', folio: folioMedian.completeSeconds, unit: 's', digits: 2 },
      { benchmark: 'upload: server CPU per GiB', folio: folioMedian.serverCpu / GiB, baseline: rawMedian.serverCpu / GiB, unit: 'CPU s/GiB', digits: 2 },
    ];
    return { rows, contentHash, raw: rawRounds, folio: folioRounds };
  } finally {
    removeDir(work);
  }
}

/** Random bytes, generated and written piece by piece so the file never sits in memory; returns its SHA-256. */
export async function writeRandomFile(path: string, bytes: number): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  const piece = 8 * MiB;
  for (let written = 0; written < bytes; written += piece) {
    const block = randomBytes(Math.min(piece, bytes - written));
    hash.update(block);
    if (!out.write(block)) await new Promise<void>((res) => out.once('drain', () => res()));
  }
  await new Promise<void>((res, rej) => out.end((err?: Error | null) => (err ? rej(err) : res())));
  return hash.digest('hex');
}

/** `curl -T` streams the file from disk as a PUT; `Expect:` is cleared so no 100-continue round trip is timed. */
export async function curlUpload(base: string, file: string, contentHash: string, bytes: number): Promise<number> {
  const started = performance.now();
  const { stdout } = await run('curl', ['--silent', '--show-error', '--fail', '-H', 'Expect:', '-T', file, `${base}/upload`], { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  const stored = JSON.parse(stdout) as { sha256: string; bytes: number };
  if (stored.sha256 !== contentHash || stored.bytes !== bytes) throw new Error(`raw upload stored ${stored.bytes} bytes with hash ${stored.sha256}`);
  return seconds;
}

/**
 * The upload as Folio's own client sends it (main/remote/transfer.ts, what `folio sync` and the
 * desktop app run): undici requests, each chunk read into a reused buffer and written to the
 * socket as it is. The file's hash is known, as the sync engine knows it from its scan, so the
 * client does not read the file twice; curl does not hash it either.
 */
async function chunkedUpload(folio: FolioRun, file: string, contentHash: string, opts: UploadOptions, title: string): Promise<Omit<UploadRound, 'serverCpu'>> {
  const client = new FolioClient({ baseUrl: folio.server.url, credentials: folio.tenant });
  // Outside the clock: the token is fetched once per client, and curl's side has none to fetch.
  await client.authHeaders();
  const started = performance.now();
  let chunksDone = started;
  const version = await uploadFile(client, file, { title }, {
    knownHash: contentHash,
    chunkSize: opts.chunkSize,
    concurrency: opts.concurrency,
    // Chunked at every size, so the toy sizes of the smoke test take the same path.
    directThreshold: 0,
    onProgress: (sent, total) => {
      if (sent === total) chunksDone = performance.now();
    },
  });
  const finished = performance.now();
  if (version.contentHash !== contentHash || version.sizeBytes !== opts.bytes) {
    throw new Error(`folio stored ${version.sizeBytes} bytes with hash ${version.contentHash}`);
  }
  return { seconds: (finished - started) / 1000, chunkSeconds: (chunksDone - started) / 1000, completeSeconds: (finished - chunksDone) / 1000 };
}

export function rate(bytes: number, seconds: number): number {
  return bytes / MB / seconds;
}

/** The middle round by `key` (the upper middle of an even count), kept whole so its parts stay together. */
export function medianBy<T>(rounds: T[], key: (round: T) => number): T {
  return [...rounds].sort((a, b) => key(a) - key(b))[Math.floor(rounds.length / 2)] as T;
}
