/**
 * The asynchronous store: the repositories over either database through Kysely, and the unit of
 * work that makes their writes atomic together. The service's areas move to it one at a time
 * (docs/architecture.md, "The store on two databases").
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { openDatabase, type Db } from '../db.ts';
import { migratePostgres } from '../postgres/migrate.ts';
import { POSTGRES_MIGRATIONS } from '../postgres/postgresMigrations.ts';
import { postgresPool } from '../postgres/pool.ts';
import { TokenMemory } from '../repos/tokenRecords.ts';
import { AsyncAclRepositories, AsyncOrgRepositories } from './repos/access.ts';
import { AsyncAuthorizationCodeRepository } from './repos/authorizationCodes.ts';
import { AsyncChangeRepository } from './repos/changes.ts';
import { AsyncContainerRepository } from './repos/containers.ts';
import { AsyncDocumentRepository } from './repos/documents.ts';
import { AsyncContentTypeRepository } from './repos/contentTypes.ts';
import { AsyncFieldDefinitionRepository } from './repos/fieldDefinitions.ts';
import { AsyncIdentityRepository } from './repos/identity.ts';
import { AsyncTemplateRepository } from './repos/templates.ts';
import { AsyncTermSetRepository } from './repos/termSets.ts';
import { AsyncRateLimitRepository } from './repos/rateLimits.ts';
import { AsyncReplyGenerationRepository } from './repos/replyGenerations.ts';
import { AsyncTokenRepository } from './repos/tokens.ts';
import { AsyncJobRepository, type JobBell } from './repos/jobs.ts';
import { AsyncLeaderRepository } from './repos/leader.ts';
import { AsyncTaskRepository } from './repos/tasks.ts';
import { AsyncWebhookDeliveryRepository } from './repos/webhookDeliveries.ts';
import { AsyncWebhookRepository } from './repos/webhooks.ts';
import type { Dialect, StoreSchema } from './schema.ts';
import { cachingStatements } from './statementCache.ts';

export type { Dialect } from './schema.ts';

export interface AsyncRepositories {
  readonly identity: AsyncIdentityRepository;
  readonly tokens: AsyncTokenRepository;
  readonly authorizationCodes: AsyncAuthorizationCodeRepository;
  readonly contentTypes: AsyncContentTypeRepository;
  readonly fieldDefinitions: AsyncFieldDefinitionRepository;
  readonly templates: AsyncTemplateRepository;
  readonly termSets: AsyncTermSetRepository;
  readonly rateLimits: AsyncRateLimitRepository;
  readonly acl: AsyncAclRepositories;
  readonly org: AsyncOrgRepositories;
  readonly jobs: AsyncJobRepository;
  readonly tasks: AsyncTaskRepository;
  readonly webhooks: AsyncWebhookRepository;
  readonly webhookDeliveries: AsyncWebhookDeliveryRepository;
  readonly changes: AsyncChangeRepository;
  readonly containers: AsyncContainerRepository;
  readonly documents: AsyncDocumentRepository;
  readonly leader: AsyncLeaderRepository;
  readonly replyGenerations: AsyncReplyGenerationRepository;
}

/** What the service's areas are handed of the asynchronous store: its units of work, never close(). */
export type UnitsOfWork = Pick<AsyncDatabase, 'transaction' | 'read'>;

export interface AsyncDatabase {
  readonly dialect: Dialect;
  /** The repositories: inside a unit of work, that unit's; outside one, each statement on its own. */
  readonly repos: AsyncRepositories;
  /**
   * Runs `fn` in one write transaction and hands it the repositories bound to it: all of its writes
   * commit, or none. `fn` awaits only the database (no file, blob or network in between). Started
   * inside another unit of work, it joins that one.
   */
  transaction<T>(fn: (tx: AsyncRepositories) => Promise<T>): Promise<T>;
  /** Runs `fn` in one read transaction: every read in it sees the same commit. */
  read<T>(fn: (tx: AsyncRepositories) => Promise<T>): Promise<T>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

interface OpenUnit {
  readonly repos: AsyncRepositories;
  readonly writes: boolean;
}

/** Runs `fn` once the write it follows has committed. */
type AfterCommit = (fn: () => void) => void;

abstract class KyselyDatabase implements AsyncDatabase {
  private readonly outside: AsyncRepositories;
  /** The unit of work the current call runs in: a nested one joins it instead of waiting for its own connection. */
  private readonly openUnit = new AsyncLocalStorage<OpenUnit>();
  /** This process's listeners for queued jobs (its job runner). */
  private readonly jobListeners = new Set<(queue: string) => void>();

  protected constructor(
    readonly dialect: Dialect,
    protected readonly kysely: Kysely<StoreSchema>,
    private readonly tokenMemory: TokenMemory | undefined,
  ) {
    // A statement outside a unit of work has committed when it returns.
    this.outside = this.reposOver(kysely, (fn) => fn(), false);
  }

  get repos(): AsyncRepositories {
    return this.openUnit.getStore()?.repos ?? this.outside;
  }

  transaction<T>(fn: (tx: AsyncRepositories) => Promise<T>): Promise<T> {
    return this.unit(true, fn);
  }

  read<T>(fn: (tx: AsyncRepositories) => Promise<T>): Promise<T> {
    return this.unit(false, fn);
  }

  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.kysely);
  }

  async close(): Promise<void> {
    await this.kysely.destroy();
  }

  /** Runs `fn` in a transaction of this dialect, on the executor bound to it. */
  protected abstract begin<T>(writes: boolean, fn: (q: Kysely<StoreSchema>) => Promise<T>): Promise<T>;

  private async unit<T>(writes: boolean, fn: (tx: AsyncRepositories) => Promise<T>): Promise<T> {
    const open = this.openUnit.getStore();
    if (open) {
      if (writes && !open.writes) throw new Error('a write transaction cannot start inside a read transaction');
      return fn(open.repos);
    }
    const committed: (() => void)[] = [];
    const result = await this.begin(writes, async (q) => {
      const repos = this.reposOver(q, (after) => committed.push(after), writes);
      const out = await this.openUnit.run({ repos, writes }, () => fn(repos));
      // The change feed's rows are the last statements before COMMIT: on PostgreSQL the tenant's
      // counter row stays locked only from here to the commit.
      if (repos.changes.queuedCount > 0) await repos.changes.writeQueued();
      return out;
    });
    for (const after of committed) after();
    return result;
  }

  /** `writes`: the repositories of a write unit of work, the only ones that record changes. */
  private reposOver(q: Kysely<StoreSchema>, afterCommit: AfterCommit, writes: boolean): AsyncRepositories {
    const listeners = this.jobListeners;
    const bell: JobBell = {
      ring: (queue) => afterCommit(() => listeners.forEach((l) => l(queue))),
      listen: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    return {
      identity: new AsyncIdentityRepository(q),
      tokens: new AsyncTokenRepository(q, this.tokenMemory),
      authorizationCodes: new AsyncAuthorizationCodeRepository(q),
      contentTypes: new AsyncContentTypeRepository(q),
      fieldDefinitions: new AsyncFieldDefinitionRepository(q),
      templates: new AsyncTemplateRepository(q),
      termSets: new AsyncTermSetRepository(q),
      rateLimits: new AsyncRateLimitRepository(q),
      acl: new AsyncAclRepositories(q),
      org: new AsyncOrgRepositories(q),
      jobs: new AsyncJobRepository(q, this.dialect, bell),
      tasks: new AsyncTaskRepository(q, this.dialect),
      webhooks: new AsyncWebhookRepository(q),
      webhookDeliveries: new AsyncWebhookDeliveryRepository(q, this.dialect),
      changes: new AsyncChangeRepository(q, this.dialect, writes),
      containers: new AsyncContainerRepository(q),
      documents: new AsyncDocumentRepository(q),
      leader: new AsyncLeaderRepository(q),
      replyGenerations: new AsyncReplyGenerationRepository(q, this.dialect),
    };
  }
}

// Compiled once: every unit of work runs two of them.
const BEGIN_WRITE = CompiledQuery.raw('BEGIN IMMEDIATE');
const BEGIN_READ = CompiledQuery.raw('BEGIN');
const COMMIT = CompiledQuery.raw('COMMIT');
const ROLLBACK = CompiledQuery.raw('ROLLBACK');

/**
 * SQLite through the store's one connection. Kysely's driver lends it to one unit of work at a
 * time; the others queue, as they wait for the write lock today.
 */
export class SqliteKysely extends KyselyDatabase {
  /** Between a unit's BEGIN and its COMMIT or ROLLBACK: the synchronous store must not start a transaction then. */
  private unitBegun = false;
  private failedUnits = 0;

  static over(raw: Db): SqliteKysely {
    const tokenGeneration = raw.prepare<[], number>('SELECT n FROM token_generation WHERE id = 1').pluck();
    const kysely = new Kysely<StoreSchema>({ dialect: new SqliteDialect({ database: cachingStatements(raw) }) });
    const database: SqliteKysely = new SqliteKysely(raw, kysely, new TokenMemory(() => database.tokenGeneration(tokenGeneration.get() as number)));
    return database;
  }

  /** The tokens' generation as the token memory keys it: the row (migration 0023) and the failed units of work. */
  tokenGeneration(row: number): string {
    return `${row}.${this.failedUnits}`;
  }

  /** Whether a unit of work holds the connection between its BEGIN and its end (see Store.transaction). */
  get unitOpen(): boolean {
    return this.unitBegun;
  }

  /**
   * How many units of work have ended without their COMMIT. Counted before the ROLLBACK: what
   * other requests read on the connection while such a unit was open may have been its rows.
   */
  get rolledBack(): number {
    return this.failedUnits;
  }

  private constructor(
    private readonly raw: Db,
    kysely: Kysely<StoreSchema>,
    tokenMemory: TokenMemory,
  ) {
    super('sqlite', kysely, tokenMemory);
  }

  /**
   * A write begins IMMEDIATE: a deferred BEGIN would take the write lock at its first write, where
   * SQLite answers SQLITE_BUSY at once, without the busy timeout, while another process holds it.
   */
  protected begin<T>(writes: boolean, fn: (q: Kysely<StoreSchema>) => Promise<T>): Promise<T> {
    return this.kysely.connection().execute(async (conn) => {
      await conn.executeQuery(writes ? BEGIN_WRITE : BEGIN_READ);
      this.unitBegun = true;
      try {
        const result = await fn(conn);
        await conn.executeQuery(COMMIT);
        return result;
      } catch (err) {
        this.failedUnits += 1;
        // SQLite has already rolled back after some errors (a full disk, an interrupted statement).
        if (this.raw.inTransaction) await conn.executeQuery(ROLLBACK);
        throw err;
      } finally {
        this.unitBegun = false;
      }
    });
  }
}

/** PostgreSQL through a pool: each unit of work on a connection of its own. */
class PostgresKysely extends KyselyDatabase {
  constructor(kysely: Kysely<StoreSchema>) {
    // No token memory: PostgreSQL cannot say when another node has revoked a token.
    super('postgres', kysely, undefined);
  }

  /** Writes at READ COMMITTED; reads at REPEATABLE READ, READ ONLY, so a count and its page agree. */
  protected begin<T>(writes: boolean, fn: (q: Kysely<StoreSchema>) => Promise<T>): Promise<T> {
    const transaction = this.kysely.transaction();
    return (writes ? transaction : transaction.setIsolationLevel('repeatable read').setAccessMode('read only')).execute(fn);
  }
}

/**
 * The asynchronous store over a connection the synchronous one already holds: while the areas
 * convert, both share it (two connections in one process deadlock, docs/architecture.md).
 */
export function asyncOverSqlite(raw: Db): SqliteKysely {
  return SqliteKysely.over(raw);
}

/** Opens (creating and migrating if needed) the SQLite store `file` in `dataDir`. */
export async function openAsyncSqlite(dataDir: string, file = 'folio.db'): Promise<AsyncDatabase> {
  return SqliteKysely.over(await openDatabase(dataDir, file));
}

/**
 * Opens the PostgreSQL database at `url` (no password in it: `password` comes from PGPASSWORD) and
 * brings its schema up to date.
 */
export async function openAsyncPostgres(url: string, password: string | undefined): Promise<AsyncDatabase> {
  const pool = postgresPool(url, password);
  try {
    await migratePostgres(pool, POSTGRES_MIGRATIONS);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return new PostgresKysely(new Kysely<StoreSchema>({ dialect: new PostgresDialect({ pool }) }));
}
