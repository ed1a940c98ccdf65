/**
 * The reply cache's rule (main/service/replyCache.ts): a remembered reply reads only tables whose
 * writes move the generation, the tables the triggers of SQLite migration 0019 cover. Every
 * statement the cached reads run (documents/get, versions/getPage for one document and for all) is
 * recorded as it runs, on the store's real connection, whichever layer prepared it (the synchronous
 * repositories or Kysely's statement cache); `EXPLAIN` of each names the b-trees it opens for reading
 * (`OpenRead`'s root page, mapped through `sqlite_schema`); each must belong to a covered table.
 * The covered tables are read from the schema's triggers, so the test follows the schema. Every
 * such read is bound to the caller's tenant, as PostgreSQL's generation per tenant needs
 * (0011_reply_generation); test/integration/cluster/replyGenerations.test.ts holds PostgreSQL's
 * triggers to the same tables.
 */
import { Readable } from 'node:stream';
import type { Statement } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../main/service/config.ts';
import type { RequestContext } from '../../../main/service/context.ts';
import { buildServices, serviceDeps, type Services } from '../../../main/service/services.ts';
import { createTenant } from '../../../main/service/tenancy.ts';
import { openDatabase, type Db } from '../../../main/store/db.ts';
import { Store } from '../../../main/store/index.ts';
import { sqliteReplyInputs } from '../../helpers/replyInputs.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

interface Run {
  sql: string;
  args: unknown[];
}

const RUNS = new Set<PropertyKey>(['get', 'all', 'run', 'iterate']);
/** Methods that return the statement itself: the recording one must come back instead. */
const CHAINED = new Set<PropertyKey>(['pluck', 'raw', 'expand', 'safeIntegers', 'bind']);

/** Records, while `on()`, every statement `db` runs, with its arguments. */
function recording(db: Db, on: () => boolean): Run[] {
  const runs: Run[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((source: string) => {
    const statement = prepare(source);
    const recorded: Statement = new Proxy(statement, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (RUNS.has(prop))
          return (...args: unknown[]) => {
            if (on()) runs.push({ sql: target.source, args });
            return method.apply(target, args);
          };
        if (CHAINED.has(prop))
          return (...args: unknown[]) => {
            const result = method.apply(target, args);
            return result === target ? recorded : result;
          };
        return method.bind(target);
      },
    });
    return recorded;
  }) as Db['prepare'];
  return runs;
}

/** The tables each run opens for reading: `OpenRead` root pages, through sqlite_schema (an index counts as its table). */
function tablesRead(db: Db, runs: Run[]): Map<string, string[]> {
  const byRoot = new Map(db.prepare<[], { rootpage: number; tbl_name: string }>("SELECT rootpage, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index') AND rootpage > 0").all().map((r) => [r.rootpage, r.tbl_name]));
  const read = new Map<string, string[]>();
  for (const { sql, args } of runs) {
    const plan = db.prepare<unknown[], { opcode: string; p2: number; p3: number }>(`EXPLAIN ${sql}`).all(...args);
    for (const op of plan) {
      if (op.opcode !== 'OpenRead' || op.p3 !== 0) continue;
      const table = byRoot.get(op.p2) ?? `rootpage ${op.p2}`;
      read.set(table, [...(read.get(table) ?? []), sql]);
    }
  }
  return read;
}

/**
 * Read by a cached route, yet no write of theirs can change its reply. Each entry says why; a table
 * goes here only with a reason that holds for every statement the routes run on it.
 */
const HARMLESS: Record<string, string> = {
  // `SELECT MAX(seq) FROM changes` keys the versions repository's own count cache
  // (main/store/repos/versions.ts): a change is recorded with every write to documents or versions,
  // which moves the generation; the one other write, the pruning of old changes, can only make the
  // count be read again, from versions.
  changes: 'the key of the version counts cache',
};

/** The tables whose writes move the generation: those the triggers updating reply_generation are on, and the row itself. */
function coveredTables(db: Db): Set<string> {
  return new Set(['reply_generation', ...sqliteReplyInputs(db)]);
}

describe('the reply cache reads only the tables that move its generation', () => {
  let dir: string;
  let db: Db;
  let store: Store;
  let services: Services;
  let ctx: RequestContext;
  let docId: string;
  let on = false;
  let runs: Run[];

  beforeAll(async () => {
    dir = tempDir('folio-reply-inputs-');
    db = await openDatabase(dir);
    runs = recording(db, () => on);
    store = new Store(db, dir);
    const tenant = await createTenant(store, 'acme');
    ctx = { tenantId: tenant.tenantId, clientId: tenant.clientId, mode: 'APP_ONLY', userId: null };
    services = buildServices(serviceDeps(store, DEFAULT_CONFIG));
    const bytes = Buffer.from('the body of a version');
    docId = (await services.versions.upload(ctx, { title: 'a.txt' }, Readable.from([bytes]), bytes.length)).docId;
  });

  afterAll(() => {
    store.close();
    removeDir(dir);
  });

  /** Runs `read`, and returns the statements it ran. */
  async function recorded(read: () => Promise<unknown>): Promise<Run[]> {
    runs.length = 0;
    on = true;
    try {
      await read();
    } finally {
      on = false;
    }
    expect(runs.length).toBeGreaterThan(0);
    return [...runs];
  }

  /** Runs `read` recording what it runs, and returns the tables it read that no trigger covers. */
  async function uncovered(read: () => Promise<unknown>): Promise<Record<string, string[]>> {
    const ran = await recorded(read);
    const covered = coveredTables(db);
    return Object.fromEntries([...tablesRead(db, ran)].filter(([table]) => !covered.has(table) && !(table in HARMLESS)));
  }

  /**
   * Runs `read`, and returns the statements it ran on a reply's inputs without the caller's tenant
   * among their values. On PostgreSQL a reply belongs to its tenant's own generation, which only
   * writes of that tenant's rows move: a reply must read no other tenant's row. A join reads rows
   * through a row of the tenant (a version's document), which is of the same tenant.
   */
  async function untenanted(read: () => Promise<unknown>): Promise<string[]> {
    const ran = await recorded(read);
    const inputs = new Set(sqliteReplyInputs(db));
    const readsInputs = (run: Run) => [...tablesRead(db, [run]).keys()].some((table) => inputs.has(table));
    return ran.filter((run) => readsInputs(run) && !run.args.flat().includes(ctx.tenantId)).map((run) => run.sql);
  }

  it('finds the covered tables in the schema', () => {
    expect([...coveredTables(db)].sort()).toEqual(['api_clients', 'containers', 'content_types', 'documents', 'reply_generation', 'users', 'versions']);
  });

  it('documents/get', async () => {
    expect(await uncovered(() => services.documents.get(ctx, docId))).toEqual({});
  });

  it('versions/getPage of one document, and of every document', async () => {
    expect(await uncovered(() => services.versions.page(ctx, { docId }))).toEqual({});
    expect(await uncovered(() => services.versions.page(ctx, {}))).toEqual({});
  });

  it("reads only the caller's tenant's rows, as PostgreSQL's generation per tenant needs", async () => {
    expect(await untenanted(() => services.documents.get(ctx, docId))).toEqual([]);
    expect(await untenanted(() => services.versions.page(ctx, { docId }))).toEqual([]);
    expect(await untenanted(() => services.versions.page(ctx, {}))).toEqual([]);
  });

  it("fails on a read of an input not bound to the caller's tenant", async () => {
    const found = await untenanted(async () => db.prepare('SELECT name FROM users WHERE user_id = ?').get('usr_anyone'));
    expect(found).toEqual(['SELECT name FROM users WHERE user_id = ?']);
  });

  it('fails on a read of a table whose writes do not move the generation', async () => {
    // A read as a cached route might add one: the text jobs' queue, whose writes move nothing.
    const found = await uncovered(async () => db.prepare('SELECT count(*) FROM jobs WHERE queue = ?').get('text-extraction'));
    expect(Object.keys(found)).toEqual(['jobs']);
  });
});
