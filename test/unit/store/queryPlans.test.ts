/**
 * Statements that run once per upload must find their rows through an index, not by reading a
 * whole tenant: otherwise a first sync of N files costs O(N²) (found in the 100,000-file benchmark,
 * where text-extraction jobs slowed every upload as the tenant grew).
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Repository } from '../../../main/store/db.ts';
import { openStore, type Store } from '../../../main/store/index.ts';
import { systemContainerQuery } from '../../../main/store/async/repos/containers.ts';
import { systemTypeQuery } from '../../../main/store/async/repos/contentTypes.ts';
import { AsyncJobRepository } from '../../../main/store/async/repos/jobs.ts';
import { AsyncTaskRepository } from '../../../main/store/async/repos/tasks.ts';
import type { StoreSchema } from '../../../main/store/async/schema.ts';
import { FINISHED_FOR_SAME_CONTENT, PENDING_WITHOUT_LIVE_JOB, VERSIONS_WITHOUT } from '../../../main/store/repos/renditions.ts';
import { openSyncStore, REMAP_NODE } from '../../../main/store/sync/index.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = tempDir('folio-plans-');
  store = await openStore(dir);
});
afterEach(() => {
  store.close();
  removeDir(dir);
});

function plan(sql: string): string {
  const db = new Database(`${dir}/folio.db`, { readonly: true });
  try {
    return db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 'x'))
      .map((r) => (r as { detail: string }).detail)
      .join('\n');
  } finally {
    db.close();
  }
}

describe('query plans', () => {
  it("a tenant's system container is found by its kind, not by reading every container of the tenant", async () => {
    const compiler = new Kysely<StoreSchema>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const p = plan(systemContainerQuery(compiler, 'tnt', 'ROOT').compile().sql);
    await compiler.destroy();
    expect(p).toMatch(/SEARCH containers USING INDEX containers_system \(tenant_id=\? AND system_kind=\?\)/);
  });

  it("a tenant's system content type is found by its kind, in id order, without sorting in a temporary B-tree", async () => {
    const compiler = new Kysely<StoreSchema>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const p = plan(systemTypeQuery(compiler, 'tnt', 'DOCUMENT').compile().sql);
    await compiler.destroy();
    expect(p).toMatch(/SEARCH content_types USING INDEX content_types_system \(tenant_id=\? AND target_kind=\? AND system=\?\)/);
    expect(p).not.toMatch(/TEMP B-TREE/);
  });

  it("a tenant's system content type is read with its LIMIT written in the SQL: bound as a parameter, the read took about four times as long", async () => {
    const compiler = new Kysely<StoreSchema>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const query = systemTypeQuery(compiler, 'tnt', 'DOCUMENT').compile();
    await compiler.destroy();
    expect(query.sql).toMatch(/ limit 1$/);
    expect(query.parameters).toEqual(['tnt', 'DOCUMENT', 1]);
  });

  it('a finished rendition for the same content is found from the content hash, not by reading every rendition of the tenant', () => {
    const p = plan(FINISHED_FOR_SAME_CONTENT);
    expect(p).not.toMatch(/renditions_by_tenant|SCAN|TEMP B-TREE/);
    expect(p).toMatch(/SEARCH b USING (COVERING )?INDEX sqlite_autoindex_blobs/);
  });

  it('finds only a finished rendition of the same kind, for another version of the same content and type, in the same tenant', () => {
    const db = new Database(`${dir}/folio.db`);
    try {
      db.pragma('foreign_keys = OFF');
      const t = '2026-01-01T00:00:00.000Z';
      const blob = db.prepare('INSERT INTO blobs (blob_id, tenant_id, content_hash, size_bytes, create_time) VALUES (?, ?, ?, 1, ?)');
      const version = db.prepare(
        "INSERT INTO versions (version_id, tenant_id, doc_id, version_no, blob_id, content_hash, size_bytes, mime_type, original_filename, create_by, create_time) VALUES (?, ?, ?, 1, ?, ?, 1, ?, 'f', 'u', ?)",
      );
      const rendition = db.prepare("INSERT INTO renditions (rendition_id, tenant_id, version_id, kind, status, create_by, create_time, update_time) VALUES (?, ?, ?, ?, ?, 'u', ?, ?)");
      blob.run('b1', 'tA', 'h1', t);
      blob.run('b2', 'tA', 'h2', t);
      blob.run('b3', 'tB', 'h1', t);
      version.run('mine', 'tA', 'd0', 'b1', 'h1', 'text/plain', t);
      version.run('same', 'tA', 'd1', 'b1', 'h1', 'text/plain', t);
      version.run('pending', 'tA', 'd2', 'b1', 'h1', 'text/plain', t);
      version.run('otherType', 'tA', 'd3', 'b1', 'h1', 'text/markdown', t);
      version.run('otherContent', 'tA', 'd4', 'b2', 'h2', 'text/plain', t);
      version.run('otherTenant', 'tB', 'd5', 'b3', 'h1', 'text/plain', t);
      rendition.run('r-mine', 'tA', 'mine', 'TEXT', 'READY', t, '2026-01-09T00:00:00.000Z');
      rendition.run('r-same', 'tA', 'same', 'TEXT', 'READY', t, t);
      rendition.run('r-preview', 'tA', 'same', 'PREVIEW', 'READY', t, '2026-01-05T00:00:00.000Z');
      rendition.run('r-pending', 'tA', 'pending', 'TEXT', 'PENDING', t, '2026-01-05T00:00:00.000Z');
      rendition.run('r-otherType', 'tA', 'otherType', 'TEXT', 'READY', t, '2026-01-05T00:00:00.000Z');
      rendition.run('r-otherContent', 'tA', 'otherContent', 'TEXT', 'READY', t, '2026-01-05T00:00:00.000Z');
      rendition.run('r-otherTenant', 'tB', 'otherTenant', 'TEXT', 'READY', t, '2026-01-05T00:00:00.000Z');
    } finally {
      db.close();
    }
    expect(store.renditions.finishedForSameContent('tA', 'mine', 'TEXT', 'h1', 'text/plain')?.renditionId).toBe('r-same');
    expect(store.renditions.finishedForSameContent('tA', 'same', 'TEXT', 'h1', 'text/plain')?.renditionId).toBe('r-mine');
    expect(store.renditions.finishedForSameContent('tA', 'mine', 'TEXT', 'h1', 'application/pdf')).toBeUndefined();
    expect(store.renditions.finishedForSameContent('tB', 'otherTenant', 'TEXT', 'h1', 'text/plain')).toBeUndefined();
  });
});

describe('the text backfill at start-up', () => {
  it('pages through versions in storage order from a cursor, without sorting the table', () => {
    const p = plan(VERSIONS_WITHOUT);
    expect(p).toMatch(/SEARCH v USING INTEGER PRIMARY KEY \(rowid>\?\)/);
    expect(p).not.toMatch(/TEMP B-TREE|SCAN v/);
  });

  it('pages through pending renditions from a cursor, and looks up their jobs by key', () => {
    const p = plan(PENDING_WITHOUT_LIVE_JOB);
    expect(p).toMatch(/SEARCH r USING INTEGER PRIMARY KEY \(rowid>\?\)/);
    expect(p).toMatch(/SEARCH j USING (COVERING )?INDEX jobs_live_key/);
    expect(p).not.toMatch(/TEMP B-TREE|SCAN/);
  });

  it('finds every version without a rendition of the kind, batch after batch', () => {
    const db = new Database(`${dir}/folio.db`);
    try {
      db.pragma('foreign_keys = OFF');
      const t = '2026-01-01T00:00:00.000Z';
      const version = db.prepare(
        "INSERT INTO versions (version_id, tenant_id, doc_id, version_no, blob_id, content_hash, size_bytes, mime_type, original_filename, create_by, create_time) VALUES (?, 'tA', ?, 1, 'b', 'h', 1, 'text/plain', 'f', 'u', ?)",
      );
      const rendition = db.prepare("INSERT INTO renditions (rendition_id, tenant_id, version_id, kind, status, create_by, create_time, update_time) VALUES (?, 'tA', ?, ?, 'READY', 'u', ?, ?)");
      for (let i = 0; i < 7; i++) version.run(`v${i}`, `d${i}`, t);
      rendition.run('r1', 'v1', 'TEXT', t, t);
      rendition.run('r4', 'v4', 'TEXT', t, t);
      rendition.run('r5', 'v5', 'PREVIEW', t, t);
    } finally {
      db.close();
    }
    const found: string[] = [];
    for (let after = 0; ; ) {
      const batch = store.renditions.versionsWithout('TEXT', 2, after);
      found.push(...batch.map((v) => v.versionId));
      if (batch.length < 2) break;
      after = batch[batch.length - 1]?.seq ?? 0;
    }
    expect(found).toEqual(['v0', 'v2', 'v3', 'v5', 'v6']);
  });
});

describe("the sync engine's state", () => {
  it("a node's new id is written through the primary key, one side at a time, not by reading every node of the pair", async () => {
    const stateDir = tempDir('folio-plans-sync-');
    const syncStore = await openSyncStore(stateDir);
    try {
      syncStore.close();
      const db = new Database(`${stateDir}/sync.db`, { readonly: true });
      try {
        const p = db
          .prepare(`EXPLAIN QUERY PLAN ${REMAP_NODE}`)
          .all('x', 'x', 'x')
          .map((r) => (r as { detail: string }).detail)
          .join('\n');
        expect(p).toMatch(/SEARCH nodes USING INDEX sqlite_autoindex_nodes_1 \(pair_id=\? AND side=\? AND id=\?\)/);
      } finally {
        db.close();
      }
    } finally {
      removeDir(stateDir);
    }
  });
});

describe('Repository.prepared', () => {
  class Probe extends Repository {
    statementFor(sql: string) {
      return this.prepared(sql);
    }
  }

  it('prepares a statement once per SQL text and keeps it', () => {
    const db = new Database(':memory:');
    try {
      const probe = new Probe(db);
      const one = probe.statementFor('SELECT 1');
      expect(probe.statementFor('SELECT 1')).toBe(one);
      expect(probe.statementFor('SELECT 2')).not.toBe(one);
      expect(probe.statementFor('SELECT 1').get()).toEqual({ 1: 1 });
    } finally {
      db.close();
    }
  });
});

/**
 * The queues' claims run once per job: on a backlog of N jobs a claim that reads every queued job
 * drains it in O(N²). It did, after a first sync of 100,000 files: the claim's OR of "QUEUED and
 * due" with "RUNNING and its lease ran out" was answered with both indexes and a sort of every job
 * matched, about 30 ms a claim at 75,000 queued, so the text backlog drained at 30 jobs a second.
 */
describe("the queues' claims", () => {
  /** The SQL texts the repositories ran, through a connection of their own to the store's file. */
  function recording(): { q: Kysely<StoreSchema>; ran: string[]; raw: Database.Database } {
    const raw = new Database(`${dir}/folio.db`);
    const ran: string[] = [];
    const database: SqliteDatabase = {
      prepare: (sql) => {
        ran.push(sql);
        return raw.prepare(sql);
      },
      close: () => raw.close(),
    };
    return { q: new Kysely<StoreSchema>({ dialect: new SqliteDialect({ database }) }), ran, raw };
  }

  const lease = (owner: string, until: number) => ({ owner, until });

  it('a job is claimed, and the next due time read, by index probes, never by reading and sorting the backlog', async () => {
    const { q, ran } = recording();
    const jobs = new AsyncJobRepository(q, 'sqlite', { ring: () => undefined, listen: () => () => undefined });
    for (let i = 0; i < 20; i++) await jobs.enqueue({ queue: 'text-extraction', key: `k${i}`, payload: {}, maxAttempts: 3, runAfter: 1_000 + i });
    ran.length = 0;
    expect((await jobs.claim('text-extraction', lease('a', 5_000), 2_000))?.key).toBe('k0');
    expect(await jobs.nextDue('text-extraction')).toBe(1_001);
    await q.destroy();
    const plans = ran.map(plan);
    expect(plans.length).toBeGreaterThanOrEqual(3);
    for (const p of plans) {
      expect(p).not.toMatch(/MULTI-INDEX OR|TEMP B-TREE|\bSCAN\b/);
      expect(p).toMatch(/SEARCH jobs USING (COVERING )?INDEX jobs_(due|leases) \(queue=\? AND status=\?/);
    }
  });

  it('takes a job whose lease ran out before a queued one, and leaves a job whose lease holds', async () => {
    const { q } = recording();
    const jobs = new AsyncJobRepository(q, 'sqlite', { ring: () => undefined, listen: () => () => undefined });
    for (const key of ['first', 'second', 'third']) await jobs.enqueue({ queue: 'qq', key, payload: {}, maxAttempts: 3, runAfter: 1_000 });
    expect((await jobs.claim('qq', lease('a', 3_000), 2_000))?.key).toBe('first');
    expect((await jobs.claim('qq', lease('b', 9_000), 2_000))?.key).toBe('second');
    // At 4,000 a's lease has run out and b's holds: a's job is taken over before the queued one.
    const taken = await jobs.claim('qq', lease('c', 9_000), 4_000);
    expect({ key: taken?.key, attempts: taken?.attempts, lastError: taken?.lastError }).toEqual({ key: 'first', attempts: 2, lastError: expect.stringMatching(/^interrupted/) });
    expect((await jobs.claim('qq', lease('c', 9_000), 4_000))?.key).toBe('third');
    expect(await jobs.claim('qq', lease('c', 9_000), 4_000)).toBeUndefined();
    expect(await jobs.nextDue('qq')).toBe(9_000);
    await q.destroy();
  });

  it('the next ingest task is claimed by index probes: an interrupted one first, then the oldest pending', async () => {
    const { q, ran } = recording();
    const tasks = new AsyncTaskRepository(q, 'sqlite');
    const task = () => tasks.create({ tenantId: 't', kind: 'INGEST_FROM_URL', input: '{}', clientId: 'c', userId: null, authMode: 'APP_ONLY', createBy: 'c' });
    const older = await task();
    const newer = await task();
    ran.length = 0;
    expect((await tasks.claimNext(lease('a', 3_000), 2_000))?.taskId).toBe(older.taskId);
    const plans = ran.map(plan);
    expect((await tasks.claimNext(lease('b', 9_000), 4_000))?.taskId).toBe(older.taskId);
    expect((await tasks.claimNext(lease('b', 9_000), 4_000))?.taskId).toBe(newer.taskId);
    await q.destroy();
    expect(plans.length).toBe(2);
    for (const p of plans) {
      expect(p).not.toMatch(/MULTI-INDEX OR|USE TEMP B-TREE FOR ORDER BY|\bSCAN\b/);
      expect(p).toMatch(/SEARCH tasks USING (COVERING )?INDEX tasks_(by_status|leases) \(status=\?/);
    }
  });
});
