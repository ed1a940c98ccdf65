/** When a deleted item leaves the recycle bin for good: its type's retentionDays, else the service default. */
import type { AreaDeps } from '../kernel.ts';

const DAY_MS = 24 * 3600 * 1000;

export async function purgeAtFor(deps: AreaDeps<'contentTypes'>, tenantId: string, typeId: string): Promise<string> {
  const type = await deps.repos.contentTypes.get(tenantId, typeId);
  const days = type && type.retentionDays > 0 ? type.retentionDays : deps.config.defaultRetentionDays;
  return new Date(Date.now() + days * DAY_MS).toISOString();
}
