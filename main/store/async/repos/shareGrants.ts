/**
 * In-site share grants (spec §2 ShareGrant) over either database. Times are ISO 8601 UTC strings as
 * toISOString() writes them, so comparing them as text compares them in time. Status is derived,
 * never stored.
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { PrincipalType } from '../../../../shared/permissions.ts';
import type { ShareStatus } from '../../../../shared/v1/access.ts';
import { newId, nowIso } from '../../ids.ts';
import { compiledOnce } from '../compiledOnce.ts';
import type { ShareGrantsTable, StoreSchema } from '../schema.ts';
import { inJsonPairs } from './jsonLists.ts';

export interface ShareGrantRecord {
  shareGrantId: string;
  tenantId: string;
  resourceType: 'CONTAINER' | 'DOCUMENT';
  resourceId: string;
  grantorId: string;
  granteeType: PrincipalType;
  granteeId: string;
  permissionPreset: string;
  message: string;
  expiresAt: string;
  revokedAt: string;
  status: ShareStatus;
  createTime: string;
  updateTime: string;
}

const toRecord = (r: Selectable<ShareGrantsTable> & { status: ShareStatus }): ShareGrantRecord => ({
  shareGrantId: r.share_grant_id,
  tenantId: r.tenant_id,
  resourceType: r.resource_type,
  resourceId: r.resource_id,
  grantorId: r.grantor_id,
  granteeType: r.grantee_type,
  granteeId: r.grantee_id,
  permissionPreset: r.permission_preset,
  message: r.message,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  status: r.status,
  createTime: r.create_time,
  updateTime: r.update_time,
});

export const SHARE_ORDER_COLUMNS = { createTime: 'create_time', updateTime: 'update_time', expiresAt: 'expires_at' } as const;

export type NewShareGrant = Pick<
  ShareGrantRecord,
  'tenantId' | 'resourceType' | 'resourceId' | 'grantorId' | 'granteeType' | 'granteeId' | 'permissionPreset' | 'message' | 'expiresAt'
>;

export interface ShareFilter {
  resource?: { type: string; id: string };
  grantorId?: string;
  /** Grants to any of these principals ([type, id] pairs). */
  grantees?: readonly (readonly [PrincipalType, string])[];
  status?: ShareStatus;
}

export interface ActiveShare {
  resourceType: 'CONTAINER' | 'DOCUMENT';
  resourceId: string;
  permissionPreset: string;
}

type Q = Kysely<StoreSchema>;
type Shares = ExpressionBuilder<StoreSchema, 'share_grants'>;

/** The status column at `now`. */
const statusAt = (now: unknown) =>
  sql<ShareStatus>`CASE WHEN revoked_at != '' THEN 'REVOKED' WHEN expires_at != '' AND expires_at <= ${now} THEN 'EXPIRED' ELSE 'ACTIVE' END`;

/** Grants whose status at `now` is `status`: the CASE above, as a condition an index can serve. */
function hasStatus(eb: Shares, status: ShareStatus, now: unknown) {
  if (status === 'REVOKED') return eb('revoked_at', '!=', '');
  const live = eb('revoked_at', '=', '');
  if (status === 'EXPIRED') return eb.and([live, eb('expires_at', '!=', ''), eb('expires_at', '<=', now as string)]);
  return eb.and([live, eb.or([eb('expires_at', '=', ''), eb('expires_at', '>', now as string)])]);
}

const shareById = compiledOnce((q: Q, now: string, tenantId: string, shareGrantId: string) =>
  q.selectFrom('share_grants').selectAll().select(statusAt(now).as('status')).where('tenant_id', '=', tenantId).where('share_grant_id', '=', shareGrantId),
);
// Per request: a caller's subject holds what their live grants give.
const activeForPrincipals = compiledOnce((q: Q, tenantId: string, now: string, pairs: string) =>
  q
    .selectFrom('share_grants')
    .select(['resource_type as resourceType', 'resource_id as resourceId', 'permission_preset as permissionPreset'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => hasStatus(eb, 'ACTIVE', now))
    .where(inJsonPairs(q, 'grantee_type', 'grantee_id', pairs)),
);

export class AsyncShareGrantRepository {
  constructor(private readonly q: Q) {}

  async create(input: NewShareGrant): Promise<ShareGrantRecord> {
    const id = newId('shr');
    const now = nowIso();
    await this.q
      .insertInto('share_grants')
      .values({
        share_grant_id: id,
        tenant_id: input.tenantId,
        resource_type: input.resourceType,
        resource_id: input.resourceId,
        grantor_id: input.grantorId,
        grantee_type: input.granteeType,
        grantee_id: input.granteeId,
        permission_preset: input.permissionPreset,
        message: input.message,
        expires_at: input.expiresAt,
        create_time: now,
        update_time: now,
      })
      .execute();
    return (await this.get(input.tenantId, id)) as ShareGrantRecord;
  }

  async get(tenantId: string, shareGrantId: string): Promise<ShareGrantRecord | undefined> {
    const [row] = (await shareById.run(this.q, nowIso(), tenantId, shareGrantId)).rows;
    return row && toRecord(row);
  }

  async update(tenantId: string, shareGrantId: string, patch: Pick<ShareGrantRecord, 'permissionPreset' | 'expiresAt' | 'message'>): Promise<ShareGrantRecord> {
    await this.q
      .updateTable('share_grants')
      .set({ permission_preset: patch.permissionPreset, expires_at: patch.expiresAt, message: patch.message, update_time: nowIso() })
      .where('tenant_id', '=', tenantId)
      .where('share_grant_id', '=', shareGrantId)
      .execute();
    return (await this.get(tenantId, shareGrantId)) as ShareGrantRecord;
  }

  async revoke(tenantId: string, shareGrantId: string): Promise<ShareGrantRecord> {
    const now = nowIso();
    await this.q
      .updateTable('share_grants')
      .set({ revoked_at: now, update_time: now })
      .where('tenant_id', '=', tenantId)
      .where('share_grant_id', '=', shareGrantId)
      .where('revoked_at', '=', '')
      .execute();
    return (await this.get(tenantId, shareGrantId)) as ShareGrantRecord;
  }

  /** The live grant of this resource to this grantee, if there is one. */
  async findActive(tenantId: string, resourceType: string, resourceId: string, granteeType: string, granteeId: string): Promise<ShareGrantRecord | undefined> {
    const now = nowIso();
    const row = await this.q
      .selectFrom('share_grants')
      .selectAll()
      .select(statusAt(now).as('status'))
      .where('tenant_id', '=', tenantId)
      .where('resource_type', '=', resourceType as ShareGrantRecord['resourceType'])
      .where('resource_id', '=', resourceId)
      .where('grantee_type', '=', granteeType as PrincipalType)
      .where('grantee_id', '=', granteeId)
      .where((eb) => hasStatus(eb, 'ACTIVE', now))
      .limit(1)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async page(
    tenantId: string,
    filter: ShareFilter,
    order: { column: keyof typeof SHARE_ORDER_COLUMNS; asc: boolean },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: ShareGrantRecord[] }> {
    const now = nowIso();
    let where = this.q.selectFrom('share_grants').where('tenant_id', '=', tenantId);
    const { resource, grantorId, grantees, status } = filter;
    if (resource) where = where.where('resource_type', '=', resource.type as ShareGrantRecord['resourceType']).where('resource_id', '=', resource.id);
    if (grantorId !== undefined) where = where.where('grantor_id', '=', grantorId);
    if (grantees) where = where.where(inJsonPairs(this.q, 'grantee_type', 'grantee_id', JSON.stringify(grantees)));
    if (status) where = where.where((eb) => hasStatus(eb, status, now));
    const counted = await where.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await where
      .selectAll()
      .select(statusAt(now).as('status'))
      .orderBy(SHARE_ORDER_COLUMNS[order.column], order.asc ? 'asc' : 'desc')
      .orderBy('share_grant_id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { total: Number(counted?.n ?? 0), rows: rows.map(toRecord) };
  }

  /** What the active grants to any of these principals give, resource by resource. */
  async activeFor(tenantId: string, principals: readonly (readonly [PrincipalType, string])[]): Promise<ActiveShare[]> {
    return (await activeForPrincipals.run(this.q, tenantId, nowIso(), JSON.stringify(principals))).rows;
  }

  async revokeForGrantee(tenantId: string, granteeType: PrincipalType, granteeId: string): Promise<void> {
    const now = nowIso();
    await this.q
      .updateTable('share_grants')
      .set({ revoked_at: now, update_time: now })
      .where('tenant_id', '=', tenantId)
      .where('grantee_type', '=', granteeType)
      .where('grantee_id', '=', granteeId)
      .where('revoked_at', '=', '')
      .execute();
  }
}
