/**
 * Who can share an item, for a person who cannot: the principals whose ACL entries on its
 * container (its own and the inherited ones) allow SHARE and do not deny it. ACL policies, which
 * an administrator sets by rule, are not listed: the people to ask are the ones named on the item.
 */
import { Perm, type PrincipalType } from '../../../shared/permissions.ts';
import type { ShareResourceType } from '../../../shared/v1/access.ts';
import type { Sharers } from '../../../shared/v1/directory.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { principalName } from './principals.ts';
import { aclScope } from './resolve.ts';

export async function sharersOf(deps: AreaDeps<'acl' | 'containers' | 'documents' | 'identity' | 'org'>, ctx: RequestContext, type: ShareResourceType, id: string): Promise<Sharers> {
  const { repos, access } = deps;
  const containerId = type === 'CONTAINER' ? ((await repos.containers.get(ctx.tenantId, id)) ?? notFound('container', id)).containerId : ((await repos.documents.get(ctx.tenantId, id)) ?? notFound('document', id)).containerId;
  const mask = type === 'CONTAINER' ? await access.maskOn(ctx, id) : await access.maskOnDocument(ctx, id);
  if (!(mask & Perm.READ)) fail('FORBIDDEN', 'permission denied: see who can share this', { resourceId: id });
  const container = (await repos.containers.get(ctx.tenantId, containerId)) ?? notFound('container', containerId);
  const above = container.aclInheritEnabled ? aclScope((await repos.acl.scope.ancestry(ctx.tenantId, containerId)).slice(1)).map((n) => n.containerId) : [];
  const entries = await repos.acl.entries.forContainers(ctx.tenantId, [containerId, ...above]);
  const denied = new Set(entries.filter((e) => e.denyMask & Perm.SHARE).map((e) => `${e.principalType}:${e.principalId}`));
  const seen = new Set<string>();
  const sharers: Sharers['sharers'] = [];
  for (const e of entries) {
    const key = `${e.principalType}:${e.principalId}`;
    if (!(e.allowMask & Perm.SHARE) || denied.has(key) || seen.has(key)) continue;
    seen.add(key);
    sharers.push({ kind: e.principalType, id: e.principalId, name: await principalName(repos, ctx.tenantId, e.principalType as PrincipalType, e.principalId) });
  }
  sharers.sort((a, b) => a.name.localeCompare(b.name));
  return { canShare: (mask & Perm.SHARE) !== 0, sharers };
}
