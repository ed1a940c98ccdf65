/**
 * What the engine (scanner, executor, engine) uses of the file system, behind one interface, so a
 * simulation can run the real engine over an in-memory folder (docs/sync.md, "The simulation").
 * The synchronous calls are the scanner's: listing and stat'ing without the thread pool is much
 * faster for many small entries, and the production implementation keeps them so.
 */
import { linkSync, lstatSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { lstat as lstatAsync, mkdir, readdir, readFile, rm, rmdir, stat } from 'node:fs/promises';
import { renameDurably, syncDirectory } from '../platform/durable.ts';
import { hashFile } from '../remote/transfer.ts';

/** The part of node's Stats the engine reads. */
export interface FsStats {
  size: number;
  mtimeMs: number;
  birthtimeMs: number;
  ino: number;
  dev: number;
  mode: number;
  /** How many names the file has: a download's part file with more is linked to a file of the folder. */
  nlink: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export interface SyncFs {
  readdirSync(path: string): string[];
  /** undefined when nothing is at the path. */
  lstatSync(path: string): FsStats | undefined;
  statSync(path: string): FsStats;
  readFileSync(path: string): Buffer;
  readText(path: string): Promise<string>;
  stat(path: string): Promise<FsStats>;
  lstat(path: string): Promise<FsStats>;
  readdir(path: string): Promise<string[]>;
  mkdir(path: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** A rename that survives a power cut (main/platform/durable.ts). */
  renameDurably(from: string, to: string): Promise<void>;
  /** A hard link: fails with EEXIST rather than replace what is at `to`. */
  link(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  rmdir(path: string): Promise<void>;
  /** Removes a file; nothing there is no failure. */
  rmFile(path: string): Promise<void>;
  /** Makes the names in a folder durable. */
  syncDirectory(path: string): Promise<void>;
  hashFile(path: string): Promise<{ hash: string; size: number }>;
}

/** The real folder, through node:fs. */
export const nodeFs: SyncFs = {
  readdirSync: (path) => readdirSync(path),
  lstatSync: (path) => lstatSync(path, { throwIfNoEntry: false }),
  statSync: (path) => statSync(path),
  readFileSync: (path) => readFileSync(path),
  readText: (path) => readFile(path, 'utf8'),
  stat: (path) => stat(path),
  lstat: (path) => lstatAsync(path),
  readdir: (path) => readdir(path),
  mkdir: async (path) => {
    await mkdir(path);
  },
  // Naming a file is a change of its folder's entries, done in memory until the folder's fsync: as
  // a blocking call it costs less than its trip through the thread pool, which every download paid
  // (docs/performance.md, "Downloads: client CPU per file"). Failures still come as rejections.
  rename: async (from, to) => renameSync(from, to),
  renameDurably: (from, to) => renameDurably(from, to),
  link: async (from, to) => linkSync(from, to),
  unlink: async (path) => unlinkSync(path),
  rmdir: (path) => rmdir(path),
  rmFile: (path) => rm(path, { force: true }),
  syncDirectory: (path) => syncDirectory(path),
  hashFile: (path) => hashFile(path),
};
