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
