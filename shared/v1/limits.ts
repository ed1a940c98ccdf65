/** Storage usage of a tenant (spec §8 leaves quotas open; docs/api.md#limits describes ours). */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';

export const TenantUsage = Type.Object({
  /** Bytes of the tenant's distinct stored content: equal content counts once. */
  usedBytes: Type.Integer(),
  /** The tenant's storage quota in bytes; 0 means none. */
  quotaBytes: Type.Integer(),
  /** Declared sizes of the tenant's open chunked uploads, held against the quota until they complete or expire. */
  reservedBytes: Type.Integer(),
  /** Documents the tenant holds, the recycle bin included. */
  documentCount: Type.Integer(),
  versionCount: Type.Integer(),
});
export type TenantUsage = Static<typeof TenantUsage>;
