/**
 * The folder at the root of a pair, as it stands on disk. A file where the folder should be is
 * told apart from a missing folder: "an unmounted disk?" is the wrong hint for a path that names a file.
 */
import { mkdir } from 'node:fs/promises';
import { nodeFs, type SyncFs } from './syncFs.ts';

export type RootFolderState = 'folder' | 'file' | 'missing';

export async function rootFolderState(path: string, fs: Pick<SyncFs, 'stat'> = nodeFs): Promise<RootFolderState> {
  try {
    return (await fs.stat(path)).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'missing';
  }
}

/**
 * Makes the root folder of a new pair, with its parents. False when a file stands in the way,
 * at the path or at one of its parents.
 */
export async function makeRootFolder(path: string): Promise<boolean> {
  try {
    await mkdir(path, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') return false;
    throw err;
  }
  return (await rootFolderState(path)) === 'folder';
}
