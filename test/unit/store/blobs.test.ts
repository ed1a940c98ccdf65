/** The blob store on a real folder and a real SQLite store: staging, committing, and releasing blob files. */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { releasePurged, removeUnreferencedFiles } from '../../../main/service/contentTypes/blobRelease.ts';
import { BlobFiles } from '../../../main/store/blobs.ts';
import { openStore, type Store } from '../../../main/store/index.ts';
import { sweepOrphanBlobs } from '../../../main/store/orphans.ts';
import { SizeLimitExceeded } from '../../../main/store/streamWrite.ts';
import { blobFiles, tempFiles } from '../../helpers/dataDir.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

/** Without a bucket, the store keeps its blobs as files: these tests look at them on disk. */
function files(store: Store, of: 'blobs' | 'renditionBlobs' = 'blobs'): BlobFiles {
  const blobs = store[of];
  if (!(blobs instanceof BlobFiles)) throw new Error('expected blob files');
  return blobs;
}

let dir: string;
let store: Store;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A source that yields `pieces` and then, if asked, fails like a client that hangs up mid-upload. */
function source(pieces: Buffer[], failAtEnd = false): Readable {
  return Readable.from(
    (async function* () {
      for (const p of pieces) yield p;
      if (failAtEnd) throw new Error('client went away');
    })(),
    { objectMode: false },
  );
}

/** A version row of `tenantId` that references the tenant's blob of `bytes`, as finalize would write it. */
function referenceBlob(tenantId: string, bytes: Buffer): string {
  return store.transaction(() => {
    const blobId = store.versions.ensureBlob(tenantId, sha256(bytes), bytes.length);
    store.versions.append({ tenantId, docId: `doc_${tenantId}`, blobId, contentHash: sha256(bytes), sizeBytes: bytes.length, mimeType: 'application/octet-stream', originalFilename: 'f', comment: '', label: '', createBy: 'test' });
    return blobId;
  });
}

/** Deletes the versions that use a blob, through a second connection to the same database file. */
function dropVersions(blobId: string): void {
  const db = new Database(join(dir, 'folio.db'));
  try {
    db.prepare('DELETE FROM versions WHERE blob_id = ?').run(blobId);
  } finally {
    db.close();
  }
}

beforeEach(async () => {
  dir = tempDir('folio-blobs-');
  store = await openStore(dir);
});

afterEach(() => {
  store.close();
  removeDir(dir);
});

describe('BlobFiles', () => {
  it('stages bytes into a temp file with their hash, and commit puts them under blobs/ab/<sha256>', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 7);
    const staged = await store.blobs.stage(source([bytes.subarray(0, 1000), bytes.subarray(1000)]), 10 * 1024 * 1024);
    expect(staged).toMatchObject({ contentHash: sha256(bytes), sizeBytes: bytes.length });
    expect(staged.tempPath.startsWith(join(dir, 'tmp'))).toBe(true);
    expect(readFileSync(staged.tempPath).equals(bytes)).toBe(true);
    expect(blobFiles(dir)).toEqual([]);

    await store.blobs.commit(staged);
    const target = join(dir, 'blobs', sha256(bytes).slice(0, 2), sha256(bytes));
    expect(blobFiles(dir)).toEqual([join(sha256(bytes).slice(0, 2), sha256(bytes))]);
    expect(readFileSync(target).equals(bytes)).toBe(true);
    await store.blobs.discard(staged.tempPath);
    expect(tempFiles(dir)).toEqual([]);
    expect(readFileSync(target).equals(bytes)).toBe(true);
  });

  it('leaves no temp file when a stage goes over its limit, and drains the source instead of destroying it', async () => {
    const src = source([randomBytes(600), randomBytes(600), randomBytes(600)]);
    await expect(store.blobs.stage(src, 1000)).rejects.toBeInstanceOf(SizeLimitExceeded);
    expect(tempFiles(dir)).toEqual([]);
    // Read to its end, not cut off: an HTTP request cut off would reset the connection before the error reply.
    if (!src.closed) await new Promise((r) => src.once('close', r));
    expect(src.readableEnded).toBe(true);
  });

  it('leaves no temp file when the source fails mid-stream', async () => {
    await expect(store.blobs.stage(source([randomBytes(5000)], true), 1_000_000)).rejects.toThrow('client went away');
    expect(tempFiles(dir)).toEqual([]);
  });

  it('keeps the stored file when the same content is committed again', async () => {
    const bytes = randomBytes(100);
    const first = await store.blobs.stage(source([bytes]), 1000);
    await store.blobs.commit(first);
    const target = files(store).pathOf(sha256(bytes));
    const inode = statSync(target).ino;
    const second = await store.blobs.stage(source([bytes]), 1000);
    await store.blobs.commit(second);
    expect(statSync(target).ino).toBe(inode);
    expect(blobFiles(dir)).toHaveLength(1);
  });

  it('refuses a path for something that is not a SHA-256 digest', () => {
    expect(() => files(store).pathOf('../../etc/passwd')).toThrow();
  });
});

/** Releases a tenant's blob row as a purge does, then its file if nothing holds it; whether the file went. */
async function releaseBlob(tenantId: string, blobId: string): Promise<boolean> {
  const released = store.transaction(() => releasePurged(store, tenantId, { blobIds: [blobId], renditionHashes: [] }));
  await removeUnreferencedFiles(store, released);
  return released.blobs.some((hash) => !existsSync(files(store).pathOf(hash)));
}

describe('releasing a blob', () => {
  it('removes a blob file only when no blob row of any tenant holds the content', async () => {
    const bytes = randomBytes(256);
    const staged = await store.blobs.stage(source([bytes]), 1000);
    await store.blobs.commit(staged);
    await store.blobs.discard(staged.tempPath);
    const blobA = referenceBlob('ten_a', bytes);
    const blobB = referenceBlob('ten_b', bytes);
    expect(blobA).not.toBe(blobB);

    // Still referenced by a version of tenant A: neither the row nor the file may go.
    expect(await releaseBlob('ten_a', blobA)).toBe(false);
    expect(store.versions.blobContentHash('ten_a', blobA)).toBe(sha256(bytes));

    // The versions go (as version pruning will do it); then the rows can be released one by one.
    dropVersions(blobA);
    dropVersions(blobB);
    expect(await releaseBlob('ten_a', blobA)).toBe(false);
    expect(store.versions.blobContentHash('ten_a', blobA)).toBeUndefined();
    expect(existsSync(files(store).pathOf(sha256(bytes)))).toBe(true);

    expect(await releaseBlob('ten_b', blobB)).toBe(true);
    expect(existsSync(files(store).pathOf(sha256(bytes)))).toBe(false);
    expect(blobFiles(dir)).toEqual([]);
  });

  it("ignores a blob id of another tenant", async () => {
    const bytes = randomBytes(64);
    const staged = await store.blobs.stage(source([bytes]), 1000);
    await store.blobs.commit(staged);
    const blobA = referenceBlob('ten_a', bytes);
    dropVersions(blobA);
    expect(await releaseBlob('ten_b', blobA)).toBe(false);
    expect(store.versions.blobContentHash('ten_a', blobA)).toBe(sha256(bytes));
    expect(existsSync(files(store).pathOf(sha256(bytes)))).toBe(true);
  });
});

describe('sweepOrphanBlobs', () => {
  it('removes blob files that no row holds once they are past the grace period, and keeps the rest', async () => {
    const kept = randomBytes(10);
    const orphan = randomBytes(11);
    for (const bytes of [kept, orphan]) {
      const staged = await store.blobs.stage(source([bytes]), 1000);
      await store.blobs.commit(staged);
      await store.blobs.discard(staged.tempPath);
    }
    referenceBlob('ten_a', kept);
    expect(await sweepOrphanBlobs(store, 3600 * 1000)).toBe(0);
    expect(blobFiles(dir)).toHaveLength(2);
    expect(await sweepOrphanBlobs(store, 0)).toBe(1);
    expect(existsSync(files(store).pathOf(sha256(orphan)))).toBe(false);
    expect(existsSync(files(store).pathOf(sha256(kept)))).toBe(true);
  });

  it('removes rendition files that no rendition row holds (a crash between purging the row and removing the file)', async () => {
    const kept = randomBytes(12);
    const orphan = randomBytes(13);
    for (const bytes of [kept, orphan]) {
      const staged = await store.renditionBlobs.stage(source([bytes]), 1000);
      await store.renditionBlobs.commit(staged);
      await store.renditionBlobs.discard(staged.tempPath);
    }
    store.transaction(() =>
      store.renditions.put('ten_a', 'ver_a', 'PREVIEW', { status: 'READY', mimeType: 'text/plain', contentHash: sha256(kept), sizeBytes: kept.length, failReason: '' }, 'test'),
    );
    expect(await sweepOrphanBlobs(store, 3600 * 1000)).toBe(0);
    expect(await sweepOrphanBlobs(store, 0)).toBe(1);
    expect(existsSync(files(store, 'renditionBlobs').pathOf(sha256(orphan)))).toBe(false);
    expect(existsSync(files(store, 'renditionBlobs').pathOf(sha256(kept)))).toBe(true);
  });
});
