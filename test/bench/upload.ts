/**
 * Upload: one large file through the chunked protocol of /v1 (init → uploadChunk × N, a few at a
 * time → complete) against `curl -T` of the same file to a bare route that hashes, fsyncs and
 * renames (servers/rawStore.ts). Rounds alternate raw and folio; each side reports its median.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolioClient } from '../../main/remote/client.ts';
import { uploadFile } from '../../main/remote/transfer.ts';
import { removeDir, tempDir } from '../helpers/server.ts';
import { withCpu } from './cpu.ts';
import { runWithCpu } from './download.ts';
import { startFolio, type FolioRun } from './folio.ts';
import { startScript } from './processes.ts';
import { log, type Row } from './report.ts';

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
  /** CPU seconds the client spent sending it. */
  clientCpu: number;
}

export interface RawRound {
  seconds: number;
  serverCpu: number;
  clientCpu: number;
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
        rawRounds.push({ ...r.value, serverCpu: r.cpu });
        const f = await withCpu(folio.server.process.pid, () => chunkedUpload(folio, file, contentHash, opts, `upload-${round}.bin`));
        folioRounds.push({ ...f.value, serverCpu: f.cpu });
        log(`upload: round ${round}/${opts.rounds}: raw ${rate(opts.bytes, r.value.seconds).toFixed(1)} MB/s, folio ${rate(opts.bytes, f.value.seconds).toFixed(1)} MB/s`);
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
      { benchmark: 'upload: client CPU per GiB (folio client vs curl)', folio: folioMedian.clientCpu / GiB, baseline: rawMedian.clientCpu / GiB, unit: 'CPU s/GiB', digits: 2 },
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

/**
 * `curl -T` streams the file from disk as a PUT; `Expect:` is cleared so no 100-continue round trip
 * is timed. The reply goes to a temp file, so that curl's own CPU can be taken (runWithCpu keeps no
 * output), and not beside the payload, which may lie in a folder that is being synced.
 */
export async function curlUpload(base: string, file: string, contentHash: string, bytes: number): Promise<{ seconds: number; clientCpu: number }> {
  const reply = join(tmpdir(), `folio-bench-curl-${randomUUID()}.json`);
  let stored: { sha256: string; bytes: number };
  let run: Awaited<ReturnType<typeof runWithCpu>>;
  try {
    run = await runWithCpu('curl', ['--silent', '--show-error', '--fail', '-H', 'Expect:', '-T', file, '-o', reply, `${base}/upload`], { PATH: process.env.PATH });
    if (run.code !== 0) throw new Error(`curl -T failed with exit code ${run.code}: ${run.stderr}`);
    stored = JSON.parse(readFileSync(reply, 'utf8')) as typeof stored;
  } finally {
    rmSync(reply, { force: true });
  }
  if (stored.sha256 !== contentHash || stored.bytes !== bytes) throw new Error(`raw upload stored ${stored.bytes} bytes with hash ${stored.sha256}`);
  return { seconds: run.wall, clientCpu: run.cpu };
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
  // This process does nothing else meanwhile: its CPU is the client's.
  const cpuBefore = process.cpuUsage();
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
  const cpu = process.cpuUsage(cpuBefore);
  if (version.contentHash !== contentHash || version.sizeBytes !== opts.bytes) {
    throw new Error(`folio stored ${version.sizeBytes} bytes with hash ${version.contentHash}`);
  }
  return {
    seconds: (finished - started) / 1000,
    chunkSeconds: (chunksDone - started) / 1000,
    completeSeconds: (finished - chunksDone) / 1000,
    clientCpu: (cpu.user + cpu.system) / 1e6,
  };
}

export function rate(bytes: number, seconds: number): number {
  return bytes / MB / seconds;
}

/** The middle round by `key` (the upper middle of an even count), kept whole so its parts stay together. */
export function medianBy<T>(rounds: T[], key: (round: T) => number): T {
  return [...rounds].sort((a, b) => key(a) - key(b))[Math.floor(rounds.length / 2)] as T;
}
