/** Checking the users of an addMembers or removeMembers call. */
import type { Repos } from '../../store/repositories.ts';
import { fail } from '../errors.ts';

/** The distinct user ids, each a user of the tenant; one unknown id refuses the whole call. */
export async function tenantUsers(repos: Repos<'identity'>, tenantId: string, userIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(userIds)];
  for (const id of unique) {
    if (!(await repos.identity.getUser(tenantId, id))) fail('PRINCIPAL_NOT_FOUND', `no user ${id} in this tenant`, { field: 'userIds', principalId: id });
  }
  return unique;
}
