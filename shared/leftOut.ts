/**
 * Why a sync pair leaves an item out (docs/sync.md, "Left out"): the engine's reasons, stored per
 * pair, printed by `folio sync`, and given to the UI, which says each in plain words.
 */
export const LEFT_OUT_REASONS = [
  'symlink',
  'special-file',
  'unreadable',
  'not-a-service-name',
  'too-long',
  'path-too-long',
  'windows-forbidden-character',
  'windows-reserved-name',
  'windows-trailing-dot-or-space',
  'name-clash',
] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

export function isLeftOutReason(reason: string): reason is LeftOutReason {
  return (LEFT_OUT_REASONS as readonly string[]).includes(reason);
}
