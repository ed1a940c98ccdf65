/**
 * Reading what a real Folio process asked of the file system, in order: the process runs under
 * strace, which records the calls that name, move, remove and flush files; -y prints each fd's
 * path. A durability test reads that record.
 *
 * strace is a system package of the CI machine (scripts/setup-system.sh); without it such a test
 * fails rather than passing unchecked.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CALLS = 'link,linkat,rename,renameat,renameat2,mkdir,mkdirat,unlink,unlinkat,rmdir,fsync,fdatasync,pwrite64';

export function requireStrace(): void {
  if (spawnSync('strace', ['-V']).error) throw new Error('strace is missing: run scripts/setup-system.sh (docs/ci.md)');
}

/**
 * The command prefix that runs a process (and its threads) under strace, recording into
 * `traceFile`. With a seccomp filter, only the traced calls stop the process: it runs at near
 * full speed.
 */
export function straced(traceFile: string, calls = CALLS): string[] {
  return ['strace', '--seccomp-bpf', '-f', '-qq', '-y', '-e', `trace=${calls}`, '-o', traceFile];
}

/**
 * The trace lines so far, without the pid prefix, each call on one line where it completed. Under
 * -f, strace prints a call that another thread's call interrupts in two halves (`… <unfinished
 * ...>`, later `<... name resumed>…`); they are joined here. A call not completed yet is left out.
 */
export function readTrace(traceFile: string): string[] {
  return readCalls(traceFile).map((c) => c.call);
}

/** readTrace, with the id of the thread that made each call. */
export function readCalls(traceFile: string): { tid: number; call: string }[] {
  const started = new Map<string, string>();
  const lines: { tid: number; call: string }[] = [];
  for (const raw of readFileSync(traceFile, 'utf8').split('\n')) {
    if (raw === '') continue;
    const [, pid = '', line = raw] = /^(\d+)\s+(.*)$/.exec(raw) ?? [];
    if (line.endsWith(' <unfinished ...>')) {
      started.set(pid, line.slice(0, -' <unfinished ...>'.length));
      continue;
    }
    const resumed = /^<\.\.\. \w+ resumed>(.*)$/.exec(line);
    const head = started.get(pid);
    if (resumed && head !== undefined) {
      started.delete(pid);
      lines.push({ tid: Number(pid), call: head + (resumed[1] as string) });
    } else {
      lines.push({ tid: Number(pid), call: line });
    }
  }
  return lines;
}

/** Index of the first line at or after `from` that matches; -1 when none does. */
export function indexOf(lines: readonly string[], pattern: RegExp, from = 0): number {
  for (let i = Math.max(0, from); i < lines.length; i++) if (pattern.test(lines[i] as string)) return i;
  return -1;
}

export const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A successful fsync of `path`, a file or a directory. */
export const fsynced = (path: string): RegExp => new RegExp(`^fsync\\(\\d+<${escapeRe(path)}>\\)\\s+= 0`);

/** A link or rename (`call`) of `from` (a pattern) onto exactly `to`, with its result. */
export const named = (call: 'link' | 'rename', from: string, to: string, result = '0'): RegExp =>
  new RegExp(`^${call}(at2?)?\\(.*"(${from})",.*"${escapeRe(to)}"(, 0)?\\)\\s+= ${escapeRe(result)}`);
