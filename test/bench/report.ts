/** The one table every benchmark run ends with: benchmark | folio | baseline | ratio | target | unit. */

export interface Row {
  benchmark: string;
  folio: number;
  /** The same measurement on the bare baseline of the same run, when there is one. */
  baseline?: number;
  unit: string;
  /** The least folio/baseline ratio we aim for. */
  target?: number;
  /** For costs (time, memory), where lower is better: the most folio/baseline ratio we aim for, or with no baseline the most folio figure. */
  atMost?: number;
  /** Digits after the point for folio and baseline. */
  digits?: number;
}

const HEADER = ['benchmark', 'folio', 'baseline', 'ratio', 'target', 'unit'] as const;

export function formatTable(rows: Row[]): string {
  const cells = rows.map((r) => {
    const digits = r.digits ?? 1;
    const ratio = r.baseline ? r.folio / r.baseline : undefined;
    return [
      r.benchmark,
      r.folio.toFixed(digits),
      r.baseline === undefined ? '-' : r.baseline.toFixed(digits),
      ratio === undefined ? '-' : ratio.toFixed(2),
      r.target !== undefined ? `>= ${r.target.toFixed(2)}` : r.atMost !== undefined ? `<= ${r.atMost.toFixed(digits)}` : '-',
      r.unit,
    ];
  });
  const widths = HEADER.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  // Names and units read left-aligned; numbers line up on the right.
  const pad = (text: string, i: number) => (i === 0 || i === HEADER.length - 1 ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0));
  const line = (c: readonly string[]) => `| ${c.map(pad).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 || i === HEADER.length - 1 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(HEADER), rule, ...cells.map(line)].join('\n');
}

/** Rows that miss their target, for the run's closing verdict. */
export function missedTargets(rows: Row[]): Row[] {
  return rows.filter((r) => {
    const figure = r.baseline ? r.folio / r.baseline : r.folio;
    if (r.atMost !== undefined) return figure > r.atMost;
    return r.target !== undefined && r.baseline !== undefined && figure < r.target;
  });
}

/** The closing verdict's line for a row that missed its target. */
export function missedLine(r: Row): string {
  const figure = r.baseline ? r.folio / r.baseline : r.folio;
  const digits = r.baseline ? 2 : (r.digits ?? 1);
  if (r.atMost !== undefined) return `above target: ${r.benchmark}: ${figure.toFixed(digits)} > ${r.atMost.toFixed(digits)}`;
  return `below target: ${r.benchmark}: ${figure.toFixed(2)} < ${(r.target as number).toFixed(2)}`;
}

/** Progress goes to stderr so stdout holds only the machine description and the table. */
export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** A benchmark that threw: its name and what it said. */
export interface Failure {
  name: string;
  message: string;
}

/**
 * Runs each benchmark in turn and keeps every row as soon as its benchmark hands it over, so that
 * one that throws costs only its own rows: a full run lasts most of an hour, and a failure in its
 * last part once threw away the whole table. The failures come back for the caller to print.
 */
export async function runEach<T extends string>(which: readonly T[], one: (name: T, add: (rows: Row[]) => void) => Promise<void>): Promise<{ rows: Row[]; failures: Failure[] }> {
  const rows: Row[] = [];
  const failures: Failure[] = [];
  for (const name of which) {
    const started = performance.now();
    try {
      await one(name, (r) => rows.push(...r));
      log(`${name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log(`${name}: failed after ${((performance.now() - started) / 1000).toFixed(1)} s: ${err instanceof Error ? (err.stack ?? message) : message}`);
      failures.push({ name, message });
    }
  }
  return { rows, failures };
}

/** The line after the table for a benchmark that threw. */
export function failureLine(f: Failure): string {
  return `FAILED: ${f.name}: ${f.message} (what it had not measured is missing from the table; its stack is on stderr)`;
}
