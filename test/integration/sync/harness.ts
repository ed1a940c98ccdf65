/**
 * Sync scenarios: a real `folio serve`, a real folder, the engine in this process, and helpers to
 * change either side the way a user (or another client) would.
 */
import { contract } from '../../../shared/v1/contract/index.ts';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { FolioClient } from '../../../main/remote/client.ts';
import { uploadFile } from '../../../main/remote/transfer.ts';
import { openSyncStore, type SyncStore } from '../../../main/store/sync/index.ts';
import type { PairSettings } from '../../../main/sync/model.ts';
import { PairSync, type EngineOptions, type SyncRequest, type SyncSummary } from '../../../main/sync/engine.ts';
import { PairOwner } from '../../../main/sync/owner.ts';
import type { SyncFs } from '../../../main/sync/syncFs.ts';
import type { Document } from '../../../shared/v1/resources.ts';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.ts';
import { createTenant, removeDir, startServer, tempDir, type ServerHandle, type Tenant } from '../../helpers/server.ts';

export const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export interface Service {
  server: ServerHandle;
  tenant: Tenant;
  client: FolioClient;
  stop: () => Promise<void>;
}

export async function startService(): Promise<Service> {
  const server = await startServer();
  const tenant = await createTenant(server.dataDir);
  return {
    server,
    tenant,
    client: new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { baseDelayMs: 20 } }),
    stop: async () => {
      await server.stop();
      removeDir(server.dataDir);
    },
  };
}

export interface ScenarioOptions {
  settings?: Partial<PairSettings>;
  now?: () => Date;
  platform?: NodeJS.Platform;
  /** Put a counting, fault-injecting proxy between the engine and the service. */
  proxy?: boolean;
  /** The engine's own client (another route to the service, other retry and time-out settings). */
  client?: FolioClient;
  onProgress?: EngineOptions['onProgress'];
  onLeftOut?: EngineOptions['onLeftOut'];
  /** Sync this service folder (another client's pair) instead of a new one. */
  rootId?: string;
  /** The folder's file system as the engine sees it: node:fs unless a test steps in between. */
  fs?: SyncFs;
}

let counter = 0;

export class Scenario {
  readonly dir: string;
  readonly scratch: string;
  engine!: PairSync;
  store!: SyncStore;
  rootId!: string;
  proxy: FaultProxy | null = null;

  constructor(readonly svc: Service) {
    this.dir = tempDir('folio-pair-');
    this.scratch = tempDir('folio-scratch-');
  }

  async init(o: ScenarioOptions = {}): Promise<this> {
    this.rootId = o.rootId ?? (await this.svc.client.createContainer({ name: `pair ${++counter} ${Date.now()}` })).containerId;
    this.store = await openSyncStore(join(this.scratch, 'state'));
    PairOwner.add(this.store, { pairId: 'p1', serverUrl: this.svc.server.url, containerId: this.rootId, dir: this.dir, settings: { caseInsensitive: false, ...o.settings } });
    if (o.proxy) this.proxy = await startFaultProxy(this.svc.server.url);
    const client = o.client ?? (this.proxy ? new FolioClient({ baseUrl: this.proxy.url, credentials: this.svc.tenant, retry: { baseDelayMs: 20 } }) : this.svc.client);
    this.engine = new PairSync({
      store: this.store,
      pairId: 'p1',
      client,
      host: 'testhost',
      ...(o.now ? { now: o.now } : {}),
      ...(o.platform ? { platform: o.platform } : {}),
      ...(o.onProgress ? { onProgress: o.onProgress } : {}),
      ...(o.onLeftOut ? { onLeftOut: o.onLeftOut } : {}),
      ...(o.fs ? { fs: o.fs } : {}),
      ...(process.env.FOLIO_SYNC_DEBUG ? { onLog: (l: string) => console.log(l) } : {}),
    });
    return this;
  }

  sync(request: SyncRequest = {}): Promise<SyncSummary> {
    return this.engine.syncOnce(request);
  }

  /** Syncs until in sync (or `passes` run out); fails the test when it never gets there. */
  async settle(passes = 5): Promise<SyncSummary> {
    let last: SyncSummary | undefined;
    for (let i = 0; i < passes; i++) {
      last = await this.sync();
      if (last.converged || last.blocked) return last;
    }
    throw new Error(`not in sync after ${passes} passes: ${JSON.stringify(last)}`);
  }

  confirmDeletes(): void {
    this.engine.owner.confirmDeletes();
  }

  /** Requests the engine made to `path` since the last reset (needs `proxy`). */
  hits(path: string): number {
    return this.proxy?.hits.get(path) ?? 0;
  }

  async close(): Promise<void> {
    this.store.close();
    await this.proxy?.close();
    rmSync(this.dir, { recursive: true, force: true });
    rmSync(this.scratch, { recursive: true, force: true });
  }

  // Local side.
  abs(rel: string): string {
    return join(this.dir, ...rel.split('/'));
  }

  write(rel: string, content: string | Buffer): void {
    const path = this.abs(rel);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
  }

  mkdir(rel: string): void {
    mkdirSync(this.abs(rel), { recursive: true });
  }

  move(from: string, to: string): void {
    mkdirSync(join(this.abs(to), '..'), { recursive: true });
    renameSync(this.abs(from), this.abs(to));
  }

  remove(rel: string): void {
    rmSync(this.abs(rel), { recursive: true, force: true });
  }

  read(rel: string): string {
    return readFileSync(this.abs(rel), 'utf8');
  }

  ino(rel: string): number {
    return statSync(this.abs(rel)).ino;
  }

  /** Every file and folder under the pair's folder: 'a/b.txt' → sha of content, 'a/' for folders. */
  localListing(): Record<string, string> {
    return listing(this.dir);
  }

  // Remote side.
  async remoteListing(containerId = this.rootId, prefix = ''): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    const { containers, documents } = await this.svc.client.children(containerId);
    for (const d of documents) if (d.currentVersionNo > 0) out[`${prefix}${d.title}`] = d.contentHash;
    for (const c of containers) {
      out[`${prefix}${c.name}/`] = '';
      Object.assign(out, await this.remoteListing(c.containerId, `${prefix}${c.name}/`));
    }
    return out;
  }

  /** Resolves a '/'-separated path to a container (creating folders with `create`). */
  async remoteFolder(path: string, create = true): Promise<string> {
    let at = this.rootId;
    for (const name of path.split('/').filter(Boolean)) {
      const page = await this.svc.client.v1(contract.containers.getPage, { parentId: at, pageSize: 500 });
      const found = page.content.find((c) => c.name === name);
      if (found) at = found.containerId;
      else if (create) at = (await this.svc.client.createContainer({ parentId: at, name })).containerId;
      else throw new Error(`no remote folder ${path}`);
    }
    return at;
  }

  async remoteDoc(path: string): Promise<Document> {
    const parts = path.split('/');
    const title = parts.pop() as string;
    const containerId = await this.remoteFolder(parts.join('/'), false);
    const page = await this.svc.client.v1(contract.documents.getPage, { containerId, pageSize: 500 });
    const doc = page.content.find((d) => d.title === title);
    if (!doc) throw new Error(`no remote document ${path}`);
    return doc;
  }

  async remoteWrite(path: string, content: string | Buffer): Promise<Document> {
    const file = join(this.scratch, `upload-${++counter}`);
    writeFileSync(file, content);
    const parts = path.split('/');
    const title = parts.pop() as string;
    const existing = await this.remoteDoc(path).catch(() => null);
    const v = existing
      ? await uploadFile(this.svc.client, file, { docId: existing.docId })
      : await uploadFile(this.svc.client, file, { containerId: await this.remoteFolder(parts.join('/')), title });
    rmSync(file);
    return this.svc.client.getDocument(v.docId);
  }

  /** Moves or renames a remote document or folder, like another client would: one update. */
  async remoteMove(from: string, toFolder: string, name: string): Promise<void> {
    const parentId = await this.remoteFolder(toFolder);
    const asFolder = await this.remoteFolder(from, false).catch(() => null);
    if (asFolder) await this.svc.client.updateContainer({ containerId: asFolder, parentId, name });
    else await this.svc.client.updateDocument({ docId: (await this.remoteDoc(from)).docId, containerId: parentId, title: name });
  }

  async remoteDelete(path: string): Promise<void> {
    const asFolder = await this.remoteFolder(path, false).catch(() => null);
    if (asFolder) await this.svc.client.deleteContainer(asFolder);
    else await this.svc.client.deleteDocument((await this.remoteDoc(path)).docId);
  }
}

/** Every file and folder under `dir`: 'a/b.txt' → sha of content, 'a/' for folders. */
export function listing(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel))) {
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(join(dir, r)).isDirectory()) {
        out[`${r}/`] = '';
        walk(r);
      } else out[r] = sha(readFileSync(join(dir, r)));
    }
  };
  walk('');
  return out;
}

/** One service per test file and a fresh pair per test, cleaned up after each. */
export function sandbox(): { service: () => Service; fresh: (o?: ScenarioOptions) => Promise<Scenario> } {
  let svc: Service | undefined;
  const open: Scenario[] = [];
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(async () => {
    await svc?.stop();
  });
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });
  const service = () => {
    if (!svc) throw new Error('the service is not started yet');
    return svc;
  };
  return {
    service,
    fresh: async (o = {}) => {
      const s = await new Scenario(service()).init(o);
      open.push(s);
      return s;
    },
  };
}

export async function expectInSync(s: Scenario): Promise<void> {
  expect(await s.remoteListing()).toEqual(s.localListing());
}
