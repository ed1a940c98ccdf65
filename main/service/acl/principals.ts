/** The principals that ACL entries, policies and share grants name: checking them, naming them, and forgetting them. */
import type { PrincipalType } from '../../../shared/permissions.ts';
import type { Repos } from '../../store/repositories.ts';
import { fail } from '../errors.ts';

export const EVERYONE_NAME = 'Everyone';

async function exists(repos: Repos<'acl' | 'identity' | 'org'>, tenantId: string, type: PrincipalType, id: string): Promise<boolean> {
  switch (type) {
    case 'USER':
      return (await repos.identity.getUser(tenantId, id)) !== undefined;
    case 'DEPARTMENT':
      return (await repos.org.departments.get(tenantId, id)) !== undefined;
    case 'ROLE':
      return (await repos.org.roles.get(tenantId, id)) !== undefined;
    case 'EVERYONE':
      return true;
  }
}

/** The principal's id as stored ('' for EVERYONE); fails when it names nothing in the caller's tenant. */
export async function requirePrincipal(repos: Repos<'acl' | 'identity' | 'org'>, tenantId: string, type: PrincipalType, id: string | undefined, field: string): Promise<string> {
  if (type === 'EVERYONE') return '';
  if (!id) fail('VALIDATION', `${field}: a ${type} needs its id`, { field });
  if (!(await exists(repos, tenantId, type, id))) fail('PRINCIPAL_NOT_FOUND', `${field}: no ${type.toLowerCase()} ${id} in this tenant`, { field, principalType: type, principalId: id });
  return id;
}

export async function principalName(repos: Repos<'acl' | 'identity' | 'org'>, tenantId: string, type: PrincipalType, id: string): Promise<string> {
  switch (type) {
    case 'USER':
      return (await repos.identity.getUser(tenantId, id))?.name ?? '';
    case 'DEPARTMENT':
      return (await repos.org.departments.get(tenantId, id))?.name ?? '';
    case 'ROLE':
      return (await repos.org.roles.get(tenantId, id))?.name ?? '';
    case 'EVERYONE':
      return EVERYONE_NAME;
  }
}

/** Call in the unit of work that deletes a department or role: nothing may go on naming it. */
export async function forgetPrincipal(repos: Repos<'acl'>, tenantId: string, type: PrincipalType, id: string): Promise<void> {
  await repos.acl.entries.deleteForPrincipal(tenantId, type, id);
  await repos.acl.policies.removeGrantee(tenantId, type, id);
  await repos.acl.shares.revokeForGrantee(tenantId, type, id);
}
