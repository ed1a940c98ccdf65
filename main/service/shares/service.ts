/**
 * In-site share grants (spec 4.12, §2 ShareGrant). A grant gives its grantee the bits of its
 * preset (VIEW, DOWNLOAD, EDIT: see shared/permissions.ts) on a container, with everything
 * below it, or on one document, until it expires or is revoked. Status is derived: REVOKED once
 * revoked, else EXPIRED once expiresAt has passed, else ACTIVE.
 */
import { Perm, SharePresets, type PrincipalType } from '../../../shared/permissions.ts';
import type { ShareGrant, ShareGrantCreate, ShareGrantPageRequest, ShareGrantUpdate, ShareResourceType } from '../../../shared/v1/access.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import { SHARE_ORDER_COLUMNS, type ShareFilter, type ShareGrantRecord } from '../../store/async/repos/shareGrants.ts';
import { principalName, requirePrincipal } from '../acl/principals.ts';
import { principalPairsOf } from '../acl/subject.ts';
import type { AreaDeps } from '../kernel.ts';
import { actorOf, type RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { pageWindow } from '../paging.ts';

/** What share-grants/update may not change; sending one of these with a different value is refused. */
const FIXED_FIELDS = ['resourceType', 'resourceId', 'grantorId', 'granteeType', 'granteeId', 'status', 'revokedAt', 'createTime'] as const;

/** An instant as stored: '' for never, else toISOString() form, which compares correctly as text. */
export function parseExpiry(raw: string | undefined, field: string): string {
  if (!raw) return '';
  const t = Date.parse(raw);
  if (Number.isNaN(t)) fail('VALIDATION', `${field} is not an ISO 8601 date-time`, { field });
  const d = new Date(t);
  if (d.getUTCFullYear() > 9999) fail('VALIDATION', `${field} is too far in the future`, { field });
  if (t <= Date.now()) fail('VALIDATION', `${field} must be in the future; revoke a grant to end it now`, { field });
  return d.toISOString();
}

export class ShareGrantService {
  constructor(private readonly deps: AreaDeps<'acl' | 'containers' | 'documents' | 'identity' | 'org'>) {}

  private get repos() {
    return this.deps.repos;
  }

  async create(ctx: RequestContext, input: ShareGrantCreate): Promise<ShareGrant> {
    const name = await this.resourceName(ctx, input.resourceType, input.resourceId, true);
    if (name === undefined) notFound(input.resourceType.toLowerCase(), input.resourceId);
    const mask = await this.maskOn(ctx, input.resourceType, input.resourceId);
    if (!(mask & Perm.SHARE)) fail('FORBIDDEN', 'permission denied: sharing needs SHARE on the resource', { resourceId: input.resourceId });
    this.requireWithin(mask, input.permissionPreset);
    const granteeId = await requirePrincipal(this.repos, ctx.tenantId, input.granteeType, input.granteeId, 'granteeId');
    const expiresAt = parseExpiry(input.expiresAt, 'expiresAt');
    const created = await this.repos.units.transaction(async () => {
      const existing = await this.repos.acl.shares.findActive(ctx.tenantId, input.resourceType, input.resourceId, input.granteeType, granteeId);
      if (existing) fail('SHARE_GRANT_EXISTS', undefined, { shareGrantId: existing.shareGrantId });
      return this.repos.acl.shares.create({
        tenantId: ctx.tenantId,
        resourceType: input.resourceType,
        resourceId: input.resourceId,
        grantorId: actorOf(ctx),
        granteeType: input.granteeType,
        granteeId,
        permissionPreset: input.permissionPreset,
        message: input.message ?? '',
        expiresAt,
      });
    });
    return this.view(ctx, created);
  }

  /**
   * Spec 4.12: only permissionPreset, expiresAt and message change. Another field of the grant
   * sent with its current value is accepted (a client may send back what it read); with a
   * different value it is refused (191006), and nothing changes. An expired grant given a new
   * expiresAt is active again; a revoked one stays revoked (191005).
   */
  async update(ctx: RequestContext, body: ShareGrantUpdate): Promise<ShareGrant> {
    const grant = await this.load(ctx, body.shareGrantId);
    const sent = body as ShareGrantUpdate & Partial<Record<(typeof FIXED_FIELDS)[number], unknown>>;
    for (const field of FIXED_FIELDS) {
      if (sent[field] !== undefined && sent[field] !== grant[field]) {
        fail('SHARE_GRANT_FIELD_IMMUTABLE', `${field} of a share grant cannot change; revoke it and share again`, { field });
      }
    }
    if (grant.status === 'REVOKED') fail('SHARE_GRANT_REVOKED');
    await this.requireManager(ctx, grant, 'change this share grant');
    const preset = body.permissionPreset ?? grant.permissionPreset;
    if (preset !== grant.permissionPreset) this.requireWithin(await this.maskOn(ctx, grant.resourceType, grant.resourceId), preset);
    const updated = await this.repos.units.transaction(() =>
      this.repos.acl.shares.update(ctx.tenantId, grant.shareGrantId, {
        permissionPreset: preset,
        expiresAt: body.expiresAt === undefined ? grant.expiresAt : parseExpiry(body.expiresAt, 'expiresAt'),
        message: body.message ?? grant.message,
      }),
    );
    return this.view(ctx, updated);
  }

  /** Revoking twice is harmless. The grantor, a holder of SHARE on the resource, and a user who received the grant may revoke it. */
  async revoke(ctx: RequestContext, shareGrantId: string): Promise<ShareGrant> {
    const grant = await this.load(ctx, shareGrantId);
    if (grant.status === 'REVOKED') return this.view(ctx, grant);
    const declining = grant.granteeType === 'USER' && grant.granteeId === ctx.userId;
    if (!declining) await this.requireManager(ctx, grant, 'revoke this share grant');
    return this.view(ctx, await this.repos.units.transaction(() => this.repos.acl.shares.revoke(ctx.tenantId, grant.shareGrantId)));
  }

  /** The grantor, anyone the grant is for, and holders of SHARE on the resource may read a grant. */
  async get(ctx: RequestContext, shareGrantId: string): Promise<ShareGrant> {
    const grant = await this.load(ctx, shareGrantId);
    const forMe = ctx.userId !== null && (await principalPairsOf(this.repos, ctx.tenantId, ctx.userId)).some(([t, id]) => t === grant.granteeType && id === grant.granteeId);
    if (!forMe) await this.requireManager(ctx, grant, 'read this share grant');
    return this.view(ctx, grant);
  }

  async page(ctx: RequestContext, input: ShareGrantPageRequest): Promise<PageOf<ShareGrant>> {
    const w = pageWindow(input, Object.keys(SHARE_ORDER_COLUMNS) as (keyof typeof SHARE_ORDER_COLUMNS)[], 'createTime', false);
    const filter: ShareFilter = input.status ? { status: input.status } : {};
    if (input.resourceId) {
      if (!input.resourceType) fail('VALIDATION', 'resourceType goes with resourceId', { field: 'resourceType' });
      if ((await this.resourceName(ctx, input.resourceType, input.resourceId, false)) === undefined) notFound(input.resourceType.toLowerCase(), input.resourceId);
      if (!((await this.maskOn(ctx, input.resourceType, input.resourceId)) & Perm.SHARE)) {
        fail('FORBIDDEN', 'permission denied: listing the grants on a resource needs SHARE on it', { resourceId: input.resourceId });
      }
      filter.resource = { type: input.resourceType, id: input.resourceId };
    }
    if (input.grantedByMe) filter.grantorId = actorOf(ctx);
    if (!input.resourceId && !input.grantedByMe && ctx.userId !== null) {
      filter.grantees = (await principalPairsOf(this.repos, ctx.tenantId, ctx.userId)).filter(([t]) => t !== 'EVERYONE');
    }
    const { total, rows } = await this.repos.units.read((tx) => tx.acl.shares.page(ctx.tenantId, filter, w.order, w.limit, w.offset));
    return { totalElements: total, content: await Promise.all(rows.map((r) => this.view(ctx, r))) };
  }

  private async load(ctx: RequestContext, shareGrantId: string): Promise<ShareGrantRecord> {
    return (await this.repos.acl.shares.get(ctx.tenantId, shareGrantId)) ?? notFound('share grant', shareGrantId);
  }

  private maskOn(ctx: RequestContext, type: ShareResourceType, id: string): Promise<number> {
    return type === 'CONTAINER' ? this.deps.access.maskOn(ctx, id) : this.deps.access.maskOnDocument(ctx, id);
  }

  /** The grantor, or a holder of SHARE on the resource. */
  private async requireManager(ctx: RequestContext, grant: ShareGrantRecord, action: string): Promise<void> {
    if (grant.grantorId === actorOf(ctx)) return;
    if (!((await this.maskOn(ctx, grant.resourceType, grant.resourceId)) & Perm.SHARE)) fail('FORBIDDEN', `permission denied: ${action}`, { shareGrantId: grant.shareGrantId });
  }

  /** Nobody shares more than they hold. */
  private requireWithin(mask: number, preset: string): void {
    const bits = SharePresets[preset as keyof typeof SharePresets];
    if ((mask & bits) !== bits) fail('FORBIDDEN', `permission denied: a ${preset} share gives more than you hold on the resource`, { field: 'permissionPreset' });
  }

  /** The resource's name, or undefined when it is not in the caller's tenant; with `activeOnly`, a deleted one is refused. */
  private async resourceName(ctx: RequestContext, type: ShareResourceType, id: string, activeOnly: boolean): Promise<string | undefined> {
    const found =
      type === 'CONTAINER'
        ? ((c) => c && { name: c.name, active: c.status === 'ACTIVE' })(await this.repos.containers.get(ctx.tenantId, id))
        : ((d) => d && { name: d.title, active: d.state === 'ACTIVE' })(await this.repos.documents.get(ctx.tenantId, id));
    if (found && activeOnly && !found.active) fail('PARENT_DELETED', 'restore the item before sharing it');
    return found?.name;
  }

  private async view(ctx: RequestContext, g: ShareGrantRecord): Promise<ShareGrant> {
    const resource = g.resourceType === 'CONTAINER' ? (await this.repos.containers.get(ctx.tenantId, g.resourceId))?.name : (await this.repos.documents.get(ctx.tenantId, g.resourceId))?.title;
    return {
      shareGrantId: g.shareGrantId,
      resourceType: g.resourceType,
      resourceId: g.resourceId,
      resourceName: resource ?? '',
      grantorId: g.grantorId,
      granteeType: g.granteeType,
      granteeId: g.granteeId,
      granteeName: await principalName(this.repos, ctx.tenantId, g.granteeType as PrincipalType, g.granteeId),
      permissionPreset: g.permissionPreset,
      message: g.message,
      expiresAt: g.expiresAt,
      revokedAt: g.revokedAt,
      status: g.status,
      createTime: g.createTime,
      updateTime: g.updateTime,
    };
  }
}
