/**
 * Conflicted copies (docs/architecture.md, "The sync engine"): when both sides changed a file differently, the service's copy
 * keeps the name and the local one becomes "name (conflicted copy <YYYY-MM-DD HHMMSS> <host>).ext",
 * numbered " 2", " 3"… when taken. This module finds them in a pair's folder and resolves them by
 * changing the folder only; the sync loop then carries the result to the service by its usual rules.
 */
import { copyFile, lstat, rm } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import type { Conflict } from '../../shared/desktop/api.ts';
import { renameDurably, syncFile } from '../platform/durable.ts';
import { failure } from './failure.ts';

const COPY_NAME = /^(.+) \(conflicted copy (\d{4}-\d{2}-\d{2} \d{6} [^)]*)\)( \d+)?(\.[^.]*)?$/;

export interface ParsedCopyName {
  /** The name the service's copy kept. */
  original: string;
  stamp: string;
  stem: string;
  ext: string;
}

export function parseConflictName(name: string): ParsedCopyName | null {
  const m = COPY_NAME.exec(name);
  if (!m) return null;
  const stem = m[1] as string;
  const ext = m[4] ?? '';
  return { original: stem + ext, stamp: m[2] as string, stem, ext };
}

/** A stable id for a conflict that carries what finds it again: the pair and the copy's path. */
export function conflictId(pairId: string, copyPath: string): string {
  return Buffer.from(JSON.stringify([pairId, copyPath]), 'utf8').toString('base64url');
}

export function parseConflictId(id: string): { pairId: string; copyPath: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(id, 'base64url').toString('utf8'));
  } catch {
    throw failure('NOT_FOUND', 'no such conflict');
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string') throw failure('NOT_FOUND', 'no such conflict');
  return { pairId: parsed[0], copyPath: parsed[1] };
}

/** Joins a '/'-separated path under `dir`, refusing anything that would leave it. */
export function within(dir: string, rel: string): string {
  const parts = rel.split('/');
  if (rel === '' || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\') || p.includes('\0'))) throw failure('NOT_FOUND', `no such path: ${rel}`);
  const abs = join(dir, ...parts);
  const back = relative(dir, abs);
  if (back.startsWith('..') || isAbsolute(back)) throw failure('NOT_FOUND', `no such path: ${rel}`);
  return abs;
}

interface FileFacts {
  exists: boolean;
  size: number;
  modified: string;
}

async function facts(abs: string): Promise<FileFacts> {
  const st = await lstat(abs).catch(() => null);
  if (!st || !st.isFile()) return { exists: false, size: 0, modified: '' };
  return { exists: true, size: st.size, modified: st.mtime.toISOString() };
}

/** Every conflicted copy among `paths` (the pair's files, '/'-separated, relative to `dir`). */
export async function findConflicts(pairId: string, dir: string, paths: Iterable<string>): Promise<Conflict[]> {
  const out: Conflict[] = [];
  for (const copyPath of paths) {
    const slash = copyPath.lastIndexOf('/');
    const parsed = parseConflictName(copyPath.slice(slash + 1));
    if (!parsed) continue;
    const path = copyPath.slice(0, slash + 1) + parsed.original;
    const copy = await facts(within(dir, copyPath));
    if (!copy.exists) continue;
    const original = await facts(within(dir, path));
    out.push({
      conflictId: conflictId(pairId, copyPath),
      pairId,
      path,
      copyPath,
      stamp: parsed.stamp,
      originalExists: original.exists,
      originalSize: original.size,
      copySize: copy.size,
      originalModified: original.modified,
      copyModified: copy.modified,
    });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

export type Keep = 'original' | 'copy' | 'both';

/**
 * original: the conflicted copy goes (the service's copy stays as is).
 * copy: the copy's content is written over the original in place — the same file gets a new
 *   version on the service, with its history — and the copy goes.
 * both: the copy is renamed to "name (<stamp>).ext", a plain name that is no longer a conflict.
 * Returns the paths kept.
 */
export async function resolveConflict(dir: string, copyPath: string, keep: Keep): Promise<string[]> {
  const slash = copyPath.lastIndexOf('/');
  const folder = copyPath.slice(0, slash + 1);
  const parsed = parseConflictName(copyPath.slice(slash + 1));
  if (!parsed) throw failure('NOT_FOUND', 'no such conflict');
  const copyAbs = within(dir, copyPath);
  const originalPath = folder + parsed.original;
  const originalAbs = within(dir, originalPath);
  if (!(await facts(copyAbs)).exists) throw failure('INVALID_STATE', `the conflicted copy ${copyPath} is gone`);
  switch (keep) {
    case 'original':
      await rm(copyAbs);
      return [originalPath];
    case 'copy':
      // copyFile truncates and rewrites the destination: the original keeps its identity (inode).
      // Its new bytes are on disk before the copy goes, so a power cut in between loses neither.
      await copyFile(copyAbs, originalAbs);
      await syncFile(originalAbs);
      await rm(copyAbs);
      return [originalPath];
    case 'both': {
      const kept = await freeName(dir, folder, `${parsed.stem} (${parsed.stamp})`, parsed.ext);
      await renameDurably(copyAbs, within(dir, kept));
      return [originalPath, kept];
    }
  }
}

async function freeName(dir: string, folder: string, base: string, ext: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = `${folder}${n === 1 ? base : `${base} ${n}`}${ext}`;
    if (!(await lstat(within(dir, candidate)).catch(() => null))) return candidate;
  }
}
