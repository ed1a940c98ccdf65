/** Runs `folio sync` as a real child process, the way a user or a service manager would. */
import { spawn, type ChildProcess } from 'node:child_process';
import { FOLIO_BIN, type Tenant } from '../../helpers/server.ts';
import { until as waitUntil } from '../../helpers/wait.ts';

export interface SyncProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when the process has exited, with its code (null when killed by a signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface SyncArgs {
  server: string;
  container: string;
  dir: string;
  state?: string;
  once?: boolean;
  extra?: string[];
  tenant?: Tenant;
  /** Replaces the environment's credentials and tuning variables. */
  env?: NodeJS.ProcessEnv;
  /** A command that runs the process, e.g. strace and its options (test/helpers/strace.ts). */
  wrapper?: string[];
}

export function startSync(a: SyncArgs): SyncProcess {
  const args = [FOLIO_BIN, 'sync', '--server', a.server, '--container', a.container, '--dir', a.dir, ...(a.state ? ['--state', a.state] : []), ...(a.once ? ['--once'] : []), ...(a.extra ?? [])];
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...(a.tenant ? { FOLIO_CLIENT_ID: a.tenant.clientId, FOLIO_CLIENT_SECRET: a.tenant.clientSecret } : {}), ...a.env };
  const [command, ...before] = [...(a.wrapper ?? []), process.execPath];
  const child = spawn(command as string, [...before, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** `folio sync --once` to the end: its exit code and output. */
export async function syncOnceProcess(a: Omit<SyncArgs, 'once'>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const p = startSync({ ...a, once: true });
  const { code } = await p.exited;
  return { code, stdout: p.stdout(), stderr: p.stderr() };
}

/** Waits until `check` holds: see test/helpers/wait.ts. */
export async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  await waitUntil(what, check);
}
