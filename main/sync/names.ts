/**
 * Names across the two sides (docs/sync.md, "Names"). The service stores names in NFC and refuses
 * '/', control characters, '.', '..' and blank names; a disk has its own limits. A node whose name
 * one side cannot hold is left out of the pair on this machine and reported, never renamed behind
 * the user's back, and never deleted on the other side.
 */
import type { LeftOutReason } from '../../shared/leftOut.ts';

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// eslint-disable-next-line no-control-regex
const WINDOWS_FORBIDDEN = /[<>:"\\|?*\u0000-\u001f]/;
// eslint-disable-next-line no-control-regex
const SERVICE_FORBIDDEN = /[/\u0000-\u001f\u007f]/;
const SERVICE_NAME_MAX = 255;
const MAX_NAME_UNITS = 255;

export type NameProblem = Exclude<LeftOutReason, 'symlink' | 'special-file' | 'unreadable'>;

/** Something on one side that this pair leaves out, and why; shown to the user, never silently dropped. */
export interface LeftOut {
  side: 'local' | 'remote';
  /** Relative to the pair's root, '/'-separated. */
  path: string;
  reason: LeftOutReason;
}

/** Why a disk on `platform` cannot hold `name`, or null. Linux and macOS count bytes, Windows UTF-16 units. */
export function localNameProblem(name: string, platform: NodeJS.Platform = process.platform): NameProblem | null {
  if (platform === 'win32') {
    if (name.length > MAX_NAME_UNITS) return 'too-long';
    if (WINDOWS_FORBIDDEN.test(name)) return 'windows-forbidden-character';
    if (WINDOWS_RESERVED.test(name)) return 'windows-reserved-name';
    if (/[. ]$/.test(name)) return 'windows-trailing-dot-or-space';
    return null;
  }
  return Buffer.byteLength(name, 'utf8') > MAX_NAME_UNITS ? 'too-long' : null;
}

/**
 * Why the service would refuse `name` (main/service/tree/names.ts), or null. A name that is not
 * valid Unicode on disk reaches Node with U+FFFD in it and cannot be opened by that name either.
 */
export function serviceNameProblem(name: string): NameProblem | null {
  const nfc = name.normalize('NFC');
  if (nfc.trim() === '' || nfc === '.' || nfc === '..' || SERVICE_FORBIDDEN.test(nfc) || /\p{Cs}|\uFFFD/u.test(nfc)) return 'not-a-service-name';
  if ([...nfc].length > SERVICE_NAME_MAX) return 'not-a-service-name';
  return null;
}

/**
 * The longest absolute path the platform's file APIs take. Node addresses Windows paths in their
 * long (\\?\) form, so the Win32 limit of 260 does not apply there; Linux and macOS refuse longer
 * paths outright (ENAMETOOLONG).
 */
export function maxPathLength(platform: NodeJS.Platform = process.platform): number {
  if (platform === 'win32') return 32_767;
  if (platform === 'darwin') return 1_024;
  return 4_096;
}

/** Whether the absolute path `abs` is too long for the platform (bytes on Linux and macOS, UTF-16 units on Windows). */
export function pathTooLong(abs: string, platform: NodeJS.Platform = process.platform): boolean {
  const length = platform === 'win32' ? abs.length : Buffer.byteLength(abs, 'utf8');
  return length >= maxPathLength(platform);
}

/** Names are compared in NFC on every side, so a macOS (NFD) name equals its Windows/Linux (NFC) twin. */
export function canonicalName(name: string): string {
  return name.normalize('NFC');
}

/**
 * The n-th candidate name for a conflict copy of `name` (n from 1): "report (conflicted copy
 * 2026-11-21 143002 laptop).pdf", then "… 2).pdf" and on, for when one is taken.
 */
export function conflictCopyName(name: string, stamp: string, n: number): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  return `${stem} (conflicted copy ${stamp})${n === 1 ? '' : ` ${n}`}${ext}`;
}
