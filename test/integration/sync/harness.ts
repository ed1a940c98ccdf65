/**
 * Sync scenarios: a real `folio serve`, a real folder, the engine in this process, and helpers to
 * change either side the way a user (or another client) would.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FolioClient } from '../../../main/remote/client.ts';
import { uploadFile } from '../../../main/remote/transfer.ts';
import { openSyncStore, type PairSettings, type SyncStore } from '../../../main/store/sync/index.ts';
import { PairSync, type SyncSummary } from '../../../main/sync/engine.ts';
import type { Container, Document, PageOf } from '../../../shared/v1/resources.ts';
import { createTenant, startServer, tempDir, type ServerHandle, type Tenant } from '../../helpers/server.ts';

export const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export interface Service {
  server: ServerHandle;
  tenant: Tenant;
  client: FolioClient;
}

export async function startService(): Promise<Service> {
  const server = await startServer();
  const tenant = await createTenant(server.dataDir);
  return { server, tenant, client: new FolioClient({ baseUrl: server.url, credentials: tenant, retry: { baseDelayMs: 20 } }) };
}

let counter = 0;

export class Scenario {
  readonly dir: string;
  readonly scratch: string;
  private engine!: PairSync;
  store!: SyncStore;
  rootId!: string;

  constructor(readonly svc: Service) {
    this.dir = tempDir('folio-pair-');
    this.scratch = tempDir('folio-scratch-');
  }

  async init(settings: Partial<PairSettings> = {}, now?: () => Date): Promise<this> {
    this.rootId = (await this.svc.client.createContainer({ name: `pair ${++counter} ${Date.now()}` })).containerId;
    this.store = await openSyncStore(join(this.scratch, 'state'));
    this.store.addPair({ pairId: 'p1', serverUrl: this.svc.server.url, containerId: this.rootId, dir: this.dir, settings: { caseInsensitive: false, ...settings } });
    this.engine = new PairSync({ store: this.store, pairId: 'p1', client: this.svc.client, host: 'testhost', ...(now ? { now } : {}), ...(process.env.FOLIO_SYNC_DEBUG ? { onLog: (l: string) => console.log(l) } : {}) });
    return this;
  }

  sync(): Promise<SyncSummary> {
    return this.engine.syncOnce();
  }

  confirmDeletes(): void {
    this.engine.confirmDeletes();
  }

  close(): void {
    this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
    rmSync(this.scratch, { recursive: true, force: true });
  }

  // Local side.
  write(rel: string, content: string | Buffer): void {
    const path = join(this.dir, rel);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
  }

  read(rel: string): string {
    return readFileSync(join(this.dir, rel), 'utf8');
  }

  /** Every file and folder under the pair's folder: 'a/b.txt' → sha of content, 'a/' for folders. */
  localListing(): Record<string, string> {
    const out: Record<string, string> = {};
    const walk = (rel: string) => {
      for (const name of readdirSync(join(this.dir, rel))) {
        const r = rel ? `${rel}/${name}` : name;
        if (statSync(join(this.dir, r)).isDirectory()) {
          out[`${r}/`] = '';
          walk(r);
        } else out[r] = sha(readFileSync(join(this.dir, r)));
      }
    };
    walk('');
    return out;
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

  /** Resolves a '/'-separated path to a container (creating folders with `create`) or a document. */
  async remoteFolder(path: string, create = true): Promise<string> {
    let at = this.rootId;
    for (const name of path.split('/').filter(Boolean)) {
      const page = await this.svc.client.call<PageOf<Container>>('POST', '/v1/containers/getPage', { json: { parentId: at, pageSize: 500 } });
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
    const page = await this.svc.client.call<PageOf<Document>>('POST', '/v1/documents/getPage', { json: { containerId, pageSize: 500 } });
    const doc = page.content.find((d) => d.title === title);
    if (!doc) throw new Error(`no remote document ${path}`);
    return doc;
  }

  async remoteWrite(path: string, content: string | Buffer): Promise<void> {
    const file = join(this.scratch, `upload-${++counter}`);
    writeFileSync(file, content);
    const parts = path.split('/');
    const title = parts.pop() as string;
    const existing = await this.remoteDoc(path).catch(() => null);
    if (existing) await uploadFile(this.svc.client, file, { docId: existing.docId });
    else await uploadFile(this.svc.client, file, { containerId: await this.remoteFolder(parts.join('/')), title });
  }
}
