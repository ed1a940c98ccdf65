/**
 * File-system changes that survive a power cut (docs/sync.md, "Durability"). A file's bytes are
 * fsynced before it takes its final name, and the directory holding a name is fsynced after the
 * name is added, moved or removed: the bytes alone can come back after a crash under no name at
 * all, or a rename can be undone while the database already records it.
 *
 * Windows cannot open a directory to flush it; NTFS journals its names itself, so there the
 * directory step is skipped.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsync, fsyncSync, openSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';

const fsyncFd = promisify(fsync);

/** Whether a directory can be opened and fsynced here (not on Windows). */
export const FLUSHES_DIRECTORIES = process.platform !== 'win32';

/** Makes a file's bytes durable. */
export async function syncFile(path: string): Promise<void> {
  const fh = await open(path, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Makes the entries of a directory (names added, moved or removed) durable. Only the fsync, which
 * waits for the disk, goes to the thread pool: opening and closing a directory cost less than a
 * trip there each, which every download paid.
 */
export async function syncDirectory(path: string): Promise<void> {
  if (!FLUSHES_DIRECTORIES) return;
  const fd = openSync(path, 'r');
  try {
    await fsyncFd(fd);
  } finally {
    closeSync(fd);
  }
}

/** syncDirectory, for code that must not yield (creating a key at start-up). */
export function syncDirectorySync(path: string): void {
  if (!FLUSHES_DIRECTORIES) return;
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Renames, then fsyncs the directory that gained the name, and the one that lost it when the move
 * crosses directories: with only the first, a crash could leave the file under both names.
 */
export async function renameDurably(from: string, to: string): Promise<void> {
  await rename(from, to);
  await syncDirectory(dirname(to));
  if (dirname(from) !== dirname(to)) await syncDirectory(dirname(from));
}

/**
 * Replaces a file's content so that a crash leaves the old content or the new, never a torn mix:
 * the new bytes go to a temp file beside it (named like our transfer files, which sync ignores),
 * are fsynced, and renamed over it. `mode` is set whatever the umask.
 */
export async function replaceFile(path: string, content: string | Uint8Array, mode = 0o644): Promise<void> {
  const temp = join(dirname(path), `.folio-${basename(path)}-${randomBytes(6).toString('hex')}.part`);
  const fh = await open(temp, 'wx', mode);
  try {
    await fh.chmod(mode);
    await fh.writeFile(content);
    await fh.sync();
    await fh.close();
    await renameDurably(temp, path);
  } catch (err) {
    await fh.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  }
}
