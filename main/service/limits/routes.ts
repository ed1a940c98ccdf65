/** GET /v1/tenant/usage (shared/v1/contract/tenant.ts): what the caller's tenant stores, against its quota. */
import { contract } from '../../../shared/v1/contract/index.ts';
import type { TenantUsage } from '../../../shared/v1/limits.ts';
import type { Store } from '../../store/index.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../kernel.ts';
import { serve } from '../serve.ts';

export function limitRoutes(app: FolioApp, deps: ServiceDeps): void {
  serve(app, contract.tenant.usage, (req) => tenantUsage(deps.store, callerOf(req).tenantId));
}

function tenantUsage(store: Store, tenantId: string): TenantUsage {
  return { ...store.quotas.totals(tenantId), quotaBytes: store.quotas.quotaOf(tenantId), reservedBytes: store.quotas.reservedBytes(tenantId, Date.now()) };
}
