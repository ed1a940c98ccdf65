/**
 * Offline scenarios with real processes: a `folio serve` that is stopped and started again on the
 * same data directory and port, a real `folio daemon` (which can be killed with SIGKILL), and a
 * real folder paired through `folio pair add`.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Envelope } from '../../../shared/envelope.ts';
import type { LocalStatus } from '../../../shared/v1/offline.ts';
import type { Container, Document } from '../../../shared/v1/resources.ts';
import { FolioClient } from '../../../main/remote/client.ts';
import { Api, appApi, createTenant, FOLIO_BIN, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../../helpers/server.ts';
import { printed, until as waitUntil } from '../../helpers/wait.ts';

const run = promisify(execFile);

export const sha = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** Waits for what `probe` reads over HTTP; an error (a process still starting or stopped) means "not yet". */
export function until<T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  return waitUntil(what, probe, { errorsMeanNotYet: true });
}

/** The top-level envelope keys, and nothing else (spec §1). */
export function wellFormed(status: number, headers: Headers, body: Envelope<unknown>): void {
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,data,msg,rid,success,ts') throw new Error(`not an envelope: ${JSON.stringify(body)}`);
  if (typeof body.code !== 'number' || typeof body.ts !== 'number' || typeof body.msg !== 'string' || !body.msg) throw new Error(`bad envelope fields: ${JSON.stringify(body)}`);
  if (body.success !== (body.code === 0)) throw new Error(`success disagrees with code: ${JSON.stringify(body)}`);
  if (body.code !== 0 && body.data !== null) throw new Error(`a failure carries data: ${JSON.stringify(body)}`);
  if (headers.get('x-request-id') !== body.rid || !body.rid) throw new Error(`X-Request-Id ${headers.get('x-request-id')} is not rid ${body.rid}`);
  if (status >= 500 && body.code !== 170001) throw new Error(`HTTP ${status}: ${JSON.stringify(body)}`);
}

export class World {
  readonly stateDir = tempDir('folio-state-');
  readonly dir = join(tempDir('folio-pairdir-'), 'pair');
  server!: ServerHandle;
  port = 0;
  tenant!: Tenant;
  svc!: Api;
  client!: FolioClient;
  rootId = '';
  daemon: ChildProcess | null = null;
  private daemonGroup = false;
  daemonLog = '';
  local!: Api;
  localUrl = '';

  static async create(): Promise<World> {
    const w = new World();
    w.server = await startServer();
    w.port = Number(new URL(w.server.url).port);
    w.tenant = await createTenant(w.server.dataDir);
    await w.connect();
    w.rootId = (await w.client.createContainer({ name: `Team ${Date.now()}` })).containerId;
    return w;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private async connect(): Promise<void> {
    this.svc = await appApi(this.url, this.tenant);
    this.client = new FolioClient({ baseUrl: this.url, credentials: this.tenant, retry: { attempts: 2, baseDelayMs: 50 } });
  }

  get env(): NodeJS.ProcessEnv {
    return { ...process.env, FOLIO_CLIENT_ID: this.tenant.clientId, FOLIO_CLIENT_SECRET: this.tenant.clientSecret };
  }

  async stopService(): Promise<void> {
    await this.server.stop();
  }

  /** The same data directory, on the same port. */
  async startService(): Promise<void> {
    this.server = await startServer(this.server.dataDir, ['--port', String(this.port)]);
    await this.connect();
  }

  async folio(args: string[]): Promise<{ stdout: string; stderr: string }> {
    return run(process.execPath, [FOLIO_BIN, ...args], { encoding: 'utf8', env: this.env });
  }

  async pairAdd(): Promise<string> {
    const { stdout } = await this.folio(['pair', 'add', '--server', this.url, '--container', this.rootId, '--dir', this.dir, '--state', this.stateDir]);
    return stdout.trim();
  }

  /**
   * `wrapper` runs the daemon under another command (strace, test/helpers/strace.ts); the two then
   * share a process group of their own, and stopDaemon signals the group.
   */
  async startDaemon(wrapper: string[] = []): Promise<void> {
    const [command, ...before] = [...wrapper, process.execPath];
    const args = [...before, FOLIO_BIN, 'daemon', '--state', this.stateDir, '--poll-ms', '400', '--probe-max-ms', '400'];
    const child = spawn(command as string, args, { stdio: ['ignore', 'pipe', 'pipe'], env: this.env, detached: wrapper.length > 0 });
    this.daemon = child;
    this.daemonGroup = wrapper.length > 0;
    child.stderr?.on('data', (d: Buffer) => (this.daemonLog += d.toString()));
    const { match } = await printed(child, /local api on (http:\/\/127\.0\.0\.1:\d+)/, "folio daemon's local api line", () => this.daemonLog);
    this.localUrl = match[1] as string;
    this.local = new Api(this.localUrl, readFileSync(join(this.stateDir, 'local-token'), 'utf8').trim());
  }

  async stopDaemon(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.daemon;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', (c) => resolve(c));
      if (this.daemonGroup) process.kill(-(child.pid as number), signal);
      else child.kill(signal);
    });
    this.daemon = null;
    return code;
  }

  async close(): Promise<void> {
    await this.stopDaemon('SIGKILL');
    if (process.env.FOLIO_OFFLINE_DEBUG) console.log(this.daemonLog);
    await this.server.stop();
    removeDir(this.server.dataDir);
    removeDir(this.stateDir);
    removeDir(join(this.dir, '..'));
  }

  async status(): Promise<LocalStatus> {
    const res = await this.local.get<LocalStatus>('/v1/local/status');
    if (!res.body.data) throw new Error(`status failed: ${res.body.msg}`);
    return res.body.data;
  }

  /** Online, nothing waiting, every pair in sync. */
  /** Waits until everything reached the service; the guard's message names the last status seen, so a failure says why. */
  async converged(): Promise<LocalStatus> {
    let last: LocalStatus | undefined;
    return until(
      'the daemon to converge',
      async () => {
        const s = await this.status();
        last = s;
        return s.online && s.outboxLength === 0 && s.pendingUploads === 0 && s.pairs.every((p) => p.converged) && s;
      },
    ).catch((err: unknown) => {
      throw new Error(`${err instanceof Error ? err.message : String(err)}; last status: ${JSON.stringify(last)}`);
    });
  }

  async offline(): Promise<LocalStatus> {
    return until('the daemon to notice the service is gone', async () => {
      const s = await this.status();
      return !s.online && s;
    });
  }

  /** The service's documents of a container, by title. */
  async serviceDocs(containerId: string): Promise<Map<string, Document>> {
    const page = await this.client.v1(contract.documents.getPage, { containerId, pageSize: 500 });
    return new Map(page.content.map((d) => [d.title, d]));
  }

  async serviceFolders(containerId: string): Promise<Map<string, Container>> {
    const page = await this.client.v1(contract.containers.getPage, { parentId: containerId, pageSize: 500 });
    return new Map(page.content.map((c) => [c.name, c]));
  }

  async serviceUpload(target: { docId: string } | { containerId: string; title: string }, content: string): Promise<string> {
    const query: Record<string, string> = 'docId' in target ? { docId: target.docId } : { containerId: target.containerId, title: target.title };
    const res = await this.svc.raw('/v1/versions/upload', query, Buffer.from(content));
    if (res.body.code !== 0) throw new Error(`upload failed: ${res.body.msg}`);
    return (res.body.data as { docId: string }).docId;
  }

  /** 'a/b.txt' → sha of its content, for every file in the pair's folder. */
  folderListing(): Record<string, string> {
    const out: Record<string, string> = {};
    const walk = (rel: string) => {
      for (const name of readdirSync(join(this.dir, rel))) {
        const r = rel ? `${rel}/${name}` : name;
        if (statSync(join(this.dir, r)).isDirectory()) walk(r);
        else out[r] = sha(readFileSync(join(this.dir, r)));
      }
    };
    walk('');
    return out;
  }

  /** Paths the service answers under /v1 (its OpenAPI description). */
  async servicePaths(): Promise<Set<string>> {
    const res = await fetch(`${this.url}/v1/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    return new Set(Object.keys(doc.paths));
  }
}
