/**
 * What a sync keeps of a file beside its content (docs/sync.md, "What a sync keeps of a file"):
 * its modification time and its executable bit. They travel with a version: an upload sends them,
 * a download gives them to the temp file while it is open, before it is put in place
 * (main/remote/transfer.ts), so the file never shows under its name with other attributes, and
 * the stat the engine records afterwards is the one the next scan sees (no echo of our own write
 * counts as a local change).
 */
import type { Stats } from 'node:fs';
import { HAS_EXEC_BIT, type FileAttributes } from '../remote/transfer.ts';

/** The attributes of a file as a scan or an upload sees it. */
export function attributesOfFile(st: Pick<Stats, 'mtimeMs' | 'mode'>): FileAttributes {
  return { fileMtime: Math.floor(st.mtimeMs), ...(HAS_EXEC_BIT ? { executable: (st.mode & 0o100) !== 0 } : {}) };
}
