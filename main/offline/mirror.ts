/**
 * The mirror: a service store in STATE_DIR/mirror, served by the service's own code, holding one
 * local tenant. Each sync pair's tree sits under the tenant's root with the service's ids. The
 * local client's credentials and a long-lived access token are made on first run and kept in
 * files only the user can read.
 */
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Envelope } from '../../shared/envelope.ts';
import { replaceFile } from '../platform/durable.ts';
import { buildApp } from '../service/app.ts';
import type { FolioApp } from '../service/kernel.ts';
import { hashToken, newSecret } from '../service/auth/credentials.ts';
import { createTenant } from '../service/tenancy.ts';
import { openDatabase } from '../store/db.ts';
import { Store } from '../store/index.ts';
import { MirrorRepository } from '../store/offline/mirror.ts';
import type { ContainerRecord } from '../store/async/repos/containers.ts';
import type { DocumentRecord } from '../store/async/repos/documents.ts';

export interface LocalCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
}

export const TOKEN_FILE = 'local-token';
export const CLIENT_FILE = 'local-client.json';
export const URL_FILE = 'local-api.url';
const TOKEN_LIFETIME_MS = 10 * 365 * 24 * 3600 * 1000;

/**
 * Writes a file only its owner can read, whatever the umask and whatever was there before; durably,
 * since the mirror's tenant and token rows are committed first and a torn file would strand them.
 */
function writePrivate(path: string, text: string): Promise<void> {
  return replaceFile(path, text, 0o600);
}

export interface MirrorRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  stream?: Readable;
  /** The caller's credentials and channel headers, as the local server received them. */
  headers: Record<string, string>;
}

export interface MirrorAnswer {
  status: number;
  envelope: Envelope<unknown>;
}

export type TreeNode = { kind: 'container'; record: ContainerRecord } | { kind: 'document'; record: DocumentRecord };

export class Mirror {
  /** Pair roots (service container ids) and the pair each belongs to. */
  private readonly roots = new Map<string, string>();

  private constructor(
    readonly store: Store,
    readonly repo: MirrorRepository,
    readonly app: FolioApp,
    readonly credentials: LocalCredentials,
    readonly token: string,
    readonly rootId: string,
  ) {}

  static async open(stateDir: string): Promise<Mirror> {
    const dir = join(stateDir, 'mirror');
    const db = await openDatabase(dir);
    const store = new Store(db, dir);
    const credentials = await ensureCredentials(store, join(stateDir, CLIENT_FILE));
    const token = await ensureToken(store, credentials, join(stateDir, TOKEN_FILE));
    const root = await store.containers.findSystem(credentials.tenantId, 'ROOT');
    if (!root) throw new Error('the mirror has no root container');
    const app = await buildApp(store, { backgroundJobs: false });
    await app.ready();
    return new Mirror(store, new MirrorRepository(db), app, credentials, token, root.containerId);
  }

  get tenantId(): string {
    return this.credentials.tenantId;
  }

  async close(): Promise<void> {
    await this.app.close();
    this.store.close();
  }

  /** Asks the mirror's service code, in-process. */
  async call(req: MirrorRequest): Promise<MirrorAnswer> {
    const headers = { ...req.headers, 'content-type': req.stream ? 'application/octet-stream' : 'application/json' };
    const res = await this.app.inject({
      method: req.method,
      url: { pathname: req.path, query: req.query ?? {} },
      headers,
      ...(req.stream ? { payload: req.stream } : req.method === 'POST' ? { payload: JSON.stringify(req.json ?? {}) } : {}),
    });
    return { status: res.statusCode, envelope: res.json<Envelope<unknown>>() };
  }

  setPairRoots(roots: ReadonlyMap<string, string>): void {
    this.roots.clear();
    for (const [containerId, pairId] of roots) this.roots.set(containerId, pairId);
  }

  container(id: string): Promise<ContainerRecord | undefined> {
    return this.store.containers.get(this.tenantId, id);
  }

  document(id: string): Promise<DocumentRecord | undefined> {
    return this.store.documents.get(this.tenantId, id);
  }

  async node(id: string): Promise<TreeNode | undefined> {
    const c = await this.container(id);
    if (c) return { kind: 'container', record: c };
    const d = await this.document(id);
    return d && { kind: 'document', record: d };
  }

  /** The pair a container belongs to, with the path below the pair's root ('' for the root itself). */
  async placeOfContainer(containerId: string): Promise<{ pairId: string; rel: string } | undefined> {
    const names: string[] = [];
    let at = await this.container(containerId);
    for (let steps = 0; at && steps < 10_000; steps++) {
      const pairId = this.roots.get(at.containerId);
      if (pairId) return { pairId, rel: names.reverse().join('/') };
      names.push(at.name);
      at = at.parentId ? await this.container(at.parentId) : undefined;
    }
    return undefined;
  }

  async placeOfDocument(docId: string): Promise<{ pairId: string; rel: string; parentRel: string } | undefined> {
    const d = await this.document(docId);
    const parent = d && (await this.placeOfContainer(d.containerId));
    if (!d || !parent) return undefined;
    return { pairId: parent.pairId, parentRel: parent.rel, rel: parent.rel ? `${parent.rel}/${d.title}` : d.title };
  }
}

async function ensureCredentials(store: Store, file: string): Promise<LocalCredentials> {
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as LocalCredentials;
    if ((await store.identity.getClient(saved.clientId))?.tenantId === saved.tenantId) return saved;
  }
  const created = await createTenant(store, 'local');
  const credentials: LocalCredentials = { tenantId: created.tenantId, clientId: created.clientId, clientSecret: created.clientSecret };
  await writePrivate(file, `${JSON.stringify(credentials, null, 2)}\n`);
  return credentials;
}

/** The token in the file stays valid for years; a missing or unknown one is replaced. */
async function ensureToken(store: Store, credentials: LocalCredentials, file: string): Promise<string> {
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    const known = await store.tokens.find(hashToken(token));
    if (known?.kind === 'access' && known.clientId === credentials.clientId && known.expiresAt > Date.now()) {
      chmodSync(file, 0o600);
      return token;
    }
  }
  const token = newSecret('flt');
  await store.tokens.insert(hashToken(token), { kind: 'access', tenantId: credentials.tenantId, clientId: credentials.clientId, userId: null, expiresAt: Date.now() + TOKEN_LIFETIME_MS });
  await writePrivate(file, `${token}\n`);
  return token;
}
