/**
 * The local temp files that every blob store stages bytes in: written, hashed and fsynced before
 * the bytes are stored under their hash. A failure leaves no temp file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readdir, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { StagedBlob } from './blobStore.ts';
import { writeStreamAt } from './streamWrite.ts';

export class BlobStaging {
  constructor(readonly tmpDir: string) {
    mkdirSync(tmpDir, { recursive: true });
  }

  async stage(source: Readable, maxBytes: number): Promise<StagedBlob> {
    const tempPath = this.newTempPath();
    const hash = createHash('sha256');
    const fh = await open(tempPath, 'wx', 0o600);
    let sizeBytes: number;
    try {
      sizeBytes = await writeStreamAt(fh, 0, source, maxBytes, (piece) => hash.update(piece));
      await fh.sync();
    } catch (err) {
      await fh.close();
      await rm(tempPath, { force: true });
      throw err;
    }
    await fh.close();
    return { tempPath, contentHash: hash.digest('hex'), sizeBytes };
  }

  newTempPath(): string {
    return join(this.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  }

  async discard(tempPath: string): Promise<void> {
    await unlink(tempPath).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
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
