/** A real `folio serve` for a benchmark: one tenant, its APP_ONLY token, and helpers that fail loudly. */
import type { Envelope } from '../../shared/envelope.ts';
import { appApi, createTenant, startServer, type ServerHandle, type Tenant } from '../helpers/server.ts';

export interface FolioRun {
  server: ServerHandle;
  tenant: Tenant;
  token: string;
}

/**
 * The per-client rate limit: off (6,000 requests a minute by default, and the read benchmark alone
 * sends more than that in its warm-up), unless FOLIO_BENCH_RATE_LIMIT names one. Set far above what
 * a run sends (1000000000), every request is counted and none refused: what counting costs.
 */
function rateLimit(): string {
  const raw = process.env.FOLIO_BENCH_RATE_LIMIT ?? '0';
  if (!/^\d+$/.test(raw)) throw new Error(`FOLIO_BENCH_RATE_LIMIT must be a whole number, not ${raw}`);
  return raw;
}

/**
 * Starts `folio serve` on `dataDir`, creating a tenant there unless one is given.
 * FOLIO_BENCH_SERVER_PROF=DIR runs it under `node --cpu-prof` and leaves its profile in DIR when it
 * stops (node refuses --cpu-prof in NODE_OPTIONS).
 */
export async function startFolio(dataDir: string, existing?: Tenant): Promise<FolioRun> {
  const profileDir = process.env.FOLIO_BENCH_SERVER_PROF;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = await startServer(dataDir, ['--rate-limit', rateLimit()], {}, profile);
  try {
    const tenant = existing ?? (await createTenant(dataDir, 'bench'));
    return { server, tenant, token: await appToken(server.url, tenant) };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** An APP_ONLY access token of `tenant`. */
export async function appToken(url: string, tenant: Tenant): Promise<string> {
  return (await appApi(url, tenant)).token as string;
}

/** The `data` of a successful envelope; anything else stops the benchmark, since its figures would mean nothing. */
export async function expectData<T>(res: Response, what: string): Promise<T> {
  const body = (await res.json()) as Envelope<T>;
  if (res.status !== 200 || body.code !== 0 || body.data === null) {
    throw new Error(`${what} failed: HTTP ${res.status}, code ${body.code}: ${body.msg}`);
  }
  return body.data;
}

export function authHeaders(run: FolioRun, more: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${run.token}`, ...more };
}

export async function postJson<T>(run: FolioRun, path: string, body: unknown): Promise<T> {
  const res = await fetch(run.server.url + path, {
    method: 'POST',
    headers: authHeaders(run, { 'content-type': 'application/json' }),
    body: JSON.stringify(body),
  });
  return expectData<T>(res, path);
}
