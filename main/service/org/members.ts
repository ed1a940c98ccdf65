/** Checking the users of an addMembers or removeMembers call. */
import type { Repos } from '../../store/repositories.ts';
import { fail } from '../errors.ts';

/** The distinct user ids, each a user of the tenant; one unknown id refuses the whole call. */
export function tenantUsers(repos: Repos<'identity'>, tenantId: string, userIds: readonly string[]): string[] {
  const unique = [...new Set(userIds)];
  unique.forEach((id) => {
    if (!repos.identity.getUser(tenantId, id)) fail('PRINCIPAL_NOT_FOUND', `no user ${id} in this tenant`, { field: 'userIds', principalId: id });
  });
  return unique;
}
