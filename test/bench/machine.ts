/** What the figures were measured on: printed above the table, since every number depends on it. */
import { execFileSync } from 'node:child_process';
import { statfsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';

const GiB = 1024 ** 3;

export function describeMachine(): string[] {
  const disk = statfsSync(tmpdir());
  return [
    `cpu:      ${cpus()[0]?.model ?? 'unknown'} (${availableParallelism()} cores)`,
    `ram:      ${(totalmem() / GiB).toFixed(1)} GiB`,
    `os:       ${type()} ${release()}`,
    `node:     ${process.version}`,
    `curl:     ${curlVersion()}`,
    `disk:     ${((disk.bavail * disk.bsize) / GiB).toFixed(1)} GiB free of ${((disk.blocks * disk.bsize) / GiB).toFixed(1)} GiB under ${tmpdir()}`,
    `load:     ${loadAverage()} at start`,
  ];
}

/** The machine may be shared: a busy start or end explains a slow run. */
export function loadAverage(): string {
  return `${loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min)`;
}

function curlVersion(): string {
  try {
    return execFileSync('curl', ['--version'], { encoding: 'utf8' }).split(' ').slice(0, 2).join(' ');
  } catch {
    return 'not installed';
  }
}
