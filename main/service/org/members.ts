/** Checking the users of an addMembers or removeMembers call. */
import type { Store } from '../../store/index.ts';
import { fail } from '../errors.ts';

/** The distinct user ids, each a user of the tenant; one unknown id refuses the whole call. */
export function tenantUsers(store: Store, tenantId: string, userIds: readonly string[]): string[] {
  const unique = [...new Set(userIds)];
  unique.forEach((id) => {
    if (!store.identity.getUser(tenantId, id)) fail('PRINCIPAL_NOT_FOUND', `no user ${id} in this tenant`, { field: 'userIds', principalId: id });
  });
  return unique;
}
