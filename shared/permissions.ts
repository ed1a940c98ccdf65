/** Permission bits of docs/architecture.md, "Service conventions". Roles are named masks over them. */
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

export function isRoleName(name: string): name is RoleName {
  return Object.hasOwn(Roles, name);
}

/** Who an ACL entry, a policy or a share grant is for. EVERYONE is every user of the tenant. */
export const PrincipalTypes = ['USER', 'DEPARTMENT', 'ROLE', 'EVERYONE'] as const;
export type PrincipalType = (typeof PrincipalTypes)[number];

/** The key of a principal in a principal set: `USER:usr_…`, `DEPARTMENT:dpt_…`, `ROLE:rol_…`, `EVERYONE`. */
export function principalKey(type: PrincipalType, id: string): string {
  return type === 'EVERYONE' ? 'EVERYONE' : `${type}:${id}`;
}

/**
 * What a share grant's preset gives. A share never passes on SHARE, MANAGE or DELETE: the
 * grantee can use what they were given, not hand it on or destroy it.
 */
export const SharePresets = {
  VIEW: Perm.READ,
  DOWNLOAD: Perm.READ | Perm.DOWNLOAD,
  EDIT: Perm.READ | Perm.DOWNLOAD | Perm.WRITE,
} as const;

export type SharePreset = keyof typeof SharePresets;

/** Keeps only the six defined bits. */
export function clampMask(mask: number): number {
  return mask & ALL_PERMISSIONS;
}
