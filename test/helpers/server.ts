/**
 * Test harness: a real `folio serve` process on 127.0.0.1 with its own data directory, plus
 * provisioning through the real `folio admin` command and a small typed HTTP helper.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Envelope } from '../../shared/envelope.ts';
import { printed } from './wait.ts';

const run = promisify(execFile);
export const FOLIO_BIN = resolve(import.meta.dirname, '../../bin/folio.mjs');

export interface ServerHandle {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop: () => Promise<number | null>;
}

export function tempDir(prefix = 'folio-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function folio(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [FOLIO_BIN, ...args], { encoding: 'utf8' });
}

/**
 * `extraArgs` go to `folio serve` as they are (e.g. --allow-fetch-host 127.0.0.1:PORT); `env` adds
 * environment variables, e.g. the FOLIO_* settings of docs/configuration.md.
 */
export async function startServer(dataDir = tempDir(), extraArgs: string[] = [], env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<ServerHandle> {
  const child = spawn(process.execPath, [...nodeArgs, FOLIO_BIN, 'serve', '--data', dataDir, '--host', '127.0.0.1', '--port', '0', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  // A line of its own: JSON log lines may share stdout with it (docs/operations.md).
  const { match } = await printed(child, /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m, "folio serve's listening line", () => stderr);
  const url = match[1] as string;
  const stop = () =>
    new Promise<number | null>((res) => {
      if (child.exitCode !== null) return res(child.exitCode);
      child.once('exit', (code) => res(code));
      child.kill('SIGTERM');
    });
  return { url, dataDir, process: child, stop };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface Tenant {
  tenantId: string;
  clientId: string;
  clientSecret: string;
}

export async function createTenant(dataDir: string, name = 'acme'): Promise<Tenant> {
  const { stdout } = await folio(['admin', 'create-tenant', '--data', dataDir, '--name', name, '--json']);
  return JSON.parse(stdout) as Tenant;
}

export async function createUser(dataDir: string, tenantId: string, name: string, extra: string[] = []): Promise<string> {
  const { stdout } = await folio(['admin', 'create-user', '--data', dataDir, '--tenant', tenantId, '--name', name, '--password', 'correct horse', '--json', ...extra]);
  return (JSON.parse(stdout) as { userId: string }).userId;
}

export interface Reply<T> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

/** A client bound to one bearer token (or none), speaking real HTTP. */
export class Api {
  constructor(
    readonly base: string,
    readonly token?: string,
    readonly extraHeaders: Record<string, string> = {},
  ) {}

  with(headers: Record<string, string>): Api {
    return new Api(this.base, this.token, { ...this.extraHeaders, ...headers });
  }

  private headers(more: Record<string, string> = {}): Record<string, string> {
    return { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...this.extraHeaders, ...more };
  }

  async post<T = unknown>(path: string, body: unknown): Promise<Reply<T>> {
    const res = await fetch(this.base + path, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<T> };
  }

  async get<T = unknown>(path: string, query: Record<string, string> = {}): Promise<Reply<T>> {
    const res = await fetch(`${this.base}${path}?${new URLSearchParams(query)}`, { headers: this.headers() });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<T> };
  }

  async raw(path: string, query: Record<string, string>, bytes: Uint8Array, headers: Record<string, string> = {}): Promise<Reply<unknown>> {
    const res = await fetch(`${this.base}${path}?${new URLSearchParams(query)}`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/octet-stream', ...headers }),
      body: bytes,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<unknown> };
  }

  async fetch(path: string, query: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.base}${path}?${new URLSearchParams(query)}`, { headers: this.headers(headers) });
  }
}

/** Logs a tenant's client in and returns an Api bound to its APP_ONLY token. */
export async function appApi(base: string, tenant: Tenant): Promise<Api> {
  const res = await new Api(base).post<{ accessToken: string }>('/v1/auth/token', { clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  if (!res.body.data) throw new Error(`token failed: ${res.body.msg}`);
  return new Api(base, res.body.data.accessToken);
}

/** Unwraps a successful envelope, failing the test with the envelope's message otherwise. */
export function data<T>(reply: Reply<T>): T {
  if (reply.body.code !== 0 || reply.body.data === null) {
    throw new Error(`expected success, got ${reply.status} code ${reply.body.code}: ${reply.body.msg}`);
  }
  return reply.body.data;
}
