/** GET /v1/tenant/usage: what the caller's tenant stores, against its quota. */
import { TenantUsage } from '../limits.ts';
import { route } from './route.ts';

export const tenant = {
  usage: route({
    method: 'GET',
    path: '/v1/tenant/usage',
    tags: ['limits'],
    summary:
      "The tenant's storage: usedBytes (distinct content, counted once), quotaBytes (0 = none), reservedBytes (open chunked uploads), " +
      'documentCount and versionCount. Needs a valid token; any caller of the tenant.',
    reply: { kind: 'envelope', data: TenantUsage },
  }),
} as const;
