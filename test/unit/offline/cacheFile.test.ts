/** The mirror's copy of a synced file (main/offline/refresh.ts, cacheFile): a real blob store and a real folder. */
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheFile } from '../../../main/offline/refresh.ts';
import type { BlobStore } from '../../../main/store/blobStore.ts';
import { BlobFiles } from '../../../main/store/blobs.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

const dirs: string[] = [];
function fresh(): { blobs: BlobFiles; folder: string } {
  const data = tempDir('folio-cache-data-');
  const folder = tempDir('folio-cache-folder-');
  dirs.push(data, folder);
  return { blobs: new BlobFiles(data), folder };
}
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

afterEach(() => {
  for (const d of dirs.splice(0)) removeDir(d);
});

describe('cacheFile', () => {
  it('copies a file whose content has the expected hash', async () => {
    const { blobs, folder } = fresh();
    writeFileSync(join(folder, 'a.txt'), 'alpha');
    expect(await cacheFile(blobs, join(folder, 'a.txt'), sha('alpha'))).toBe(true);
    expect(await blobs.has(sha('alpha'))).toBe(true);
  });

  it('keeps nothing when the content is not what the pass synced', async () => {
    const { blobs, folder } = fresh();
    writeFileSync(join(folder, 'a.txt'), 'edited since');
    expect(await cacheFile(blobs, join(folder, 'a.txt'), sha('alpha'))).toBe(false);
    expect(await blobs.has(sha('edited since'))).toBe(false);
  });

  it('answers false for a file deleted since the pass, and the process goes on (it used to end on an unhandled error event)', async () => {
    const { blobs, folder } = fresh();
    writeFileSync(join(folder, 'gone.txt'), 'soon gone');
    rmSync(join(folder, 'gone.txt'));
    // A store that starts reading late (its own file to open first, on a busy disk): what the
    // source reports before then must not go unheard.
    const late: BlobStore = Object.assign(Object.create(blobs) as BlobFiles, {
      stage: async (source: Readable, maxBytes: number) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return blobs.stage(source, maxBytes);
      },
    });
    expect(await cacheFile(late, join(folder, 'gone.txt'), sha('soon gone'))).toBe(false);
  });
});
