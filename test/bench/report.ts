/** The one table every benchmark run ends with: benchmark | folio | baseline | ratio | target | unit. */

export interface Row {
  benchmark: string;
  folio: number;
  /** The same measurement on the bare baseline of the same run, when there is one. */
  baseline?: number;
  unit: string;
  /** The least folio/baseline ratio we aim for. */
  target?: number;
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
      r.target === undefined ? '-' : `>= ${r.target.toFixed(2)}`,
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

/** Below-target ratios, for the run's closing verdict. */
export function missedTargets(rows: Row[]): Row[] {
  return rows.filter((r) => r.target !== undefined && r.baseline !== undefined && r.folio / r.baseline < r.target);
}

/** Progress goes to stderr so stdout holds only the machine description and the table. */
export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}
