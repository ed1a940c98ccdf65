/**
 * CPU time a server process has used, from /proc (Linux). On a shared machine wall-clock figures
 * move with everyone else's load; the CPU a server spends per byte or per request moves much less,
 * so the table reports both.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** User + system seconds of every thread of `pid` so far. */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) throw new Error('the server process has no pid');
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may itself hold spaces, closed by the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / ticksPerSecond;
}

/** Measures the CPU seconds `pid` spends while `work` runs. */
export async function withCpu<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ value: T; cpu: number }> {
  const before = cpuSeconds(pid);
  const value = await work();
  return { value, cpu: cpuSeconds(pid) - before };
}
