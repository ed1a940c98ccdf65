/** Reading an assembly file back (main/store/assemblies.ts), as the running hash of a chunked upload does. */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AssemblyFiles } from '../../../main/store/assemblies.ts';
import { removeDir, tempDir } from '../../helpers/server.ts';

const MiB = 1024 * 1024;
let dir: string;
let files: AssemblyFiles;

beforeEach(() => {
  dir = tempDir('folio-assembly-');
  files = new AssemblyFiles(dir);
});
afterEach(() => removeDir(dir));

async function readAll(uploadId: string, start: number, end: number): Promise<Buffer[]> {
  const pieces: Buffer[] = [];
  // Each piece is copied before the next is asked for: that is all the contract promises.
  for await (const piece of files.read(uploadId, start, end)) pieces.push(Buffer.from(piece));
  return pieces;
}

describe('AssemblyFiles.read', () => {
  it('gives exactly the bytes of a range, in order, across many pieces', async () => {
    const bytes = randomBytes(5 * MiB + 123);
    writeFileSync(files.pathOf('up1'), bytes);
    const start = MiB / 2 + 7;
    const end = 4 * MiB + 99;
    const pieces = await readAll('up1', start, end);
    expect(pieces.length).toBeGreaterThan(3);
    expect(Buffer.concat(pieces).equals(bytes.subarray(start, end))).toBe(true);
  });

  it('gives nothing for an empty range, and one piece for a small one', async () => {
    writeFileSync(files.pathOf('up2'), Buffer.from('0123456789'));
    expect(await readAll('up2', 4, 4)).toEqual([]);
    expect((await readAll('up2', 2, 6)).map(String)).toEqual(['2345']);
  });

  it('fails when the file ends before the range does', async () => {
    writeFileSync(files.pathOf('up3'), randomBytes(MiB + 10));
    await expect(readAll('up3', 0, 3 * MiB)).rejects.toThrow(/ends at byte/);
  });
});
