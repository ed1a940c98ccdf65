/**
 * Folders on this computer, for the folder picker of the headless UI (Electron shows the system's
 * dialog instead): one folder's subfolders at a time, and a folder created only once the person
 * said yes. Paths are absolute and checked here; symlinks are listed as what they are, not followed.
 */
import type { Dirent } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { ArgsOf, ResultOf } from '../../shared/desktop/api.ts';
import { rootFolderState } from '../sync/rootFolder.ts';
import { failure } from './failure.ts';

export async function listFolders(args: ArgsOf<'listFolders'>, home: string = homedir()): Promise<ResultOf<'listFolders'>> {
  const path = absolute(args.path ?? home);
  let entries: Dirent[];
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (err) {
    throw unreadable(path, err);
  }
  const folders = entries
    .filter((e) => e.isDirectory() && (args.showHidden === true || !e.name.startsWith('.')))
    .map((e) => ({ name: e.name, path: join(path, e.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const parent = dirname(path);
  return { path, parent: parent === path ? '' : parent, home, folders };
}

export async function createFolder(args: ArgsOf<'createFolder'>): Promise<ResultOf<'createFolder'>> {
  const path = absolute(args.path);
  try {
    await mkdir(path, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw failure('INVALID_ARGUMENTS', `${path} cannot be made: a file stands in the way`);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') throw failure('INVALID_STATE', `you may not create ${path}`);
    throw err;
  }
  if ((await rootFolderState(path)) !== 'folder') throw failure('INVALID_ARGUMENTS', `${path} is a file, not a folder`);
  return { path };
}

/** A missing folder is a question for the person, never created on the way: FOLDER_MISSING lets the UI ask. */
export async function requireFolder(path: string): Promise<void> {
  if ((await rootFolderState(path)) === 'missing') throw failure('FOLDER_MISSING', `The folder ${path} does not exist. Create it?`);
}

function absolute(path: string): string {
  if (!isAbsolute(path) || path.includes('\0')) throw failure('INVALID_ARGUMENTS', 'the folder must be an absolute path');
  return resolve(path);
}

function unreadable(path: string, err: unknown): Error {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return failure('NOT_FOUND', `the folder ${path} does not exist`);
    case 'ENOTDIR':
      return failure('INVALID_ARGUMENTS', `${path} is a file, not a folder`);
    case 'EACCES':
    case 'EPERM':
      return failure('INVALID_STATE', `you may not open ${path}`);
    default:
      return err instanceof Error ? err : new Error(String(err));
  }
}
