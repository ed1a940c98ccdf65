/** The store: every repository over one SQLite database, plus the blob files. */
import { join } from 'node:path';
import { openDatabase, type Db } from './db.ts';
import { BlobFiles } from './blobs.ts';
import { AssemblyFiles } from './assemblies.ts';
import { ChangeRepository } from './repos/changes.ts';
import { ContainerRepository } from './repos/containers.ts';
import { ContentTypeRepository } from './repos/contentTypes.ts';
import { DocumentRepository } from './repos/documents.ts';
import { IdentityRepository } from './repos/identity.ts';
import { TokenRepository } from './repos/tokens.ts';
import { UploadRepository } from './repos/uploads.ts';
import { VersionRepository } from './repos/versions.ts';

export class Store {
  readonly identity: IdentityRepository;
  readonly tokens: TokenRepository;
  readonly contentTypes: ContentTypeRepository;
  readonly containers: ContainerRepository;
  readonly documents: DocumentRepository;
  readonly versions: VersionRepository;
  readonly uploads: UploadRepository;
  readonly changes: ChangeRepository;
  readonly blobs: BlobFiles;
  readonly uploadsDir: string;
  readonly assemblies: AssemblyFiles;

  constructor(
    private readonly db: Db,
    readonly dataDir: string,
  ) {
    this.identity = new IdentityRepository(db);
    this.tokens = new TokenRepository(db);
    this.contentTypes = new ContentTypeRepository(db);
    this.containers = new ContainerRepository(db);
    this.documents = new DocumentRepository(db);
    this.versions = new VersionRepository(db);
    this.uploads = new UploadRepository(db);
    this.changes = new ChangeRepository(db);
    this.blobs = new BlobFiles(dataDir);
    this.uploadsDir = join(dataDir, 'uploads');
    this.assemblies = new AssemblyFiles(this.uploadsDir);
  }

  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE): all of it commits, or none of it. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  close(): void {
    this.db.close();
  }
}

export async function openStore(dataDir: string): Promise<Store> {
  return new Store(await openDatabase(dataDir), dataDir);
}
