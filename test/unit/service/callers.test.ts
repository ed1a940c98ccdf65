/**
 * The callers' clients (main/service/auth/callers.ts) over a real store: a client is kept while the
 * replies' generation its request read stays where it was; a client read by a request that began
 * at an older generation is not kept once the memory has moved on; a request looks its bearer
 * token up once, for its rate-limit key and for its caller.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Callers } from '../../../main/service/auth/callers.ts';
import { hashToken } from '../../../main/service/auth/credentials.ts';
import { openStore, type Store } from '../../../main/store/index.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

let dir: string;
let store: Store;
let clientId: string;

beforeEach(async () => {
  dir = tempDir('folio-callers-');
  store = await openStore(dir);
  const tenantId = await store.identity.createTenant('acme');
  clientId = await store.identity.createClient({ tenantId, secretHash: 'x', actAsUserAllowed: false, scopes: [] });
});

afterEach(() => {
  store.close();
  removeDir(dir);
});

/** Makes the client public from another connection, as another process would. */
function madePublicElsewhere(): void {
  const other = new Database(join(dir, 'folio.db'));
  try {
    other.pragma('busy_timeout = 5000');
    other.prepare('UPDATE api_clients SET public = 1 WHERE client_id = ?').run(clientId);
  } finally {
    other.close();
  }
}

/** What Callers needs of a request: the place it keeps the request's lookups. */
const request = () => ({ folioLookups: null }) as unknown as FastifyRequest;

describe('Callers.client', () => {
  it('keeps a client at the generation it was read at, and reads it again at the next', async () => {
    const callers = new Callers(store);
    expect((await callers.client(clientId, 'g1'))?.isPublic).toBe(false);
    madePublicElsewhere();
    expect((await callers.client(clientId, 'g1'))?.isPublic).toBe(false);
    expect((await callers.client(clientId, 'g2'))?.isPublic).toBe(true);
  });

  it('reads the client each time while no generation can be told (a unit of work is open)', async () => {
    const callers = new Callers(store);
    expect((await callers.client(clientId, undefined))?.isPublic).toBe(false);
    madePublicElsewhere();
    expect((await callers.client(clientId, undefined))?.isPublic).toBe(true);
  });

  it('does not keep a client read by a request that began before the memory moved on', async () => {
    const callers = new Callers(store);
    const older = callers.client(clientId, 'g1');
    // A later request saw generation g2 while the older one read the client.
    const later = callers.client('cli_nobody', 'g2');
    await Promise.all([older, later]);
    madePublicElsewhere();
    expect((await callers.client(clientId, 'g2'))?.isPublic).toBe(true);
  });
});

describe('Callers.of', () => {
  it('reads the marks once a request, and looks the bearer token up once', async () => {
    const callers = new Callers(store);
    const req = request();
    const lookups = callers.of(req);
    expect(callers.of(req)).toBe(lookups);
    expect(callers.of(request())).not.toBe(lookups);
    const tenantId = (await store.identity.getClient(clientId))?.tenantId ?? '';
    await store.tokens.insert(hashToken('fat_one'), { kind: 'access', tenantId, clientId, userId: null, expiresAt: Date.now() + 60_000 });
    const first = lookups.token('fat_one');
    expect(lookups.token('fat_one')).toBe(first);
    expect((await first)?.clientId).toBe(clientId);
  });
});
