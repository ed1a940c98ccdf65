/** Moving inherited ACL entries onto a node: when inheritance is broken, or a node is created without it. */
import { Roles, type RoleName } from '../../../shared/permissions.ts';
import type { Repos } from '../../store/repositories.ts';
import type { AclEntryRecord } from '../../store/async/repos/aclEntries.ts';
import { aclScope, mergeEntries } from './resolve.ts';

/** The named role whose mask is exactly `allowMask`, or '' when none is. */
export function roleFor(allowMask: number): RoleName | '' {
  return (Object.keys(Roles) as RoleName[]).find((r) => Roles[r] === allowMask) ?? '';
}

/** The entries a child of `parentId` inherits: those of the parent's ACL scope. */
export async function entriesBelow(repos: Repos<'acl'>, tenantId: string, parentId: string | null): Promise<AclEntryRecord[]> {
  if (!parentId) return [];
  const scope = aclScope(await repos.acl.scope.ancestry(tenantId, parentId));
  return repos.acl.entries.forContainers(tenantId, scope.map((n) => n.containerId));
}

/** One entry per principal on `containerId`, uniting its own entries with `taken` ones. */
export function unite(containerId: string, own: readonly AclEntryRecord[], taken: readonly AclEntryRecord[]): AclEntryRecord[] {
  const all = [...own, ...taken].map((e) => ({ ...e, containerId }));
  return mergeEntries(all, (m) => ({ ...m, containerId, role: roleFor(m.allowMask) }));
}
