/** The store: every repository over one SQLite database, plus the blob files. */
import type BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { Checkpointer } from './checkpointer.ts';
import { openDatabase, type Db } from './db.ts';
import { BlobFiles } from './blobs.ts';
import type { S3Location } from './blobLocation.ts';
import type { BlobStore } from './blobStore.ts';
import { S3Assemblies } from './s3Assemblies.ts';
import { S3Blobs } from './s3Blobs.ts';
import { AssemblyFiles } from './assemblies.ts';
import type { AssemblyStore } from './assemblyStore.ts';
import { asyncOverSqlite, type SqliteKysely } from './async/database.ts';
import type { AsyncAclRepositories, AsyncOrgRepositories } from './async/repos/access.ts';
import type { AsyncAuthorizationCodeRepository } from './async/repos/authorizationCodes.ts';
import type { AsyncChangeRepository } from './async/repos/changes.ts';
import type { AsyncContainerRepository } from './async/repos/containers.ts';
import type { AsyncDocumentRepository } from './async/repos/documents.ts';
import type { AsyncContentTypeRepository } from './async/repos/contentTypes.ts';
import type { AsyncFieldDefinitionRepository } from './async/repos/fieldDefinitions.ts';
import type { AsyncIdentityRepository } from './async/repos/identity.ts';
import type { AsyncTemplateRepository } from './async/repos/templates.ts';
import type { AsyncTermSetRepository } from './async/repos/termSets.ts';
import type { AsyncRateLimitRepository } from './async/repos/rateLimits.ts';
import type { AsyncTokenRepository } from './async/repos/tokens.ts';
import type { AsyncJobRepository } from './async/repos/jobs.ts';
import type { AsyncTaskRepository } from './async/repos/tasks.ts';
import type { AsyncWebhookDeliveryRepository } from './async/repos/webhookDeliveries.ts';
import type { AsyncWebhookRepository } from './async/repos/webhooks.ts';
import { RetentionRepository } from './repos/retention.ts';
import { RenditionRepository } from './repos/renditions.ts';
import { UploadRepository } from './repos/uploads.ts';
import { VersionRepository } from './repos/versions.ts';
import { QuotaRepository } from './repos/quotas.ts';
import { SearchRepository } from './repos/search.ts';
import type { Database, Marks, Repositories } from './repositories.ts';

export class Store implements Repositories, Database {
  /** The areas converted so far, on the same connection (docs/architecture.md, "The store on two databases"). */
  readonly units: SqliteKysely;
  readonly versions: VersionRepository;
  readonly uploads: UploadRepository;
  readonly retention: RetentionRepository;
  readonly blobs: BlobStore;
  readonly renditions: RenditionRepository;
  /** Rendition bytes, content-addressed apart from version blobs: purging a version's blob never takes a rendition's file. */
  readonly renditionBlobs: BlobStore;
  readonly assemblies: AssemblyStore;
  readonly quotas: QuotaRepository;
  readonly search: SearchRepository;

  constructor(
    private readonly db: Db,
    readonly dataDir: string,
    /** A bucket for the blobs; without one they are files under dataDir. */
    bucket?: S3Location,
  ) {
    this.units = asyncOverSqlite(db);
    this.replyGeneration = db.prepare<[], number>('SELECT n FROM reply_generation WHERE id = 1').pluck();
    this.bothGenerations = db.prepare<[], [number, number]>('SELECT r.n, t.n FROM reply_generation r, token_generation t WHERE r.id = 1 AND t.id = 1').raw();
    this.totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
    this.versions = new VersionRepository(db);
    this.uploads = new UploadRepository(db);
    this.retention = new RetentionRepository(db);
    this.blobs = bucket ? new S3Blobs(bucket, 'blobs/', dataDir) : new BlobFiles(dataDir);
    this.renditions = new RenditionRepository(db);
    this.search = new SearchRepository(db);
    this.renditionBlobs = bucket ? new S3Blobs(bucket, 'renditions/', join(dataDir, 'renditions')) : new BlobFiles(join(dataDir, 'renditions'));
    // With a bucket the chunks go there too, so that nodes need no disk in common.
    this.assemblies = bucket ? new S3Assemblies(bucket, dataDir) : new AssemblyFiles(join(dataDir, 'uploads'));
    this.quotas = new QuotaRepository(db);
  }

  get identity(): AsyncIdentityRepository {
    return this.units.repos.identity;
  }

  get tokens(): AsyncTokenRepository {
    return this.units.repos.tokens;
  }

  get authorizationCodes(): AsyncAuthorizationCodeRepository {
    return this.units.repos.authorizationCodes;
  }

  get contentTypes(): AsyncContentTypeRepository {
    return this.units.repos.contentTypes;
  }

  get fieldDefinitions(): AsyncFieldDefinitionRepository {
    return this.units.repos.fieldDefinitions;
  }

  get templates(): AsyncTemplateRepository {
    return this.units.repos.templates;
  }

  get termSets(): AsyncTermSetRepository {
    return this.units.repos.termSets;
  }

  get rateLimits(): AsyncRateLimitRepository {
    return this.units.repos.rateLimits;
  }

  get acl(): AsyncAclRepositories {
    return this.units.repos.acl;
  }

  get org(): AsyncOrgRepositories {
    return this.units.repos.org;
  }

  get jobs(): AsyncJobRepository {
    return this.units.repos.jobs;
  }

  get tasks(): AsyncTaskRepository {
    return this.units.repos.tasks;
  }

  get webhooks(): AsyncWebhookRepository {
    return this.units.repos.webhooks;
  }

  get webhookDeliveries(): AsyncWebhookDeliveryRepository {
    return this.units.repos.webhookDeliveries;
  }

  get changes(): AsyncChangeRepository {
    return this.units.repos.changes;
  }

  get containers(): AsyncContainerRepository {
    return this.units.repos.containers;
  }

  get documents(): AsyncDocumentRepository {
    return this.units.repos.documents;
  }

  /**
   * Runs `fn` in one write transaction (BEGIN IMMEDIATE): all of it commits, or none of it. Refused
   * while an asynchronous unit of work is open on the connection: better-sqlite3 would make this a
   * savepoint of that unit, committed or rolled back with whatever the unit does.
   */
  transaction<T>(fn: () => T): T {
    if (this.units.unitOpen) throw new Error('a synchronous transaction cannot start while an asynchronous unit of work is open on the connection');
    return this.db.transaction(fn).immediate();
  }

  /** Runs `fn` in one read transaction (a deferred BEGIN): its reads all see one committed state. */
  read<T>(fn: () => T): T {
    return this.db.inTransaction ? fn() : this.db.transaction(fn).deferred();
  }

  // The row that triggers on the replies' input tables move (migration 0019), whichever process
  // writes, committed; and the units of work that failed, since a reply read while one was open may
  // hold rows it wrote and then rolled back, with the row moved back too.
  private readonly replyGeneration: BetterSqlite3.Statement<[], number>;
  private readonly bothGenerations: BetterSqlite3.Statement<[], [number, number]>;
  // Rows this connection has changed since it opened, rolled back or not: a statement that reads no
  // table, so it takes no lock.
  private readonly totalChanges: BetterSqlite3.Statement<[], number>;
  /** The replies' generation last read, with what this connection had done by then. */
  private seen: { replies: string; changes: number; rolledBack: number } | undefined;

  /**
   * The replies' generation as `marks()` last read it (once a request, as it arrives), while this
   * connection has written nothing and no unit of work has failed since; else, or before any
   * `marks()`, read now. A write by another process after that read is seen by the next request's
   * `marks()`, before its handler asks this: no request is answered from a generation read before
   * it arrived.
   */
  generation(): string | undefined {
    if (this.db.inTransaction) return undefined;
    const seen = this.seen;
    if (seen !== undefined && seen.rolledBack === this.units.rolledBack && seen.changes === this.totalChanges.get()) return seen.replies;
    return `${this.replyGeneration.get() as number}.${this.units.rolledBack}`;
  }

  /**
   * The replies' generation (as `generation()` gives it) and the tokens' (migration 0023), in one
   * read: what a request's caller and its remembered reply both depend on, read once a request.
   */
  marks(): Marks {
    const [replies, tokensRow] = this.bothGenerations.get() as [number, number];
    const tokens = this.units.tokenGeneration(tokensRow);
    if (this.db.inTransaction) return { replies: undefined, tokens };
    const generation = `${replies}.${this.units.rolledBack}`;
    this.seen = { replies: generation, changes: this.totalChanges.get() as number, rolledBack: this.units.rolledBack };
    return { replies: generation, tokens };
  }

  /** Throws when the database does not answer a query. */
  ping(): void {
    this.db.prepare('SELECT 1').get();
  }

  /** Moves WAL checkpoints to a thread of their own, for a long-running service (./checkpointer.ts). */
  checkpointInBackground(): Checkpointer {
    return Checkpointer.start(this.db);
  }

  close(): void {
    // Neither rejects: a blob thread's terminate() resolves with its exit code, and the S3 client's
    // destroy() returns before anything can fail.
    void this.blobs.close();
    void this.renditionBlobs.close();
    void this.assemblies.close();
    this.db.close();
  }
}

export async function openStore(dataDir: string, bucket?: S3Location): Promise<Store> {
  return new Store(await openDatabase(dataDir), dataDir, bucket);
}
