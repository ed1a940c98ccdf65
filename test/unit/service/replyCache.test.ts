/**
 * The reply cache's generation (docs/architecture.md, "The reply cache") over a real store: it moves
 * with every write to a table a remembered reply reads, this connection's or another's, and with a
 * unit of work that failed; not with writes to other tables (the rate limit's counts); and it is
 * not told while a unit of work is open, whose uncommitted rows the connection's reads would see.
 * ReplyCache serves an entry only at the generation it was read at.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../main/store/index.ts';
import { ReplyCache } from '../../../main/service/replyCache.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = tempDir('folio-replies-');
  store = await openStore(dir);
});

afterEach(() => {
  store.close();
  removeDir(dir);
});

/** Another connection to the same database, as another `folio serve` holds. */
function elsewhere(sql: string): void {
  const other = new Database(join(dir, 'folio.db'));
  try {
    other.pragma('busy_timeout = 5000');
    other.exec(sql);
  } finally {
    other.close();
  }
}

/** A document row. */
const file = (tenantId: string) => ({
  tenantId,
  containerId: `ctr_in_${tenantId}`,
  title: 'File',
  documentTypeId: 'dct_any',
  metadata: {},
  createBy: 'system',
});

const newUser = (tenantId: string, name: string) => ({ tenantId, name, passwordHash: 'x', source: null, sourceId: null });

describe('Store.generation', () => {
  it("moves with a write to a reply's input, in a unit of work or a statement on its own, and with another process's", async () => {
    const tenantId = await store.identity.createTenant('acme');
    const before = store.generation();
    expect(before).toBeDefined();
    expect(store.generation()).toBe(before);

    const userId = await store.units.transaction((tx) => tx.identity.createUser(newUser(tenantId, 'alice')));
    const afterUnit = store.generation();
    expect(afterUnit).not.toBe(before);

    await store.documents.create(file(tenantId));
    const afterStatement = store.generation();
    expect(afterStatement).not.toBe(afterUnit);

    elsewhere(`UPDATE users SET name = 'renamed' WHERE user_id = '${userId}'`);
    expect(store.generation()).not.toBe(afterStatement);
  });

  it("is the one the request's marks() read until this connection writes or a unit of work fails, then read again", async () => {
    const tenantId = await store.identity.createTenant('acme');
    const seen = store.marks().replies;
    expect(store.generation()).toBe(seen);
    // Another process's write after the request arrived: the next request's marks() reads it.
    elsewhere(`INSERT INTO users (user_id, tenant_id, name, password_hash, create_time) VALUES ('usr_elsewhere', '${tenantId}', 'bob', 'x', '2026-01-01T00:00:00.000Z')`);
    expect(store.generation()).toBe(seen);
    const next = store.marks().replies;
    expect(next).not.toBe(seen);

    await store.identity.createUser(newUser(tenantId, 'alice'));
    const afterOwnWrite = store.generation();
    expect(afterOwnWrite).not.toBe(next);

    store.marks();
    await expect(
      store.units.transaction(async () => {
        throw new Error('the unit fails before it writes');
      }),
    ).rejects.toThrow('the unit fails before it writes');
    expect(store.generation()).not.toBe(afterOwnWrite);
  });

  it('stays with writes to tables no remembered reply reads', async () => {
    const before = store.generation();
    const tenantId = await store.identity.createTenant('acme');
    await store.rateLimits.add('client:x', 3, Date.now(), 0);
    store.transaction(() => store.quotas.setQuota(tenantId, 1000));
    elsewhere(`UPDATE tenants SET name = 'renamed' WHERE tenant_id = '${tenantId}'`);
    expect(store.generation()).toBe(before);
  });

  it('moves with a unit of work that wrote and rolled back', async () => {
    const tenantId = await store.identity.createTenant('acme');
    const before = store.generation();
    await expect(
      store.units.transaction(async (tx) => {
        await tx.identity.createUser(newUser(tenantId, 'dropped'));
        throw new Error('the unit fails after its write');
      }),
    ).rejects.toThrow('the unit fails after its write');
    expect(store.generation()).not.toBe(before);
  });

  it('is not told while a unit of work is open on the connection', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let wrote = (): void => undefined;
    const written = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    const unit = store.units.transaction(async (tx) => {
      await tx.identity.createUser(newUser(await tx.identity.createTenant('acme'), 'uncommitted'));
      wrote();
      await held;
    });
    await written;
    expect(store.generation()).toBeUndefined();
    release();
    await unit;
    expect(store.generation()).toBeDefined();
  });
});

describe('Store.marks', () => {
  const token = (tenantId: string) => ({ kind: 'access' as const, tenantId, clientId: 'cli_x', userId: null, expiresAt: Date.now() + 60_000 });

  it("gives the replies' generation, and the tokens', which moves with a token changed or removed, by any connection", async () => {
    const tenantId = await store.identity.createTenant('acme');
    expect(store.marks().replies).toBe(store.generation());
    const before = store.marks().tokens;
    await store.tokens.insert('hash-a', token(tenantId));
    await store.tokens.insert('hash-b', token(tenantId));
    expect(store.marks().tokens).toBe(before);

    expect(await store.tokens.consume('hash-a')).toBe(true);
    const afterRemoved = store.marks().tokens;
    expect(afterRemoved).not.toBe(before);

    elsewhere(`UPDATE tokens SET expires_at = 1 WHERE token_hash = 'hash-b'`);
    const afterChanged = store.marks().tokens;
    expect(afterChanged).not.toBe(afterRemoved);

    elsewhere(`DELETE FROM tokens WHERE token_hash = 'hash-b'`);
    expect(store.marks().tokens).not.toBe(afterChanged);
    expect(store.marks().replies).toBe(store.generation());
  });

  it('does not come back to a generation the token memory holds tokens under, after a unit that removed a token rolled back', async () => {
    const tenantId = await store.identity.createTenant('acme');
    await store.tokens.insert('hash-kept', token(tenantId));
    await store.tokens.insert('hash-spent', token(tenantId));
    let fail = (): void => undefined;
    const failing = new Promise<void>((resolve) => {
      fail = resolve;
    });
    let removed = (): void => undefined;
    const removing = new Promise<void>((resolve) => {
      removed = resolve;
    });
    const unit = store.units.transaction(async (tx) => {
      await tx.tokens.consume('hash-spent');
      removed();
      await failing;
      throw new Error('the unit fails after removing a token');
    });
    await removing;
    // A request arrives while the unit is open: its marks see the unit's removal, its lookup waits for the unit.
    const lookup = store.tokens.find('hash-kept', store.marks().tokens);
    fail();
    await expect(unit).rejects.toThrow('the unit fails after removing a token');
    expect(await lookup).toBeDefined();
    // The same removal, by another process, puts the row where the unit had put it.
    elsewhere(`DELETE FROM tokens WHERE token_hash = 'hash-kept'`);
    expect(await store.tokens.find('hash-kept', store.marks().tokens)).toBeUndefined();
  });
});

describe('ReplyCache', () => {
  it('answers from memory until an input is written, then reads again', async () => {
    const tenantId = await store.identity.createTenant('acme');
    const cache = new ReplyCache<string>(store, 10);
    let reads = 0;
    const read = () => Promise.resolve(`reply ${++reads}`);
    expect(await cache.through('k', read)).toBe('reply 1');
    expect(await cache.through('k', read)).toBe('reply 1');
    await store.identity.createUser(newUser(tenantId, 'alice'));
    expect(await cache.through('k', read)).toBe('reply 2');
    elsewhere(`UPDATE users SET name = 'renamed' WHERE tenant_id = '${tenantId}'`);
    expect(await cache.through('k', read)).toBe('reply 3');
    expect(await cache.through('k', read)).toBe('reply 3');
  });

  it('does not keep a reply read while a unit of work was open, nor one without a key', async () => {
    const cache = new ReplyCache<string>(store, 10);
    let reads = 0;
    const read = () => Promise.resolve(`reply ${++reads}`);
    await store.units.read(async () => {
      expect(await cache.through('k', read)).toBe('reply 1');
    });
    expect(await cache.through('k', read)).toBe('reply 2');
    expect(await cache.through(undefined, read)).toBe('reply 3');
    expect(await cache.through(undefined, read)).toBe('reply 4');
  });

  it('does not keep a reply when another request saw a newer generation while it was read', async () => {
    const cache = new ReplyCache<string>(store, 10);
    let reads = 0;
    const tenantId = await store.identity.createTenant('acme');
    const slow = cache.through('k', async () => {
      await store.identity.createUser(newUser(tenantId, 'meanwhile'));
      await cache.through('other', () => Promise.resolve('other'));
      return `reply ${++reads}`;
    });
    expect(await slow).toBe('reply 1');
    expect(await cache.through('k', () => Promise.resolve(`reply ${++reads}`))).toBe('reply 2');
  });

  it('holds at most its capacity, the oldest reply going first', async () => {
    const cache = new ReplyCache<string>(store, 2);
    let reads = 0;
    const read = () => Promise.resolve(`reply ${++reads}`);
    await cache.through('a', read);
    await cache.through('b', read);
    await cache.through('c', read);
    expect(await cache.through('b', read)).toBe('reply 2');
    expect(await cache.through('c', read)).toBe('reply 3');
    expect(await cache.through('a', read)).toBe('reply 4');
  });
});
