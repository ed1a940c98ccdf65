/**
 * Content-addressed blob files. A blob is written to a temp file and fsynced, then renamed to
 * blobs/ab/<sha256>; a crash leaves either the whole file or only a temp file, never a torn blob.
 * Which blobs are referenced is the database's business (see BlobRepository); this class only
 * moves bytes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, type ReadStream } from 'node:fs';
import { open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';

export interface StagedBlob {
  tempPath: string;
  contentHash: string;
  sizeBytes: number;
}

export class SizeLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export class BlobFiles {
  readonly root: string;
  readonly tmpDir: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'blobs');
    this.tmpDir = join(dataDir, 'tmp');
    mkdirSync(this.root, { recursive: true });
    mkdirSync(this.tmpDir, { recursive: true });
  }

  pathOf(contentHash: string): string {
    if (!SHA256_HEX.test(contentHash)) throw new Error('not a sha-256 hex digest');
    return join(this.root, contentHash.slice(0, 2), contentHash);
  }

  newTempPath(): string {
    return join(this.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  }

  /** Streams `source` into a fresh temp file, hashing as it goes; the file is fsynced before this resolves. */
  async stage(source: Readable, maxBytes: number): Promise<StagedBlob> {
    const tempPath = this.newTempPath();
    const hash = createHash('sha256');
    let sizeBytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        sizeBytes += chunk.length;
        if (sizeBytes > maxBytes) {
          done(new SizeLimitExceeded(maxBytes));
          return;
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(tempPath));
      await fsyncFile(tempPath);
    } catch (err) {
      await rm(tempPath, { force: true });
      throw err;
    }
    return { tempPath, contentHash: hash.digest('hex'), sizeBytes };
  }

  /** Moves a staged file into place. If the content is already stored, the temp file is dropped. */
  async commit(staged: StagedBlob): Promise<void> {
    const target = this.pathOf(staged.contentHash);
    mkdirSync(join(this.root, staged.contentHash.slice(0, 2)), { recursive: true });
    if (await exists(target)) {
      await unlink(staged.tempPath);
      return;
    }
    await rename(staged.tempPath, target);
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  async has(contentHash: string): Promise<boolean> {
    return exists(this.pathOf(contentHash));
  }

  read(contentHash: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.pathOf(contentHash), range);
  }

  async remove(contentHash: string): Promise<void> {
    await rm(this.pathOf(contentHash), { force: true });
  }

  /** Every stored hash, for the orphan sweep. */
  async *list(): AsyncGenerator<string> {
    for (const dir of await readdir(this.root)) {
      for (const name of await readdir(join(this.root, dir))) {
        if (SHA256_HEX.test(name)) yield name;
      }
    }
  }

  async clearTemp(olderThanMs: number): Promise<void> {
    const cutoff = Date.now() - olderThanMs;
    for (const name of await readdir(this.tmpDir)) {
      const p = join(this.tmpDir, name);
      const st = await stat(p).catch(() => null);
      if (st && st.mtimeMs < cutoff) await rm(p, { recursive: true, force: true });
    }
  }
}

export async function fsyncFile(path: string): Promise<void> {
  const fh = await open(path, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
