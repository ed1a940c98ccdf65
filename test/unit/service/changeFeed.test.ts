/**
 * Change-feed retention over a real SQLite store: each tenant has its own horizon, so pruning
 * another tenant's changes never expires a cursor that missed nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeFeed, encodeCursor } from '../../../main/service/changes/feed.ts';
import { DEFAULT_CONFIG } from '../../../main/service/config.ts';
import { serviceDeps } from '../../../main/service/services.ts';
import type { RequestContext } from '../../../main/service/context.ts';
import { ServiceError } from '../../../main/service/errors.ts';
import { createTenant } from '../../../main/service/tenancy.ts';
import { openStore, type Store } from '../../../main/store/index.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

let dir: string;
let store: Store;
let feed: ChangeFeed;

interface T {
  ctx: RequestContext;
  rootId: string;
}

async function tenant(name: string): Promise<T> {
  const { tenantId, clientId } = await createTenant(store, name);
  const root = await store.containers.findSystem(tenantId, 'ROOT');
  if (!root) throw new Error('no root');
  return { ctx: { tenantId, clientId, mode: 'APP_ONLY', userId: null }, rootId: root.containerId };
}

/** Records a change to the tenant's root container and returns its seq. */
async function change(t: T, name: string): Promise<number> {
  await store.units.transaction(async (tx) => tx.changes.record({ tenantId: t.ctx.tenantId, op: 'update', kind: 'container', id: t.rootId, parentId: '', name, deleted: false }));
  return store.changes.latestSeq(t.ctx.tenantId);
}

const prune = (before: string) => store.units.transaction((tx) => tx.changes.pruneOlderThan(before));

async function codeOf(fn: () => Promise<unknown>): Promise<number | undefined> {
  try {
    await fn();
    return undefined;
  } catch (err) {
    if (err instanceof ServiceError) return err.value.code;
    throw err;
  }
}

const tick = () => new Promise((r) => setTimeout(r, 5));

beforeEach(async () => {
  dir = tempDir('folio-feed-');
  store = await openStore(dir);
  feed = new ChangeFeed(serviceDeps(store, DEFAULT_CONFIG));
});

afterEach(() => {
  store.close();
  removeDir(dir);
});

describe('change-feed retention', () => {
  it("keeps each tenant's horizon apart: pruning one tenant's later changes does not expire another's caught-up cursor", async () => {
    const a = await tenant('a');
    const b = await tenant('b');
    await change(a, 'a1');
    const a3 = await change(a, 'a2');
    const b4 = await change(b, 'b1');
    await tick();
    const cutoff = new Date().toISOString();
    await tick();
    await change(a, 'a3');

    expect(await prune(cutoff)).toBe(3);
    expect(await store.changes.horizon(a.ctx.tenantId)).toBe(a3);
    expect(await store.changes.horizon(b.ctx.tenantId)).toBe(b4);

    expect((await feed.page(a.ctx, encodeCursor(a3))).changes.map((c) => c.name)).toEqual(['a3']);
    expect(await codeOf(() => feed.page(a.ctx, encodeCursor(a3 - 1)))).toBe(130006);
    expect(await codeOf(() => feed.page(a.ctx, undefined))).toBe(130006);
    expect(await feed.page(b.ctx, encodeCursor(b4))).toMatchObject({ changes: [], hasMore: false });
    expect((await feed.latest(b.ctx)).cursor).toBe(encodeCursor(b4));
  });

  it('prunes nothing and expires nothing when every change is younger than the cutoff', async () => {
    const a = await tenant('a');
    await change(a, 'a1');
    expect(await prune('2000-01-01T00:00:00.000Z')).toBe(0);
    expect(await store.changes.horizon(a.ctx.tenantId)).toBe(0);
    expect((await feed.page(a.ctx, undefined)).changes.map((c) => c.name)).toContain('a1');
  });
});
