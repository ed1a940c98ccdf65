/**
 * What a sync keeps of a file beside its content (docs/sync.md, "What a sync keeps of a file"):
 * its modification time and its executable bit. They travel with a version: an upload sends them,
 * a download applies them to the temp file before it is put in place, so the file never shows
 * under its name with other attributes, and the stat the engine records afterwards is the one
 * the next scan sees (no echo of our own write counts as a local change).
 */
import type { Stats } from 'node:fs';
import type { FileAttributes } from '../remote/transfer.ts';
import type { SyncFs } from './syncFs.ts';

/**
 * Windows has no executable bit: a file there neither says it is executable nor that it is not,
 * so an upload from it must not clear the bit that a Linux or macOS user set.
 */
const HAS_EXEC_BIT = process.platform !== 'win32';

/** The attributes of a file as a scan or an upload sees it. */
export function attributesOfFile(st: Pick<Stats, 'mtimeMs' | 'mode'>): FileAttributes {
  return { fileMtime: Math.floor(st.mtimeMs), ...(HAS_EXEC_BIT ? { executable: (st.mode & 0o100) !== 0 } : {}) };
}

/**
 * Gives the file at `path` the attributes a version kept. The executable bit becomes x wherever
 * the file may be read: the file was created under the user's umask, so its r bits already say
 * what the umask allows (0644 becomes 0755, 0600 becomes 0700); only x bits change.
 */
export async function applyAttributes(fs: Pick<SyncFs, 'stat' | 'chmod' | 'utimes'>, path: string, attributes: FileAttributes): Promise<void> {
  if (HAS_EXEC_BIT && attributes.executable !== undefined) {
    const mode = (await fs.stat(path)).mode & 0o777;
    const wanted = attributes.executable ? mode | ((mode & 0o444) >> 2) : mode & ~0o111;
    if (wanted !== mode) await fs.chmod(path, wanted);
  }
  if (attributes.fileMtime !== undefined) {
    // Seconds as a double carry some 240 ns of error at today's dates: half a microsecond above
    // the millisecond keeps the file's mtime, read back and floored, that millisecond exactly.
    const ms = attributes.fileMtime + 0.0005;
    await fs.utimes(path, ms, ms);
  }
}
