/**
 * The directory search: users, departments and roles of the caller's tenant, by name, for people
 * pickers. It shows what departments/getPage, roles/getPage and share grantees' names already show
 * any caller of the tenant: ids, names and the detail that tells equal names apart, never more
 * (no external ids, no credentials), and never another tenant's.
 */
import type { DirectoryEntry, DirectoryPageRequest } from '../../../shared/v1/directory.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import { DIRECTORY_KINDS } from '../../store/async/repos/directory.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { pageWindow } from '../paging.ts';

export async function searchDirectory(deps: AreaDeps<'org'>, ctx: RequestContext, input: DirectoryPageRequest): Promise<PageOf<DirectoryEntry>> {
  const w = pageWindow(input, ['name'], 'name');
  const { total, rows } = await deps.repos.units.read((tx) => tx.org.directory.search(ctx.tenantId, input.query.trim(), input.kinds ?? DIRECTORY_KINDS, w.limit, w.offset));
  return { totalElements: total, content: rows };
}
