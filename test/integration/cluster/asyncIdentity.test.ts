/**
 * The asynchronous identity, token and authorization-code repositories (main/store/async/) run the
 * same cases on a real SQLite file and on the real PostgreSQL of scripts/cluster.sh: one set of
 * queries, one behaviour.
 * Each dialect gets a database of its own, opened twice where a case needs two nodes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAsyncPostgres, type AsyncDatabase } from '../../../main/store/async/database.ts';
import { POSTGRES_MIGRATIONS } from '../../../main/store/postgres/postgresMigrations.ts';
import { APPLICATION_NAME } from '../../../main/store/repos/identityRecords.ts';
import type { TokenRecord } from '../../../main/store/repos/tokenRecords.ts';
import { adminClient, newPostgresDatabase, twoNodes, type TwoNodes } from '../../helpers/asyncDatabases.ts';
import { useCluster } from '../../helpers/clusterFixture.ts';
import { HEAVY_TEST_MS } from '../../helpers/wait.ts';

const dirs: string[] = [];
const cluster = useCluster(dirs);

describe.each(['sqlite', 'postgres'] as const)('identity and tokens on %s', (dialect) => {
  let nodes: TwoNodes;
  let db: AsyncDatabase;
  /** A second node on the same database. */
  let other: AsyncDatabase;

  beforeAll(async () => {
    nodes = await twoNodes(cluster, dialect, dirs);
    ({ db, other } = nodes);
  }, HEAVY_TEST_MS);

  afterAll(async () => {
    await nodes?.close();
  });

  it('answers a ping, as its own dialect', async () => {
    await db.ping();
    expect(db.dialect).toBe(dialect);
  });

  it('keeps tenants: found by id, the first made of a name by that name, the sole one while there is one', async () => {
    const { identity } = db.repos;
    expect(await identity.soleTenant()).toBeUndefined();
    const first = await identity.createTenant('acme');
    expect(await identity.soleTenant()).toBe(first);
    const second = await identity.createTenant('acme');
    expect(await identity.soleTenant()).toBeUndefined();
    expect(await identity.tenantExists(first)).toBe(true);
    expect(await identity.tenantExists(second)).toBe(true);
    expect(await identity.tenantExists('tnt_nobody')).toBe(false);
    expect(await identity.findTenantByName('acme')).toBe(first);
    expect(await identity.findTenantByName('nobody')).toBeUndefined();
  });

  it('keeps API clients with their flags and lists as they were given, and finds the first public one', async () => {
    const { identity } = db.repos;
    const tenantId = await identity.createTenant('clients');
    expect(await identity.firstPublicClient(tenantId)).toBeUndefined();
    const confidential = await identity.createClient({ tenantId, secretHash: 'h1', actAsUserAllowed: true, scopes: ['documents', 'versions'] });
    expect(await identity.getClient(confidential)).toEqual({
      clientId: confidential,
      tenantId,
      secretHash: 'h1',
      actAsUserAllowed: true,
      scopes: ['documents', 'versions'],
      isPublic: false,
      redirectUris: [],
    });
    const firstPublic = await identity.createClient({ tenantId, secretHash: '', actAsUserAllowed: false, scopes: [], isPublic: true, redirectUris: ['http://127.0.0.1/cb'] });
    await identity.createClient({ tenantId, secretHash: '', actAsUserAllowed: false, scopes: [], isPublic: true, redirectUris: [] });
    const found = await identity.firstPublicClient(tenantId);
    expect(found).toMatchObject({ clientId: firstPublic, isPublic: true, actAsUserAllowed: false, redirectUris: ['http://127.0.0.1/cb'] });
    expect(await identity.getClient('cli_nobody')).toBeUndefined();
  });

  it("keeps users by tenant: one name once per tenant, another tenant's user not found", async () => {
    const { identity } = db.repos;
    const tenantId = await identity.createTenant('users');
    const elsewhere = await identity.createTenant('elsewhere');
    const userId = await identity.createUser({ tenantId, name: 'ada', passwordHash: 'ph', source: 'ldap', sourceId: 'cn=ada' });
    const user = { userId, tenantId, name: 'ada', passwordHash: 'ph', source: 'ldap', sourceId: 'cn=ada', requirePasswordChange: false };
    expect(await identity.getUser(tenantId, userId)).toEqual(user);
    expect(await identity.findUserByName(tenantId, 'ada')).toEqual(user);
    expect(await identity.findUserByExternalId(tenantId, 'ldap', 'cn=ada')).toEqual(user);
    expect(await identity.getUser(elsewhere, userId)).toBeUndefined();
    expect(await identity.findUserByName(elsewhere, 'ada')).toBeUndefined();
    expect(await identity.findUserByExternalId(elsewhere, 'ldap', 'cn=ada')).toBeUndefined();
    await expect(identity.createUser({ tenantId, name: 'ada', passwordHash: 'x', source: null, sourceId: null })).rejects.toThrow(/unique/i);
    const namesake = await identity.createUser({ tenantId: elsewhere, name: 'ada', passwordHash: 'x', source: null, sourceId: null });
    expect(await identity.findUserByName(elsewhere, 'ada')).toMatchObject({ userId: namesake, source: null, sourceId: null });
  });

  it("names a user by name, the tenant's own client as the application, and anyone else by id", async () => {
    const { identity } = db.repos;
    const tenantId = await identity.createTenant('names');
    const userId = await identity.createUser({ tenantId, name: 'grace', passwordHash: 'ph', source: null, sourceId: null });
    const clientId = await identity.createClient({ tenantId, secretHash: 'h', actAsUserAllowed: false, scopes: [] });
    const foreign = await identity.createTenant('foreign');
    expect(await identity.displayName(tenantId, userId)).toBe('grace');
    expect(await identity.displayName(tenantId, clientId)).toBe(APPLICATION_NAME);
    expect(await identity.displayName(tenantId, 'usr_gone')).toBe('usr_gone');
    expect(await identity.displayName(foreign, userId)).toBe(userId);
  });

  it('keeps a token by its hash, spends it exactly once, and removes only the expired ones', async () => {
    const { tokens } = db.repos;
    const now = Date.now();
    const record: TokenRecord = { kind: 'user_refresh', tenantId: 'tnt_a', clientId: 'cli_a', userId: 'usr_a', expiresAt: now + 60_000 };
    await tokens.insert('hash-live', record);
    await tokens.insert('hash-old', { ...record, kind: 'access', userId: null, expiresAt: now - 1 });
    const found = await tokens.find('hash-live');
    expect(found).toEqual(record);
    expect(typeof found?.expiresAt).toBe('number');
    expect(await tokens.find('hash-none')).toBeUndefined();
    expect(await tokens.deleteExpired(now)).toBe(1);
    expect(await tokens.find('hash-old')).toBeUndefined();
    expect(await tokens.consume('hash-live')).toBe(true);
    expect(await tokens.consume('hash-live')).toBe(false);
    expect(await tokens.find('hash-live')).toBeUndefined();
  });

  it('refuses at once, on another node, a token spent on this one', async () => {
    const record: TokenRecord = { kind: 'access', tenantId: 't', clientId: 'c', userId: null, expiresAt: Date.now() + 60_000 };
    await db.repos.tokens.insert('hash-shared', record);
    expect(await other.repos.tokens.find('hash-shared')).toEqual(record);
    expect(await db.repos.tokens.consume('hash-shared')).toBe(true);
    expect(await other.repos.tokens.find('hash-shared')).toBeUndefined();
    expect(await other.repos.tokens.consume('hash-shared')).toBe(false);
  });

  it('keeps an authorization code by its hash until it is taken, once, on whichever node takes it first', async () => {
    const now = Date.now();
    const code = { tenantId: 'tnt_a', clientId: 'cli_a', userId: 'usr_a', redirectUri: 'http://127.0.0.1:5000/cb', codeChallenge: 'c'.repeat(43), expiresAt: now + 60_000 };
    await db.repos.authorizationCodes.insert('code-live', code);
    await db.repos.authorizationCodes.insert('code-old', { ...code, expiresAt: now - 1 });
    const taken = await Promise.all([db.repos.authorizationCodes.take('code-live'), other.repos.authorizationCodes.take('code-live')]);
    expect(taken.filter((t) => t !== undefined)).toEqual([code]);
    expect(typeof taken.find((t) => t !== undefined)?.expiresAt).toBe('number');
    expect(await db.repos.authorizationCodes.deleteExpired(now)).toBe(1);
    expect(await other.repos.authorizationCodes.take('code-old')).toBeUndefined();
  });

  it('commits all of a unit of work, or none of it', async () => {
    const kept = await db.transaction(async (tx) => {
      const tenantId = await tx.identity.createTenant('kept');
      await tx.identity.createUser({ tenantId, name: 'kept', passwordHash: 'ph', source: null, sourceId: null });
      return tenantId;
    });
    expect(await other.repos.identity.findUserByName(kept, 'kept')).toBeDefined();
    await expect(
      db.transaction(async (tx) => {
        const tenantId = await tx.identity.createTenant('undone');
        await tx.identity.createUser({ tenantId, name: 'undone', passwordHash: 'ph', source: null, sourceId: null });
        await tx.identity.createUser({ tenantId, name: 'undone', passwordHash: 'ph', source: null, sourceId: null });
      }),
    ).rejects.toThrow(/unique/i);
    expect(await db.repos.identity.findTenantByName('undone')).toBeUndefined();
    expect(await other.repos.identity.findTenantByName('undone')).toBeUndefined();
  });

  it('joins a unit of work started inside another, and the repositories used inside it', async () => {
    await expect(
      db.transaction(async () => {
        await db.repos.identity.createTenant('inner-repos');
        await db.transaction((tx) => tx.identity.createTenant('inner-unit'));
        throw new Error('undo both');
      }),
    ).rejects.toThrow('undo both');
    expect(await db.repos.identity.findTenantByName('inner-repos')).toBeUndefined();
    expect(await db.repos.identity.findTenantByName('inner-unit')).toBeUndefined();
  });

  it('refuses a write unit of work inside a read one', async () => {
    await expect(db.read(() => db.transaction((tx) => tx.identity.createTenant('in-a-read')))).rejects.toThrow(
      'a write transaction cannot start inside a read transaction',
    );
    expect(await db.repos.identity.findTenantByName('in-a-read')).toBeUndefined();
  });

  it('reads one commit throughout a read transaction, while another node commits', async () => {
    const seen = await db.read(async (tx) => {
      const before = await tx.identity.findTenantByName('late');
      await other.repos.identity.createTenant('late');
      const after = await tx.identity.findTenantByName('late');
      return { before, after };
    });
    expect(seen).toEqual({ before: undefined, after: undefined });
    expect(await db.repos.identity.findTenantByName('late')).toBeDefined();
  });

  // One node's: a process holds one SQLite connection (two in one process would wait for each other's write lock on one thread).
  it('runs units of work begun together, each whole', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `together-${i}`);
    const made = await Promise.all(
      names.map((name) =>
        db.transaction(async (tx) => {
          const tenantId = await tx.identity.createTenant(name);
          await tx.identity.createUser({ tenantId, name, passwordHash: 'ph', source: null, sourceId: null });
          return tenantId;
        }),
      ),
    );
    for (const [i, tenantId] of made.entries()) expect(await db.repos.identity.findUserByName(tenantId, names[i]!)).toBeDefined();
  });
});

describe('the PostgreSQL schema', () => {
  it('is migrated once, every migration in order, when two nodes open a new database at once', async () => {
    const { url, name } = await newPostgresDatabase(cluster);
    const nodes = await Promise.all([openAsyncPostgres(url, cluster.env.PGPASSWORD), openAsyncPostgres(url, cluster.env.PGPASSWORD)]);
    try {
      const { rows } = await adminClient(cluster, (c) => c.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version'), name);
      expect(rows.map((r) => r.version)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
    } finally {
      for (const node of nodes) await node.close();
    }
  });

  it('refuses a database URL that holds a password', async () => {
    const url = new URL(cluster.db);
    url.password = 'secret';
    await expect(openAsyncPostgres(url.href, undefined)).rejects.toThrow('the database URL holds a password: give it in PGPASSWORD instead');
  });
});
