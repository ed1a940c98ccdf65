/**
 * Names that a disk cannot hold. The service accepts any name without '/' or control characters;
 * a disk may not. Such a node is left out of the pair on that machine and reported, never renamed
 * behind the user's back (docs/sync.md).
 */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// eslint-disable-next-line no-control-regex
const WINDOWS_FORBIDDEN = /[<>:"\\|?*\u0000-\u001f]/;
const MAX_NAME_BYTES = 255;

export type NameProblem = 'too-long' | 'windows-forbidden-character' | 'windows-reserved-name' | 'windows-trailing-dot-or-space';

export function localNameProblem(name: string, platform: NodeJS.Platform = process.platform): NameProblem | null {
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) return 'too-long';
  if (platform !== 'win32') return null;
  if (WINDOWS_FORBIDDEN.test(name)) return 'windows-forbidden-character';
  if (WINDOWS_RESERVED.test(name)) return 'windows-reserved-name';
  if (/[. ]$/.test(name)) return 'windows-trailing-dot-or-space';
  return null;
}

/** Names are compared in NFC on every side, so a macOS (NFD) name equals its Windows/Linux (NFC) twin. */
export function canonicalName(name: string): string {
  return name.normalize('NFC');
}
