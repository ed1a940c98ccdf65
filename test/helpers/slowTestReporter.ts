/**
 * A vitest reporter that names the tests still running after a few minutes, once a minute, with the
 * processes under vitest the first time. The default reporter prints a file only when the whole file
 * ends, so a test that never ends leaves no trace in a log cut short by CI's budget: this one does.
 * It watches; it never fails or stops anything (the guards in test/helpers/wait.ts do that).
 */
import { execFileSync } from 'node:child_process';
import type { Reporter, TestCase } from 'vitest/node';

export interface SlowTestOptions {
  slowAfterMs: number;
  everyMs: number;
  now: () => number;
  write: (text: string) => void;
  processes: () => string;
}

const DEFAULTS: SlowTestOptions = {
  slowAfterMs: 3 * 60_000,
  everyMs: 60_000,
  now: () => Date.now(),
  write: (text) => process.stderr.write(text),
  processes: processTree,
};

export default class SlowTestReporter implements Reporter {
  private readonly running = new Map<string, { test: TestCase; since: number; told: boolean }>();
  private readonly options: SlowTestOptions;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: Partial<SlowTestOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  onInit(): void {
    this.timer = setInterval(() => this.tell(), this.options.everyMs);
    this.timer.unref();
  }

  onTestCaseReady(test: TestCase): void {
    this.running.set(test.id, { test, since: this.options.now(), told: false });
  }

  onTestCaseResult(test: TestCase): void {
    const entry = this.running.get(test.id);
    this.running.delete(test.id);
    if (entry?.told) this.options.write(`slow-tests: ended after ${minutes(this.options.now() - entry.since)}: ${name(test)}\n`);
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
  }

  /** Writes what is slow now; the interval calls it, and a test may. */
  tell(): void {
    const now = this.options.now();
    const slow = [...this.running.values()].filter((entry) => now - entry.since >= this.options.slowAfterMs);
    if (slow.length === 0) return;
    for (const entry of slow) this.options.write(`slow-tests: still running after ${minutes(now - entry.since)}: ${name(entry.test)}\n`);
    if (slow.some((entry) => !entry.told)) this.options.write(this.options.processes());
    for (const entry of slow) entry.told = true;
  }
}

function name(test: TestCase): string {
  return `${test.module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}`;
}

function minutes(ms: number): string {
  return `${(ms / 60_000).toFixed(1)} min`;
}

/** The processes under this one, as `ps` lists them: which `folio`, browser or server is still up. */
function processTree(): string {
  try {
    const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,etimes=,args='], { encoding: 'utf8' });
    const rows = table
      .split('\n')
      .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
      .filter((m): m is RegExpMatchArray => m !== null)
      .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), seconds: Number(m[3]), args: m[4]!.slice(0, 160) }));
    const lines: string[] = [];
    const walk = (pid: number, depth: number) => {
      for (const row of rows.filter((r) => r.ppid === pid)) {
        lines.push(`slow-tests:   ${'  '.repeat(depth)}${row.pid} (${row.seconds}s) ${row.args}`);
        walk(row.pid, depth + 1);
      }
    };
    walk(process.pid, 0);
    return `${lines.join('\n')}\n`;
  } catch (err) {
    return `slow-tests: ps failed: ${String(err)}\n`;
  }
}
