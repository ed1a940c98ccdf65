/**
 * What the service's areas see of the store: its repositories by name, and the database under
 * them as a unit of work. Each area names the repositories it uses (`Repos<'documents' | ...>`)
 * and is handed only those, so an area's dependencies are in its type, and another store (an
 * asynchronous PostgreSQL one, issue #14) can stand behind the same interfaces.
 */
import type { AssemblyStore } from './assemblyStore.ts';
import type { AsyncAclRepositories, AsyncOrgRepositories } from './async/repos/access.ts';
import type { UnitsOfWork } from './async/database.ts';
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
import type { BlobStore } from './blobStore.ts';
import type { QuotaRepository } from './repos/quotas.ts';
import type { RenditionRepository } from './repos/renditions.ts';
import type { RetentionRepository } from './repos/retention.ts';
import type { SearchRepository } from './repos/search.ts';
import type { UploadRepository } from './repos/uploads.ts';
import type { VersionRepository } from './repos/versions.ts';

export interface Repositories {
  /** Converted to the asynchronous store: inside one of its units of work, that unit's. */
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
  /** Recorded inside a write unit of work, written by it right before its COMMIT. */
  readonly changes: AsyncChangeRepository;
  readonly containers: AsyncContainerRepository;
  readonly documents: AsyncDocumentRepository;
  readonly versions: VersionRepository;
  readonly uploads: UploadRepository;
  readonly retention: RetentionRepository;
  readonly blobs: BlobStore;
  readonly renditions: RenditionRepository;
  readonly renditionBlobs: BlobStore;
  readonly assemblies: AssemblyStore;
  readonly quotas: QuotaRepository;
  readonly search: SearchRepository;
}

/** The database as a whole: one write transaction over any of its repositories, and a probe. */
export interface Database {
  /**
   * Runs `fn` in one write transaction: all of it commits, or none of it. Refused while a unit of
   * work of `units` is open: it would nest inside that unit.
   */
  transaction<T>(fn: () => T): T;
  /**
   * The asynchronous store's units of work, for the areas converted to it (docs/architecture.md,
   * "The store on two databases"). On SQLite the synchronous repositories' statements run inside
   * an open unit too, on the one connection both share.
   */
  readonly units: UnitsOfWork;
  /** Runs `fn` in one read transaction: every read in it sees the same commit. */
  read<T>(fn: () => T): T;
  /** Throws when the database does not answer. */
  ping(): void;
  /**
   * A mark that moves with every write to a table a remembered reply reads, whether this process
   * or another made it (docs/architecture.md, "The reply cache"); undefined while a transaction is
   * open on this process's connection, whose reads may see rows it has not committed yet. Asked
   * during a request, it is of that request's time or later: the request read it on arriving
   * (`marks()`), and this process's own writes since are seen at once.
   */
  generation(): string | undefined;
  /** The replies' and the tokens' generations in one read: a request's caller and reply read them once. */
  marks(): Marks;
}

/** What one read of the database says of the two memories a request may use (`Store.marks`). */
export interface Marks {
  /** The replies' generation, as `Database.generation()` answers it. */
  replies: string | undefined;
  /** The tokens' generation: it moves with every token changed or removed, by any process, and with a failed unit of work. */
  tokens: string;
}

/** The repositories named by K, with the transaction that makes their writes atomic together. */
export type Repos<K extends keyof Repositories> = Pick<Repositories, K> & Database;
