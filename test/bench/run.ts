/**
 * `npm run bench [-- upload|reads|writes|text|sync|download|cluster|generation …]`: runs the chosen
 * benchmarks (all but `cluster` and `generation`, which start scripts/cluster.sh, by default;
 * test/bench/cluster.ts, test/bench/generation.ts) and
 * prints the machine, then one table. FOLIO_BENCH_SCALE (default 1) scales every size, and the
 * measuring time with it, so `FOLIO_BENCH_SCALE=0.01 npm run bench` is a quick check of the
 * harness; FOLIO_BENCH_DURATION sets the seconds of each read measurement outright. Figures,
 * never assertions: nothing here fails because something is slow.
 */
import { bundleWentStale, ensureBundle } from './bundle.ts';
import { benchCluster } from './cluster.ts';
import { benchDownload } from './download.ts';
import { benchGeneration } from './generation.ts';
import { describeMachine, loadAverage } from './machine.ts';
import { benchReads } from './reads.ts';
import { benchSync } from './sync.ts';
import { benchTextExtraction, type BenchRow } from './textExtraction.ts';
import { failureLine, formatTable, log, missedLine, missedTargets, type Row, runEach } from './report.ts';
import { benchUpload } from './upload.ts';
import { benchWrites } from './writes.ts';

const MiB = 1024 * 1024;
const BENCHMARKS = ['upload', 'reads', 'writes', 'text', 'sync', 'download', 'cluster', 'generation'] as const;
/** They start PostgreSQL (and the cluster's other parts): only when asked for by name. */
const ON_A_CLUSTER: readonly Benchmark[] = ['cluster', 'generation'];
type Benchmark = (typeof BENCHMARKS)[number];

/** A mistake in the command line or the environment: reported in one line, without a stack. */
class UsageError extends Error {}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`${name} must be a positive number, not ${raw}`);
  return value;
}

function chosen(args: string[]): Benchmark[] {
  const unknown = args.filter((a) => !(BENCHMARKS as readonly string[]).includes(a));
  if (unknown.length > 0) throw new UsageError(`unknown benchmark ${unknown.join(', ')}; choose from ${BENCHMARKS.join(', ')}`);
  return args.length === 0 ? BENCHMARKS.filter((b) => !ON_A_CLUSTER.includes(b)) : BENCHMARKS.filter((b) => args.includes(b));
}

/** Issue #15's least ratios: text PDFs against pdftotext, OCR against the tesseract CLI. */
const TEXT_TARGETS: Record<string, number> = { 'text PDF': 0.25, 'OCR scan': 0.9 };

/**
 * Text extraction pairs each case's folio figure with the Debian tool of the same case (pdftotext,
 * tesseract); for OCR also the CPU seconds a page, where lower is better (wanted: at most 1.5× the CLI's).
 */
function textRows(results: BenchRow[]): Row[] {
  const cases = [...new Set(results.map((r) => r.case))];
  return cases.flatMap((name) => {
    const [folio, baseline] = results.filter((r) => r.case === name);
    if (!folio || folio.pagesPerSecond === null) return [];
    const target = Object.entries(TEXT_TARGETS).find(([suffix]) => name.endsWith(suffix))?.[1];
    const rows: Row[] = [{ benchmark: `text: ${name}`, folio: folio.pagesPerSecond, ...(baseline?.pagesPerSecond ? { baseline: baseline.pagesPerSecond } : {}), ...(target ? { target } : {}), unit: 'pages/s', digits: 1 }];
    if (name.endsWith('OCR scan') && folio.cpuPerPage !== null) {
      rows.push({ benchmark: `text: ${name}, CPU a page`, folio: folio.cpuPerPage, ...(baseline?.cpuPerPage ? { baseline: baseline.cpuPerPage } : {}), atMost: 1.5, unit: 's CPU/page (lower is better)', digits: 3 });
    }
    return rows;
  });
}

async function main(): Promise<void> {
  const which = chosen(process.argv.slice(2));
  const scale = positiveNumber('FOLIO_BENCH_SCALE', 1);
  const seconds = positiveNumber('FOLIO_BENCH_DURATION', Math.min(10, Math.max(1, Math.round(10 * scale))));
  ensureBundle(log);
  const machine = describeMachine();
  console.log(machine.join('\n'));
  console.log(`scale:    ${scale}${scale === 1 ? '' : ' (not the reference sizes)'}\n`);

  const { rows, failures } = await runEach(which, async (b, add) => {
    if (b === 'upload') {
      add((await benchUpload({ bytes: Math.max(MiB, Math.round(1024 * MiB * scale)), chunkSize: 8 * MiB, concurrency: 4, rounds: 3 })).rows);
    } else if (b === 'reads') {
      const documents = Math.max(1, Math.round(1000 * scale));
      add((await benchReads({ documents, versionsPerDocument: 100, durationSeconds: seconds, warmupSeconds: Math.min(2, seconds), connections: 16 })).rows);
    } else if (b === 'writes') {
      add((await benchWrites({ documents: Math.max(1, Math.round(10_000 * scale)), bytesPerDocument: 4096, concurrency: 8 })).rows);
    } else if (b === 'text') {
      add(textRows(await benchTextExtraction()));
    } else if (b === 'sync') {
      await benchSync({ scale }, add);
    } else if (b === 'cluster') {
      add(
        (
          await benchCluster({
            documents: Math.max(10, Math.round(10_000 * scale)),
            bytesPerDocument: 4096,
            pages: Math.max(10, Math.round(5_000 * scale)),
            uploadBytes: Math.max(MiB, Math.round(1024 * MiB * scale)),
            chunkSize: 8 * MiB,
            concurrency: 8,
          })
        ).rows,
      );
    } else if (b === 'generation') {
      add((await benchGeneration({ writersPerNode: [1, 4], units: Math.max(20, Math.round(150 * scale)), rounds: 3 })).rows);
    } else {
      add((await benchDownload({ files: Math.max(10, Math.round(10_000 * scale)), realFiles: Math.max(10, Math.round(3_000 * scale)) })).rows);
    }
  });

  console.log(formatTable(rows));
  console.log(`\nload:     ${loadAverage()} at end`);
  const stale = bundleWentStale();
  if (stale) console.log(stale);
  const missed = missedTargets(rows);
  for (const r of missed) console.log(missedLine(r));
  for (const f of failures) console.log(failureLine(f));
  if (failures.length > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  if (err instanceof UsageError) {
    console.error(`npm run bench: ${err.message}`);
    process.exit(2);
  }
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
