/** GET /v1/tenant/usage (shared/v1/contract/tenant.ts): what the caller's tenant stores, against its quota. */
import { contract } from '../../../shared/v1/contract/index.ts';
import type { TenantUsage } from '../../../shared/v1/limits.ts';
import type { Repos } from '../../store/repositories.ts';
import { callerOf, type FolioApp, type AreaDeps } from '../kernel.ts';
import { serve } from '../serve.ts';

export function limitRoutes(app: FolioApp, deps: AreaDeps<'quotas'>): void {
  serve(app, contract.tenant.usage, (req) => tenantUsage(deps.repos, callerOf(req).tenantId));
}

function tenantUsage(repos: Repos<'quotas'>, tenantId: string): TenantUsage {
  return { ...repos.quotas.totals(tenantId), quotaBytes: repos.quotas.quotaOf(tenantId), reservedBytes: repos.quotas.reservedBytes(tenantId, Date.now()) };
}
