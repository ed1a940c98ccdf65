/** GET /v1/tenant/usage: what the caller's tenant stores, against its quota. */
import { TenantUsage } from '../../../shared/v1/limits.ts';
import type { Store } from '../../store/index.ts';
import { callerOf, type FolioApp, type ServiceDeps } from '../kernel.ts';
import { ok, replies } from '../envelope.ts';

export function limitRoutes(app: FolioApp, deps: ServiceDeps): void {
  app.get('/v1/tenant/usage', {
    schema: {
      tags: ['limits'],
      summary:
        "The tenant's storage: usedBytes (distinct content, counted once), quotaBytes (0 = none), reservedBytes (open chunked uploads), " +
        'documentCount and versionCount. Needs a valid token; any caller of the tenant.',
      response: replies(TenantUsage),
    },
  }, async (req) => ok(req, tenantUsage(deps.store, callerOf(req).tenantId)));
}

function tenantUsage(store: Store, tenantId: string): TenantUsage {
  return { ...store.quotas.totals(tenantId), quotaBytes: store.quotas.quotaOf(tenantId), reservedBytes: store.quotas.reservedBytes(tenantId, Date.now()) };
}
