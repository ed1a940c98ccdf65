/** Permission bits of DESIGN.md §2. Roles are named masks over them. */
export const Perm = {
  READ: 1,
  DOWNLOAD: 2,
  WRITE: 4,
  SHARE: 8,
  MANAGE: 16,
  DELETE: 32,
} as const;

export type PermName = keyof typeof Perm;

export const ALL_PERMISSIONS = Perm.READ | Perm.DOWNLOAD | Perm.WRITE | Perm.SHARE | Perm.MANAGE | Perm.DELETE;

/** Uploading a version is a write; the spec's "upload permission" maps to WRITE. */
export const UPLOAD = Perm.WRITE;

export const Roles = {
  VIEWER: Perm.READ,
  DOWNLOADER: Perm.READ | Perm.DOWNLOAD,
  EDITOR: Perm.READ | Perm.DOWNLOAD | Perm.WRITE | Perm.DELETE,
  MANAGER: ALL_PERMISSIONS,
} as const;

export type RoleName = keyof typeof Roles;

export interface EffectivePermissions {
  read: boolean;
  download: boolean;
  write: boolean;
  share: boolean;
  manage: boolean;
  delete: boolean;
  effectiveRole: string;
}

export function describeMask(mask: number): EffectivePermissions {
  const role = (Object.keys(Roles) as RoleName[])
    .filter((name) => (mask & Roles[name]) === Roles[name])
    .sort((a, b) => Roles[b] - Roles[a])[0];
  return {
    read: (mask & Perm.READ) !== 0,
    download: (mask & Perm.DOWNLOAD) !== 0,
    write: (mask & Perm.WRITE) !== 0,
    share: (mask & Perm.SHARE) !== 0,
    manage: (mask & Perm.MANAGE) !== 0,
    delete: (mask & Perm.DELETE) !== 0,
    effectiveRole: role ?? 'NONE',
  };
}
